"""FFTCG undo and redo are exact over the values the rules store uncopied (resolution frames, attacks, stack entries)."""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from fftcg_testdeck import FIRE_DECK, ICE_DECK, build_library  # noqa: E402
from command_listing import check_undo_redo_show_the_same_choices  # noqa: E402

from tabletop.engine import procedure, stack  # noqa: E402
from tabletop.engine.changes import ListInsert, SetData  # noqa: E402
from tabletop.engine.game import Game  # noqa: E402
from tabletop.engine.rules import GameConfig  # noqa: E402
from tabletop.games import find_game  # noqa: E402


def test_undo_and_redo_step_by_step_show_the_same_table_over_blocks_and_resolutions() -> None:
    """Every decision of a random game is reached again, the same, going back and forth through it; the game
    blocks an attack and resolves entries from the stack, whose values the rules store without a copy."""
    config = GameConfig("fftcg", "constructed", 5,
                        decks={"p1": {"main": list(FIRE_DECK)}, "p2": {"main": list(ICE_DECK)}})
    game = Game.start(find_game("fftcg"), config, build_library())
    check_undo_redo_show_the_same_choices(game, random.Random(5), 400)
    changes = [c for step in game.history.done for c in step.changes]
    facts = [c for c in changes if type(c) is SetData]
    assert any(c[0] == "attack" and c[2] and c[2]["blocked"] for c in facts), "no attack was blocked"
    assert any(c[0] == procedure.FRAMES and c[2] and c[2][-1]["ctx"].get("from_stack") for c in facts), (
        "nothing resolved from the stack")
    assert any(type(c) is ListInsert and c.name == stack.STACK for c in changes), "nothing went on the stack"
