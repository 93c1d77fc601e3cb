"""The lines of a shell script that run only on some machines or builds: inside a ``case``,
an ``if`` with an ``elif`` or ``else``, or an ``if`` that compares values. What such a line
sets up holds where its branch is taken, not for every build: ``export
TORCH_CUDA_ARCH_LIST="12.0a"`` in the ``elif [ "${cc_major}" = "12" ]`` arm beside a ``9.0a``
arm and an ``else`` that takes the detected capability (hao-ai-lab/FastVideo@2f3d4074
fastvideo-kernel/build.sh:139-148) is the build for Blackwell cards, not the repo's floor. An
``if`` that only asks whether something is there or set (``if [ -f …/set_env.sh ]; then
source …; fi``, ``if [ -z "${TORCH_CUDA_ARCH_LIST:-}" ]``) takes its branch on every machine
that lacks it and is kept as it is, as is one that compares with the empty string (``[ "$X" ==
"" ]``) or whose one branch stops the script (a guard: the other way is the main path). An
``if`` is the shell's only where ``then`` follows on its line or the next: a Python ``if`` in a
string the script hands ``python -c`` (FastVideo build.sh:110) opens no block.
"""

from __future__ import annotations

import dataclasses
from typing import Optional

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile

_IF = lazyre.compile(r"^if\b")
_THEN = lazyre.compile(r"(?:^|[;\s])then\b", prefilter=True)
_OTHER_ARM = lazyre.compile(r"^(?:elif|else)\b")
_FI = lazyre.compile(r"^fi\b")
_CASE = lazyre.compile(r"^case\s.*\sin(?:\s|$)")
_ESAC = lazyre.compile(r"^esac\b")
_CLOSED = lazyre.compile(r"(?:;|\s)fi(?:\s*;)?\s*$|\besac(?:\s*;)?\s*$")
"""A line that opens and closes its own block (``if …; then …; fi``)."""
_INLINE_ARM = lazyre.compile(r";\s*(?:elif|else)\b")
"""Another arm on that line (``…; else unset X; fi``)."""
_COMPARES = lazyre.compile(
    r"(?:==|!=|=~|(?<![<>!=:+\-?])=(?!=)|\s-(?:eq|ne|lt|le|gt|ge)\s|\s[<>]\s)"
)
"""A test that compares values (``[ "${cc_major}" = "12" ]``, ``[[ $CU_VERSION == cu118 ]]``,
``[ "$N" -ge 2 ]``), not one that asks whether a thing is set or there; ``${X:=…}`` is no
comparison."""


_EMPTY = lazyre.compile(r"""(?:==?|!=)\s*(?:""|'')(?=[\s;\]]|$)|(?:""|'')\s*(?:==?|!=)""")
"""A comparison with the empty string (``[ "${ASCEND_HOME_PATH}" == "" ]``, xllm-ops
atb_customize/build.sh:25): asks whether a thing is set, as ``-z`` does."""
_LEAVES = lazyre.compile(r"^(?:exit|return)\b")


@dataclasses.dataclass
class _Block:
    case: bool
    choice: bool
    start: int  # the line that opens it (from 1): its lines run to the one that closes it
    leaves: list[bool]  # per arm: whether its last command leaves (``exit 1``)
    elif_: bool = False

    def guard(self) -> bool:
        """An ``if`` whose one branch stops the script (``… exit 1; else …``, sip
        scripts/install.sh:445-450) chooses nothing: the other way is the main path."""
        return not self.case and not self.elif_ and self.leaves.count(True) == 1


def _last(opened: list[_Block], leaves: bool) -> None:
    """Note whether the innermost arm's latest command leaves the script."""
    if opened:
        opened[-1].leaves[-1] = leaves


def _compares(test: str) -> bool:
    return bool(_COMPARES.search(_EMPTY.sub(" ", test)))


def _test(text: str) -> str:
    """The test of an ``if`` line: what comes before its ``then``."""
    return _THEN.split(text, maxsplit=1)[0]


def _then_follows(lines: list[str], number: int) -> bool:
    """Whether the line after line ``number`` (from 1) starts with ``then``."""
    return number < len(lines) and lines[number].strip().startswith("then")


