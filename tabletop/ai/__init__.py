"""Bots: choose(view, decision) -> Command. Pure Python."""
