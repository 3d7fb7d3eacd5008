"""Bots: players that choose a command from the view a human would get (pure Python)."""
