"""The timing of a Vanguard ability by hand, read from its printed text (engine.by_hand).

VG 7.1 / seed 一: an ability is marked by its kind — 【ACT】/[ACT] (used in your main phase, VG 7.5), 【AUTO】/[AUTO]
(triggered by an event, VG 7.4) or 【CONT】/[CONT] (works by itself, VG 7.6).
"""
from __future__ import annotations

import re

from tabletop.engine.by_hand import ACTION, AUTO, CONTINUOUS

_KIND = re.compile(r"^\s*[\[【]\s*(ACT|AUTO|CONT)\s*[\]】]", re.IGNORECASE)


def timing(text: str) -> str:
    """Return ACTION, AUTO or CONTINUOUS for a Vanguard ability's printed text (no mark: an automatic ability's
    wording "When…" is AUTO; anything else works by itself)."""
    found = _KIND.match(text)
    if found is not None:
        return {"ACT": ACTION, "AUTO": AUTO, "CONT": CONTINUOUS}[found.group(1).upper()]
    return AUTO if re.match(r"^\s*(when|whenever|at the (beginning|start|end))\b", text, re.IGNORECASE) else CONTINUOUS
