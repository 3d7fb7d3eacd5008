"""The rules kernel: pure Python, no Qt, SQLAlchemy or Pillow."""
