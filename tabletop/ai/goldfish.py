"""Deck statistics ("goldfishing"): opening-hand odds, exact where possible, and solo play by turn.

Exact numbers use the hypergeometric distribution (`math.comb`) or an exact walk over the deck
order; questions with choices in them (mulligans, paying costs) are answered by seeded
simulation. Pure Python, so the window shows the same numbers as `tabletop goldfish`.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.ai.bot import Knowledge
from tabletop.ai.bots import make_bot
from tabletop.ai.evaluation import BAD_TOTALS, CLOCK_ZONES, GOOD_TOTALS, SPENT_ZONES
from tabletop.ai.passive_bot import PassiveBot
from tabletop.ai.simulation import derive_seed, play_out
from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.game import Game
from tabletop.engine.rules import GameConfig, GameRules
from tabletop.engine.state import GameState
from tabletop.engine.zones import Visibility


# -- exact probabilities ----------------------------------------------------------------------

def hypergeometric_at_least(population: int, successes: int, draws: int, at_least: int = 1) -> float:
    """Return P(at least `at_least` of the `successes` cards are among `draws` cards of `population`)."""
    if not 0 <= successes <= population or draws < 0:
        raise ValueError("need 0 <= successes <= population and draws >= 0")
    draws = min(draws, population)
    if at_least <= 0:
        return 1.0
    total = math.comb(population, draws)
    missing = sum(math.comb(successes, k) * math.comb(population - successes, draws - k)
                  for k in range(0, min(at_least, successes + 1)))
    return 1.0 - missing / total


@dataclass(frozen=True)
class Requirement:
    """Need at least `at_least` cards of category `category` among the first `by` cards seen."""

    category: str
    at_least: int
    by: int


def probability_all(counts: Mapping[str, int], deck_size: int, requirements: Sequence[Requirement]) -> float:
    """Return the exact probability that every requirement holds for a uniformly shuffled deck.

    `counts[category]` is how many cards of each (disjoint) category the deck holds. The walk
    goes through the deck one card at a time, tracking how many of each category were seen;
    at each requirement's deadline the orders that fail it are dropped.
    """
    names = sorted({r.category for r in requirements})
    if sum(counts.get(n, 0) for n in names) > deck_size:
        raise ValueError("the categories hold more cards than the deck")
    sizes = [counts.get(n, 0) for n in names]
    last = min(deck_size, max((r.by for r in requirements), default=0))
    deadlines: dict[int, list[tuple[int, int]]] = {}
    for r in requirements:
        deadlines.setdefault(min(r.by, deck_size), []).append((names.index(r.category), r.at_least))
    states: dict[tuple[int, ...], float] = {tuple(0 for _ in names): 1.0}
    for r in deadlines.get(0, []):
        states = {s: p for s, p in states.items() if s[r[0]] >= r[1]}
    for position in range(last):
        remaining = deck_size - position
        following: dict[tuple[int, ...], float] = {}
        for seen, p in states.items():
            other = remaining - sum(sizes[i] - seen[i] for i in range(len(names)))
            if other > 0:
                following[seen] = following.get(seen, 0.0) + p * other / remaining
            for i in range(len(names)):
                left = sizes[i] - seen[i]
                if left > 0:
                    nxt = seen[:i] + (seen[i] + 1,) + seen[i + 1:]
                    following[nxt] = following.get(nxt, 0.0) + p * left / remaining
        states = following
        for index, need in deadlines.get(position + 1, []):
            states = {s: p for s, p in states.items() if s[index] >= need}
    return sum(states.values())


# -- how many cards a player has seen by a turn -----------------------------------------------

@dataclass(frozen=True)
class DrawSchedule:
    """How many cards a player sees: the opening hand, then the draws of each of their turns.

    `first_draw_on_play` is the draw of the first player's first turn; `extra_by_turn` adds
    cards that reach the hand before a turn's main decisions from other sources (Vanguard's
    drive checks of earlier turns), keyed (going_first, turn).
    """

    opening_hand: int
    draw_per_turn: int
    first_draw_on_play: int
    extra: Callable[[bool, int], int] | None = None
    rule: str = ""

    def cards_seen(self, turn: int, going_first: bool) -> int:
        """Return how many cards are in hand or used by the main phase of your `turn`-th turn (0 = opening)."""
        if turn <= 0:
            return self.opening_hand
        draws = self.draw_per_turn * turn
        if going_first:
            draws += self.first_draw_on_play - self.draw_per_turn
        return self.opening_hand + draws + (self.extra(going_first, turn) if self.extra else 0)


def _vanguard_drives(going_first: bool, turn: int) -> int:
    # Vanguard 4.7, 6.5: the first player has no battle on turn 1; each earlier battle with a
    # grade 0-2 vanguard drive-checked 1 card into hand (twin drive only once at grade 3).
    battles = turn - 1 - (1 if going_first else 0)
    return max(0, battles)


SCHEDULES: dict[str, DrawSchedule] = {
    # FFTCG 7.3 (draw 5), 7.5 and 8.2(a): 2 a turn, the first player draws only 1 on turn 1.
    "fftcg": DrawSchedule(5, 2, 1, rule="FFTCG 7.3, 7.5, 8.2(a)"),
    # Vanguard 4.4 (draw 5), 4.7 (the first player draws on turn 1), 5.2 (draw 1); drive checks.
    "vanguard": DrawSchedule(5, 1, 1, _vanguard_drives, rule="Vanguard 4.4, 4.7, 5.2, 6.5"),
}
GENERIC_SCHEDULE = DrawSchedule(7, 1, 1, rule="7-card hand, 1 draw a turn")


def schedule_for(game_id: str) -> DrawSchedule:
    """Return a game's draw schedule (a 7-card hand and 1 draw a turn for games without one)."""
    return SCHEDULES.get(game_id, GENERIC_SCHEDULE)


