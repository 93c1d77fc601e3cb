"""Every node of a parsed Python file, walked once; a string constant's value.

A ``setup.py`` is read by ~20 passes (its guards, environment reads, tools, switches, git,
architectures), each a walk of the whole tree: on vllm-ascend's 20 KB ``setup.py`` (2,200
nodes) the walks were ~60 % of its extraction. ``ast.walk`` builds the same list every
time, so the module's nodes are walked once and handed to each pass in the same order.
"""

from __future__ import annotations

import ast
import functools


@functools.lru_cache(maxsize=1)
def nodes(tree: ast.Module) -> tuple[ast.AST, ...]:
    """``ast.walk(tree)``'s nodes, in its order; kept for the last tree asked about (a tree
    hashes by identity, and the scan reads one file's tree at a time and never edits it)."""
    return tuple(ast.walk(tree))


def string_constant(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None
