"""YAML as PyYAML's composer gives it: nodes, each with the line it starts on.

CI workflows and conda environment files are read with a real parser (flow lists, block
scalars, anchors, quoting all as YAML means them) but never constructed into Python objects:
a node keeps ``start_mark``, which is what a requirement cites. PyYAML's C loader (libyaml,
in its wheels) composes a 24 KB workflow in ~4 ms where ruamel.yaml's round-trip loader
takes ~120 ms; its import costs ~18 ms against ~33 ms, and only the scan of a YAML file
pays it (``ci`` and ``conda_env`` import this module when they read one).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Optional

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

try:
    from yaml import CSafeLoader as _Loader
except ImportError:  # a PyYAML built without libyaml
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

YAMLError = yaml.YAMLError


def documents(text: str) -> list[Node]:
    """Every document of ``text`` as a node tree; raises ``YAMLError`` on invalid YAML."""
    return [node for node in yaml.compose_all(text, Loader=_Loader) if node is not None]


def pairs(root: Node) -> Iterator[tuple[str, Node]]:
    """Every ``key: value`` of every mapping under ``root``, in document order, each node
    walked once (an alias repeats a node, never its walk: a "billion laughs" document
    stays linear)."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, MappingNode):
            for key, value in node.value:
                if isinstance(key, ScalarNode):
                    yield key.value, value
            stack.extend(value for _, value in reversed(node.value))
        elif isinstance(node, SequenceNode):
            stack.extend(reversed(node.value))


def line(node: Node) -> int:
    """The 1-based line ``node`` starts on."""
    return int(node.start_mark.line) + 1


def scalar(node: Node) -> Optional[str]:
    """The text of a scalar node; ``None`` for a list or mapping."""
    return str(node.value) if isinstance(node, ScalarNode) else None


def block_text(node: Node) -> Optional[tuple[str, int]]:
    """A ``|`` or ``>`` block scalar's text and the line its text starts on (the one after
    the indicator); ``None`` for any other node."""
    if isinstance(node, ScalarNode) and node.style in ("|", ">"):
        return str(node.value), line(node) + 1
    return None


def scalars(node: Node) -> list[tuple[str, int]]:
    """A scalar or a list of scalars (``["3.9", "3.10"]``, a ``- item`` list), each with its
    line; empty items left out."""
    items = node.value if isinstance(node, SequenceNode) else [node]
    return [
        (str(item.value).strip(), line(item))
        for item in items
        if isinstance(item, ScalarNode) and str(item.value).strip()
    ]


def value_of(node: Node, key: str) -> Optional[Node]:
    """The value of ``key`` in a mapping node; ``None`` when absent or not a mapping."""
    if isinstance(node, MappingNode):
        for name, value in node.value:
            if isinstance(name, ScalarNode) and name.value == key:
                return value  # type: ignore[no-any-return]
    return None


def items(node: Node) -> list[Node]:
    """The entries of a list node; empty for anything else."""
    return list(node.value) if isinstance(node, SequenceNode) else []
