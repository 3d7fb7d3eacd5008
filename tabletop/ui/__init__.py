"""The Qt window: the table scene, panels and dialogs (the only package that imports PySide6)."""
