"""DreadNought position evaluation: the casters' HP cards, the units in the unit slots, the hand.

Reads the state shape of tabletop.games.dreadnought (zones `hp.left/right`, `units.left/right`, `caster.*`,
`arms.*`, `hand`; `data["battle"]` with attackers, defender, side and blocker while an attack is on) through the
rules' `card_value`, never importing the game module. A battle still on is scored by what its damage will do (the
heuristic's lookahead stops at the block, see `is_settled`; the Monte-Carlo bot's fights it out, see
`is_settled_after_battle`). A player loses when every caster is at 0 HP (DN 1.2),
so HP cards weigh most, and the last ones more than the first. HP cards a draw from the empty deck still owes (the
game's `_take_hp` steps, waiting for the player to choose the caster, DN 1.3) count as taken already, so that a
"may draw" is declined when the deck is empty. A unit beside a caster at 0 HP counts half: it blocks for no one, and
breaking it brings no win nearer than breaking a unit that guards HP cards.

Measured, not kept: a deep evaluation for the Monte-Carlo bot alone that played the rest of the turn's Action
Phase out on the numbers (each side's costliest attack against the best block, in turn, until both passed; commit
6b8797d) won 15/40 against the heuristic (37.5 %, CI 24.2–53.0 %); before it and before the lookahead stopped at
the block, the Monte-Carlo bot had won 10/20. With its attacks narrowed and the opponent's reactions tried out
instead (`dreadnought_attacks`), 33/60.

Measured, not kept (issue 20, on the decks rebalanced to Crimson 52/100 heuristic against heuristic, where the
Monte-Carlo bot without it won 27/64 = 42.2 %): that deep evaluation again (commit 5cf82b1, with its tests), first as
it was: 1/12 in two short runs. Two faults made it pass where an attack was due: a pass that ends the Action Phase
was scored by the next turn's battles (its playout started again from the next Speed Phase) while the other answers
saw only what was left of this turn's, and a pass tied an attack whose value the playout counted anyway (the pass
bonus then chose the pass). Mended (the playout only once the Speed Phase has named this turn's first player, DN 5.1;
the n-th attack of the playout counted 0.85**n; half the playout counted), the ai_strength games 0-63 of seed 1
(300 ms CPU, decks and seats alternating, load 1-16 on 2 cores): 25/64 = 39.1 % (Wilson CI 28.1-51.3 %), 14/32
holding Crimson Tide Pact and 11/32 holding Verdant Stampede, no gain. What the Monte-Carlo bot does differently
from the heuristic, one game read decision by decision (85 decisions with a choice, 21 answered otherwise): Fast Phase
answers (which side an Arms goes to, a free +10 BP not taken), passes where the heuristic attacks, a block by the
caster where the heuristic gives up a unit. Its lookahead stops at the block (`is_settled`), before the defender's
「Re」 codes: the imagined hands, all that its deals vary, never act in what it scores of its own attacks.

Measured and kept (issue 20, same decks and games as above): the Monte-Carlo bot's lookahead plays the opponent's
block (tried out, `lookahead.CONSIDERED_DECISIONS`) and both sides' 「Re」 reactions and the damage on each imagined
deal, stopping only at the opponent's next action (`is_settled_after_battle`, `evaluation.DEEP_SETTLED`), so the
imagined hands act in what its attacks score. ai_strength games 0-63 of seed 1 (300 ms CPU, load 1-4 on 2 cores):
34/64 = 53.1 % (Wilson CI 41.1-64.8 %), 21/32 holding Crimson Tide Pact (CI 48.3-79.6 %) and 13/32 holding Verdant
Stampede (CI 25.5-57.7 %), against 27/64 before; a first 16-game run, 10/16. Still short of 60 %.

Measured with the HP owed and the areas at 0 HP counted and the heuristic's candidates narrowed (issue 20, load 12-17
on 2 cores): the bundled decks no longer balance. Heuristic against itself, seeds 500-529: Verdant Stampede won
24/30 (its Ancient Treant's "may draw" no longer costs HP cards late in the game; before, 6/11). The Monte-Carlo bot
(300 ms CPU) against the heuristic, ai_strength's 80 games of seed 1: 42/80 (52.5 %, CI 41.7-63.1 %), 37/40 holding
Verdant Stampede and 5/40 holding Crimson Tide Pact: the decks decide again, as before s4-dn-decks.
"""
from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine import procedure
from tabletop.engine.decision import Decision
from tabletop.engine.rules import GameRules
from tabletop.engine.state import GameState
from tabletop.engine.zones import zone_id

