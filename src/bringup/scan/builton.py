"""Build options the repo's own ``pip install .`` turns on.

A root ``setup.py`` that drives CMake passes its options on every install: NVIDIA/cudnn-frontend
setup.py:36 puts ``-DCUDNN_FRONTEND_BUILD_PYTHON_BINDINGS=ON`` in its ``cmake_args``, though
CMakeLists.txt:8 declares the option OFF. What that option guards (``add_subdirectory(python)``
and python/CMakeLists.txt's pybind11, Python and C++20) is then the default build's, not the
feature ``option:X`` (``cmake_options``). A flag appended only inside an ``if`` (an environment
variable's choice, TransformerEngine setup.py:69) stays the option's.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping

from bringup import lazyre

_ON_FLAG = lazyre.compile(r"^-D([A-Za-z_]\w{0,80})=(?:ON|TRUE|YES|1)$", re.IGNORECASE)
_BRANCHES = (ast.If, ast.IfExp, ast.For, ast.While, ast.Try, ast.With, ast.comprehension)


def _flags(tree: ast.AST, guarded: bool = False) -> set[str]:
    """The options of the ``-DX=ON`` strings in ``tree`` that no branch or loop guards."""
    found: set[str] = set()
    for child in ast.iter_child_nodes(tree):
        inner = guarded or isinstance(child, _BRANCHES)
        # an f-string's parts (f"-DX=ON") are constants below it, met on the way down
        if isinstance(child, ast.Constant) and isinstance(child.value, str) and not inner:
            match = _ON_FLAG.match(child.value)
            if match:
                found.add(match.group(1))
        found |= _flags(child, inner)
    return found


def built_on(build_texts: Mapping[str, str]) -> frozenset[str]:
    """The CMake options the root ``setup.py`` always passes on."""
    text = build_texts.get("setup.py")
    if text is None:
        return frozenset()
    try:
        return frozenset(_flags(ast.parse(text)))
    except (SyntaxError, ValueError):
        return frozenset()
