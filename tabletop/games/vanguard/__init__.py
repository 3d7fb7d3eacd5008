"""Cardfight!! Vanguard: circles, the base game (Standard and Premium) and the clan mechanics of seed 000."""

from tabletop.games.vanguard.effects import validate_effects

__all__ = ["validate_effects"]
