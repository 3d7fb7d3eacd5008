"""Card faces and backs as pixmaps, from the Pillow faces of `tabletop.render` (cached per size)."""
from __future__ import annotations

from typing import Any

from PySide6.QtGui import QImage, QPixmap

from tabletop.engine.cards import CardDefinition

_FACES: dict[tuple[str, str, int, int], QPixmap] = {}
_BACKS: dict[tuple[str, int, int], QPixmap] = {}


def card_face_pixmap(definition: CardDefinition, width: int, height: int) -> QPixmap:
    """Return the face of a card at a size in pixels (cached).

    The face is `tabletop.render.render_card`'s Pillow image (a drawn face, or the player's picture).
    """
    key = (definition.game, definition.id, width, height)
    pixmap = _FACES.get(key)
    if pixmap is None:
        pixmap = QPixmap.fromImage(_rendered_face(definition, width, height))
        _FACES[key] = pixmap
    return pixmap


def card_back_pixmap(game: str, width: int, height: int) -> QPixmap:
    """Return the back of a card of `game` at a size in pixels (cached)."""
    key = (game, width, height)
    pixmap = _BACKS.get(key)
    if pixmap is None:
        pixmap = QPixmap.fromImage(_rendered_back(game, width, height))
        _BACKS[key] = pixmap
    return pixmap


def _rendered_face(definition: CardDefinition, width: int, height: int) -> QImage:
    from tabletop import render  # read at call time: the card database may point `render_card` at real pictures

    return _qimage(render.render_card(definition, (width, height)))


def _rendered_back(game: str, width: int, height: int) -> QImage:
    from tabletop import render

    return _qimage(render.render_back(game, (width, height)))


def _qimage(picture: Any) -> QImage:
    """Return a Pillow image as a QImage."""
    picture = picture.convert("RGBA")
    data = picture.tobytes("raw", "RGBA")
    # .copy() detaches the QImage from the Python bytes object, which is freed after return.
    return QImage(data, picture.width, picture.height, picture.width * 4, QImage.Format.Format_RGBA8888).copy()