# -- categories -------------------------------------------------------------------------------

def elements_of(card: CardDefinition) -> tuple[str, ...]:
    """Return a card's elements (FFTCG), read from its `element`/`elements` attribute."""
    raw = card.attributes.get("elements", card.attributes.get("element"))
    if raw is None:
        return ()
    if isinstance(raw, str):
        parts: Iterable[Any] = raw.replace("/", ",").split(",")
    else:
        parts = raw
    return tuple(str(p).strip().lower() for p in parts if str(p).strip())


def grade_of(card: CardDefinition) -> int | None:
    """Return a card's grade (Vanguard), or None when it has none."""
    value = card.stats.get("grade")
    return None if value is None else int(value)


GROUPINGS: dict[str, Callable[[CardDefinition], Iterable[str]]] = {
    "card": lambda c: (c.name,),
    "type": lambda c: (c.card_type,),
    "grade": lambda c: () if grade_of(c) is None else (f"grade {grade_of(c)}",),
    "element": elements_of,
}


def category_counts(cards: Sequence[CardDefinition], grouping: str) -> dict[str, int]:
    """Return how many cards of the deck fall in each category of a grouping (card, type, grade, element)."""
    counts: Counter[str] = Counter()
    for card in cards:
        for label in set(GROUPINGS[grouping](card)):
            counts[label] += 1
    return dict(sorted(counts.items()))


@dataclass(frozen=True)
class OddsRow:
    """The chance of holding at least one card of a category, by turn, going first and second."""

    label: str
    copies: int
    on_play: tuple[float, ...]
    on_draw: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        """Return the row as JSON data."""
        return {"label": self.label, "copies": self.copies, "on_play": [round(p, 4) for p in self.on_play],
                "on_draw": [round(p, 4) for p in self.on_draw]}


def odds_table(cards: Sequence[CardDefinition], grouping: str, schedule: DrawSchedule, turns: int) -> list[OddsRow]:
    """Return, per category, the exact chance of having seen one by the opening hand and turns 1..`turns`."""
    size = len(cards)
    rows = []
    for label, copies in category_counts(cards, grouping).items():
        play = tuple(hypergeometric_at_least(size, copies, schedule.cards_seen(t, True)) for t in range(turns + 1))
        draw = tuple(hypergeometric_at_least(size, copies, schedule.cards_seen(t, False)) for t in range(turns + 1))
        rows.append(OddsRow(label, copies, play, draw))
    return rows


# -- game-specific questions ------------------------------------------------------------------

