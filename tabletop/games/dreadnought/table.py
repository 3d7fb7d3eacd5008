"""The DreadNought table (digest §3): two Battle Areas a player, the Speed and Burst Areas, the Effect Area,
and the questions every rule asks of it (which units a slot holds, a caster's HP, who is first player).

Card states (§3.5): Open/Closed is the engine's `face_down`, Normal/Check its `tapped`.
"""
from __future__ import annotations

from tabletop.engine.state import GameState
from tabletop.engine.zones import Visibility, ZoneSpec, zone_id

SIDES = ("left", "right")
SIZES = {"S": 1, "M": 2, "L": 3}          # DN 3.1: size S = 1, M = 2, L = 3
SLOT_UNITS = 2                             # DN 3.1: at most 2 units in a unit slot …
SLOT_SIZE = 3                              # … whose sizes total at most 3
DUMMY_BP = 50                              # DN 5.3 (b): a dummy is a size-S unit of 50 BP

ZONES: tuple[ZoneSpec, ...] = (
    *(spec for index, side in enumerate(SIDES) for spec in (
        ZoneSpec(f"caster.{side}", capacity=1, layout="slot", row=1, column=1 + 3 * index, label=f"Caster ({side})"),
        ZoneSpec(f"arms.{side}", capacity=1, layout="slot", row=1, column=2 + 3 * index, label="Arms"),
        ZoneSpec(f"hp.{side}", Visibility.HIDDEN, layout="pile", row=1, column=3 + 3 * index, label="HP"),
        # the unit slot spreads over the three columns of its Battle Area: two checked (turned) units side by side
        ZoneSpec(f"units.{side}", capacity=2, layout="grid", row=0, column=1 + 3 * index, label=f"Units ({side})"),
    )),
    ZoneSpec("speed", capacity=1, layout="slot", row=1, column=0, label="Speed"),
    ZoneSpec("burst", Visibility.HIDDEN, layout="pile", row=0, column=0, label="Burst"),
    ZoneSpec("deck", Visibility.HIDDEN, layout="pile", row=1, column=7, label="Deck"),
    ZoneSpec("discard", layout="pile", row=0, column=7, label="Discard"),
    ZoneSpec("casters", Visibility.HIDDEN, layout="pile", label="Casters (setup)"),
    ZoneSpec("aside", Visibility.HIDDEN, layout="pile", label="Mulligan (set aside)"),
    ZoneSpec("hand", Visibility.OWNER, layout="fan", label="Hand"),
    ZoneSpec("effects", layout="column", shared=True, label="Effect Area"),
)
EFFECT_AREA = "effects"


def zone_name(state: GameState, iid: int) -> str:
    """Return the name of a card's zone without its owner ("units.left")."""
    return state.zones[state.cards[iid].zone].name


def side_of(state: GameState, iid: int) -> str | None:
    """Return the battle area ("left"/"right") a card is in, or None outside the Battle Areas."""
    name = zone_name(state, iid)
    head, _, side = name.partition(".")
    return side if head in ("caster", "hp", "units", "arms") else None


def units(state: GameState, player: str, side: str) -> list[int]:
    """Return the units in one unit slot."""
    return list(state.zones[zone_id(player, f"units.{side}")].cards)


def all_units(state: GameState, player: str) -> list[int]:
    """Return every unit of a player, left slot first."""
    return [iid for side in SIDES for iid in units(state, player, side)]


def caster(state: GameState, player: str, side: str) -> int | None:
    """Return the caster in a caster slot, if any."""
    cards = state.zones[zone_id(player, f"caster.{side}")].cards
    return cards[0] if cards else None


def hp(state: GameState, player: str, side: str) -> int:
    """Return a caster's HP: the number of HP cards in its HP slot (DN 1.1)."""
    return len(state.zones[zone_id(player, f"hp.{side}")].cards)


def is_dummy(state: GameState, iid: int) -> bool:
    """Tell whether a card is a dummy: a closed card in a unit slot (DN 5.3 b)."""
    return state.cards[iid].face_down and zone_name(state, iid).startswith("units.")


def public_name(state: GameState, iid: int) -> str:
    """Return how the public log names a card on the table: its name, or "a dummy" while it is a closed unit
    (DN 5.3 b: a dummy's face is hidden from the opponent)."""
    return "a dummy" if is_dummy(state, iid) else state.definition(iid).name


def size(state: GameState, iid: int) -> int:
    """Return a unit's size in points (a dummy is S)."""
    if is_dummy(state, iid):
        return 1
    return SIZES.get(str(state.definition(iid).attributes.get("size", "S")), 1)


def fits(state: GameState, player: str, side: str, adding: int) -> bool:
    """Tell whether a unit of `adding` size points fits a unit slot (DN 3.1: ≤ 2 units, sizes ≤ 3)."""
    return adding <= room(state, player, side)


def room(state: GameState, player: str, side: str) -> int:
    """Return the most size points a unit cast or moved into a unit slot may have (DN 3.1: ≤ 2 units, sizes ≤ 3):
    0 when the slot holds 2 units."""
    present = units(state, player, side)
    return SLOT_SIZE - sum(size(state, u) for u in present) if len(present) < SLOT_UNITS else 0


def first_player(state: GameState) -> str:
    """Return this turn's first player (先攻); before the Speed Phase decides it, the table's active player."""
    return str(state.data.get("first") or state.active)


def last_player(state: GameState) -> str:
    """Return this turn's last player (後攻)."""
    return state.opponent(first_player(state))