SIDES = ("left", "right")
# What a player's n-th HP card (counted over both casters, n = 1…6) is worth: the last ones keep the game alive.
HP_WORTH = (0.0, 12.0, 21.0, 28.0, 33.0, 37.0, 40.0)
HP_BEYOND = 3.0          # each HP card beyond the sixth
BP_UNIT = 100.0          # a unit's BP counts per 100 (a small unit is 80–100 BP)
UNIT_WEIGHT = 1.0        # a unit in a slot, besides its BP
CASTER_HP_VALUE = 100    # the rules' default `caster_hp_value` (DN 6.3 [?]); a game's option overrides it
HAND_WEIGHT = 0.8
ARMS_WEIGHT = 1.0
# A unit in a battle area whose caster is at 0 HP counts this share of its worth: it may still attack, but it
# blocks for no one (DN 6.1.4: a blocker comes from the attacked area) and breaking it brings no win nearer.
DEAD_AREA_UNIT_SHARE = 0.5
TAKE_HP = "_take_hp"     # the game's procedure step that takes an HP card instead of a card of the empty deck


Block = tuple[int | None, int, bool]
"""A block's outcome: the blocker (None for the caster), the HP cards lost, whether the blocker is broken."""


@dataclass
class Unit:
    """A unit as the evaluation sees it: its current BP."""

    iid: int
    bp: int


@dataclass
class Seat:
    """One player's side of the table in numbers: HP cards and units per battle area, and the rest."""

    hp: dict[str, int]
    units: dict[str, list[Unit]]
    casters: set[str]
    others: float = 0.0                      # hand and arms, which the battles do not change

    def worth(self) -> float:
        """Return what this side is worth: HP cards, units with their BP, hand and arms."""
        hp = sum(self.hp.values())
        score = HP_WORTH[min(hp, len(HP_WORTH) - 1)] + max(0, hp - len(HP_WORTH) + 1) * HP_BEYOND
        for side, units in self.units.items():
            worth = sum(UNIT_WEIGHT + unit.bp / BP_UNIT for unit in units)
            score += worth if self.hp[side] else DEAD_AREA_UNIT_SHARE * worth
        return score + self.others


def unit_bp(rules: GameRules, state: GameState, iid: int) -> int:
    """Return a unit's current BP (0 for a card the rules give none)."""
    try:
        return rules.card_value(state, iid, "bp")
    except KeyError:
        return 0


def seat(rules: GameRules, state: GameState, player: str) -> Seat:
    """Return a player's side of the table in numbers (the HP cards a draw from an empty deck owes already taken)."""
    zones = state.zones
    hp = {s: len(zones[zone_id(player, f"hp.{s}")].cards) for s in SIDES}
    owed = owed_hp_cards(state, player)
    while owed and any(hp.values()):   # DN 1.3: the player chooses the caster; the one with more HP gives first
        most = max(SIDES, key=hp.__getitem__)
        hp[most] -= 1
        owed -= 1
    arms = sum(len(zones[zone_id(player, f"arms.{s}")].cards) for s in SIDES)
    return Seat(hp=hp,
                units={s: [Unit(i, unit_bp(rules, state, i)) for i in zones[zone_id(player, f"units.{s}")].cards]
                       for s in SIDES},
                casters={s for s in SIDES if zones[zone_id(player, f"caster.{s}")].cards},
                others=HAND_WEIGHT * len(zones[zone_id(player, "hand")].cards) + ARMS_WEIGHT * arms)


def owed_hp_cards(state: GameState, player: str) -> int:
    """Return the HP cards a player still has to take because a draw found the deck empty (DN 1.3): the steps
    `_take_hp` of the procedures, the running one included (it waits for the player to choose the caster)."""
    owed = 0
    for frame in procedure.stack(state):
        if frame["ctx"].get("controller") == player:
            owed += sum(1 for step in frame["steps"][frame["pc"]:] if step.get("effect") == TAKE_HP)
    return owed