@dataclass(frozen=True)
class Finding:
    """One answered question about a deck: the chance, how it was computed, and the rule cited."""

    question: str
    on_play: float
    on_draw: float
    method: str          # "exact" or "simulated (N trials)"
    rule: str = ""

    def line(self) -> str:
        """Return the finding as one readable line (the same in `tabletop goldfish` and the window)."""
        return (f"{self.question}: going first {self.on_play:.1%}, going second {self.on_draw:.1%} "
                f"[{self.method}; {self.rule}]")

    def to_json(self) -> dict[str, Any]:
        """Return the finding as JSON data."""
        return {"question": self.question, "on_play": round(self.on_play, 4), "on_draw": round(self.on_draw, 4),
                "method": self.method, "rule": self.rule}


def vanguard_findings(sections: Mapping[str, Sequence[CardDefinition]], trials: int, seed: int) -> list[Finding]:
    """Return the chance to ride on curve (grade 1 by turn 1, 2 by turn 2, 3 by turn 3).

    Standard (a ride deck is given): guaranteed, paying a discard each ride (Vanguard 2.2, 5.3(b)).
    Premium: the first vanguard (a grade 0) leaves the 50 (Vanguard 4.1); the rest must come
    from the deck — exact without a mulligan, simulated with a mulligan that keeps one card of
    each grade 1–3 and sends back the rest (Vanguard 4.5).
    """
    schedule = SCHEDULES["vanguard"]
    if sections.get("ride"):
        return [Finding("ride on curve to grade 3 (ride deck, paying a discard each ride)", 1.0, 1.0, "exact",
                        "Vanguard 2.2, 5.3(b)")]
    deck = list(sections.get("main", ()))
    starter = next((i for i, c in enumerate(deck) if grade_of(c) == 0), None)
    if starter is not None:
        del deck[starter]
    counts = Counter(f"grade {grade_of(c)}" for c in deck if grade_of(c) in (1, 2, 3))
    results = []
    for going_first in (True, False):
        needs = [Requirement(f"grade {g}", 1, schedule.cards_seen(g, going_first)) for g in (1, 2, 3)]
        results.append(probability_all(counts, len(deck), needs))
    exact = Finding("ride on curve to grade 3 (no mulligan)", results[0], results[1], "exact",
                    "Vanguard 4.1, 4.4, 5.3(a)")
    grades = [grade_of(c) for c in deck]

    def curve(order: list[int | None], going_first: bool, rng: random.Random) -> bool:
        hand, rest = _vanguard_mulligan(order, schedule.opening_hand, rng)
        seen = hand + rest
        return all(g in seen[:schedule.cards_seen(g, going_first)] for g in (1, 2, 3))
    play, draw = _simulate(grades, trials, seed, curve)
    return [exact, Finding("ride on curve to grade 3 (mulligan for the curve)", play, draw,
                           f"simulated ({trials} trials)", "Vanguard 4.5")]


def _vanguard_mulligan(order: list[int | None], hand_size: int,
                       rng: random.Random) -> tuple[list[int | None], list[int | None]]:
    # Keep the first card of each grade 1-3; put the rest on the bottom, draw as many, shuffle (4.5).
    hand, deck = order[:hand_size], order[hand_size:]
    kept: list[int | None] = []
    back: list[int | None] = []
    for grade in hand:
        (kept if grade in (1, 2, 3) and grade not in kept else back).append(grade)
    drawn = deck[:len(back)]
    rest = deck[len(back):] + back
    rng.shuffle(rest)
    return kept + drawn, rest


