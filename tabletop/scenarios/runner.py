"""The scenario runner: loads scenario YAML files and plays them against a game's rules."""
from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.engine.cards import CardDefinition, CardLibrary
from tabletop.engine.commands import Choose, Command, CommandError, build_command
from tabletop.engine.errors import BadInput, IllegalCommand
from tabletop.engine.game import Game
from tabletop.engine.rules import GameConfig, GameRules
from tabletop.engine.table_setup import SetupError
from tabletop.games import find_game
from tabletop.scenarios.yaml_input import load_yaml_file

TOP_KEYS = ("name", "rule", "game", "seed", "cards", "setup", "steps", "format", "seats")
STEP_KINDS = ("do", "answer", "advance", "undo", "redo", "expect", "label")
ADVANCE_LIMIT = 2000
# (field, type, in words) of the fields that must have one shape; `seed` is checked with the game.
FIELD_SHAPES: tuple[tuple[str, type | tuple[type, ...], str], ...] = (
    ("name", (str, int, float), "text"), ("rule", (str, int, float), "text"), ("game", str, "a game id"),
    ("format", str, "a format name"), ("steps", list, "a list"), ("cards", list, "a list of cards"),
    ("setup", dict, "a mapping"), ("seats", dict, "a mapping of seat to human or ai"),
)

CardSource = Callable[[str], Iterable[CardDefinition]]
"""The cards bundled with the program for a game id; the caller hands it in (scenarios may not import carddb)."""


class ScenarioFailed(AssertionError):
    """A scenario step whose check did not hold."""


@dataclass(frozen=True)
class ScenarioResult:
    """The outcome of one scenario file: passed, failed at a step, or malformed."""

    path: Path
    name: str
    rule: str
    passed: bool
    message: str = ""
    malformed: bool = False


def load_scenario(path: Path) -> dict[str, Any]:
    """Read and shape-check a scenario file; BadInput names the file, line or field."""
    data = load_yaml_file(path)
    if not isinstance(data, dict):
        raise BadInput(path, "a scenario must be a mapping")
    unknown = [k for k in data if k not in TOP_KEYS]
    if unknown:
        raise BadInput(path, f"unknown field {unknown[0]!r}")
    for key in ("name", "game", "steps"):
        if key not in data:
            raise BadInput(path, f"missing field {key!r}")
    for key, kind, words in FIELD_SHAPES:
        if data.get(key) is not None and not isinstance(data[key], kind):
            raise BadInput(path, f"field {key!r} must be {words}")
    return data


def library_for(rules: GameRules, extra_cards: Iterable[Mapping[str, Any]], path: Path, bundled: CardSource
                ) -> CardLibrary:
    """Return the bundled cards of a game plus a scenario's own `cards:` (given without effects: as compiled)."""
    library = CardLibrary(bundled(rules.id))
    for index, mapping in enumerate(extra_cards):
        try:
            library.add(rules.card_from_file_mapping(mapping))
        except ValueError as error:
            raise BadInput(path, str(error), f"cards[{index}]") from None
    return library


def run_scenario(path: Path, bundled: CardSource, find_rules: Callable[[str], GameRules] = find_game
                 ) -> ScenarioResult:
    """Run one scenario file with the game's `bundled` cards and say whether it passed; never raises for a bad file."""
    path = Path(path)
    name, rule = path.stem, ""
    try:
        data = load_scenario(path)
        name, rule = str(data["name"]), str(data.get("rule", ""))
        ScenarioPlayer(path, data, find_rules, bundled).play()
    except BadInput as error:
        return ScenarioResult(path, name, rule, False, str(error), malformed=True)
    except ScenarioFailed as error:
        return ScenarioResult(path, name, rule, False, f"{path}: {error}")
    return ScenarioResult(path, name, rule, True)


