"""Scenario files: set up a table, play commands, check what follows (see SCENARIOS.md)."""
