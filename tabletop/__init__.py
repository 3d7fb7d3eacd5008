"""tabletop: an offline client for trading card games that enforces each game's rules."""

__version__ = "0.1.0"  # the one place the version is written; pyproject.toml reads it
