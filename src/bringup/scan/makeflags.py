"""The compiler flags a Makefile's recipes pass, through the variables they expand: the device
architectures (``-gencode arch=compute_70,code=sm_70``, ``-arch=sm_80``) and the C++ standard
(``-std=c++14``). NVIDIA/multi-gpu-programming-models@9a600f5 single_gpu/Makefile: the recipe
``$(NVCC) $(NVCC_FLAGS) jacobi.cu`` (line 23), ``NVCC_FLAGS += ... $(GENCODE_FLAGS) -std=c++14``
(line 21), ``GENCODE_FLAGS := $(GENCODE_SM70) $(GENCODE_SM80) $(GENCODE_SM90)`` (line 12) over a
menu of ``GENCODE_SMxx`` variables (lines 3-11, 30 to 90): the build targets 7.0 and newer.

Read as ``make`` would by default: a variable set outside any conditional keeps its last such
value (a value set only inside ``ifdef``/``ifeq`` branches is one of them: all are read), and
its unconditional ``+=`` appends; a variable nothing sets is empty. An architecture is cited at
the assignment that assembles every architecture found (line 12 above), a standard at the line
holding its flag."""

from __future__ import annotations

from typing import NamedTuple

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.architectures import Targets, flagged, lowest_architecture
from bringup.scan.cmake_standard import STD_DRAFTS, STD_FLAG
from bringup.scan.extraction import SourceFile

_ASSIGN = lazyre.compile(
    r"^(?:(?:override|export)\s+)*([A-Za-z_][\w.]*)\s*(::?=|:::=|\+=|\?=|!=|=)[ \t]*(.*)$"
)
_CONDITION_OPENS = lazyre.compile(r"^(?:ifn?eq|ifn?def)\b")
_CONDITION_ENDS = lazyre.compile(r"^endif\b")
REFERENCE = lazyre.compile(r"\$[({]([A-Za-z_][\w.]{0,100})[)}]")
"""A variable's use: ``$(NAME)`` or ``${NAME}``."""
_STD = lazyre.compile(r"(?:^|\s)" + STD_FLAG)
_FLAG_WORDS = ("-std=", "arch", "sm_")
"""A recipe line whose expansion holds none of these passes no flag read here."""
_DEPTH = 8
"""Variables expanded inside variables at most (a Makefile's chains are two or three deep; a
variable that names itself is left unexpanded)."""
_PIECES = 4096
"""Expansions one recipe line makes at most (each reference, each assignment expanded for
it, a long one counting as several: ``_WIDTH``): variables naming each other many times
over would otherwise multiply (ten references a level, eight levels deep), and so would a
reference repeated over a variable of many ``+=`` lines."""
_FILE_PIECES = 65536
"""Expansions one Makefile makes at most over all its recipe lines."""
_WIDTH = 64
"""Characters of a value that count as one more expansion: a long value repeated is as
costly as many short ones."""


class _Set(NamedTuple):
    line: int
    operator: str
    value: str
    conditional: bool


class _Piece(NamedTuple):
    """Text a recipe line expands to, with the lines of the assignments it came through."""

    text: str
    chain: tuple[int, ...]


