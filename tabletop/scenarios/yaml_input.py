"""Reading a YAML file a user gave (scenario, card file) with caps, so a hostile file is refused in one line.

Caps: the file's size, nesting depth, the size of the data once aliases are expanded ("billion laughs"),
recursive aliases and whole numbers. Plain safe YAML only: no tags that build objects.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from yaml.composer import ComposerError
from yaml.constructor import ConstructorError
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from tabletop.engine.errors import BadInput
from tabletop.engine.input_file import read_capped

MAX_YAML_BYTES = 4 * 1024 * 1024   # the largest bundled card file is under 200 KB
MAX_DEPTH = 64                     # mappings and lists inside each other
MAX_NODES = 200_000                # values once every alias is expanded
MAX_DIGITS = 20                    # a whole number of 64 bits has at most 20 digits


class _CappedLoader(yaml.SafeLoader):
    """SafeLoader that counts depth and expanded size while it composes, and refuses huge numbers."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._weights: dict[int, int] = {}   # id(node) -> values in it once aliases are expanded

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise ComposerError(None, None, f"nested more than {MAX_DEPTH} levels deep", self.peek_event().start_mark)
            is_alias = self.check_event(yaml.AliasEvent)
            mark = self.peek_event().start_mark
            node = super().compose_node(parent, index)
        finally:
            self._depth -= 1
        if node is None:
            return node
        weight = self._weights.get(id(node))
        if weight is None:
            if is_alias:   # an alias to a node still being composed: data that contains itself
                raise ComposerError(None, None, "an alias refers to the value that contains it", mark)
            weight = self._weigh(node)
            self._weights[id(node)] = weight
        if weight > MAX_NODES:
            raise ComposerError(None, None, f"more than {MAX_NODES} values once aliases are expanded", mark)
        return node

    def _weigh(self, node: Node) -> int:
        if isinstance(node, ScalarNode):
            return 1
        if isinstance(node, SequenceNode):
            return 1 + sum(self._weights.get(id(child), 1) for child in node.value)
        if isinstance(node, MappingNode):
            return 1 + sum(self._weights.get(id(k), 1) + self._weights.get(id(v), 1) for k, v in node.value)
        return 1

    def construct_yaml_int(self, node: ScalarNode) -> int:
        digits = sum(ch.isdigit() for ch in str(node.value))
        if digits > MAX_DIGITS:
            raise ConstructorError(None, None, f"a number with {digits} digits (at most {MAX_DIGITS})", node.start_mark)
        return super().construct_yaml_int(node)


_CappedLoader.add_constructor("tag:yaml.org,2002:int", _CappedLoader.construct_yaml_int)


def load_yaml_file(path: Path, max_bytes: int = MAX_YAML_BYTES) -> Any:
    """Return the data of a YAML file; BadInput (one line naming the file and line) for anything unusable."""
    path = Path(path)
    raw = read_capped(path, max_bytes, "YAML file")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[:error.start].count(b"\n") + 1
        raise BadInput(path, "not UTF-8 text", f"line {line}") from None
    try:
        return yaml.load(text, Loader=_CappedLoader)  # noqa: S506 - _CappedLoader is a SafeLoader
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else ""
        problem = getattr(error, "problem", None) or "not valid YAML"
        raise BadInput(path, f"not valid YAML ({problem})", where) from None
