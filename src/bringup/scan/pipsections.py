"""Where the repo's guides install a top-level pip list says whose list it is.

A ``requirements.txt`` at the top that no build file reads is the repo's only if a guide
installs it on the repo's own route. hixl's (numpy, sympy, scipy, attrs, protobuf, psutil)
is installed only under "## 本地验证(tests)" (hicann/hixl docs/zh/build.md:242-250, and
"## Local Verification (tests)" in docs/en/build.md): what the tests need, not the CMake
build. instant-ngp's is installed only in its "(optional) Python 3.8 or higher for
interactive bindings. Also, run ``pip install -r requirements.txt``" item (NVlabs/instant-ngp
README.md:165): an optional feature's list. The section's feature comes from its headings
(``docexamples.task_of``: tests, a task such as a benchmark run), the optional mark from the
line itself, the comment line above it in a code block, or the last sentence before the block
(``purpose.optional_intro``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from bringup import lazyre
from bringup.scan.docexamples import task_of
from bringup.scan.pipscopes import PIP_LIST
from bringup.scan.purpose import OPTIONAL_WORDS, optional_intro
from bringup.scan.scopes import OPTIONAL, REPO

_HEADING = lazyre.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE = lazyre.compile(r"^\s*(?:```|~~~)")
_GUIDE = lazyre.compile(r"\.(?:md|markdown)$", re.IGNORECASE)


def _installs(name: str) -> re.Pattern[str]:
    """``pip install -r NAME`` of the top-level file ``name`` (``./NAME`` too, not
    ``sub/NAME``)."""
    return re.compile(rf"(?:-r|--requirement)[\s=]{{1,9}}(?:\./)?{re.escape(name)}(?![\w.-])")


def _features(text: str, named: re.Pattern[str]) -> list[str]:
    """The feature of each line of the Markdown ``text`` that ``named`` matches: the tests or a
    task its headings name, ``OPTIONAL`` where it is marked optional, "" for the repo's."""
    path: list[tuple[int, str]] = []
    found: list[str] = []
    fenced = False
    paragraph: list[str] = []  # the text lines before a code block
    intro: bool | None = None  # what that paragraph said of the block's lines
    above = ""  # the line above, inside a block
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            intro = optional_intro(" ".join(paragraph)) if fenced else None
            paragraph, above = [], ""
            continue
        head = None if fenced else _HEADING.match(line)
        if head is not None:
            level = len(head.group(1))
            path = [p for p in path if p[0] < level] + [(level, head.group(2))]
            paragraph = []
            continue
        if named.search(line):
            marked = OPTIONAL_WORDS.search(line) or OPTIONAL_WORDS.search(above)
            optional = (fenced and intro is not None) or bool(marked)
            found.append(task_of(path) or (OPTIONAL if optional else ""))
        if fenced:
            above = line if line.strip().startswith("#") else ""
        elif line.strip():
            paragraph.append(line.strip())
        else:
            paragraph = []
    return found


def list_scopes(
    texts: Mapping[str, str], scope_of: Callable[[str], str], builds: Mapping[str, str]
) -> dict[str, str]:
    """The feature of each top-level pip list of the repo's scope (``scope_of``) that the
    repo's own Markdown guides of ``texts`` install only for that one feature, and that no
    build file of the repo's (``builds``: a script, a Makefile; not a README or CI) names."""
    guides = {rel: text for rel, text in texts.items() if _GUIDE.search(rel) and "-r" in text}
    found: dict[str, str] = {}
    for name in texts:
        if "/" in name or not PIP_LIST.match(name) or scope_of(name) != REPO:
            continue
        holders = [(rel, text) for rel, text in guides.items() if name in text]
        if not holders:
            continue
        named = _installs(name)
        said = {f for rel, text in holders if scope_of(rel) == REPO for f in _features(text, named)}
        if len(said) != 1 or REPO in said or _built(name, builds, scope_of):
            continue
        found[name] = said.pop()
    return found


def _built(name: str, builds: Mapping[str, str], scope_of: Callable[[str], str]) -> bool:
    """Whether a build file of the repo's own (not a README, not CI) names ``name``."""
    named = re.compile(rf"(?<![\w/.-]){re.escape(name)}(?![\w.-])")
    return any(
        not rel.lower().startswith("readme") and scope_of(rel) == REPO and named.search(text)
        for rel, text in builds.items()
        if name in text
    )
