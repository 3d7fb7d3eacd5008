"""Decision: what the engine waits for — who must choose, and what."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

KINDS = ("act", "pick", "yesno", "number", "order")


@dataclass(frozen=True)
class Decision:
    """A pending choice; answered by submitting a Command.

    `kind` is "act" (any legal command, e.g. with priority), "pick" (choose between `min` and
    `max` of `options`, answered with Choose(picks=…)), "order" (put all `options` in order),
    "yesno" (Choose(yes=…)) or "number" (Choose(number=…) within min..max).
    `name` is the game's word for the decision (priority, block, order_triggers, mulligan…).
    `labels` name the options one by one when they are not card ids (waiting abilities, say), so that
    the window neither guesses from the value nor takes a number for the card of that id.
    `zones` give, one by one, the zone id each option stands for when the options are places (a circle
    to call a unit to): the window lets the player pick one by clicking that zone or a card in it.
    """

    player: str
    name: str
    kind: str = "act"
    prompt: str = ""
    options: tuple[Any, ...] = ()
    min: int = 0
    max: int = 0
    rule: str = ""
    labels: tuple[str, ...] = ()
    zones: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown decision kind {self.kind!r}")
        if self.labels and len(self.labels) != len(self.options):
            raise ValueError("a decision's labels name its options one by one")
        if self.zones and len(self.zones) != len(self.options):
            raise ValueError("a decision's zones stand for its options one by one")
