"""pynodes.nodes: one walk of a parsed setup.py, in ast.walk's order, for every pass."""

from __future__ import annotations

import ast
from pathlib import Path

from bringup.scan.pynodes import nodes

SETUP = Path(__file__).parents[1] / "fixtures/repos/ascend-five/torchair/python/setup.py"


def test_nodes_are_ast_walk_in_its_order_walked_once() -> None:
    tree = ast.parse(SETUP.read_text(encoding="utf-8"))
    walked = nodes(tree)
    assert [type(n) for n in walked] == [type(n) for n in ast.walk(tree)]
    assert all(a is b for a, b in zip(walked, ast.walk(tree)))
    assert nodes(tree) is walked


def test_another_tree_is_walked_anew() -> None:
    first = ast.parse(SETUP.read_text(encoding="utf-8"))
    second = ast.parse("import os\n")
    assert nodes(first) is not nodes(second)
    assert len(nodes(second)) == len(list(ast.walk(second)))
