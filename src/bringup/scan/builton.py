"""Build options the repo's own ``pip install .`` or build script turns on.

A root ``setup.py`` that drives CMake passes its options on every install: NVIDIA/cudnn-frontend
setup.py:36 puts ``-DCUDNN_FRONTEND_BUILD_PYTHON_BINDINGS=ON`` in its ``cmake_args``, though
CMakeLists.txt:8 declares the option OFF. What that option guards (``add_subdirectory(python)``
and python/CMakeLists.txt's pybind11, Python and C++20) is then the default build's, not the
feature ``option:X`` (``cmake_options``). A flag appended only inside an ``if`` (an environment
variable's choice, TransformerEngine setup.py:69) stays the option's. The same holds for a
build script of the repo's (``build*.sh`` at the top or under ``scripts/``) that passes the flag
on its default path: hicann/tensorflow scripts/build.sh:87 ``CMAKE_ARGS="-DENABLE_OPEN_SRC=True
..."`` (in the function ``main``'s ``else`` calls) turns on what CMakeLists.txt:16 guards, its
downloads of tensorflow, nlohmann_json and libboundscheck; catlass scripts/build.sh:170
``-DBUILD_TORCH_LIB=True``, in a function only a ``case`` arm calls, stays an option.
"""

from __future__ import annotations

import ast
import contextlib
import re
from collections.abc import Mapping

from bringup import lazyre

_FLAG = lazyre.compile(r"^-D([A-Za-z_]\w{0,80})=(ON|TRUE|YES|1|OFF|FALSE|NO|0)$", re.IGNORECASE)
_ON = frozenset({"ON", "TRUE", "YES", "1"})
_NESTED_SETUP = lazyre.compile(r"^[^/]+/setup\.py$")
_OPTION = lazyre.compile(
    r"^[ \t]*option[ \t]*\([ \t]*([A-Za-z_]\w{0,80})", re.MULTILINE | re.IGNORECASE
)
_BRANCHES: tuple[type[ast.AST], ...] = tuple(
    getattr(ast, name)
    for name in (
        "If",
        "IfExp",
        "For",
        "AsyncFor",
        "While",
        "Try",
        "TryStar",
        "Match",
        "BoolOp",
        "comprehension",
        "Dict",
    )
    if hasattr(ast, name)
)
"""Nodes whose parts run only on some paths (``Match``, ``TryStar`` exist from 3.10, 3.11); a
dict's values are alternatives (``{"cuda": "-DWITH_CUDA=ON", "rocm": ...}[backend]``). A
``with`` body always runs."""


def _command(node: ast.AST) -> bool:
    """Whether ``node`` is a custom ``setup.py`` command (``class TestCmd(Command)``), which
    ``pip install .`` does not run (its ``build_ext`` subclass it does)."""
    return isinstance(node, ast.ClassDef) and any(
        (base.id if isinstance(base, ast.Name) else getattr(base, "attr", "")) == "Command"
        for base in node.bases
    )


def _flags(tree: ast.AST) -> set[str]:
    """The options of the ``-DX=ON`` strings in ``tree`` that no branch or loop guards (an
    f-string's parts, ``f"-DX=ON"``, are constants below it), unless a later ``-DX=OFF``
    (CMake keeps the last) turns them off."""
    last: dict[str, tuple[tuple[int, int], bool]] = {}
    waiting = [tree]
    while waiting:
        for child in ast.iter_child_nodes(waiting.pop()):
            if isinstance(child, _BRANCHES) or _command(child):
                continue
            if isinstance(child, ast.Constant) and isinstance(child.value, str):
                match = _FLAG.match(child.value)
                at = (getattr(child, "lineno", 0), getattr(child, "col_offset", 0))
                if match and at >= last.get(match.group(1), ((-1, -1), False))[0]:
                    last[match.group(1)] = (at, match.group(2).upper() in _ON)
            waiting.append(child)
    return {name for name, (_, on) in last.items() if on}


