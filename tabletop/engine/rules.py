"""GameRules: the protocol every game module implements, with defaults shared by all games."""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.commands import Command, PassPriority
from tabletop.engine.decision import Decision
from tabletop.engine.errors import IllegalCommand
from tabletop.engine.library_index import per_library
from tabletop.engine.rng import seed_state
from tabletop.engine.state import GameState
from tabletop.engine.text_compilation import CompiledText
from tabletop.engine.tokens import TOKEN_TYPE, TokenTrait, token_id
from tabletop.engine.transaction import Transaction
from tabletop.engine.zones import ZoneSpec, zone_id


@dataclass(frozen=True)
class CardChoice:
    """Cards a player may pick for card fields of a listed command: what pays for a play, its targets, a group.

    `once`: the choice picks what tells apart the listed commands of one card (a play's targets, a Party's
    Forwards), so the window offers it once for them all; otherwise beside each command (its payment).
    """

    label: str                            # the card menu's entry: "pay another way"
    prompt: str                           # what the player is asked: "Pay for Blade: check the cards to discard"
    fields: Mapping[str, tuple[int, ...]]  # field of the command -> the cards it may hold
    once: bool = False
    count: tuple[int, int] | None = None   # how many cards to pick, least and most (None: any, the rules judge)


@dataclass
class GameConfig:
    """How to start a game: which game and format, each seat's deck and kind, and the seed.

    `decks[player][section]` lists card ids (section "main", "extra", "ride", …).
    `scenario` is a scenario file's `setup` mapping when the table is set up by hand instead.
    `shuffled_ids`: the cards' instance ids carry no information (see instance_ids.py); a table set up by a
    scenario numbers its cards in the order the file lists them, as the file may name them by number.
    `auto_pass` lists the seats whose forced passes the engine makes itself: when such a seat's
    only legal command is the game's "pass / next phase" answer, it is submitted within the same
    step, as clients do for a player who holds priority with nothing to play.
    """

    game: str
    format: str = ""
    seed: int = 0
    decks: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    seats: dict[str, str] = field(default_factory=lambda: {"p1": "human", "p2": "human"})
    options: dict[str, Any] = field(default_factory=dict)
    scenario: dict[str, Any] | None = None
    auto_pass: list[str] = field(default_factory=list)
    # instance ids scrambled from the seed (instance_ids.py); False only for games of records written before them
    shuffled_ids: bool = True

    def to_json(self) -> dict[str, Any]:
        """Return the config as JSON data."""
        return {"game": self.game, "format": self.format, "seed": self.seed, "decks": self.decks,
                "seats": self.seats, "options": self.options, "scenario": self.scenario,
                "auto_pass": self.auto_pass, "shuffled_ids": self.shuffled_ids}


OUTCOME = "outcome"  # the data fact that holds how the game ended ({"winner", "reason"}); absent while it goes on
LEGAL_COMMANDS = "game.legal"  # the state memo (per version) of the commands `Game.legal_commands` listed: (it, player)


