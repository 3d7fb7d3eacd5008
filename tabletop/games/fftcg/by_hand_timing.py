"""The timing of an FFTCG ability by hand, and where its card must be, read from its printed text (engine.by_hand).

FFTCG 11.5: an action ability is written "Cost: Effect" (the colon ends the cost; 11.6), an auto ability opens with
"When…", "Whenever…" or "At the beginning/end of…" (11.8.1), and every other ability is a field ability (11.12).
Abilities are used from the field (11.6) unless the text says otherwise: a cost that discards the card or removes it
from the hand or the Break Zone, or "You can only use this ability if <card> is in your hand / the Break Zone".
"""
from __future__ import annotations

import functools
import re

from tabletop.engine.by_hand import ACTION, AUTO, CONTINUOUS

# FFTCG markup the card data keeps: [[ex]]EX BURST[[/]], [[br]] line breaks, 《S》《1》《ダル》 symbols
_MARKUP = re.compile(r"\[\[/?[a-z]*\]\]")
_AUTO = re.compile(r"^(ex burst\s+)?(when|whenever|at the (beginning|start|end)|each time)\b", re.IGNORECASE)
_COST = re.compile(r"^[^.:]{1,160}:\s")   # "《S》《1》, Dull: …", "Put X into the Break Zone: …"


def timing(text: str) -> str:
    """Return ACTION, AUTO or CONTINUOUS for an FFTCG ability's printed text."""
    flat = _MARKUP.sub(" ", text).strip()
    if _AUTO.match(flat):
        return AUTO
    if _COST.match(flat):
        return ACTION
    return CONTINUOUS


FIELD, HAND, BREAK_ZONE = "field", "hand", "break"


@functools.lru_cache(maxsize=4096)  # read at every decision for each ability by hand in reach: the text never changes
def zones_of_use(text: str, name: str) -> frozenset[str]:
    """Return the zones ("field", "hand", "break") a card may be in when its ability by hand is used or announced."""
    flat = _MARKUP.sub(" ", text).strip()
    me = re.escape(name)
    if _AUTO.match(flat):  # a card put into the Break Zone (broken, discarded) announces its trigger from there
        leaves = re.search(rf"\bwhen(ever)? {me} (is put (from the field )?into the Break Zone|is broken|is discarded)",
                           flat, re.IGNORECASE)
        return frozenset({FIELD, BREAK_ZONE}) if leaves else frozenset({FIELD})
    cost = flat.split(": ", 1)[0] if _COST.match(flat) else ""
    places = set()
    if re.search(rf"\b(discard {me}|(remove|reveal) {me} (in|from) your hand)\b", cost, re.IGNORECASE) or re.search(
            rf"only use this ability if {me} is in your hand", flat, re.IGNORECASE):
        places.add(HAND)
    if re.search(rf"\bremove {me} in (the|your) Break Zone\b", cost, re.IGNORECASE) or re.search(
            rf"only use this ability if {me} is in (the|your) Break Zone", flat, re.IGNORECASE):
        places.add(BREAK_ZONE)
    return frozenset(places or {FIELD})
