"""Card pictures the player already has: folders linked with `tabletop db images DIR`.

Nothing is downloaded. A card's picture is a file named after its code, `.jpg`, `.jpeg`,
`.png` or `.webp`, in a linked folder, its `pics/` subfolder (the YGOPro layout:
`pics/<passcode>.jpg`) or its `<game>/` subfolder. A code with `/` (Vanguard's
`D-BT01/001`) is looked for with `-` or `_` in its place.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from tabletop.engine.cards import CardDefinition

PICTURE_SUFFIXES = (".jpg", ".jpeg", ".png", ".webp")


def picture_stems(code: str) -> list[str]:
    """Return the file names (without suffix) a picture of the card `code` may have, most likely first."""
    stems = [code]
    if "/" in code:
        stems += [code.replace("/", "-"), code.replace("/", "_")]
    return stems


def search_folders(folder: Path, game: str) -> list[Path]:
    """Return where pictures of `game` may be inside a linked folder, in the order they are tried."""
    return [folder, folder / "pics", folder / game]


def find_picture(folders: Iterable[Path], card: CardDefinition) -> Path | None:
    """Return the first picture of `card` in `folders` (linked folders), or None."""
    for folder in folders:
        for place in search_folders(folder, card.game):
            for stem in picture_stems(card.id):
                for suffix in PICTURE_SUFFIXES:
                    candidate = place / f"{stem}{suffix}"
                    if candidate.is_file():
                        return candidate
    return None


def picture_names(folder: Path, games: Sequence[str]) -> set[str]:
    """Return the stems of every picture file in a linked folder's places (to count matches at once)."""
    names: set[str] = set()
    places = {folder, folder / "pics", *(folder / game for game in games)}
    for place in places:
        if place.is_dir():
            names.update(entry.stem for entry in place.iterdir() if entry.suffix.lower() in PICTURE_SUFFIXES)
    return names