_SCRIPT = lazyre.compile(r"^(?:scripts/)?build\.sh$")
"""The repo's build script: one named for a variant (build_gpu.sh, build_tests.sh) is a
branch of the build, not its default."""
_SHELL_FLAG = lazyre.compile(
    r"(?<![\w-])-D[ \t]?([A-Za-z_]\w{0,80})=(?:ON|TRUE|YES|1)\b", re.IGNORECASE
)
"""``-DX=ON``, or CMake's spaced form ``-D X=ON`` (hicann/ge build.sh:441 ``cmake -D
BUILD_OPEN_PROJECT=True``, hicann/metadef build.sh)."""
_OPENS = lazyre.compile(r"^\s*(?:if|case|for|while|until|select)\b")
_CLOSES = lazyre.compile(r"^\s*(?:fi|esac|done)\b|;\s*(?:fi|esac|done)\s*$")
_ELSE = lazyre.compile(r"^\s*else\b")
_ELSE_IF = lazyre.compile(r"^\s*else\s+if\b")
_FUNCTION = lazyre.compile(
    r"^[ \t]*(?:function\s+)?([A-Za-z_][\w-]{0,60})[ \t]*(?:\([ \t]*\)[ \t]*)?(?:\{[ \t]*)?$"
)
_ONE_LINE_FUNCTION = lazyre.compile(
    r"^[ \t]*(?:function[ \t]+)?([A-Za-z_][\w-]{0,60})[ \t]*\([ \t]*\)[ \t]*\{[ \t](.*)\}[ \t;]*$"
)
_FIRST_WORD = lazyre.compile(r"^\s*([A-Za-z_][\w-]{0,60})")
_COMMENT = lazyre.compile(r"(?:^|\s)#.*$")
_HEREDOC = lazyre.compile(r"(?<!<)<<-?[ \t]{0,8}['\"]?([A-Za-z_]\w{0,40})")
_AND_OR = lazyre.compile(r"&&|\|\|")
"""Where an AND-OR list's first command ends: that one always runs (Ascend/parser build.sh:162
``build_parser || { echo "Parser build failed."; return; }`` calls the function that passes
``-DENABLE_OPEN_SRC=True``); what follows runs only on its success or failure (``[[ $X ]] &&
CMAKE_ARGS+=" -DY=ON"``)."""
_TEXT_COMMANDS = frozenset({"echo", "printf", "cat"})
"""Commands whose arguments are text (usage, help), not flags passed on."""


_CONTINUED = ("&&", "||", "|", "\\")
"""How a line that goes on in the next one ends: an AND-OR list or pipeline left open, an
escaped newline."""


def _code_lines(text: str) -> list[str]:
    """The logical lines of ``text`` that run, their trailing comments cut: no comment,
    heredoc body (usage text, "  -DUSE_ROCM=ON   build for AMD") or ``echo``/``printf`` line;
    a line continued (``_CONTINUED``) joined to the next."""
    lines: list[str] = []
    pieces: list[str] = []  # the open logical line, joined once it ends (linear in its length)
    ends = ""  # the open heredoc's delimiter
    for raw in text.splitlines():
        if ends:
            ends = "" if raw.strip() == ends else ends
            continue
        line = _COMMENT.sub("", raw)
        heredoc = _HEREDOC.search(line)
        ends = heredoc.group(1) if heredoc else ""
        word = _FIRST_WORD.match(line)
        if pieces and "".join(pieces[-2:]).endswith(_CONTINUED):
            # one command or AND-OR list over several lines is one line
            pieces[-1] = pieces[-1][:-1] if pieces[-1].endswith("\\") else pieces[-1]
            pieces.append(f" {line.strip()}")
            while pieces and not pieces[-1].strip():
                pieces.pop()
            pieces[-1:] = [pieces[-1].rstrip()] if pieces else []
        elif line.strip() and not (word and word.group(1) in _TEXT_COMMANDS):
            lines.extend(["".join(pieces)] if pieces else [])
            pieces = [line.rstrip()]
    return [*lines, "".join(pieces)] if pieces else lines


