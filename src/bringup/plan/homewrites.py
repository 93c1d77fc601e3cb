"""A build script that uses paths in the user's home, outside every environment.

``pip install .`` and ``python setup.py install`` run the folder's ``setup.py``, which may do
more than build: hpcaitech/TensorNVMe@6403388 setup.py:110-115 appends an ``export
LD_LIBRARY_PATH`` block to ``~/.bashrc``, and setup.py:32 builds liburing and libaio into
``~/.tensornvme`` (outsider18 D14). Removing the environment does not undo that. The script is
read, never run: the paths under the home directory it names (``os.path.expanduser("~")`` or
``Path.home()`` joined with constant names, ``os.path.expanduser("~/...")``) are said beside the
step that runs it, in ``check``'s notes and in ``up``'s consent list.
"""

from __future__ import annotations

import ast
import posixpath
from pathlib import Path
from typing import Optional

import msgspec

from bringup.model.requirements import Component, Step
from bringup.scan.reading import read_text
from bringup.scan.sourceinstalls import installed_folder


def with_home_writes(component: Component) -> Component:
    """``component`` with a note on each step that installs a folder of its checkout whose
    ``setup.py`` names paths in the home directory; else ``component`` itself."""
    root = Path(component.path)
    named: dict[str, str] = {}
    steps = [_step(step, root, named) for step in component.steps]
    if all(new is old for new, old in zip(steps, component.steps)):
        return component
    return msgspec.structs.replace(component, steps=tuple(steps))


def _step(step: Step, root: Path, named: dict[str, str]) -> Step:
    folder = installed_folder(step.cwd or ".", step.argv)
    if not folder or folder.startswith(("/", "..")):
        return step
    folder = posixpath.normpath(folder)
    if folder not in named:
        named[folder] = _note(root / folder, "" if folder == "." else f"{folder}/")
    if not named[folder]:
        return step
    return msgspec.structs.replace(step, notes=(*step.notes, named[folder]))


def _note(inside: Path, where: str) -> str:
    """What ``inside``'s setup.py names in the home directory, in words; empty for nothing."""
    text, _ = read_text(inside / "setup.py", "setup.py")  # a regular file only: not a FIFO
    if text is None:
        return ""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return ""
    found = home_paths(tree)
    if not found:
        return ""
    listed = ", ".join(f"{path} ({where}setup.py:{line})" for path, line in found)
    return (
        f"its setup.py names paths in your home, outside the environment: {listed}; anything"
        " it writes there stays when the environment is removed"
    )


def home_paths(tree: ast.AST) -> list[tuple[str, int]]:
    """The paths under ``~`` a module names, each once with its first line, in line order."""
    found: dict[str, int] = {}
    inner: set[int] = set()
    for node in ast.walk(tree):
        path = None if id(node) in inner else _joined(node)
        if path is None:
            continue
        # the home call inside a join names the same place, once (review37)
        inner.update(id(n) for n in ast.walk(node) if n is not node)
        found.setdefault(path, getattr(node, "lineno", 0))
    return sorted(found.items(), key=lambda item: item[1])


def _joined(node: ast.AST) -> Optional[str]:
    """``os.path.join(<home>, "a", ...)``, ``<home> / "a"`` or ``expanduser("~/a")`` as
    ``~/a``; None for anything else (the home directory alone names no path in it)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        base, rest = _home(node.left), _constant(node.right)
        return posixpath.join(base, rest) if base and rest else None
    if not isinstance(node, ast.Call):
        return None
    if _name(node.func) == "join" and len(node.args) > 1:
        base = _home(node.args[0])
        parts = [_constant(a) for a in node.args[1:]]
        if base and all(parts):
            return posixpath.join(base, *(p for p in parts if p))
        return None
    own = _home(node)
    return own if own and own != "~" else None


def _home(node: ast.AST) -> Optional[str]:
    """``~`` (or ``~/x``) for ``os.path.expanduser("~...")`` and ``Path.home()``."""
    if not isinstance(node, ast.Call):
        return None
    name = _name(node.func)
    if name == "expanduser" and len(node.args) == 1:
        text = _constant(node.args[0])
        return text.rstrip("/") or None if text and text.startswith("~") else None
    if name == "home" and not node.args:
        return "~"
    return None


def _name(func: ast.AST) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _constant(node: ast.AST) -> Optional[str]:
    """A non-empty string constant of printable characters (a line break in a repo's string
    would start a line of its own where the note is shown: review37)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value:
        return node.value if node.value.isprintable() else None
    return None
