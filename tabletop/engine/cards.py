"""Card definitions: the frozen, printed facts of a card as the engine sees them."""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

# Keys of a card mapping (card files, scenario `cards:`) that map onto CardDefinition fields.
COMMON_KEYS = ("id", "name", "type", "cost", "text", "keywords", "effects", "stats")


@dataclass(frozen=True)
class CardDefinition:
    """One printed card: identity, common fields, per-game attributes and behaviour data.

    Contract: instances are never mutated (the dict fields are treated as read-only);
    `carddb` produces them, the engine and the games only read them.
    """

    id: str
    game: str
    name: str
    card_type: str
    cost: int | None = None
    stats: Mapping[str, int] = field(default_factory=dict)
    text: str = ""
    keywords: Mapping[str, Any] = field(default_factory=dict)
    attributes: Mapping[str, Any] = field(default_factory=dict)
    effects: tuple[Mapping[str, Any], ...] = ()

    def __hash__(self) -> int:
        return hash((self.game, self.id))

    def stat(self, name: str, default: int = 0) -> int:
        """Return a printed stat (power, shield, grade, atk…), or `default` when it has none."""
        value = self.stats.get(name)
        return default if value is None else int(value)

    def has_keyword(self, name: str) -> bool:
        """Tell whether the card prints the keyword `name`."""
        return name in self.keywords

    def to_mapping(self) -> dict[str, Any]:
        """Return the card as a card-file mapping; `from_mapping` reads it back unchanged."""
        data: dict[str, Any] = {"id": self.id, "name": self.name, "type": self.card_type}
        if self.cost is not None:
            data["cost"] = self.cost
        if self.stats:
            data["stats"] = dict(self.stats)
        if self.text:
            data["text"] = self.text
        if self.keywords:
            data["keywords"] = dict(self.keywords)
        if self.effects:
            data["effects"] = [dict(e) for e in self.effects]
        data.update(self.attributes)
        return data

    @classmethod
    def from_mapping(cls, game: str, data: Mapping[str, Any], stat_keys: Iterable[str] = ()) -> CardDefinition:
        """Build a definition from a card-file mapping.

        `stat_keys` names the game's numeric stats that may also be written at top level
        (`power: 5000` as well as `stats: {power: 5000}`); every other unknown key is a
        per-game attribute. Keywords may be a list of names or a name→value mapping.
        Raises ValueError naming the field when the mapping is malformed.
        """
        if not isinstance(data, Mapping):
            raise ValueError(f"a card must be a mapping, not {type(data).__name__}")
        for required in ("id", "name", "type"):
            if required not in data or data[required] in (None, ""):
                raise ValueError(f"card {data.get('id', '?')!r}: missing field {required!r}")
        stat_keys = tuple(stat_keys)
        stats: dict[str, int] = {}
        raw_stats = data.get("stats") or {}
        if not isinstance(raw_stats, Mapping):
            raise ValueError(f"card {data['id']!r}: field 'stats' must be a mapping")
        for key, value in list(raw_stats.items()) + [(k, data[k]) for k in stat_keys if k in data]:
            stats[str(key)] = _as_int(data["id"], key, value)
        cost = data.get("cost")
        if cost is not None:
            cost = _as_int(data["id"], "cost", cost)
        keywords = _keywords(data["id"], data.get("keywords"))
        effects = data.get("effects") or []
        if not isinstance(effects, list) or not all(isinstance(e, Mapping) for e in effects):
            raise ValueError(f"card {data['id']!r}: field 'effects' must be a list of mappings")
        attributes = {k: v for k, v in data.items() if k not in COMMON_KEYS and k not in stat_keys}
        return cls(
            id=str(data["id"]),
            game=game,
            name=str(data["name"]),
            card_type=str(data["type"]).lower(),
            cost=cost,
            stats=stats,
            text=str(data.get("text") or ""),
            keywords=keywords,
            attributes=attributes,
            effects=tuple(dict(e) for e in effects),
        )


def _as_int(card_id: Any, key: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError(f"card {card_id!r}: field {key!r} must be a whole number, got {value!r}")
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"card {card_id!r}: field {key!r} must be a whole number, got {value!r}") from None


def _keywords(card_id: Any, raw: Any) -> dict[str, Any]:
    if raw is None:
        return {}
    if isinstance(raw, Mapping):
        return {str(k).lower(): v for k, v in raw.items()}
    if isinstance(raw, list):
        result: dict[str, Any] = {}
        for item in raw:
            if isinstance(item, str):
                result[item.lower()] = True
            elif isinstance(item, Mapping) and len(item) == 1:
                (name, value), = item.items()
                result[str(name).lower()] = value
            else:
                raise ValueError(f"card {card_id!r}: keyword {item!r} must be a name or {{name: value}}")
        return result
    raise ValueError(f"card {card_id!r}: field 'keywords' must be a list or a mapping")


class CardLibrary(Mapping[str, CardDefinition]):
    """The card definitions a game can use, looked up by card id."""

    def __init__(self, cards: Iterable[CardDefinition] = ()) -> None:
        self._cards: dict[str, CardDefinition] = {}
        # the same dict, for hot lookups that cannot afford a method call (`GameState.definition`): read, never change
        self.by_id: Mapping[str, CardDefinition] = self._cards
        self.version = 0  # bumped by every `add`: a copy made at one version is the same library while it holds
        # values the games derive from this library (indexes, the tables' copy), see engine.library_index;
        # they live and die with the library, so no cache outside it can go stale or be shared by two games
        self.derived: dict[Hashable, tuple[int, Any]] = {}
        for card in cards:
            self.add(card)

    def add(self, card: CardDefinition) -> None:
        """Add or replace one definition."""
        self._cards[card.id] = card
        self.version += 1

    def __getitem__(self, card_id: str) -> CardDefinition:
        return self._cards[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._cards   # Mapping's own tries a lookup and catches the KeyError: slower

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)
