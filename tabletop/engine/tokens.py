"""Tokens made by hand: the printed facts a player gives a token (`MakeToken`) and the definition made from them.

A game says what its tokens have besides a name (`GameRules.token_traits`: a Yu-Gi-Oh! Token's ATK, DEF, Level and
Attribute); the window asks for exactly these, and `GameRules.token_definition` turns the answers into the token's
printed definition. The definition's id is made from its facts, so the same token made again (a replay, a redo, a
bot's copy of the table) names the same definition.
"""
from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

TOKEN_TYPE = "token"   # the card type of a token made by hand (every game's card faces draw it as one)


@dataclass(frozen=True)
class TokenTrait:
    """One printed fact of a token made by hand: a whole number between `least` and `most`, or one of `choices`.

    `stat`: the number is a printed stat (ATK, Level); otherwise the trait is a card attribute (Attribute, Type).
    """

    name: str                       # the key in the definition ("atk", "attribute")
    label: str                      # what the dialog asks ("ATK", "Attribute")
    default: int | str = 0
    least: int = 0
    most: int = 99_999
    choices: tuple[str, ...] = ()   # for a named trait: the words allowed (empty: any text)
    stat: bool = True


def traits_text(traits: Mapping[str, int | str]) -> tuple[str, ...]:
    """Return traits as a `MakeToken` command carries them: "name=value" words, in the order given."""
    return tuple(f"{name}={value}" for name, value in traits.items())


def read_traits(words: Sequence[str], allowed: Sequence[TokenTrait]) -> dict[str, int | str]:
    """Read a `MakeToken`'s "name=value" words against the game's traits (defaults for the ones not given).

    Raises ValueError saying which word is wrong in a player's words.
    """
    by_name = {trait.name: trait for trait in allowed}
    found: dict[str, int | str] = {trait.name: trait.default for trait in allowed}
    for word in words:
        name, sign, value = word.partition("=")
        trait = by_name.get(name.strip().lower())
        if not sign or trait is None:
            known = ", ".join(t.name for t in allowed) or "none"
            raise ValueError(f"a token has no trait {word!r} (its traits: {known})")
        value = value.strip()
        if trait.stat:
            if not re.fullmatch(r"-?\d+", value) or not trait.least <= int(value) <= trait.most:
                raise ValueError(f"a token's {trait.label} is a whole number from {trait.least} to {trait.most}, "
                                 f"not {value!r}")
            found[trait.name] = int(value)
        elif trait.choices and value.lower() not in trait.choices:
            raise ValueError(f"a token's {trait.label} is one of {', '.join(trait.choices)}, not {value!r}")
        else:
            found[trait.name] = value.lower() if trait.choices else value
    return found


def token_id(game: str, name: str, traits: Mapping[str, int | str]) -> str:
    """Return the card id of a token made by hand: the same name and traits always give the same id."""
    facts = json.dumps([game, name, sorted(traits.items())], separators=(",", ":"))
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:24] or "token"
    return f"token-{slug}-{hashlib.sha1(facts.encode()).hexdigest()[:10]}"