def fftcg_findings(cards: Sequence[CardDefinition], trials: int, seed: int) -> list[Finding]:
    """Return the chance of a Backup in the opening hand and of playing one on turn 1.

    Holding one is exact (hypergeometric). Playing one is simulated: a Backup of cost c needs
    ceil(c/2) other cards discarded for CP (FFTCG 11.1), at least one of its element unless it
    is Light or Dark (11.3), and Light/Dark cards cannot be discarded for CP; a hand with no
    Backup is mulliganed (7.4). The 1-CP surplus allowance (11.2) is what makes ceil(c/2) enough.
    """
    schedule = SCHEDULES["fftcg"]
    size = len(cards)
    backups = sum(1 for c in cards if c.card_type == "backup")
    opening = hypergeometric_at_least(size, backups, schedule.opening_hand)
    by_turn = (hypergeometric_at_least(size, backups, schedule.cards_seen(1, True)),
               hypergeometric_at_least(size, backups, schedule.cards_seen(1, False)))
    findings = [
        Finding("a Backup in the opening hand", opening, opening, "exact", "FFTCG 7.3"),
        Finding("a Backup in hand on turn 1 (no mulligan)", by_turn[0], by_turn[1], "exact", "FFTCG 7.5, 8.2(a)"),
    ]
    profile = [(c.card_type == "backup", c.cost or 0, elements_of(c)) for c in cards]

    def can_play(order: list[Any], going_first: bool, rng: random.Random) -> bool:
        hand_size = schedule.opening_hand
        if not any(card[0] for card in order[:hand_size]):
            order = order[hand_size:] + order[:hand_size]   # mulligan: all 5 to the bottom (7.4)
        return _can_pay_backup(order[:schedule.cards_seen(1, going_first)])
    play, draw = _simulate(profile, trials, seed, can_play)
    findings.append(Finding("play a Backup on turn 1 (mulligan a hand without one)", play, draw,
                            f"simulated ({trials} trials)", "FFTCG 7.4, 11.1, 11.3"))
    return findings


def _can_pay_backup(hand: list[tuple[bool, int, tuple[str, ...]]]) -> bool:
    for index, (is_backup, cost, elements) in enumerate(hand):
        if not is_backup:
            continue
        others = [e for i, (_, _, e) in enumerate(hand) if i != index and not _is_light_or_dark(e)]
        needed = math.ceil(cost / 2)
        if len(others) < needed:
            continue
        if _is_light_or_dark(elements) or needed == 0 or any(set(e) & set(elements) for e in others):
            return True
    return False


def _is_light_or_dark(elements: tuple[str, ...]) -> bool:
    return any(e in ("light", "dark") for e in elements)


def _simulate(deck: list[Any], trials: int, seed: int,
              check: Callable[[list[Any], bool, random.Random], bool]) -> tuple[float, float]:
    """Return the fraction of seeded shuffles for which `check(order, going_first, rng)` holds, each way."""
    rng = random.Random(seed)
    hits = [0, 0]
    for _ in range(trials):
        order = list(deck)
        rng.shuffle(order)
        hits[0] += check(order, True, rng)
        hits[1] += check(order, False, rng)
    return hits[0] / trials if trials else 0.0, hits[1] / trials if trials else 0.0


FINDINGS: dict[str, Callable[[Mapping[str, Sequence[CardDefinition]], int, int], list[Finding]]] = {
    "vanguard": vanguard_findings,
    "fftcg": lambda sections, trials, seed: fftcg_findings(list(sections.get("main", ())), trials, seed),
}
"""Per-game questions answered for every deck; a game absent here gets only the odds tables."""

DEFAULT_TRIALS = 20_000   # simulated shuffles per question with choices (`tabletop goldfish --trials`)


def deck_findings(game_id: str, sections: Mapping[str, Sequence[CardDefinition]], trials: int = DEFAULT_TRIALS,
                  seed: int = 0) -> list[Finding]:
    """Return the game's questions answered for a deck (none for a game without any)."""
    finder = FINDINGS.get(game_id)
    return finder(sections, trials, seed) if finder is not None else []


# -- solo play ----------------------------------------------------------------------------------

MAX_SOLO_STEPS = 20_000  # a solo game stops here even if the bots never end a turn

@dataclass(frozen=True)
class TurnReport:
    """Where a solo game stood at the end of the deck's `turn`-th turn, averaged over games."""

    turn: int
    damage: float
    board: float
    hand: float
    example_board: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """Return the report as JSON data."""
        return {"turn": self.turn, "damage": round(self.damage, 3), "board": round(self.board, 3),
                "hand": round(self.hand, 3), "example_board": list(self.example_board)}


