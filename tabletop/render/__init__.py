"""Card faces drawn with Pillow from card data, card backs, and a disk cache of both (no Qt here).

`render_card` shows the player's own picture of a card when `show_pictures_with` gave a way to
find it (the window passes the card database's linked folders), and the drawn face otherwise.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PIL import Image

from tabletop.engine.cards import CardDefinition
from tabletop.render.face_cache import FaceCache, fitted_picture
from tabletop.render.faces import RENDERER_VERSION, render_back
from tabletop.render.faces import render_card as draw_card

__all__ = ["FaceCache", "RENDERER_VERSION", "draw_card", "render_back", "render_card", "show_pictures_with"]

PictureFinder = Callable[[CardDefinition], Path | None]
_finder: list[PictureFinder] = []  # the window's one setting: where the player's pictures are found


def show_pictures_with(find: PictureFinder | None) -> None:
    """Use `find(card) -> picture file or None` for `render_card` from now on (None: drawn faces only)."""
    _finder[:] = [find] if find is not None else []


def render_card(definition: CardDefinition, size: tuple[int, int]) -> Image.Image:
    """Return the card's face at `size`: the player's picture when one is found and readable, else drawn."""
    if _finder:
        picture = _finder[0](definition)
        fitted = fitted_picture(picture, size) if picture is not None else None
        if fitted is not None:
            return fitted
    return draw_card(definition, size)
