"""The Yu-Gi-Oh! field (digest §3): its zones, who uses which Extra Monster Zone, linked zones, and where cards
go when they leave the field (R4 materials, R8 Pendulums, R9 Tokens, Extra Deck monsters to the Extra Deck)."""
from __future__ import annotations

import functools
from collections.abc import Sequence

from tabletop.engine.state import GameState
from tabletop.engine.transaction import Transaction
from tabletop.engine.zones import Visibility, ZoneSpec
from tabletop.games.yugioh.cards import CardFacts, arrow_offsets, facts

MMZ = tuple(f"mmz.{i}" for i in range(1, 6))
STZ = tuple(f"stz.{i}" for i in range(1, 6))
PENDULUM_ZONES = ("stz.1", "stz.5")   # YGO 3.1: the end Spell & Trap Zones double as Pendulum Zones
EMZ = ("emz.left", "emz.right")
TOKENS_MADE = "tokens_made"   # data: set once a Token was made this game (only then are stray Tokens looked for)
_EMZ_COLUMN = {"emz.left": 2, "emz.right": 4}   # seen from p1's side; p2 sees them mirrored

# Row 0 is the row nearest the middle of the table: monsters in front, spells and traps behind.
ZONES: tuple[ZoneSpec, ...] = (
    *(ZoneSpec(f"mmz.{i}", capacity=1, layout="slot", row=0, column=i, label=f"Monster {i}") for i in range(1, 6)),
    *(ZoneSpec(f"stz.{i}", capacity=1, layout="slot", row=1, column=i,
               label=("Pendulum / " if i in (1, 5) else "") + f"Spell & Trap {i}") for i in range(1, 6)),
    ZoneSpec("field", capacity=1, layout="slot", row=0, column=0, label="Field Zone"),
    ZoneSpec("gy", Visibility.PUBLIC, layout="pile", row=0, column=6, label="GY"),
    ZoneSpec("banished", Visibility.PUBLIC, layout="pile", row=0, column=7, label="Banished"),
    # face down to the opponent; its owner may check and reorder it at any time (digest §3, [S §额外卡组区域])
    ZoneSpec("extra", Visibility.OWNER, layout="pile", row=1, column=0, label="Extra Deck"),
    ZoneSpec("deck", Visibility.HIDDEN, layout="pile", row=1, column=6, label="Deck"),
    # every material is drawn: the window lays each under its Xyz Monster (YugiohRules.attached_to)
    ZoneSpec("materials", Visibility.PUBLIC, layout="slot", row=1, column=7, label="Xyz materials"),
    ZoneSpec("hand", Visibility.OWNER, layout="fan", label="Hand"),
    # YGO 3.1: the two Extra Monster Zones are shared, between the players' monster rows.
    ZoneSpec("emz.left", capacity=1, layout="slot", row=-1, column=2, shared=True, label="Extra Monster"),
    ZoneSpec("emz.right", capacity=1, layout="slot", row=-1, column=4, shared=True, label="Extra Monster"),
    ZoneSpec("chain", layout="column", shared=True, label="Chain"),
)


def card_facts(state: GameState, iid: int) -> CardFacts:
    """Return the printed facts of a card instance."""
    return facts(state.library, state.cards[iid].card_id)


def attribute_of(state: GameState, iid: int) -> str:
    """Return a card's current Attribute in lower case (an effect's change, else the printed one)."""
    value = state.cards[iid].props.get("attribute") or state.definition(iid).attributes.get("attribute") or ""
    return str(value if isinstance(value, str) else (value[0] if value else "")).lower()


def current_atk(state: GameState, iid: int) -> int:
    """Return a monster's current ATK: printed, plus what the Equip Cards equipped to it give and a change made this
    turn "until the end of this turn" (never below 0)."""
    card = state.cards[iid]
    bonus = state.memo("yugioh.equip_atk", lambda: _equip_bonuses(state), board=True).get(iid, 0)
    if card.props.get("atk_turn") == state.turn:
        bonus += int(card.props.get("atk_change") or 0)
    return max(0, card_facts(state, iid).atk + bonus)


def _equip_bonuses(state: GameState) -> dict[int, int]:
    """Return, per monster equipped with Equip Cards, the ATK they give it (read from the board alone)."""
    bonuses: dict[int, int] = {}
    for player in state.players:
        for equip in spells_traps(state, player):
            props = state.cards[equip].props
            target = props.get("equipped_to")
            if target is not None:
                bonuses[target] = bonuses.get(target, 0) + int(props.get("equip_atk") or 0)
    return bonuses