def goldfish_play(rules: GameRules, library: CardLibrary, deck: Mapping[str, Sequence[str]], turns: int,
                  games: int = 10, seed: int = 0, game_format: str = "", options: Mapping[str, Any] | None = None,
                  bot: str = "heuristic") -> list[TurnReport]:
    """Play the deck alone (the opponent, with a copy of it, only passes) and report each turn.

    Damage dealt is read generically: the opponent's life-like totals lost, damage-like totals
    gained and cards put in their damage zone. The board counts the deck's cards in play.
    """
    rows: dict[int, list[tuple[int, int, int, tuple[str, ...]]]] = {}
    rules_factory = type(rules)
    for index in range(games):
        game_rules = rules_factory()
        player, opponent = game_rules.players[0], game_rules.players[1]
        decks = {p: {s: list(ids) for s, ids in deck.items()} for p in (player, opponent)}
        config = GameConfig(game=game_rules.id, format=game_format, seed=derive_seed(seed, index), decks=decks,
                            seats={player: "ai", opponent: "ai"}, options=dict(options or {}),
                            auto_pass=[player, opponent])
        game = Game.start(game_rules, config, library)
        knowledge = Knowledge(player, rules_factory(), library, game_format, dict(options or {}), decks[player])
        bots = {player: make_bot(bot, knowledge, derive_seed(seed, index, 1)), opponent: PassiveBot()}
        start = damage_taken(game, opponent)
        own_turns = 0
        steps = 0
        watcher = _TurnWatcher(game, player)
        while own_turns < turns and not game.is_terminal() and steps < MAX_SOLO_STEPS:
            _, played = play_out(game, bots, max_turns=1_000_000, max_steps=1)
            if not played:
                break
            steps += 1
            if watcher.ended():
                own_turns += 1
                rows.setdefault(own_turns, []).append(
                    (damage_taken(game, opponent) - start, _board(game, player), _hand(game, player),
                     tuple(sorted(game.state.definition(i).name for i in _board_cards(game, player)))))
                watcher.reset()
    return [TurnReport(turn, sum(r[0] for r in items) / len(items), sum(r[1] for r in items) / len(items),
                       sum(r[2] for r in items) / len(items), items[0][3])
            for turn, items in sorted(rows.items())]


class _TurnWatcher:
    """Tells when `player`'s turn has just ended (or the game has), one step at a time."""

    def __init__(self, game: Game, player: str) -> None:
        self.game = game
        self.player = player
        self.turn = game.state.turn if game.state.active == player else None

    def ended(self) -> bool:
        state = self.game.state
        if self.game.is_terminal():
            return True
        if state.active == self.player and self.turn is None:
            self.turn = state.turn
        return self.turn is not None and (state.turn != self.turn or state.active != self.player)

    def reset(self) -> None:
        state = self.game.state
        self.turn = state.turn if state.active == self.player else None


def damage_taken(game: Game, player: str) -> int:
    """Return the damage a player has taken: life-like totals lost, damage-like gained, cards in damage zones."""
    state = game.state
    total = 0
    for name, value in state.totals.get(player, {}).items():
        if name in GOOD_TOTALS:
            total -= value
        elif name in BAD_TOTALS:
            total += value
    total += sum(len(z.cards) for z in state.zones.values() if z.owner == player and z.name in CLOCK_ZONES)
    return total


def _board_cards(game: Game, player: str) -> list[int]:
    return board_cards(game.state, player)


def board_cards(state: GameState, player: str) -> list[int]:
    """Return the cards `player` owns in play: on the game's field zones, never soul, gauge or orders.

    Field zones are the unit circles (layout "circle", the guardian circle excepted) when the
    game has them, else zones named "field"; a game with neither counts its public zones that
    are not discard-like piles.
    """
    owned = [z for z in state.zones.values() if z.owner == player]
    circles = [z for z in owned if z.spec.layout == "circle" and z.name.split(".")[0] not in SPENT_ZONES]
    fields = circles or [z for z in owned if z.name.split(".")[0] == "field"]
    if not fields:
        fields = [z for z in owned if z.spec.visibility is Visibility.PUBLIC and z.name.split(".")[0] not in SPENT_ZONES]
    return [i for z in fields for i in z.cards]


def _board(game: Game, player: str) -> int:
    return len(_board_cards(game, player))


def _hand(game: Game, player: str) -> int:
    return sum(len(z.cards) for z in game.state.zones.values()
               if z.owner == player and z.spec.visibility is Visibility.OWNER)
