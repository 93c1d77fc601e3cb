"""The tools a script probes one by one in a loop: ``local deps=("docker")`` then ``for dep in
"${deps[@]}"; do if ! command -v "$dep" &> /dev/null; then ... exit 1`` (oeyoews/
MindIE_Auto_Deploy_Tool_PLUS@4d1a2f8 deploy.sh:19-28, whose steps all run ``docker``;
outsider27 D4: no container runtime was named). The probe names a variable, and the loop's
words name the tools: literal words (``for tool in git cmake make; do``) or a literal array
the script assigns (``deps=("docker" "jq")``). A word holding an expansion names nothing
known. Whether the probe stops the script is the caller's reading (``shellguards``), as for a
probe of a tool by name."""

from __future__ import annotations

import re
import shlex

from bringup import lazyre
from bringup.scan.probewords import PROBED, TOOL

_VARIABLE_PROBE = lazyre.compile(
    rf"(?:!\s{{0,4}}{PROBED}[\"']?\$\{{?([A-Za-z_]\w*)\}}?[\"']?"
    rf"|{PROBED}[\"']?\$\{{?([A-Za-z_]\w*)\}}?[\"']?[^|\n]{{0,400}}\|\|)"
)
"""A probe of the tool a variable holds: ``! command -v "$dep"``, ``which ${tool} ... ||``."""
_LOOP = lazyre.compile(r"^\s*for\s+([A-Za-z_]\w*)\s+in\s+(.+)$")
"""A ``for`` loop's head: its variable and what follows ``in`` (``_loop_words`` cuts the ``;
do``). The rest is taken whole and cut by ``_DO``, not by a lazy group before ``\\s*``: that
tried every split of a long run of spaces (4 s a 10,000-character line, quadratic)."""
_DO = lazyre.compile(r";\s*do\b")
_ARRAY_WORDS = lazyre.compile(r"^\"?\$\{([A-Za-z_]\w*)\[[@*]\]\}\"?$")
_LIST_WORDS = lazyre.compile(r"^\$\{?([A-Za-z_]\w*)\}?$")
"""A loop over the words of a variable the script sets to a list (``NEEDED_COMMANDS="docker"``
then ``for cmd in ${NEEDED_COMMANDS} ; do``, sharkzeeh/crypto@96ecd04 healthcheck.sh:3-6)."""
_TOOL_NAME = re.compile(rf"^{TOOL}$")
_REACH = 8
"""How many lines above the probe its loop may start."""


def looped_probes(texts: list[str], index: int, script: str) -> list[str]:
    """The tools the probe on line ``index`` of ``texts`` (a script's joined lines; ``script``
    its whole text) tests, one per item of the loop around it; none for any other line."""
    found: list[str] = []
    for match in _VARIABLE_PROBE.finditer(texts[index]):
        variable = match.group(1) or match.group(2)
        # the loop starts above the probe, or on its line (``for cmd in git curl; do command
        # -v "$cmd" ... || { ...; exit 4; }; done``)
        for item in _items(variable, texts[max(0, index - _REACH) : index + 1], script):
            if _TOOL_NAME.match(item) and item not in found:
                found.append(item)
    return found


def _items(variable: str, above: list[str], script: str) -> list[str]:
    """The words of the nearest ``for <variable> in ...`` among ``above``; an array's items
    where the loop walks one the script assigns literally."""
    for text in reversed(above):
        loop = _LOOP.match(text)
        if loop is None or loop.group(1) != variable:
            continue
        words = _split(_loop_words(loop.group(2)))
        array = _ARRAY_WORDS.match(words[0]) if len(words) == 1 else None
        if array is not None:
            return _assigned(array.group(1), script, r"\(([^()]*)\)")
        listed = _LIST_WORDS.match(words[0]) if len(words) == 1 else None
        if listed is not None:
            return _assigned(listed.group(1), script, r"(\"[^\"$`]*\"|'[^']*'|[^\s\"'$`;]+)\s*$")
        return [w for w in words if "$" not in w and "`" not in w]
    return []


def _loop_words(rest: str) -> str:
    """The words of a loop's head after ``in``, up to its ``; do``."""
    do = _DO.search(rest)
    return (rest[: do.start()] if do is not None else rest).rstrip()


def _assigned(variable: str, script: str, value: str) -> list[str]:
    """The words of the one literal assignment of ``variable`` in ``script`` whose value
    ``value`` matches (an array's ``(...)``, a quoted list); none when it is assigned
    otherwise or more than once."""
    pattern = re.compile(
        rf"^[ \t]*(?:local\s+|readonly\s+|declare\s+-a\s+|export\s+)?{re.escape(variable)}={value}",
        re.MULTILINE,
    )
    values = pattern.findall(script)
    if len(values) != 1:
        return []
    return [w for w in _split(values[0]) if "$" not in w and "`" not in w]


def _split(words: str) -> list[str]:
    try:
        return shlex.split(words, comments=True)
    except ValueError:
        return []
