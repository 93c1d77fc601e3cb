"""The lines of a shell script that run only on some machines or builds: inside a ``case``,
an ``if`` with an ``elif`` or ``else``, or an ``if`` that compares values. What such a line
sets up holds where its branch is taken, not for every build: ``export
TORCH_CUDA_ARCH_LIST="12.0a"`` in the ``elif [ "${cc_major}" = "12" ]`` arm beside a ``9.0a``
arm and an ``else`` that takes the detected capability (hao-ai-lab/FastVideo@2f3d4074
fastvideo-kernel/build.sh:139-148) is the build for Blackwell cards, not the repo's floor. An
``if`` that only asks whether something is there or set (``if [ -f …/set_env.sh ]; then
source …; fi``, ``if [ -z "${TORCH_CUDA_ARCH_LIST:-}" ]``) takes its branch on every machine
that lacks it and is kept as it is. An ``if`` is the shell's only where ``then`` follows on
its line or the next: a Python ``if`` in a string the script hands ``python -c`` (FastVideo
build.sh:110) opens no block.
"""

from __future__ import annotations

from typing import NamedTuple

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile

_IF = lazyre.compile(r"^if\b")
_THEN = lazyre.compile(r"(?:^|[;\s])then\b")
_OTHER_ARM = lazyre.compile(r"^(?:elif|else)\b")
_FI = lazyre.compile(r"^fi\b")
_CASE = lazyre.compile(r"^case\s.*\sin(?:\s|$)")
_ESAC = lazyre.compile(r"^esac\b")
_CLOSED = lazyre.compile(r"(?:;|\s)fi\s*;?\s*$|\besac\s*;?\s*$")
"""A line that opens and closes its own block (``if …; then …; fi``)."""
_INLINE_ARM = lazyre.compile(r";\s*(?:elif|else)\b")
"""Another arm on that line (``…; else unset X; fi``)."""
_COMPARES = lazyre.compile(
    r"(?:==|!=|=~|(?<![<>!=:+\-?])=(?!=)|\s-(?:eq|ne|lt|le|gt|ge)\s|\s[<>]\s)"
)
"""A test that compares values (``[ "${cc_major}" = "12" ]``, ``[[ $CU_VERSION == cu118 ]]``,
``[ "$N" -ge 2 ]``), not one that asks whether a thing is set or there; ``${X:=…}`` is no
comparison."""


class _Block(NamedTuple):
    case: bool
    choice: list[bool]
    lines: list[int]


def branch_lines(lines: list[str]) -> frozenset[int]:
    """The numbers (from 1) of the lines inside a ``case``, or inside an ``if`` with more than
    one arm or a comparing test, the tests themselves included."""
    found: set[int] = set()
    opened: list[_Block] = []
    for number, raw in enumerate(lines, start=1):
        text = raw.strip()
        following = lines[number].strip() if number < len(lines) else ""
        for block in opened:
            block.lines.append(number)
        test = _THEN.split(text, maxsplit=1)[0]
        if _CLOSED.search(text) and (_IF.match(text) or _CASE.match(text)):
            if _CASE.match(text) or _INLINE_ARM.search(text) or _COMPARES.search(test):
                found.add(number)
        elif _IF.match(text) and (_THEN.search(text) or following.startswith("then")):
            opened.append(_Block(False, [bool(_COMPARES.search(test))], [number]))
        elif _CASE.match(text):
            opened.append(_Block(True, [True], [number]))
        elif opened and _OTHER_ARM.match(text) and not opened[-1].case:
            opened[-1].choice[0] = True
        elif opened and (_ESAC if opened[-1].case else _FI).match(text):
            block = opened.pop()
            if block.choice[0]:
                found.update(block.lines)
    return frozenset(found)


def in_branches(file: SourceFile, found: list[Requirement]) -> list[Requirement]:
    """The version or floor a branch sets up (``branch_lines``) is soft: it holds where that
    branch is taken. What a branch needs at all (``source …/set_env.sh`` in each arm) stays
    hard."""
    branches = branch_lines(file.text.splitlines())
    return [
        msgspec.structs.replace(r, hard=False)
        if r.hard and r.spec and r.source.line in branches
        else r
        for r in found
    ]