def is_listed(state: GameState, command: Command) -> bool:
    """Tell whether `command` is, this very object, one that `Game.legal_commands` listed for its player at this state
    version.

    The window and the bots submit a command they were offered; a listed command passed every check of its play as
    it was listed ("taken exactly when listed", tests/games/command_listing.py), so a game may skip those checks for
    it. Any change since forgot the list (a new version); a command built anew (the window's own, a replayed one) is
    not the listed object and is checked. `is`, not `in`: no dataclass __eq__ per command.
    """
    listed = state.memo_values.get((LEGAL_COMMANDS, command.by))
    if listed:
        for offered in listed:
            if offered is command:
                return True
    return False


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winner (None for a draw) and why."""

    winner: str | None
    reason: str


@dataclass(frozen=True)
class CardValue:
    """A current value of a card (power, shield…) with the printed value and what changed it."""

    name: str
    printed: int
    current: int
    modifiers: tuple[str, ...] = ()

    @property
    def is_modified(self) -> bool:
        """Tell whether effects changed the printed value."""
        return self.current != self.printed


class GameRules:
    """One game's rules. Subclasses set the class attributes and override what their game needs.

    Contract: `resolve` changes state only through the Transaction it is given and raises
    IllegalCommand (naming the rule) before or after changing anything; the caller rolls back.
    """

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    formats: ClassVar[tuple[str, ...]] = ("",)
    players: ClassVar[tuple[str, ...]] = ("p1", "p2")
    stat_keys: ClassVar[tuple[str, ...]] = ()
    commands: ClassVar[tuple[type[Command], ...]] = ()
    tap_words: ClassVar[tuple[str, ...]] = ("tapped",)
    card_states: ClassVar[tuple[str, ...]] = ()
    default_totals: ClassVar[Mapping[str, int]] = {}
    phases: ClassVar[tuple[str, ...]] = ()
    deck_zone: ClassVar[str] = "deck"
    hand_zone: ClassVar[str] = "hand"
    deck_sections: ClassVar[Mapping[str, str | None]] = {"main": "deck"}  # None: not brought to the table
    # True when legal_commands lists every play the rules allow (not only the pass of a game
    # played by hand): then a seat whose one legal command is the pass has nothing else to do.
    lists_every_play: ClassVar[bool] = False
    # what a token made by hand has besides its name (MakeToken; the window's dialog asks for each)
    token_traits: ClassVar[tuple[TokenTrait, ...]] = ()

    # -- metadata ------------------------------------------------------------------------------
    def zone_specs(self, game_format: str) -> Sequence[ZoneSpec]:
        """Return every zone of the game; non-shared zones exist once per player."""
        raise NotImplementedError

    def filler_card(self) -> CardDefinition:
        """Return the card used where a scenario gives a count instead of cards."""
        return CardDefinition(id="filler", game=self.id, name="Card", card_type="filler")

    def card_from_mapping(self, data: Mapping[str, Any]) -> CardDefinition:
        """Read a card of this game from a card-file mapping; ValueError names the bad field."""
        return CardDefinition.from_mapping(self.id, data, self.stat_keys)

    def effect_problems(self, data: Mapping[str, Any]) -> list[str]:
        """Return one line per problem with a card mapping's keywords and effects against the game's vocabulary."""
        return []

    def compile_text(self, card: CardDefinition) -> CompiledText | None:
        """Return what `card`'s printed text compiles to in this game's vocabulary; None: no compiler."""
        return None

    def card_from_file_mapping(self, data: Mapping[str, Any]) -> CardDefinition:
        """Read a card of a card file or scenario: a card giving no `effects` plays its compiled text (when the
        game has a compiler). Saved games read cards with `card_from_mapping`, exactly as they were played."""
        card = self.card_from_mapping(data)
        if "effects" in data or not card.text:
            return card
        compiled = self.compile_text(card)
        return card if compiled is None else compiled.applied_to(card)

    # -- setting up ----------------------------------------------------------------------------
    def create_state(self, config: GameConfig, library: CardLibrary) -> GameState:
        """Return an empty table: zones, default totals, seeded generator; no cards yet."""
        game_format = config.format or self.formats[0]
        if game_format not in self.formats:
            raise ValueError(f"{self.name} has no format {game_format!r} (formats: {', '.join(self.formats)})")
        state = GameState(self.id, self.players, self._table_library(library), format=game_format,
                          rng_state=seed_state(config.seed))
        for spec in self.zone_specs(game_format):
            if spec.shared:
                state.add_zone(spec, None)
            else:
                for player in self.players:
                    state.add_zone(spec, player)
        for player in self.players:
            state.totals[player] = dict(self.default_totals)
        state.active = self.players[0]
        return state

    def _table_library(self, library: CardLibrary) -> CardLibrary:
        """Return `library` with this game's filler card added: a copy, one per library (see PerLibrary).

        Every table started from the same library (each AI determinisation is one) shares the copy, so what
        the game builds once per library (`PerLibrary` indexes) is built once, not at every start.
        """
        return per_library(library, ("table copy", type(self)), self._with_filler)

    def _with_filler(self, library: CardLibrary) -> CardLibrary:
        cards = CardLibrary(library.values())
        if "filler" not in cards:
            cards.add(self.filler_card())
        return cards

    def setup(self, tx: Transaction, config: GameConfig) -> None:
        """Put the decks on the table and start the game (shuffle, draw, first turn)."""
        self.place_decks(tx, config)

    def place_decks(self, tx: Transaction, config: GameConfig) -> None:
        """Create each player's cards in the zones named by `deck_sections`, and shuffle them."""
        for player, sections in config.decks.items():
            if player not in self.players:
                raise ValueError(f"no seat {player!r} in {self.name}")
            for section, card_ids in sections.items():
                if section not in self.deck_sections:
                    raise ValueError(f"{self.name} decks have no section {section!r}")
                zone = self.deck_sections[section]
                if zone is None:
                    continue
                target = zone_id(player, zone)
                tx.create_cards(card_ids, player, target)
                if section == "main":
                    tx.shuffle(target)

    def after_scenario_setup(self, tx: Transaction, setup: Mapping[str, Any]) -> None:
        """Finish a hand-built table (priority, pending decisions) after cards are placed."""

    def set_card_fact(self, tx: Transaction, iid: int, key: str, value: Any) -> None:
        """Set a card's state from a scenario card entry; KeyError when the game has no such field."""
        if key in self.tap_words or key == "tapped":
            tx.set_field(iid, "tapped", bool(value))
        elif key == "face_down":
            tx.set_field(iid, "face_down", bool(value))
        elif key == "counters":
            for name, count in dict(value).items():
                tx.set_counter(iid, str(name), int(count))
        elif key == "states":
            unknown = [s for s in value if s not in self.card_states]
            if unknown:
                raise KeyError(f"{self.name} has no card state {unknown[0]!r}")
            tx.set_prop(iid, "states", sorted(value))
        else:
            raise KeyError(f"{self.name} cards have no field {key!r}")

    # -- playing -------------------------------------------------------------------------------
    def legal_commands(self, state: GameState, player: str) -> list[Command]:
        """Return the rules commands `player` may submit now (manual commands are not listed)."""
        raise NotImplementedError

    def iter_legal_commands(self, state: GameState, player: str) -> Iterator[Command]:
        """Yield what `legal_commands` lists, in its order, for a caller that may stop after the first few.

        Contract: read to the end, it yields exactly `legal_commands(state, player)`; the state must not change
        while it is read. This default lists them all first; a game whose listing is costly builds them one at a
        time (a bot asks "is there more than one choice?" after every move it tries).
        """
        return iter(self.legal_commands(state, player))

    def resolve(self, tx: Transaction, command: Command) -> None:
        """Validate a rules command and carry it out, running rule processes until a decision."""
        raise NotImplementedError

    def pending_decision(self, state: GameState) -> Decision | None:
        """Return who must decide what now; None when the game is over."""
        raise NotImplementedError

    def unworded_decision(self, state: GameState) -> Decision | None:
        """Return the pending decision for the engine's own questions (who decides, whether a pass is forced).

        Contract: equals `pending_decision` but for its prompt, which may be left unworded. The engine asks at
        every forced pass and every command; a game whose prompt reads current values (powers, shields)
        overrides this to word it only when a player is shown it.
        """
        return self.pending_decision(state)

    def outcome(self, state: GameState) -> Outcome | None:
        """Return how the game ended, or None while it goes on.

        Contract: a game ends when its rules store `data[OUTCOME]` ({"winner", "reason"}), and only then: the engine
        reads the fact itself to tell whether the game is over (Game.is_terminal), so games do not override this.
        """
        result = state.data.get(OUTCOME)
        if result is None:
            return None
        return Outcome(result.get("winner"), result.get("reason", ""))

    def advance_command(self, state: GameState, decision: Decision) -> Command | None:
        """Return the "pass / next phase" command for a decision, or None when there is none."""
        if decision.kind == "act":
            return PassPriority(by=decision.player)
        return None

    def can_do_more_than_advance(self, state: GameState, decision: Decision, advance: Command) -> bool:
        """Tell whether the seat of the pending `decision` may submit anything but `advance` (auto-pass asks).

        Contract: `advance` is `advance_command(state, decision)`; the answer equals
        `legal_commands(state, decision.player) != [advance]`. This default lists every command; a game
        overrides it to answer without building the plays (their payments, targets), as a seat with priority
        and nothing to play is asked hundreds of times a game.
        """
        options = self.legal_commands(state, decision.player)
        return len(options) != 1 or options[0] != advance

    def advance_label(self, state: GameState, decision: Decision) -> str:
        """Return what `advance_command` does now in the game's own words ("": the command's own label).

        The window's pass button shows it: "Pass priority" means nothing to a game without priority.
        """
        return ""

    def card_choices(self, state: GameState, command: Command) -> tuple[CardChoice, ...]:
        """Return the cards the player may choose instead for card fields of a listed command (none by default).

        A play is listed with an obvious payment, and a group or a set of targets once per choice (or up to a
        bound); the window lets the player choose otherwise from these (the rules refuse a choice that does not add up).
        """
        return ()

    def stack_entries(self, state: GameState) -> list[list[str]]:
        """Return a few lines for each item of the game's stack or chain, top first (none by default).

        The window shows them as numbered boxes under the shared stack zone.
        """
        return []

    def stack_targets(self, state: GameState) -> list[tuple[int | None, tuple[int, ...]]]:
        """Return, for each item on the stack that chose targets, its source card and the cards it targets now.

        The window draws an arrow from each source to each target; none by default.
        """
        return []

    def token_definition(self, name: str, traits: Mapping[str, int | str]) -> CardDefinition:
        """Return the printed definition of a token made by hand with `name` and the game's `token_traits`.

        Contract: the same name and traits give an equal definition with the same id (engine.tokens.token_id).
        """
        stats = {k: int(v) for k, v in traits.items() if isinstance(v, int)}
        attributes = {k: v for k, v in traits.items() if not isinstance(v, int)}
        return CardDefinition(id=token_id(self.id, name, traits), game=self.id, name=name, card_type=TOKEN_TYPE,
                              stats=stats, attributes=attributes, text="A token made by hand.")

    def token_made(self, tx: Transaction, iid: int) -> None:
        """Apply the game's rules to a token just made by hand (IllegalCommand refuses it where it cannot be)."""

    def after_manual(self, tx: Transaction) -> None:
        """Apply the game's checks after a manual change (e.g. loss conditions)."""

    def refuse_if_over(self, state: GameState) -> None:
        """Refuse any further play once the game has ended."""
        if state.data.get(OUTCOME) is not None:
            raise IllegalCommand("", "the game is over")

    # -- reading the table ---------------------------------------------------------------------
    def card_values(self, state: GameState, iid: int) -> dict[str, CardValue]:
        """Return a card's current numeric values with their modifiers (for badges and tooltips)."""
        definition = state.definition(iid)
        return {name: CardValue(name, value, value) for name, value in definition.stats.items()}

    def card_value(self, state: GameState, iid: int, name: str) -> int:
        """Return one current value of a card (bots read them often: a game may compute it alone).

        Contract: equals `card_values(state, iid)[name].current`; KeyError when the card has no such value.
        """
        return self.card_values(state, iid)[name].current

    def card_marks(self, state: GameState, iid: int) -> tuple[str, ...]:
        """Return words the window shows on a card besides its stored states: facts the rules derive from the
        table (a Vanguard unit on RC that is also a vanguard, a deleted unit); none by default."""
        return ()

    def attached_to(self, state: GameState, iid: int) -> int | None:
        """Return the card this card lies under on the table (a Yu-Gi-Oh! Xyz material under its Xyz Monster), or
        None; the window draws it there, peeking out below. None by default."""
        return None

    def card_fact(self, state: GameState, iid: int, key: str) -> Any:
        """Return one fact about a card for scenario expectations; KeyError for an unknown key."""
        card = state.card(iid)
        if key == "zone":
            return card.zone
        if key in self.tap_words or key == "tapped":
            return card.tapped
        if key == "face_down":
            return card.face_down
        if key == "counters":
            return dict(card.counters)
        if key == "states":
            return list(card.props.get("states", []))
        if key in ("controller", "owner"):
            return getattr(card, key)
        if key == "card":
            return card.card_id
        values = self.card_values(state, iid)
        if key in values:
            return values[key].current
        raise KeyError(f"{self.name} cards have no field {key!r}")

    def player_fact(self, state: GameState, player: str, key: str) -> Any:
        """Return a player's total or a zone's contents for scenario expectations."""
        zid = zone_id(player, key)
        if zid in state.zones:
            return [state.cards[i].card_id for i in state.zones[zid].cards]
        if key in state.totals.get(player, {}) or key in self.default_totals:
            return state.total(player, key)
        raise KeyError(f"{self.name} players have no zone or total {key!r}")

    def state_summary(self, state: GameState) -> list[str]:
        """Return readable lines describing the table (used by `tabletop replay`)."""
        lines = [f"{self.name} — turn {state.turn}, {state.active} active, phase {state.phase}"
                 + (f".{state.step}" if state.step else "")]
        for player in state.players:
            totals = ", ".join(f"{k} {v}" for k, v in sorted(state.totals.get(player, {}).items()))
            lines.append(f"{player}: {totals}" if totals else f"{player}:")
            for zid, zone in state.zones.items():
                if zone.owner != player or not zone.cards:
                    continue
                names = [state.definition(i).name + (" (tapped)" if state.cards[i].tapped else "")
                         for i in zone.cards]
                shown = ", ".join(names) if zone.spec.visibility.value == "public" else f"{len(names)} cards"
                lines.append(f"  {zone.name}: {shown}")
        shared = [z for z in state.zones.values() if z.owner is None and z.cards]
        for zone in shared:
            lines.append(f"{zone.name}: " + ", ".join(state.definition(i).name for i in zone.cards))
        outcome = self.outcome(state)
        if outcome is not None:
            lines.append(f"game over: {outcome.winner or 'draw'} ({outcome.reason})")
        return lines
