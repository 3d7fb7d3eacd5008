"""A disk cache of drawn card faces, and real scans from the user's image folder when present."""
from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageOps

from tabletop.engine.cards import CardDefinition
from tabletop.render.faces import RENDERER_VERSION, render_back, render_card

SCAN_SUFFIXES = (".png", ".jpg", ".jpeg")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]")


class FaceCache:
    """Faces keyed by game, card id, size and RENDERER_VERSION, stored as PNG files under `folder`.

    With an `image_folder`, a file `<card id>.png|.jpg` there (or in its `<game>/` subfolder)
    is used instead of a drawn face. A damaged cache file is drawn again, never trusted.
    """

    def __init__(self, folder: str | os.PathLike[str], image_folder: str | os.PathLike[str] | None = None) -> None:
        self.folder = Path(folder)
        self.image_folder = Path(image_folder) if image_folder else None

    def face(self, definition: CardDefinition, size: tuple[int, int]) -> Image.Image:
        """Return the card's face at `size`: its scan if the image folder has one, else a cached drawing."""
        scan = self.scan_path(definition)
        fitted = fitted_picture(scan, size) if scan is not None else None
        if fitted is not None:
            return fitted
        path = self.path_for(definition, size)
        return self._cached(path, lambda: render_card(definition, size))

    def back(self, game: str, size: tuple[int, int]) -> Image.Image:
        """Return the card back of `game` at `size`, drawn once and cached."""
        path = self.folder / _safe(game) / f"back_{int(size[0])}x{int(size[1])}_r{RENDERER_VERSION}.png"
        return self._cached(path, lambda: render_back(game, size))

    def scan_path(self, definition: CardDefinition) -> Path | None:
        """Return the user's scan of the card, if the image folder holds one."""
        if self.image_folder is None:
            return None
        for folder in (self.image_folder / definition.game, self.image_folder):
            for suffix in SCAN_SUFFIXES:
                for name in (definition.id, _safe(definition.id)):
                    candidate = folder / f"{name}{suffix}"
                    if candidate.is_file():
                        return candidate
        return None

    def path_for(self, definition: CardDefinition, size: tuple[int, int]) -> Path:
        """Return the cache file of a drawn face; the name also carries a digest of the card data,
        so an edited card is drawn again instead of showing a stale face."""
        data = json.dumps(definition.to_mapping(), sort_keys=True, default=str).encode("utf-8")
        digest = hashlib.sha1(data + definition.id.encode("utf-8")).hexdigest()[:12]
        name = f"{_safe(definition.id)}_{int(size[0])}x{int(size[1])}_r{RENDERER_VERSION}_{digest}.png"
        return self.folder / _safe(definition.game) / name

    def _cached(self, path: Path, draw: Callable[[], Image.Image]) -> Image.Image:
        if path.is_file():
            try:
                with Image.open(path) as image:
                    return image.convert("RGB")
            except (OSError, ValueError):
                path.unlink(missing_ok=True)
        image = draw()
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(handle, "wb") as stream:
                image.save(stream, format="PNG")
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        return image


def fitted_picture(path: Path, size: tuple[int, int]) -> Image.Image | None:
    """Return the picture at `path` cropped and scaled to `size`; None when it cannot be read (draw instead)."""
    try:
        with Image.open(path) as image:
            return ImageOps.fit(image.convert("RGB"), (int(size[0]), int(size[1])), Image.Resampling.LANCZOS)
    except (OSError, ValueError):
        return None


def _safe(text: str) -> str:
    """Return `text` usable as a file name; a digest keeps different unsafe ids apart."""
    cleaned = _UNSAFE.sub("_", text)
    if cleaned == text:
        return text
    return f"{cleaned}-{hashlib.sha1(text.encode('utf-8')).hexdigest()[:8]}"
