"""Commands: frozen statements of intent that the rules validate and turn into changes."""
from __future__ import annotations

import dataclasses
import functools
import re
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Union

CardId = Annotated[int, "card instance id"]
"""A card instance id; scenario and record arguments of this type name a card.

Any int is a CardId to the type checker (the state keys its cards by plain ints); the annotation is
a runtime marker, so code reading a command's fields must call `typing.get_type_hints(cls,
include_extras=True)` or it sees a bare `int` and cannot tell card fields from counts.
"""

Pick = Union[int, str]
"""What a player picks when answering a decision: a card instance id or a named option."""


@dataclass(frozen=True, kw_only=True)
class Command:
    """Something a player asks to do; `by` is the player ("p1", "p2").

    Subclasses are frozen dataclasses named as imperatives. `manual = True` marks commands
    that play outside the rules (they are logged as such).
    """

    by: str
    manual: ClassVar[bool] = False

    @classmethod
    def command_name(cls) -> str:
        """Return the name scenario files and records use for this command."""
        return cls.__name__

    def describe(self) -> str:
        """Return a short line for the log and the Undo menu."""
        words = re.sub(r"(?<!^)(?=[A-Z])", " ", self.command_name()).lower()
        args = ", ".join(f"{f.name}={getattr(self, f.name)}" for f in dataclasses.fields(self)
                         if f.name != "by" and getattr(self, f.name) not in (None, (), ""))
        return f"{self.by}: {words}" + (f" ({args})" if args else "")

    def to_json(self) -> dict[str, Any]:
        """Return the command as JSON data for records."""
        data: dict[str, Any] = {"command": self.command_name()}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        return data


def card_fields(cls: type[Command]) -> tuple[str, ...]:
    """Return the names of a command's fields that hold card instance ids (CardId or Pick), in field order."""
    return _card_fields(cls)  # type: ignore[arg-type]  # a class is hashable; mypy reads Command's __hash__ as the class's


@functools.cache  # a pure function of the command class
def _card_fields(cls: type[Command]) -> tuple[str, ...]:
    hints = typing.get_type_hints(cls, include_extras=True)
    names = []
    for f in dataclasses.fields(cls):
        hint = hints[f.name]
        inner = typing.get_args(hint)  # tuple[CardId, ...], CardId | None
        if hint == CardId or hint == Pick or any(a == CardId or a == Pick for a in inner):
            names.append(f.name)
    return tuple(names)


def cards_of(command: Command) -> set[int]:
    """Return the card instance ids a command names."""
    found: set[int] = set()
    for name in card_fields(type(command)):
        value = getattr(command, name)
        values = value if isinstance(value, tuple) else (value,)
        found |= {v for v in values if isinstance(v, int) and not isinstance(v, bool)}
    return found


class CommandError(ValueError):
    """A command mapping that does not fit its command: names the field and what is wrong."""


def build_command(
    types_by_name: Mapping[str, type[Command]],
    data: Mapping[str, Any],
    resolve_card: Callable[[Any], int] | None = None,
) -> Command:
    """Build a command from a mapping `{command: NAME, by: P, ...args}`.

    `resolve_card` turns a card reference (an int, "@label", "p1.hand[0]") into an instance id;
    without it, card arguments must already be ints. Raises CommandError naming the bad field.
    """
    name = data.get("command")
    if not isinstance(name, str) or name not in types_by_name:
        raise CommandError(f"unknown command {name!r}")
    cls = types_by_name[name]
    hints = typing.get_type_hints(cls, include_extras=True)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        if key == "command":
            continue
        if key not in fields:
            raise CommandError(f"{name}: unknown field {key!r} (fields: {', '.join(fields)})")
        kwargs[key] = _convert(name, key, hints[key], value, resolve_card)
    missing = [f for f, spec in fields.items() if f not in kwargs
               and spec.default is dataclasses.MISSING and spec.default_factory is dataclasses.MISSING]
    if missing:
        raise CommandError(f"{name}: missing field {missing[0]!r}")
    return cls(**kwargs)


