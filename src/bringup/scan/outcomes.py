"""What a guarded branch does when its condition holds: it *fails* (exits non-zero, raises, asserts,
``message(FATAL_ERROR)``), it *skips* (leaves out an optional step or feature, falls back to another
way) or it *warns* (prints and goes on). One notion for every reader (shell, Python, CMake, prose),
because only a failing branch makes its condition a requirement of the repo: a build script that
prints "Skipping unit tests for <the optional part>: torch version < 2.8" and goes on (torchair's
``build.sh``, ``tests/unit/test_scan_outcomes.py``), which says the optional tests need torch >=
2.8, not that the repo needs torch < 2.8. A skip or a warning is at most a soft note about the
optional thing.
Prose uses only ``skipped``: a document's "Warning:" box often states a real requirement.
"""

from __future__ import annotations

import ast
import re
from typing import Literal, Optional

from bringup import lazyre

Outcome = Literal["fail", "skip", "warn"]

_SKIP = lazyre.compile(
    r"\bskip(?:s|ped|ping)?\b|\b(?:will\s+be|is|are|gets?|be(?:ing)?)\s+disabled\b|"
    r"\bfall(?:s|ing)?\s+back\b|\bfallback\b|\bwill\s+not\s+be\s+(?:built|run|used|enabled)\b|"
    r"跳过|回退|将被禁用|会被禁用|不会被(?:编译|构建|运行|启用)",
    re.IGNORECASE,
    guard=True,
)
"""Words saying an optional step or feature is left out, or another way is taken."""
_WARN = lazyre.compile(r"\bwarn(?:s|ing)?\b|\bdeprecated\b|警告", re.IGNORECASE, guard=True)
_FAIL = lazyre.compile(
    r"\berror\b|\bfatal\b|\bfailed\b|not\s+supported|unsupported|不支持|失败|退出|错误",
    re.IGNORECASE,
    guard=True,
)
_SHELL_STOP = lazyre.compile(r"\bexit\s+[1-9]|\bdie\b|\bfatal\b|\breturn\s+1\b", guard=True)
_SHELL_FAILING = frozenset({"die", "fatal", "error", "log_error", "abort"})
"""Message commands of build scripts that stop the script (their own helper functions)."""
_SHELL_WARNING = frozenset({"warn", "warning", "log_warn", "log_warning"})
_SHELL_BRANCH_END = lazyre.compile(r"^\s*(?:fi|else|elif|esac|done|;;|\})(?:\s|;|$)")
_SELF_CLOSED = lazyre.compile(r"(?:^|[;\s])fi\s*$|;;\s*$|^\s*(?:\[\[?\s|test\s)")
"""A line that is a whole branch: a one-line ``if ... fi``, a ``case`` arm, a bare test."""
_OPENS = lazyre.compile(r"(?:\{|\bthen|\bdo|&&|\|\||\|)\s*$")
"""A line whose branch goes on below it (``[ -z "$X" ] && {``)."""
_CMAKE_MODES: dict[str, Outcome] = {
    "FATAL_ERROR": "fail",
    "SEND_ERROR": "fail",
    "WARNING": "warn",
    "AUTHOR_WARNING": "warn",
    "DEPRECATION": "warn",
}
_PY_EXITS = frozenset({"sys.exit", "exit", "quit", "os._exit"})
_PY_SKIPS = frozenset({"pytest.skip", "unittest.skip", "self.skipTest", "skipTest"})
_PY_WARNINGS = frozenset({"warnings.warn", "print"})


def skipped(text: str) -> bool:
    """Whether a message or sentence says something optional is skipped, disabled or falls
    back ("Skipping unit tests for ...", "... will be disabled", "falls back to eager")."""
    return bool(_SKIP.search(text))


def message_outcome(text: str) -> Optional[Outcome]:
    """What a message's words say its branch does; None for plain progress ("Building ...").
    A skip wins over a warning ("Warning: no <library>, skipping"), a warning over an error word
    ("Warning: the check failed")."""
    if skipped(text):
        return "skip"
    if _WARN.search(text):
        return "warn"
    return "fail" if _FAIL.search(text) else None


def shell_stops(text: str) -> bool:
    """Whether shell text stops the script with a failure (``exit 1``, ``die``, ``return 1``)."""
    return bool(_SHELL_STOP.search(text))


def shell_branch(lines: list[str], start: int, *, reach: int = 4) -> str:
    """The text of the branch that begins at ``lines[start]``: that line and up to
    ``reach - 1`` more, ending before a line that closes it (``fi``, ``else``, ``;;``). A
    branch the line closes itself (``if [ -z "$X" ]; then X=/opt; fi``, ``[ -z "$X" ] &&
    X=/opt``) is that line: what the script does next is not the branch's."""
    taken = [lines[start]] if start < len(lines) else []
    if taken and _SELF_CLOSED.search(taken[0]) and not _OPENS.search(taken[0]):
        return taken[0]
    for line in lines[start + 1 : start + reach]:
        if _SHELL_BRANCH_END.match(line):
            break
        taken.append(line)
    return "\n".join(taken)


def shell_outcome(command: str, message: str, branch: str) -> Optional[Outcome]:
    """What a shell branch does: ``command`` is the message's command word (``echo``,
    ``die``), ``message`` its words, ``branch`` the branch's text from the message on. An
    error word with no ``exit`` in sight still fails (the exit may come later in the branch)."""
    if command in _SHELL_FAILING or shell_stops(branch):
        return "fail"
    if command in _SHELL_WARNING and not skipped(message):
        return "warn"
    return message_outcome(message)


def cmake_outcome(args: tuple[str, ...]) -> Optional[Outcome]:
    """What ``message(<mode> ...)`` does: ``FATAL_ERROR``/``SEND_ERROR`` fail the configure,
    ``WARNING`` warns, ``STATUS`` and the rest only print."""
    return _CMAKE_MODES.get(args[0]) if args else None


def dotted(node: ast.expr) -> str:
    """``os.environ`` from its attribute chain; empty for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = dotted(node.value)
        return f"{inner}.{node.attr}" if inner else node.attr
    return ""


def _exits_failing(call: ast.Call) -> bool:
    """``sys.exit(1)``, ``sys.exit("message")``, ``sys.exit(code)``; not ``sys.exit()`` or
    ``sys.exit(0)``."""
    if not call.args:
        return False
    first = call.args[0]
    return not (isinstance(first, ast.Constant) and first.value in (0, None, False))


def python_outcome(body: list[ast.stmt]) -> Optional[Outcome]:
    """What a Python branch does: ``raise``, ``assert`` or a failing ``sys.exit`` fail;
    ``continue``, ``return`` or ``pytest.skip`` skip; ``warnings.warn``, ``logger.warning``
    or ``print`` warn. A failure anywhere in the branch decides."""
    found: Optional[Outcome] = None
    for statement in body:
        for node in ast.walk(statement):
            if isinstance(node, (ast.Raise, ast.Assert)):
                return "fail"
            if isinstance(node, ast.Call):
                name = dotted(node.func)
                if name in _PY_EXITS and _exits_failing(node):
                    return "fail"
                if name in _PY_SKIPS:
                    found = "skip"
                elif found is None and (
                    name in _PY_WARNINGS or name.endswith((".warning", ".warn"))
                ):
                    found = "warn"
            elif isinstance(node, (ast.Continue, ast.Return)) and found != "skip":
                found = "skip"
    return found
