"""Run an importer: hash the files, read them, store the cards in one transaction, record the run."""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path

from carddb.card_compilation import compiled_cards
from carddb.database import CardDatabase
from carddb.errors import CardDatabaseError
from carddb.external_ids import ExternalCode, store_external_ids
from carddb.sources import file_date, source_key, store_source
from tabletop.engine.cards import CardDefinition

# progress(stage, done, total): stage is "reading" or "writing".
ImportProgress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class SkippedCard:
    """A record of the source that was not imported, and why."""

    label: str
    reason: str


@dataclass(frozen=True)
class ImportBatch:
    """What a reader found in the source files: the cards to store and the records it skipped.

    `keep_existing` names CardDefinition fields the source does not carry (a stats-only
    or text-only file): for a card already stored, those keep their stored values and
    stored attributes the source lacks are kept. `notes` are lines the player should read
    (files that disagree, and which one was followed). `external_ids` are other programs'
    ids of the cards (carddb.external_ids), stored with the source.
    """

    cards: list[CardDefinition]
    skipped: list[SkippedCard] = field(default_factory=list)
    keep_existing: frozenset[str] = frozenset()
    notes: list[str] = field(default_factory=list)
    external_ids: list[ExternalCode] = field(default_factory=list)


@dataclass(frozen=True)
class ImportSummary:
    """What an import changed: counts, skipped records with reasons, and whether it was a repeat."""

    format: str
    files: tuple[Path, ...]
    added: int
    updated: int
    unchanged: int
    skipped: tuple[SkippedCard, ...]
    already_imported: bool = False
    notes: tuple[str, ...] = ()

    def lines(self, max_reasons: int = 10) -> list[str]:
        """Return the summary as lines for a terminal."""
        names = ", ".join(str(p) for p in self.files)
        if self.already_imported:
            return [f"{names}: already imported (same contents); nothing changed"]
        result = [
            f"{names}: {self.added} added, {self.updated} updated, {self.unchanged} unchanged, "
            f"{len(self.skipped)} skipped"
        ]
        result.extend(f"  note: {note}" for note in self.notes[:max_reasons])
        if len(self.notes) > max_reasons:
            result.append(f"  … and {len(self.notes) - max_reasons} more notes")
        for skipped in self.skipped[:max_reasons]:
            result.append(f"  skipped {skipped.label}: {skipped.reason}")
        if len(self.skipped) > max_reasons:
            result.append(f"  … and {len(self.skipped) - max_reasons} more skipped")
        return result


def files_sha256(paths: Sequence[Path]) -> str:
    """Return one SHA-256 over the files' contents, independent of the order they are given in."""
    digests = []
    for path in paths:
        digest = hashlib.sha256()
        try:
            with Path(path).open("rb") as handle:
                for block in iter(lambda: handle.read(1 << 20), b""):
                    digest.update(block)
        except OSError as error:
            raise CardDatabaseError(path, f"cannot be read ({error.strerror or error})") from None
        digests.append(digest.hexdigest())
    return hashlib.sha256("".join(sorted(digests)).encode()).hexdigest()


def import_files(
    database: CardDatabase,
    format: str,
    paths: Sequence[Path],
    progress: ImportProgress | None = None,
    *,
    priority: int = 0,
    replace: bool = False,
) -> ImportSummary:
    """Import `paths` in `format` into `database` as one source; all of it lands, or (on any error) none of it.

    Cards another source defines too go to the source of higher precedence (carddb.sources):
    `priority` first, then the newer file. With `replace`, the cards this source had before
    and no longer has are dropped from it. Files whose combined hash a source of the same
    format already holds change nothing. Raises CardDatabaseError naming the file for
    unreadable, malformed or wrong-format input.
    """
    from carddb.importers import reader_for

    read = reader_for(format)
    paths = tuple(Path(p) for p in paths)
    for path in paths:
        if not path.is_file():
            raise CardDatabaseError(path, "no such file")
    sha256 = files_sha256(paths)
    with database.reading() as connection:
        seen = connection.execute(
            "SELECT id FROM sources WHERE sha256 = ? AND format = ? AND priority = ? LIMIT 1",
            (sha256, format, priority),
        ).fetchone()
    if seen is not None:
        return ImportSummary(format, paths, 0, 0, 0, (), already_imported=True)

    batch = read(paths, (lambda done, total: progress("reading", done, total)) if progress else None)
    _check_most_records_fit(paths[0], format, batch)
    cards = batch.cards
    if batch.keep_existing:
        cards = _merge_with_stored(database, cards, batch.keep_existing)
    cards = compiled_cards(cards)  # once, at import: the database keeps the effects (carddb.card_compilation)
    with database.writing() as connection:
        written = store_source(
            connection, source_key(paths), format, [str(p.resolve()) for p in paths], sha256, file_date(paths), cards,
            priority=priority, replace=replace, completes=bool(batch.keep_existing),
            progress=(lambda done, total: progress("writing", done, total)) if progress else None,
        )
        counts = written.counts
        store_external_ids(connection, source_key(paths), batch.external_ids)
        connection.exec_driver_sql(
            "INSERT INTO import_runs (format, source_file, sha256, added, updated, skipped, imported_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (format, "\n".join(str(p.resolve()) for p in paths), sha256, counts.added, counts.updated,
             len(batch.skipped), datetime.now(timezone.utc).replace(tzinfo=None).isoformat(sep=" ")),
        )
    notes = [*batch.notes, *(
        f"{count} card(s) also in {Path(other).name}: its version stays (newer file or higher priority; "
        f"`--priority N` overrides)" for other, count in sorted(written.left_to.items())
    )]
    if written.dropped:
        notes.append(f"{written.dropped} card(s) no longer in the file were dropped from this source (--replace)")
    return ImportSummary(
        format, paths, counts.added, counts.updated, counts.unchanged, tuple(batch.skipped), notes=tuple(notes)
    )


def _check_most_records_fit(path: Path, format: str, batch: ImportBatch) -> None:
    """Refuse a source most of whose records the reader skipped: the wrong file or the wrong format."""
    total = len(batch.cards) + len(batch.skipped)
    if total == 0:
        raise CardDatabaseError(path, f"holds no cards in the {format} layout")
    if len(batch.skipped) * 2 > total:
        first = batch.skipped[0]
        raise CardDatabaseError(
            path,
            f"is not a {format} file: {len(batch.skipped)} of {total} records do not fit "
            f"(first, {first.label}: {first.reason}); is it another format?",
        )


def _merge_with_stored(database: CardDatabase, cards: list[CardDefinition], keep: frozenset[str]) -> list[CardDefinition]:
    libraries = {game: database.library(game) for game in {card.game for card in cards}}
    merged = []
    for card in cards:
        stored = libraries[card.game].get(card.id)
        if stored is None:
            merged.append(card)
            continue
        changes = {name: getattr(stored, name) for name in keep if name != "attributes"}
        changes["attributes"] = {**stored.attributes, **card.attributes}
        merged.append(replace(card, **changes))
    return merged
