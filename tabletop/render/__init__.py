"""Card faces drawn with Pillow from card data, card backs, and a disk cache of both (no Qt here)."""
from tabletop.render.face_cache import FaceCache
from tabletop.render.faces import RENDERER_VERSION, render_back, render_card

__all__ = ["FaceCache", "RENDERER_VERSION", "render_back", "render_card"]
