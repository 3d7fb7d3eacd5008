"""Card faces drawn with Pillow, cached on disk (no Qt)."""