def _convert(command: str, key: str, hint: Any, value: Any, resolve_card: Callable[[Any], int] | None) -> Any:
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return None
        if hint == Pick or set(options) == {int, str}:
            return _pick(command, key, value, resolve_card)
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _convert(command, key, option, value, resolve_card)
            except CommandError as error:
                errors.append(str(error))
        raise CommandError(errors[0] if errors else f"{command}: field {key!r} has a bad value {value!r}")
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            value = [value]
        item_hint = typing.get_args(hint)[0]
        return tuple(_convert(command, key, item_hint, v, resolve_card) for v in value)
    if hint is CardId:
        if resolve_card is not None:
            try:
                return resolve_card(value)
            except (KeyError, ValueError) as error:
                raise CommandError(f"{command}: field {key!r}: {error.args[0] if error.args else error}") from None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise CommandError(f"{command}: field {key!r} must name a card, got {value!r}")
    if hint is bool:
        if not isinstance(value, bool):
            raise CommandError(f"{command}: field {key!r} must be true or false, got {value!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise CommandError(f"{command}: field {key!r} must be a whole number, got {value!r}")
        return value
    if hint is str:
        if not isinstance(value, (str, int)) or isinstance(value, bool):
            raise CommandError(f"{command}: field {key!r} must be text, got {value!r}")
        return str(value)
    return value


def _pick(command: str, key: str, value: Any, resolve_card: Callable[[Any], int] | None) -> Pick:
    if isinstance(value, bool):
        raise CommandError(f"{command}: field {key!r} must name a card or an option, got {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and resolve_card is not None and (value.startswith("@") or "[" in value or "." in value):
        try:
            return resolve_card(value)
        except (KeyError, ValueError) as error:
            raise CommandError(f"{command}: field {key!r}: {error.args[0] if error.args else error}") from None
    if isinstance(value, str):
        return value
    raise CommandError(f"{command}: field {key!r} must name a card or an option, got {value!r}")


def describe_arguments(cls: type[Command]) -> str:
    """Return `NAME(arg: type, ...)` for the command vocabulary listing."""
    hints = typing.get_type_hints(cls, include_extras=True)
    parts = []
    for f in dataclasses.fields(cls):
        if f.name == "by":
            continue
        text = _type_name(hints[f.name])
        if f.default is not dataclasses.MISSING:
            text += f" = {f.default!r}"
        parts.append(f"{f.name}: {text}")
    return f"{cls.command_name()}({', '.join(parts)})"


def _type_name(hint: Any) -> str:
    if hint is CardId:
        return "card"
    if hint == Pick:
        return "card|option"
    origin = typing.get_origin(hint)
    if origin is tuple:
        return f"[{_type_name(typing.get_args(hint)[0])}...]"
    if origin in (Union, types.UnionType):
        return "|".join("null" if a is type(None) else _type_name(a) for a in typing.get_args(hint))
    return getattr(hint, "__name__", str(hint))


# -- the engine's own commands, available in every game ------------------------------------------

@dataclass(frozen=True, kw_only=True)
class PassPriority(Command):
    """Pass: do nothing more now (pass priority, end the step, or decline to act)."""


@dataclass(frozen=True, kw_only=True)
class Choose(Command):
    """Answer the pending decision: cards or options picked, yes/no, or a number."""

    picks: tuple[Pick, ...] = ()
    yes: bool | None = None
    number: int | None = None


@dataclass(frozen=True, kw_only=True)
class Concede(Command):
    """Lose the game now; allowed at any time, whatever the cards say."""


@dataclass(frozen=True, kw_only=True)
class ManualMove(Command):
    """Move any card to any zone by hand (index 0 = top; -1 = bottom), optionally face down."""

    manual: ClassVar[bool] = True
    card: CardId
    to: str
    index: int = 0
    face_down: bool | None = None


@dataclass(frozen=True, kw_only=True)
class SetCounter(Command):
    """Set the number of counters of one name on a card by hand."""

    manual: ClassVar[bool] = True
    card: CardId
    name: str
    value: int


@dataclass(frozen=True, kw_only=True)
class SetState(Command):
    """Turn a card state on or off by hand: tapped (dull, rest), face_down, or a game's state."""

    manual: ClassVar[bool] = True
    card: CardId
    state: str
    value: bool = True


@dataclass(frozen=True, kw_only=True)
class AdjustTotal(Command):
    """Add to (or subtract from) a player's total such as life or damage by hand."""

    manual: ClassVar[bool] = True
    player: str
    name: str
    delta: int


@dataclass(frozen=True, kw_only=True)
class Shuffle(Command):
    """Shuffle a zone by hand (your deck, unless another zone is named)."""

    manual: ClassVar[bool] = True
    zone: str = "deck"


@dataclass(frozen=True, kw_only=True)
class DrawCards(Command):
    """Draw cards from the top of your deck by hand."""

    manual: ClassVar[bool] = True
    count: int = 1


@dataclass(frozen=True, kw_only=True)
class Reveal(Command):
    """Show a card to the other player (or to everyone) by hand."""

    manual: ClassVar[bool] = True
    card: CardId
    to: str = "all"


@dataclass(frozen=True, kw_only=True)
class MakeToken(Command):
    """Make a token by hand in a zone: its name and the game's token traits as "name=value" words (`atk=1000`,
    `attribute=dark`; engine.tokens), turned sideways when `tapped` (a Yu-Gi-Oh! Token in Defense Position)."""

    manual: ClassVar[bool] = True
    name: str
    to: str
    traits: tuple[str, ...] = ()
    tapped: bool = False


@dataclass(frozen=True, kw_only=True)
class UseAbilityByHand(Command):
    """Use a printed ability the rules cannot carry out (its text did not compile): its controller does it by hand.

    `ability` numbers the card's abilities by hand (`engine.by_hand.printed_by_hand`), from 0.
    """

    card: CardId
    ability: int = 0


ENGINE_COMMANDS: tuple[type[Command], ...] = (
    PassPriority, Choose, Concede, ManualMove, SetCounter, SetState, AdjustTotal, Shuffle, DrawCards, Reveal,
    MakeToken, UseAbilityByHand,
)
MANUAL_COMMANDS: tuple[type[Command], ...] = tuple(c for c in ENGINE_COMMANDS if c.manual)