class ScenarioPlayer:
    """Plays the steps of one loaded scenario against a fresh game."""

    def __init__(self, path: Path, data: dict[str, Any], find_rules: Callable[[str], GameRules], bundled: CardSource
                 ) -> None:
        self.path = path
        self.data = data
        try:
            self.rules = find_rules(str(data["game"]))
        except KeyError as error:
            raise BadInput(path, str(error.args[0]), "game") from None
        self.library = library_for(self.rules, data.get("cards") or [], path, bundled)
        seed = data.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadInput(path, "field 'seed' must be a whole number")
        config = GameConfig(self.rules.id, str(data.get("format", "")), seed,
                            seats=dict(data.get("seats") or {"p1": "human", "p2": "human"}),
                            scenario=dict(data.get("setup") or {}))
        try:
            self.game = Game.start(self.rules, config, self.library)
        except (SetupError, ValueError, KeyError) as error:
            raise BadInput(path, str(error.args[0] if error.args else error), "setup") from None
        # a new line of play after an undo is re-seeded (Game.new_branch_reseed): from the file's seed, so
        # that a scenario gives the same cards at every run
        self.game.entropy = functools.partial(random.Random(seed).getrandbits, 64)
        self.log_mark = 0

    def play(self) -> None:
        """Run every step; raises ScenarioFailed or BadInput at the first that does not hold."""
        for number, step in enumerate(self.data["steps"], start=1):
            if not isinstance(step, dict):
                raise BadInput(self.path, "a step must be a mapping", f"step {number}")
            kinds = [k for k in step if k in STEP_KINDS]
            extra = [k for k in step if k not in STEP_KINDS and k != "refused"]
            if len(kinds) != 1 or extra:
                raise BadInput(self.path, f"a step has exactly one of {', '.join(STEP_KINDS)}"
                                          + (f" (unknown field {extra[0]!r})" if extra else ""), f"step {number}")
            kind = kinds[0]
            if "refused" in step and kind not in ("do", "answer"):
                raise BadInput(self.path, "'refused' goes with 'do' or 'answer'", f"step {number}")
            where = f"step {number} ({kind})"
            try:
                getattr(self, f"_step_{kind}")(step[kind], step.get("refused"), where)
            except ScenarioFailed as error:
                raise ScenarioFailed(f"{where}: {error}") from None

    # -- steps ---------------------------------------------------------------------------------
    def _resolve(self, ref: Any) -> int:
        from tabletop.scenarios.references import resolve_reference

        return resolve_reference(self.game, ref)

    def _submit(self, command: Command, refused: Any, where: str) -> None:
        try:
            self.game.submit(command)
        except IllegalCommand as error:
            if refused is None:
                raise ScenarioFailed(f"{command.describe()} was refused: {error}") from None
            if str(refused) not in str(error):
                raise ScenarioFailed(f"refused with {str(error)!r}, which does not contain {str(refused)!r}") from None
            return
        if refused is not None:
            raise ScenarioFailed(f"{command.describe()} should have been refused ({refused})")

    def _build(self, data: Mapping[str, Any], where: str) -> Command:
        try:
            return build_command(self.game.command_types, data, self._resolve)
        except CommandError as error:
            raise BadInput(self.path, str(error), where) from None

    def _step_do(self, value: Any, refused: Any, where: str) -> None:
        if not isinstance(value, Mapping) or "by" not in value or "command" not in value:
            raise BadInput(self.path, "'do' needs 'by' and 'command'", where)
        self._submit(self._build(value, where), refused, where)

    def _step_answer(self, value: Any, refused: Any, where: str) -> None:
        if not isinstance(value, Mapping) or "by" not in value:
            raise BadInput(self.path, "'answer' needs 'by'", where)
        # YAML 1.1 reads an unquoted `yes:` key as the boolean true; SCENARIOS.md writes it unquoted.
        value = {("yes" if key is True else key): v for key, v in value.items()}
        data: dict[str, Any] = {"command": Choose.command_name(), "by": value["by"]}
        for key, target in (("pick", "picks"), ("yes", "yes"), ("number", "number")):
            if key in value:
                data[target] = value[key]
        unknown = set(value) - {"by", "pick", "yes", "number"}
        if unknown:
            raise BadInput(self.path, f"'answer' has no field {sorted(unknown)[0]!r}", where)
        self._submit(self._build(data, where), refused, where)

    def _step_label(self, value: Any, refused: Any, where: str) -> None:
        if not isinstance(value, Mapping):
            raise BadInput(self.path, "'label' maps names to card references", where)
        for name, ref in value.items():
            try:
                self.game.labels[str(name)] = self._resolve(ref)
            except KeyError as error:
                raise ScenarioFailed(str(error.args[0])) from None

    def _step_undo(self, value: Any, refused: Any, where: str) -> None:
        for _ in range(_count(self.path, value, where)):
            if self.game.undo() is None:
                raise ScenarioFailed("nothing left to undo")

    def _step_redo(self, value: Any, refused: Any, where: str) -> None:
        for _ in range(_count(self.path, value, where)):
            if self.game.redo() is None:
                raise ScenarioFailed("nothing left to redo")

    def _step_advance(self, value: Any, refused: Any, where: str) -> None:
        if not isinstance(value, Mapping) or "to" not in value:
            raise BadInput(self.path, "'advance' needs 'to' (a phase) and 'active'", where)
        target = str(value["to"])
        player = value.get("active", self.game.state.active)
        if self.rules.phases and target.partition(".")[0] not in self.rules.phases:
            raise BadInput(self.path, f"{self.rules.name} has no phase {target!r}", where)
        for _ in range(ADVANCE_LIMIT):
            state = self.game.state
            current = f"{state.phase}.{state.step}" if "." in target else state.phase
            if current == target and state.active == player:
                return
            decision = self.game.pending_decision()
            if decision is None:
                raise ScenarioFailed(f"the game ended before {target} of {player}'s turn")
            command = self.rules.advance_command(state, decision)
            if command is None:
                raise ScenarioFailed(f"decision {decision.name!r} for {decision.player} came up on the way")
            try:
                self.game.submit(command)
            except IllegalCommand as error:
                raise ScenarioFailed(f"could not pass on the way: {error}") from None
        raise ScenarioFailed(f"did not reach {target} of {player}'s turn")

    def _step_expect(self, value: Any, refused: Any, where: str) -> None:
        if not isinstance(value, Mapping):
            raise BadInput(self.path, "'expect' must be a mapping", where)
        from tabletop.scenarios.expectations import check_expectation

        for key, expected in value.items():
            check_expectation(self, str(key), expected, where)
        self.log_mark = len(self.game.state.log)


def _count(path: Path, value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadInput(path, "expected a number of steps", where)
    return value


def command_partial_match(command: Command, name: str, args: Mapping[str, Any]) -> bool:
    """Tell whether a command has this name and these argument values (others not compared)."""
    if command.command_name() != name:
        return False
    values = {f.name: getattr(command, f.name) for f in dataclasses.fields(command)}
    return all(values.get(k) == v for k, v in args.items())