def _shell_flags(text: str) -> set[str]:
    """The options of the ``-DX=ON`` flags ``text`` passes on its default path: outside any
    ``if`` (its ``else`` is taken as the default whatever the test: hicann/tensorflow's
    ``if [[ CI build ]] ... else build_tfadapter``), ``case`` or loop, at the top or in a
    function the default path calls (hicann/tensorflow scripts/build.sh: ``main "$@"`` calls
    ``main``, whose ``else`` calls ``build_tfadapter``), and of an AND-OR list only its first
    command (``_AND_OR``). A later ``-DX=OFF`` does not cancel
    an earlier ``ON``: both are kept as on."""
    flags: dict[str, set[str]] = {"": set()}
    calls: dict[str, set[str]] = {"": set()}
    where = ""  # the function a line is in
    guards: list[bool] = []  # per open block, whether it guards (an if's else does not)
    for line in _code_lines(text):
        one_line = _ONE_LINE_FUNCTION.match(line) if not guards else None
        if one_line:
            name, body = one_line.groups()
            firsts = [_AND_OR.split(command, 1)[0] for command in body.split(";")]
            flags.setdefault(name, set()).update(
                m.group(1) for first in firsts for m in _SHELL_FLAG.finditer(first)
            )
            words = [_FIRST_WORD.match(first) for first in firsts]
            calls.setdefault(name, set()).update(w.group(1) for w in words if w)
            continue
        named = _FUNCTION.match(line) if not guards else None
        if named and (line.lstrip().startswith("function") or "(" in line):
            where = named.group(1)
            flags.setdefault(where, set())
            calls.setdefault(where, set())
            continue
        if line.lstrip().startswith("}") and not guards:
            where = ""
            continue
        opens, closes = _OPENS.search(line) is not None, _CLOSES.search(line) is not None
        if opens or closes:
            # a block on one line guards its commands; one opened or closed here moves
            if opens and not closes:
                guards.append(True)
            elif closes and not opens and guards:
                guards.pop()
            continue
        if _ELSE.search(line) and guards:
            guards[-1] = False
            # ``else if``: the inner if guards, and closes with its own ``fi``
            guards.extend([True] if _ELSE_IF.search(line) and not _CLOSES.search(line) else [])
            continue
        if any(guards):
            continue
        first = _AND_OR.split(line, 1)[0]
        flags[where].update(match.group(1) for match in _SHELL_FLAG.finditer(first))
        word = _FIRST_WORD.match(first)
        calls[where].update([word.group(1)] if word else [])
    reached, waiting = {""}, [""]
    while waiting:
        for called in calls.get(waiting.pop(), ()):
            if called in flags and called not in reached:
                reached.add(called)
                waiting.append(called)
    return {flag for name in reached for flag in flags[name]}


def built_on(build_texts: Mapping[str, str]) -> frozenset[str]:
    """The CMake options the repo's ``setup.py`` or a build script always passes on. The
    repo's ``setup.py`` is the root's; in a repo with no Python package at its root, a
    ``setup.py`` one folder down drives the root build with the options the root
    CMakeLists.txt declares: ByteDance-Seed/Triton-distributed@1512a811 python/setup.py:694
    passes ``-DTRITON_BUILD_PYTHON_MODULE=ON`` (CMakeLists.txt:31 declares it OFF) on the
    install every guide runs, ``pip3 install -e python``; FlashComm/setup.py beside it builds
    a part of its own."""
    found: set[str] = set()
    text = build_texts.get("setup.py")
    # a setup.py too deep to parse is a finding of its own (``setup_py``)
    with contextlib.suppress(SyntaxError, ValueError, MemoryError, RecursionError):
        found |= _flags(ast.parse(text)) if text is not None else set()
    if text is None and "pyproject.toml" not in build_texts:
        declared = set(_OPTION.findall(build_texts.get("CMakeLists.txt", "")))
        for rel, nested in build_texts.items():
            with contextlib.suppress(SyntaxError, ValueError, MemoryError, RecursionError):
                found |= _flags(ast.parse(nested)) & declared if _NESTED_SETUP.match(rel) else set()
    for rel, text in build_texts.items():
        if _SCRIPT.match(rel):
            found |= _shell_flags(text)
    return frozenset(found)
