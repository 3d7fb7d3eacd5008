"""Vocabulary: a game's effect words — each a handler and the parameters card data may give it.

Card data names effects from its game's vocabulary (`{effect: draw, count: 1}`). Each word declares its
parameters with the type of value each takes, so a card file is checked when it is loaded: an unknown word,
an unknown parameter or a value of the wrong type is a load error naming the card and the step, never a
surprise in the middle of a game. A word without a handler is read where it applies (a continuous effect)
and never run as a step.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

# A parameter's type: a Python type (or a tuple of them) its value must be; `object` takes anything.
ParamType = type | tuple[type, ...]
# Steps run by the procedure layer: handler(tx, frame index, step) -> True when done, False when it waits.
Handler = Callable[..., Any]


@dataclass(frozen=True)
class Word:
    """One effect word: its name, its handler (None: read where it applies) and its parameters' types."""

    name: str
    handler: Handler | None
    params: Mapping[str, ParamType] = field(default_factory=dict)


def _type_name(kind: ParamType) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = {int: "a whole number", str: "a text", bool: "true or false", list: "a list", dict: "a mapping"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


class Vocabulary:
    """A game's effect words, looked up by name; `check_step` checks a step of card data against them.

    `common` are the parameters every word accepts (a step's `if:` condition, its `target`).
    """

    def __init__(self, game: str, common: Mapping[str, ParamType] | None = None) -> None:
        self.game = game
        self.common: dict[str, ParamType] = dict(common or {})
        self._words: dict[str, Word] = {}
        self.handlers: dict[str, Handler] = {}  # name -> handler, read on the hot path

    def add(self, name: str, handler: Handler | None = None, *names: str, **params: ParamType) -> None:
        """Add a word; its parameters are `names` (any value) and `params` (name=type)."""
        if name in self._words:
            raise ValueError(f"{self.game}: the effect word {name!r} is defined twice")
        declared: dict[str, ParamType] = {key: object for key in names}
        declared.update(params)
        self._words[name] = Word(name, handler, declared)
        if handler is not None:
            self.handlers[name] = handler

    def word(self, name: str, *names: str, **params: ParamType) -> Callable[[Handler], Handler]:
        """Register the decorated function as the handler of a word (decorator form of `add`)."""
        def register(handler: Handler) -> Handler:
            self.add(name, handler, *names, **params)
            return handler
        return register

    def handles(self, name: str) -> Callable[[Handler], Handler]:
        """Make the decorated function the handler of a word declared without one (decorators stack)."""
        def attach(handler: Handler) -> Handler:
            word = self._words.get(name)
            if word is None or word.handler is not None:
                raise ValueError(f"{self.game}: {name!r} is not a declared effect word without a handler")
            self._words[name] = Word(name, handler, word.params)
            self.handlers[name] = handler
            return handler
        return attach

    def __contains__(self, name: object) -> bool:
        return name in self._words

    def __iter__(self) -> Iterator[str]:
        return iter(self._words)

    def __getitem__(self, name: str) -> Word:
        return self._words[name]

    def params(self, name: str) -> tuple[str, ...]:
        """Return the names of a word's own parameters."""
        return tuple(self._words[name].params)

    def check_step(self, where: str, step: Any, private: bool = False) -> list[str]:
        """Return one line per problem with a step of card data (empty when it fits the vocabulary).

        Words starting with "_" are the game's own procedures, allowed only when `private`.
        """
        if not isinstance(step, Mapping) or "effect" not in step:
            return [f"{where}: a step is a mapping with 'effect'"]
        name = step["effect"]
        word = self._words.get(name) if isinstance(name, str) else None
        if word is None or (str(name).startswith("_") and not private):
            return [f"{where}: unknown effect {name!r}"]
        unknown = [f"{where}: effect {name!r} has no parameter {key!r}" for key in step
                   if key != "effect" and key not in word.params and key not in self.common]
        return unknown + self.check_values(where, step)

    def check_values(self, where: str, step: Mapping[str, Any]) -> list[str]:
        """Return one line per declared parameter of a known word whose value has the wrong type."""
        word = self._words.get(step.get("effect"))  # type: ignore[arg-type]
        if word is None:
            return []
        problems = []
        for key, value in step.items():
            kind = word.params.get(key, self.common.get(key))
            if kind is None or kind is object:
                continue
            if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
                problems.append(f"{where}: {word.name} {key!r} must be {_type_name(kind)}")
        return problems


def _kinds(kind: ParamType) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)