def makefile_flags(file: SourceFile) -> list[Requirement]:
    """A device kind floor for the architectures the recipes compile for and a
    ``cxx_standard`` for the standard they compile with."""
    text = file.text
    if "\t" not in text or not any(word in text for word in _FLAG_WORDS):
        return []
    table, recipes = _read(text)
    archs: dict[Targets, list[tuple[str, tuple[int, ...]]]] = {}
    standards: dict[str, int] = {}
    left = _FILE_PIECES
    seen: set[str] = set()
    for line, recipe in recipes:
        if recipe in seen or left <= 0:
            continue  # the same recipe again reads the same flags, cited at its first line
        seen.add(recipe)
        budget = [min(_PIECES, left)]
        pieces = _expand(recipe, (line,), table, budget)
        left -= min(_PIECES, left) - max(budget[0], 0)
        if not any(word in piece.text for piece in pieces for word in _FLAG_WORDS):
            continue
        for piece in pieces:
            for target, arch in flagged(piece.text):
                archs.setdefault(target, []).append((arch, piece.chain))
            for flag in _STD.finditer(piece.text):
                standard = STD_DRAFTS.get(flag.group(1), flag.group(1))
                standards.setdefault(standard, piece.chain[-1])
    found = [
        file.requirement("cxx_standard", f">={standard}", line, text=f"-std=c++{standard}")
        for standard, line in standards.items()
    ]
    for target, named in archs.items():
        cited = _common([chain for _, chain in named])
        lowest = lowest_architecture([(arch, cited) for arch, _ in named])
        if lowest is not None:
            spec, _, names = lowest
            words = f"the Makefile compiles for {target.label} architectures " + ", ".join(names)
            found.append(file.requirement(target.subject, spec, cited, text=words))
    return found


def last_values(text: str) -> dict[str, str]:
    """The Makefile's variables, each its last value as written (``scan.makerunners``)."""
    return {name: sets[-1].value for name, sets in _read(text)[0].items()}


def _read(text: str) -> tuple[dict[str, list[_Set]], list[tuple[int, str]]]:
    """Each variable's assignments and the recipe lines (continuations joined, each at its
    first line)."""
    table: dict[str, list[_Set]] = {}
    recipes: list[tuple[int, str]] = []
    depth = 0
    lines = text.split("\n")
    number = 0
    while number < len(lines):
        first = number + 1
        raw = lines[number]
        while raw.endswith("\\") and number + 1 < len(lines):
            number += 1
            raw = raw[:-1] + " " + lines[number].strip()
        number += 1
        stripped = raw.strip()
        assigned = _ASSIGN.match(stripped)
        if raw.startswith("\t") and (depth == 0 or assigned is None):
            recipes.append((first, raw[1:]))  # a tab-led assignment in a conditional is one
        elif _CONDITION_OPENS.match(stripped):
            depth += 1
        elif _CONDITION_ENDS.match(stripped):
            depth = max(0, depth - 1)
        elif assigned is not None:
            name, operator, value = assigned.groups()
            table.setdefault(name, []).append(_Set(first, operator, value, depth > 0))
    return table, recipes


def _values(sets: list[_Set]) -> list[_Set]:
    """The assignments a variable's value is made of, as ``make`` reads the file by default."""
    plain = [s for s in sets if s.operator not in ("+=", "!=")]
    base = [s for s in plain if not s.conditional][-1:] or plain
    return base + [s for s in sets if s.operator == "+=" and not s.conditional]


def _expand(
    text: str, chain: tuple[int, ...], table: dict[str, list[_Set]], budget: list[int]
) -> list[_Piece]:
    """``text`` with its variables expanded, as pieces each knowing its assignments' lines;
    ``budget`` holds how many more expansions may be made."""
    pieces: list[_Piece] = []
    start = 0
    for reference in REFERENCE.finditer(text):
        pieces.append(_Piece(text[start : reference.start()], chain))
        start = reference.end()
        name = reference.group(1)
        budget[0] -= 1
        if len(chain) > _DEPTH or budget[0] <= 0 or name not in table:
            continue
        for assignment in _values(table[name]):
            if budget[0] <= 0:
                break
            if assignment.line not in chain:
                budget[0] -= 1 + len(assignment.value) // _WIDTH
                pieces.extend(_expand(assignment.value, (*chain, assignment.line), table, budget))
    pieces.append(_Piece(text[start:], chain))
    return [piece for piece in pieces if piece.text.strip()]


def _common(chains: list[tuple[int, ...]]) -> int:
    """The deepest line every chain passes through (where the whole set is assembled), else
    the end of the first chain."""
    first, rest = chains[0], chains[1:]
    return next((n for n in reversed(first) if all(n in c for c in rest)), first[-1])