def branch_lines(lines: list[str]) -> frozenset[int]:
    """The numbers (from 1) of the lines inside a ``case``, or inside an ``if`` with more than
    one arm or a comparing test and no guard's, the tests themselves included."""
    found: set[int] = set()
    opened: list[_Block] = []
    for number, raw in enumerate(lines, start=1):
        text = raw.strip()
        # most lines open nothing: ``if`` and ``case`` are looked for only at a line that
        # starts with their letters, and the line's test is cut off its ``then`` only there
        opens_if = text.startswith("if") and bool(_IF.match(text))
        opens_case = text.startswith("case") and bool(_CASE.match(text))
        if (opens_if or opens_case) and _CLOSED.search(text):
            if opens_case or _INLINE_ARM.search(text) or _compares(_test(text)):
                found.add(number)
            _last(opened, False)
        elif opens_if and (_THEN.search(text) or _then_follows(lines, number)):
            _last(opened, False)
            opened.append(_Block(False, _compares(_test(text)), number, [False]))
        elif opens_case:
            _last(opened, False)
            opened.append(_Block(True, True, number, [False]))
        elif opened and _OTHER_ARM.match(text) and not opened[-1].case:
            opened[-1].choice = True
            opened[-1].elif_ = opened[-1].elif_ or text.startswith("elif")
            opened[-1].leaves.append(False)
        elif opened and (_ESAC if opened[-1].case else _FI).match(text):
            block = opened.pop()
            if block.choice and not block.guard():
                found.update(range(block.start, number + 1))
            _last(opened, False)
        elif opened and text and not text.startswith("#") and text != "then":
            _last(opened, bool(_LEAVES.match(text)))
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


def chosen_only(file: SourceFile, found: list[Requirement]) -> list[Requirement]:
    """``found`` less what an arm the script takes only when its caller passes an argument
    sets up (``optional_arms``): that choice's, no need of the repo's."""
    if "${" not in file.text:
        return found
    chosen = optional_arms(file.text.splitlines())
    return [r for r in found if r.source.line not in chosen] if chosen else found


_POSITIONAL = lazyre.compile(
    r"^(?:export\s+|local\s+|readonly\s+)?([A-Za-z_]\w*)=[\"']?\$\{([1-9])(?::?-([^}\s]*))?\}[\"']?\s*$"
)
"""A variable set from an argument of the script, with its default (``NIGHTLY=${1:-0}``)."""
_ARG_TEST = lazyre.compile(
    r"\$\{?([A-Za-z_]\w*)\}?[\"']?\s*(==?|!=|-eq|-ne)(?=(?P<space>\s*))(?P=space)"
    r"[\"']?([\w.+-]*)[\"']?\s*\]"
)
"""A test of a variable against a value (``[ "$NIGHTLY" == "1" ]``): groups 1, 2 and 4. The
space after the operator is taken whole (``space``: a look-ahead's group matched again, atomic
as Python 3.9 has no ``(?>…)``), so that an empty value's two spaces are not tried at every
split (0.4 s a 10,000-space test, quadratic)."""


def optional_arms(lines: list[str]) -> frozenset[int]:
    """The numbers (from 1) of the lines in an arm of an ``if`` that tests an argument of the
    script against a value, where the script's default argument takes another arm: ``NIGHTLY=
    ${1:-0}`` then ``if [ "$NIGHTLY" -eq "0" ]; then pip install --upgrade torch ...; else pip
    install --upgrade --pre torch ... --index-url https://download.pytorch.org/whl/nightly/cu118``
    (huggingface/optimum-quanto@e33f820 setup.sh:3,9-13): the nightly CUDA 11.8 wheels are what
    ``setup.sh 1`` installs, not the repo's CUDA (outsider27 D6). Only a variable the script
    gives a default: a test of ``$1`` itself may be what the guide passes."""
    defaults: dict[str, str] = {}
    for raw in lines:
        set_from = _POSITIONAL.match(raw.strip())
        if set_from is not None:
            defaults[set_from.group(1)] = set_from.group(3) or ""
    if not defaults:
        return frozenset()
    found: set[int] = set()
    opened: list[tuple[int, Optional[bool]]] = []  # (arm's first line, whether it is taken)
    for number, raw in enumerate(lines, start=1):
        text = raw.strip()
        if text.startswith("if") and _IF.match(text) and not _CLOSED.search(text):
            opened.append((number, _taken(_test(text), defaults)))
        elif opened and _OTHER_ARM.match(text):
            start, taken = opened[-1]
            if taken is False:
                found.update(range(start, number))
            opened[-1] = (
                number,
                None if text.startswith("elif") else (not taken if taken is not None else None),
            )
        elif opened and _FI.match(text):
            start, taken = opened.pop()
            if taken is False:
                found.update(range(start, number))
    return frozenset(found)


def _taken(test: str, defaults: dict[str, str]) -> Optional[bool]:
    """Whether the ``if`` test ``test`` holds with the script's default arguments; None when it
    tests no argument against a value."""
    compared = _ARG_TEST.search(test)
    if compared is None:
        return None
    name, operator, value = compared.group(1, 2, 4)
    default = defaults.get(name)
    if default is None:
        return None
    if operator in ("-eq", "-ne"):
        equal = default.strip() == value.strip() or _number(default) == _number(value) is not None
    else:
        equal = default == value
    return equal if operator in ("=", "==", "-eq") else not equal


def _number(text: str) -> Optional[int]:
    return int(text) if text.strip().lstrip("-").isdigit() else None
