"""The tables SQLite derives from `cards` (full-text index, search facets) and the triggers that keep them.

`cards_fts` indexes `search_name` and `search_text` (the NFKC, CJK-spaced forms of name and
text, see carddb.search_text). `card_facets` holds ('a:<attribute>', lower-case value) per
scalar or list item and ('k:<keyword>', ''); `card_stats` holds each whole-number stat.
Triggers keep all three right for any writer; a bulk insert instead drops the insert
triggers, inserts, fills the new rows in one statement each and puts the triggers back
(`bulk_insert_statements`), all inside its transaction.

Trap: migrations import these definitions. A change here needs a new migration that
recreates what changed, and `SCHEMA_REVISION` moves on.
"""
from __future__ import annotations

FTS_TABLE = (
    "CREATE VIRTUAL TABLE cards_fts USING fts5("
    "search_name, search_text, content='cards', content_rowid='id', "
    "tokenize='unicode61 remove_diacritics 2', prefix='2 3')"
)
FACET_TABLES: tuple[str, ...] = (
    "CREATE TABLE card_facets (card_id INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE, "
    "facet TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (facet, value, card_id)) WITHOUT ROWID",
    "CREATE TABLE card_stats (card_id INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE, "
    "stat TEXT NOT NULL, value INTEGER NOT NULL, PRIMARY KEY (stat, value, card_id)) WITHOUT ROWID",
    "CREATE INDEX ix_card_facets_card ON card_facets (card_id)",
    "CREATE INDEX ix_card_stats_card ON card_stats (card_id)",
)

# `{rows}` and `{only}` are empty in a trigger (where `new` is the inserted row); a bulk fill
# reads the rows whose id is above its one parameter from `cards AS new`.
_FTS_FILL = (
    "INSERT INTO cards_fts(rowid, search_name, search_text) SELECT new.id, new.search_name, new.search_text "
    "FROM {rows}(SELECT 1) WHERE {only}1",
)
_FACETS_FILL = (
    "INSERT OR IGNORE INTO card_facets (card_id, facet, value) "
    "SELECT new.id, 'a:' || a.key, lower(CAST(e.value AS TEXT)) "
    "FROM {rows}json_each(new.attributes) AS a, json_each(new.attributes, '$.\"' || a.key || '\"') AS e "
    "WHERE {only}a.type <> 'object' AND e.type IN ('text', 'integer', 'real', 'true', 'false')",
    "INSERT OR IGNORE INTO card_facets (card_id, facet, value) "
    "SELECT new.id, 'k:' || k.key, '' FROM {rows}json_each(new.keywords) AS k WHERE {only}1",
    "INSERT OR IGNORE INTO card_stats (card_id, stat, value) "
    "SELECT new.id, s.key, s.value FROM {rows}json_each(new.stats) AS s WHERE {only}s.type = 'integer'",
)
_FACETS_CLEAR = "DELETE FROM card_facets WHERE card_id = old.id; DELETE FROM card_stats WHERE card_id = old.id; "
_FTS_DELETE = (
    "INSERT INTO cards_fts(cards_fts, rowid, search_name, search_text) "
    "VALUES ('delete', old.id, old.search_name, old.search_text); "
)


def _in_trigger(statements: tuple[str, ...]) -> str:
    return "".join(s.format(rows="", only="") + "; " for s in statements)


# name -> CREATE TRIGGER statement
INSERT_TRIGGERS: dict[str, str] = {
    "cards_fts_insert": f"CREATE TRIGGER cards_fts_insert AFTER INSERT ON cards BEGIN {_in_trigger(_FTS_FILL)}END",
    "cards_facets_insert": (
        f"CREATE TRIGGER cards_facets_insert AFTER INSERT ON cards BEGIN {_in_trigger(_FACETS_FILL)}END"
    ),
}
FTS_TRIGGERS: dict[str, str] = {
    "cards_fts_insert": INSERT_TRIGGERS["cards_fts_insert"],
    "cards_fts_delete": f"CREATE TRIGGER cards_fts_delete AFTER DELETE ON cards BEGIN {_FTS_DELETE}END",
    "cards_fts_update": (
        "CREATE TRIGGER cards_fts_update AFTER UPDATE OF search_name, search_text ON cards "
        f"BEGIN {_FTS_DELETE}{_in_trigger(_FTS_FILL)}END"
    ),
}
FACET_TRIGGERS: dict[str, str] = {
    "cards_facets_insert": INSERT_TRIGGERS["cards_facets_insert"],
    "cards_facets_update": (
        "CREATE TRIGGER cards_facets_update AFTER UPDATE OF stats, keywords, attributes ON cards "
        f"BEGIN {_FACETS_CLEAR}{_in_trigger(_FACETS_FILL)}END"
    ),
    "cards_facets_delete": f"CREATE TRIGGER cards_facets_delete AFTER DELETE ON cards BEGIN {_FACETS_CLEAR}END",
}


def create_statements() -> list[str]:
    """Return every statement that creates the derived tables and their triggers on an empty `cards`."""
    return [FTS_TABLE, *FACET_TABLES, *FTS_TRIGGERS.values(), *FACET_TRIGGERS.values()]


def bulk_insert_statements() -> tuple[list[str], list[str], list[str]]:
    """Return (before, fill, after): run `before`, insert into `cards`, run `fill`, then `after`.

    Each `fill` statement takes one parameter: the largest `cards.id` before the insert (0
    for none); new rows get larger ids (INTEGER PRIMARY KEY without AUTOINCREMENT takes
    max + 1). Run all of it in the inserting transaction so no reader ever sees `cards`
    without its triggers.
    """
    before = [f"DROP TRIGGER {name}" for name in INSERT_TRIGGERS]
    fill = [s.format(rows="cards AS new, ", only="new.id > ? AND ") for s in (*_FTS_FILL, *_FACETS_FILL)]
    return before, fill, list(INSERT_TRIGGERS.values())


def rebuild_statements() -> list[str]:
    """Return the statements that rebuild the full-text index and the facets from `cards` as stored."""
    fill = [s.format(rows="cards AS new, ", only="") for s in _FACETS_FILL]
    return ["INSERT INTO cards_fts(cards_fts) VALUES ('rebuild')", "DELETE FROM card_facets", "DELETE FROM card_stats",
            *fill]
