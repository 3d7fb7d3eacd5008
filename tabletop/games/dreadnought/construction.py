"""The deck rules DreadNought checks as a game starts with the chosen decks: the casters (DN 2.1) and the
cluster condition (DN 2.3). The card database checks the whole deck list as well (carddb.validation)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from tabletop.engine.cards import CardDefinition, CardLibrary


def clusters(card: CardDefinition) -> list[str]:
    """Return the cluster symbols a card shows ([] blank, ["all"] 【全】)."""
    value = card.attributes.get("cluster") or []
    return [value] if isinstance(value, str) else [str(v) for v in value]


def deck_problem(player: str, sections: Mapping[str, Sequence[str]], library: CardLibrary) -> str | None:
    """Return the first way a player's chosen deck breaks DN 2.1 or 2.3, in one line, or None."""
    casters = [library[c] for key in ("casters", "extra") for c in sections.get(key, ()) if c in library]
    if len(casters) != 2:
        return f"{player}'s deck: a player brings exactly 2 casters, this deck has {len(casters)} (DN 2.1)"
    if casters[0].name == casters[1].name:
        return f"{player}'s deck: the two casters must have different names, both are {casters[0].name!r} (DN 2.1)"
    allowed = Counter(colour for caster in casters for colour in clusters(caster))
    for card_id in dict.fromkeys(sections.get("main", ())):
        card = library[card_id] if card_id in library else None
        if card is None or "all" in clusters(card):
            continue
        for colour, count in Counter(clusters(card)).items():
            if count > allowed[colour]:
                return (f"{player}'s deck: {card.name!r} shows {count} {colour} cluster symbol(s) but the casters "
                        f"allow {allowed[colour]} (DN 2.3)")
    return None
