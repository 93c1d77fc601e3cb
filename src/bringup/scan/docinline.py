"""What one line of a document names by itself: the install commands quoted in a sentence,
the framework a requirements list item names bare."""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.commandneeds import requirements_of
from bringup.scan.commands import parse_commands
from bringup.scan.extraction import SourceFile
from bringup.scan.prose_vocabulary import subject_named
from bringup.subjects import frameworks

_INLINE_INSTALL = lazyre.compile(r"`(?:\$\s{1,4})?((?:python3?\s+-m\s+)?pip3?\s+install\s[^`]+)`")
"""An install command quoted in a sentence ("pybind11 (install via `pip install pybind11`)"),
maybe after a shell prompt ("`$ pip3 install meson ninja pybind11 tomlkit`", nixl README.md:62):
what it installs is needed as much as a code block's, but it is no step of its own."""
_FORBIDDEN = lazyre.compile(
    r"\b(?:do\s+not|don'?t|never)\s+(?:run|use|execute|install)\b|(?:不要|请勿|切勿|禁止)(?!忘)",
    re.IGNORECASE,
)
"""Words forbidding the install quoted after them in the same clause ("Do not run `pip install
vllm` in the msModeling virtual environment"): what it would install is no need. Not "don't
forget to run", "不要忘记"."""
_CLAUSE_END = ".;:!?。；：！？,，"


def _forbidden(text: str, at: int) -> bool:
    """Whether the clause of ``text`` ending at ``at`` forbids what follows (``_FORBIDDEN``):
    "If you don't have it, run `pip install x`" keeps the install, its clause being "run"."""
    start = max(text.rfind(mark, 0, at) for mark in _CLAUSE_END) + 1
    return _FORBIDDEN.search(text, start, at) is not None


def inline_installs(file: SourceFile, text: str, line: int) -> list[Requirement]:
    """What the ``pip install`` commands quoted in ``text`` (line ``line`` of ``file``)
    install, but for those the clause forbids."""
    found: list[Requirement] = []
    for quoted in _INLINE_INSTALL.finditer(text):
        if _forbidden(text, quoted.start()):
            continue
        for command in parse_commands(quoted.group(1), first_line=line):
            found.extend(requirements_of(command, file.source(line), hard=True))
    return found


_BARE_ITEM = lazyre.compile(r"^([A-Za-z][\w.+-]*(?:\s[A-Za-z][\w.+-]*)?)\s*(?:\(([^()\d]*)\)\s*)?$")
"""A list item that is only a name and maybe a note without digits: "vLLM (the same version
as vllm-ascend)". Trailing spaces are read once: two runs of them around an absent note
split a run of spaces every way, and a 20 KB item of spaces took seconds (quadratic)."""


def bare_item(file: SourceFile, line: int, text: str) -> list[Requirement]:
    """A prerequisites list item that names a framework and no version ("vLLM (the same
    version as vllm-ascend)", vllm-ascend README.md:68): the framework is needed, at a
    version the text does not give (an unversioned need, for the scan to flag)."""
    name = _BARE_ITEM.match(text)
    subject = subject_named(name.group(1)) if name is not None else None
    if subject is None or subject not in frameworks():
        return []
    return [file.requirement(subject, "", line, text=text, confidence="low")]
