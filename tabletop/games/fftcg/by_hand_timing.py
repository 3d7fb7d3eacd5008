"""The timing of an FFTCG ability by hand, read from its printed text (engine.by_hand).

FFTCG 11.5: an action ability is written "Cost: Effect" (the colon ends the cost; 11.6), an auto ability opens with
"When…", "Whenever…" or "At the beginning/end of…" (11.8.1), and every other ability is a field ability (11.12).
"""
from __future__ import annotations

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
