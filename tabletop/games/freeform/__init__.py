"""The freeform game: any zones, no rules, every move by hand (the Cockatrice-style table)."""
