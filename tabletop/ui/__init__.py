"""The Qt window: the only package that imports PySide6."""
