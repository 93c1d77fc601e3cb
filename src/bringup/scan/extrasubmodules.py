"""Submodules only an extra of setup.py builds: that extra's, not the repo's.

``.gitmodules`` declares every submodule the tree may hold; ``pip install .`` builds only what
the install's own build names. A submodule setup.py names only inside one entry of
``extras_require`` is installed by ``pip install .[<extra>]`` alone (thu-pacman/chitu@6261b7a0
setup.py:103-134: ``"EETQ @ file://localhost" + os.path.join(setup_dir,
"third_party/EETQ")`` under ``"quant"``, ``third_party/FlashMLA`` under ``"flash_mla"``, while
``third_party/spdlog/include`` feeds the core extension at setup.py:27): the optional feature
``extra:<name>`` (``pipscopes.extra_feature``), as its pip lists are. A path named outside the
extras as well, or in no extra, keeps its scope.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

import msgspec

from bringup.model import Requirement
from bringup.scan.pipscopes import extra_feature

_KEYWORD = "extras_require"


def _strings(node: ast.AST) -> Iterator[str]:
    for inner in ast.walk(node):
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
            yield inner.value


def _extras(tree: ast.AST) -> tuple[dict[str, list[str]], list[str]]:
    """The strings under each extra of ``extras_require={...}`` and those elsewhere."""
    extras: dict[str, list[str]] = {}
    inside: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.keyword) or node.arg != _KEYWORD:
            continue
        if not isinstance(node.value, ast.Dict):
            continue
        for key, value in zip(node.value.keys, node.value.values):
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                extras.setdefault(key.value, []).extend(_strings(value))
        inside.update(id(n) for n in ast.walk(node.value))
    elsewhere = [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in inside
    ]
    return extras, elsewhere


def _names(path: str, strings: list[str]) -> bool:
    """Whether one of ``strings`` names ``path`` (``./`` read through) or a file below it."""
    return any(_bare(s) == path or _bare(s).startswith(f"{path}/") for s in strings)


def _bare(text: str) -> str:
    return text.strip().removeprefix("./").strip("/")


def _touched(path: str, strings: list[str]) -> bool:
    """Whether ``strings`` name ``path``, or its folder's name as one part of a path built from
    parts (``os.path.join(ROOT, "third_party", "cutlass", "include")``: review37)."""
    folder = path.rsplit("/", 1)[-1]
    return _names(path, strings) or any(folder in _bare(s).split("/") for s in strings)


def extra_submodules(requirements: list[Requirement], setup_text: str) -> list[Requirement]:
    """``requirements`` with each submodule only one extra of ``setup_text`` names made that
    extra's feature."""
    if _KEYWORD not in setup_text:
        return requirements
    try:
        extras, elsewhere = _extras(ast.parse(setup_text))
    except (SyntaxError, ValueError, RecursionError):
        return requirements
    out = []
    for requirement in requirements:
        path = requirement.spec.strip("/")
        owners = [name for name, strings in extras.items() if _names(path, strings)]
        if (
            requirement.subject == "submodule"
            and not requirement.feature
            and len(owners) == 1
            and not _touched(path, elsewhere)
        ):
            out.append(msgspec.structs.replace(requirement, feature=extra_feature(owners[0])))
        else:
            out.append(requirement)
    return out