def monster_zones(state: GameState, player: str) -> list[str]:
    """Return the ids of the Monster Zones a player's monsters may stand in: their MMZs and the EMZs."""
    return [f"{player}.{z}" for z in MMZ] + list(EMZ)


@functools.cache
def _side(player: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Return the zone ids of a player's Main Monster Zones and of their Spell & Trap Zones with the Field Zone (read
    at every check of every listing: built once per seat)."""
    return tuple(f"{player}.{z}" for z in MMZ), tuple(f"{player}.{z}" for z in (*STZ, "field"))


def monsters(state: GameState, player: str) -> list[int]:
    """Return the monsters a player controls (Main and Extra Monster Zones), left to right."""
    zones = state.zones
    found = [zones[z].cards[0] for z in _side(player)[0] if zones[z].cards]
    return found + [i for z in EMZ for i in zones[z].cards if state.cards[i].controller == player]


def spells_traps(state: GameState, player: str) -> list[int]:
    """Return the cards in a player's Spell & Trap Zones and Field Zone."""
    zones = state.zones
    return [i for z in _side(player)[1] for i in zones[z].cards]


def is_on_field(state: GameState, iid: int) -> bool:
    """Tell whether a card is on the field (YGO 3.2: Monster, Spell & Trap and Field Zones)."""
    name = state.cards[iid].zone.split(".", 1)[-1]
    return name.startswith(("mmz.", "stz.", "emz.")) or name == "field"


def is_monster_zone(zone: str) -> bool:
    """Tell whether a zone id is a Main or Extra Monster Zone."""
    return ".mmz." in zone or zone.startswith("emz.")


def free_mmz(state: GameState, player: str, freed: Sequence[int] = ()) -> list[str]:
    """Return a player's unoccupied Main Monster Zones, counting those `freed` cards will leave (YGO 3.4)."""
    return [z for z in _side(player)[0] if not [i for i in state.zones[z].cards if i not in freed]]


def free_stz(state: GameState, player: str) -> list[str]:
    """Return a player's unoccupied Spell & Trap Zones."""
    return [f"{player}.{z}" for z in STZ if not state.zones[f"{player}.{z}"].cards]


def usable_emz(state: GameState, player: str, freed: Sequence[int] = ()) -> list[str]:
    """Return the EMZs a player may summon to from the Extra Deck: none while they already use one (YGO 3.5:
    one EMZ each, both only by an Extra Link), else the empty ones."""
    held = [z for z in EMZ if any(state.cards[i].controller == player and i not in freed for i in state.zones[z].cards)]
    if held and not is_extra_link(state, player):
        return []
    return [z for z in EMZ if not [i for i in state.zones[z].cards if i not in freed]]


def _position(state: GameState, player: str, zone: str) -> tuple[int, int] | None:
    """Return (row, column) of a zone seen from `player`'s side: EMZs at row -1, MMZs at row 0."""
    if zone in _EMZ_COLUMN:
        column = _EMZ_COLUMN[zone]
        return (-1, column if player == state.players[0] else 6 - column)
    if zone.startswith(f"{player}.mmz."):
        return (0, int(zone.rsplit(".", 1)[1]))
    return None


def linked_zones(state: GameState, player: str, freed: Sequence[int] = ()) -> set[str]:
    """Return the Monster Zones of a player's side that the player's Link Monsters point to (YGO 3.5)."""
    by_position = {_position(state, player, z): z for z in monster_zones(state, player)}
    found: set[str] = set()
    for iid in monsters(state, player):
        card = state.cards[iid]
        fact = card_facts(state, iid)
        if iid in freed or not fact.is_("link") or card.face_down:
            continue
        where = _position(state, player, card.zone)
        if where is None:
            continue
        for dr, dc in arrow_offsets(fact.arrows):
            zone = by_position.get((where[0] + dr, where[1] + dc))
            if zone is not None:
                found.add(zone)
    return found


def is_extra_link(state: GameState, player: str) -> bool:
    """Tell whether co-linked Link Monsters of `player` run from one EMZ to the other (YGO 3.5 Extra Link)."""
    ends = [i for z in EMZ for i in state.zones[z].cards if state.cards[i].controller == player]
    if len(ends) < 2:
        return False
    links = {state.cards[i].zone: i for i in monsters(state, player) if card_facts(state, i).is_("link")}
    pointed = {zone: _points_to(state, player, iid) for zone, iid in links.items()}
    reached, todo = {EMZ[0]}, [EMZ[0]]
    while todo:
        zone = todo.pop()
        for other in pointed.get(zone, set()):
            if other in links and zone in pointed.get(other, set()) and other not in reached:
                reached.add(other)
                todo.append(other)
    return EMZ[1] in reached