def hp_value(state: GameState) -> int:
    """Return the attack damage that breaks an HP card of a blocking caster (the game's option, DN 6.3 [?])."""
    options = state.data.get("options") or {}
    return int(options.get("caster_hp_value", CASTER_HP_VALUE))


def block_outcomes(defender: Seat, side: str, damage: int, caster_value: int) -> list[Block]:
    """Return (blocker, HP cards lost, blocker broken) for each card that may block in an area (DN 6.1.4–6.4);
    the caster blocks as None."""
    units = defender.units[side]
    hp = defender.hp[side]
    found: list[Block] = []
    for unit in units:
        broken = damage >= unit.bp
        found.append((unit.iid, 1 if broken and len(units) == 1 and hp else 0, broken))
    if side in defender.casters and hp:
        found.append((None, 1 if damage >= caster_value else 0, False))
    return found


def _apply_block(defender: Seat, side: str, outcome: Block) -> None:
    blocker, hp_lost, broken = outcome
    defender.hp[side] = max(0, defender.hp[side] - hp_lost)
    if broken:
        defender.units[side] = [u for u in defender.units[side] if u.iid != blocker]


def _loss(outcome: Block) -> tuple[int, int]:
    """Return what a block costs the defender, HP cards first: (HP cards, units) as the base evaluation ranks it."""
    return outcome[1], 1 if outcome[2] else 0


def best_block(defender: Seat, side: str, damage: int, caster_value: int) -> Block | None:
    """Return the block that costs the defender least (fewest HP cards, then fewest units), or None if none."""
    outcomes = block_outcomes(defender, side, damage, caster_value)
    return min(outcomes, key=_loss) if outcomes else None


def _battle(rules: GameRules, state: GameState, seats: dict[str, Seat]) -> str | None:
    """Settle the battle on, if any, in `seats` (the chosen blocker, else the defender's best); return the defender."""
    battle = state.data.get("battle")
    if not battle:
        return None
    defender, side = battle["defender"], battle["side"]
    damage = sum(unit_bp(rules, state, i) for i in battle.get("attackers", ()) if i in state.cards
                 and state.zones[state.cards[i].zone].name.startswith("units."))
    outcomes = block_outcomes(seats[defender], side, damage, hp_value(state))
    blocker = battle.get("blocker")
    if blocker is not None:  # a chosen unit, else the caster (listed as None)
        unit_blocks = blocker in {u.iid for u in seats[defender].units[side]}
        outcome = next((o for o in outcomes if o[0] == (blocker if unit_blocks else None)), None)
    else:
        outcome = best_block(seats[defender], side, damage, hp_value(state))
    if outcome is not None:
        _apply_block(seats[defender], side, outcome)
    return str(defender)


def dreadnought_evaluation(rules: GameRules, state: GameState, player: str) -> float:
    """Score a DreadNought table for `player`: their side's worth minus the opponent's."""
    seats = {p: seat(rules, state, p) for p in state.players}
    _battle(rules, state, seats)
    return seats[player].worth() - seats[state.opponent(player)].worth()


def is_settled(rules: GameRules, state: GameState, decision: Decision) -> bool:
    """Tell whether the evaluation already scores what an opponent's decision leads to: a block, and the
    opponent's next action in the Action Phase.

    An attack with no blocker yet is scored by the defender's best block (DN 6.1.4), so a lookahead stops at
    the block instead of assuming a passive defender who blocks with the first card listed. At the opponent's
    next action the table is scored as it stands, rather than after a passive opponent's pass (which may end
    the Action Phase and with it the turn).
    """
    if decision.name == "block":
        return bool(state.data.get("battle"))
    return is_settled_after_battle(rules, state, decision)


def is_settled_after_battle(rules: GameRules, state: GameState, decision: Decision) -> bool:
    """Tell whether a lookahead that fights each battle out may stop at an opponent's decision: only at the
    opponent's next action in the Action Phase, with no battle, reaction or effect still on.

    The Monte-Carlo bot's lookahead stops here (`evaluation.DEEP_SETTLED`): the opponent's block and its 「Re」
    reactions (DN 6.1.4-6.1.5) are played on each imagined deal, so the hidden hand acts in what an attack scores.
    """
    return (decision.kind == "act" and state.phase == "action" and not state.data.get("reaction")
            and not state.data.get("battle") and not state.data.get("effect_area"))
