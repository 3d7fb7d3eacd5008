"""Card faces drawn with Pillow from card data, card backs, and a disk cache of both (no Qt here).

`render_card` shows the player's own picture of a card when `show_pictures_from` named the
folders that hold them and how to find a card's picture there (the card database's linked
folders and carddb.pictures.find_picture, wired by the window: render may not import carddb),
and the drawn face otherwise.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from PIL import Image

from tabletop.engine.cards import CardDefinition
from tabletop.render.face_cache import FaceCache, fitted_picture
from tabletop.render.faces import RENDERER_VERSION, render_back
from tabletop.render.faces import render_card as draw_card

__all__ = ["FaceCache", "RENDERER_VERSION", "draw_card", "render_back", "render_card", "show_pictures_from"]

PictureFinder = Callable[[Sequence[Path], CardDefinition], "Path | None"]
_picture_folders: list[Path] = []
_finders: list[PictureFinder] = []


def show_pictures_from(folders: Iterable[Path], find: PictureFinder | None = None) -> None:
    """Use the pictures `find` finds in these folders for `render_card` from now on (no folders: drawn faces only)."""
    _picture_folders[:] = [Path(folder) for folder in folders]
    _finders[:] = [find] if find is not None else []


def render_card(definition: CardDefinition, size: tuple[int, int]) -> Image.Image:
    """Return the card's face at `size`: the player's picture when a folder holds a readable one, else drawn."""
    if _picture_folders and _finders:
        picture = _finders[0](_picture_folders, definition)
        fitted = fitted_picture(picture, size) if picture is not None else None
        if fitted is not None:
            return fitted
    return draw_card(definition, size)