def _points_to(state: GameState, player: str, iid: int) -> set[str]:
    by_position = {_position(state, player, z): z for z in monster_zones(state, player)}
    where = _position(state, player, state.cards[iid].zone)
    if where is None:
        return set()
    return {by_position[(where[0] + dr, where[1] + dc)] for dr, dc in arrow_offsets(card_facts(state, iid).arrows)
            if (where[0] + dr, where[1] + dc) in by_position}


def summon_zones(state: GameState, player: str, iid: int, freed: Sequence[int] = ()) -> list[str]:
    """Return the zones a monster may be Special Summoned to now (YGO 3.6, the April 2020 rule).

    From the Extra Deck: Link Monsters and face-up Pendulums only to a usable EMZ or a linked MMZ; Fusion, Synchro
    and Xyz Monsters to a usable EMZ or any free MMZ. From anywhere else: a free MMZ only (YGO 3.7).
    """
    card = state.cards[iid]
    mmz = free_mmz(state, player, freed)
    if not card.zone.endswith(".extra"):
        return mmz
    fact = card_facts(state, iid)
    emz = usable_emz(state, player, freed)
    if fact.is_("link") or (fact.is_("pendulum") and card.props.get("face_up_extra")):
        linked = linked_zones(state, player, freed)
        return emz + [z for z in mmz if z in linked]
    return emz + mmz


def leave_field(tx: Transaction, iid: int, to: str = "gy", rule: str = "") -> None:
    """Send a card from the field (or hand, Deck, materials) to its owner's GY, hand, Deck or banishment,
    as the rules redirect it: a Pendulum Monster from the field goes face-up to the Extra Deck (R8), an Extra
    Deck monster bound for the hand or Deck goes to the Extra Deck (9.1), its Xyz materials go to the GY (R4), a Token
    vanishes (R9)."""
    state = tx.state
    card = state.cards[iid]
    fact = card_facts(state, iid)
    owner = card.owner
    was_on_field = is_on_field(state, iid)
    for material in list(state.zones[f"{card.controller}.materials"].cards):
        if state.cards[material].props.get("under") == iid:
            tx.set_prop(material, "under", None)
            tx.move(material, f"{state.cards[material].owner}.gy")
            tx.log(f"{state.definition(material).name}, an Xyz material, is sent to the GY", "YGO R4")
    if card.is_token:
        vanish(tx, iid)
        return
    tx.clear_card(iid)
    if fact.is_monster and fact.is_("pendulum") and was_on_field and to == "gy":
        _to_face_up_extra(tx, iid)
        tx.log(f"{state.definition(iid).name} goes face-up to the Extra Deck", "YGO R8")
        return
    if fact.is_extra_deck and to in ("hand", "deck"):
        tx.move(iid, f"{owner}.extra", len(face_up_extra(state, owner)))
        tx.log(f"{state.definition(iid).name} returns to the Extra Deck", "YGO 9.1")
        return
    tx.move(iid, f"{owner}.{to}")
    if rule:
        tx.log(f"{state.definition(iid).name} is sent to the {to.upper() if to == 'gy' else to}", rule)


def face_up_extra(state: GameState, player: str) -> list[int]:
    """Return the face-up Pendulum Monsters in a player's Extra Deck (they sit above the face-down cards)."""
    return [i for i in state.zones[f"{player}.extra"].cards if state.cards[i].props.get("face_up_extra")]


def _to_face_up_extra(tx: Transaction, iid: int) -> None:
    tx.move(iid, f"{tx.state.cards[iid].owner}.extra", 0)
    tx.set_prop(iid, "face_up_extra", True)
    tx.reveal(iid, "all")


def vanish(tx: Transaction, iid: int) -> None:
    """Take a Token that left the field out of the game (YGO R9, 2.4; AS-Y18: not even among the banished cards)."""
    name = tx.state.definition(iid).name
    tx.remove_token(iid)
    tx.log(f"{name} leaves the field and ceases to exist", "YGO R9: a Token off the field vanishes")


def stray_tokens(state: GameState) -> list[int]:
    """Return the Tokens that are off the field (moved by hand): they cease to exist by rule (YGO R9)."""
    if not state.data.get(TOKENS_MADE):   # no Token was ever made: nothing to look for
        return []
    return [iid for iid, card in state.cards.items() if card.is_token and not is_on_field(state, iid)]


def exists(state: GameState, iid: int | None) -> bool:
    """Tell whether a card id kept by the rules (a target, an attacker) still names a card: a Token may be gone."""
    return iid is not None and iid in state.cards
