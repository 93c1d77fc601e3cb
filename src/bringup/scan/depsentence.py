"""The pinned distributions a sentence names as the repo's dependencies, in code spans.

A README may state its dependencies in one sentence rather than a list or a requirements file:
"The only dependencies of attorch are ```torch==2.4.0``` and ```triton==3.0.0```" (BobMcDear/
attorch@67c2772 README.md:20, its "## Installation" section). The prose reader reads the
subjects it has words for (torch), and the other pin of the same sentence was lost (triton,
outsider40 D6). Each span of such a sentence that is a requirement string with a release is a
need, as a list item's is (``specspans``), but for
those the prose reader reads. Only spans after a word that calls them the
dependencies, in the same sentence, and only pinned ones: a bare name in prose may be a
module, an option or a product.
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.forbidden import forbidden
from bringup.scan.paragraphs import sentence_start
from bringup.scan.prose_vocabulary import vocabulary
from bringup.scan.pydeps import python_requirement

_DEPENDENCY_WORDS = lazyre.compile(
    r"\b(?:dependencies|depends\s+on|requirements\s+are)\b|依赖(?:于|为|是|有|包括)",
    re.IGNORECASE,
)
_SPAN = lazyre.compile(r"`([^`\n]{1,120})`")
_PINNED = lazyre.compile(
    r"[A-Za-z][A-Za-z0-9._-]{0,60}\s{0,2}(?:===|==|>=|<=|~=|<|>)\s{0,2}v?\d+\.[\w.*+!-]{0,40}"
    r"(?:\s{0,2},\s{0,2}(?:==|>=|<=|~=|!=|<|>)\s{0,2}v?\d[\w.*+!-]{0,40}){0,2}"
)
"""A requirement string with a release (``triton==3.0.0``); every gap is bounded."""
_SENTENCE_END = lazyre.compile(r"[.!?;](?=\s|$)|[\u3002\uff01\uff1f\uff1b]")
_OPTIONAL = lazyre.compile(r"\boptional(?:ly)?\b|可选", re.IGNORECASE)


def _read_by_prose(pin: str) -> bool:
    """Whether the prose reader has a word for the pin's subject (torch): it reads it."""
    name = re.split(r"[\s=<>~!]", pin, maxsplit=1)[0]
    return vocabulary().subject.fullmatch(name) is not None


def stated_dependencies(file: SourceFile, text: str, line: int) -> list[Requirement]:
    """The pinned requirement strings ``text`` (line ``line`` of ``file``) quotes after a word
    naming them the dependencies, in the same sentence; soft where it says optional."""
    if _DEPENDENCY_WORDS.search(text) is None:
        return []
    plain = _SPAN.sub(lambda span: "x" * len(span.group(0)), text)
    found: list[Requirement] = []
    for span in _SPAN.finditer(text):
        pinned = _PINNED.fullmatch(span.group(1).strip())
        if pinned is None or _read_by_prose(pinned.group(0)) or forbidden(text, span.start()):
            continue
        sentence = plain[sentence_start(plain, span.start(), _SENTENCE_END) : span.start()]
        if _DEPENDENCY_WORDS.search(sentence) is None:
            continue
        requirement, _ = python_requirement(
            span.group(1).strip(),
            file.source(line),
            hard=_OPTIONAL.search(sentence) is None,
            confidence="medium",
            why="stated",
        )
        if requirement is not None:
            found.append(requirement)
    return found
