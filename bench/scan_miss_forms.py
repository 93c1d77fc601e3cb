"""The tuning half's scan misses counted by outcome, subject and the form of the file cited.

``bench/heldout.py --tuning --misses [KIND ...]`` lists each missed truth requirement (``miss``)
and each report no truth requirement takes (``wrong``, ``scope``, ``dup``) with the places it
cites; this groups those lines by outcome, subject (``system_package``, ``env_var``, ...) and
the kind of file of the first place (a guide, a shell script, a CMake file, ``.gitmodules``,
a Dockerfile, ...), so a class of misses is counted before a rule is written for it:

    /work/eval/tuning.sh WT --part scan --misses vocabulary | python bench/scan_miss_forms.py

It reads only the listing, which holds the tuning half alone.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Iterable

_LINE = re.compile(
    r"^\S+: (?P<outcome>miss|wrong|scope|dup) +(?P<kind>\w+) +(?P<subject>\w+) (?P<rest>.*)$"
)
_PLACE = re.compile(r"([\w./+-]+):\d+")
_SUFFIXES = (
    ((".md", ".rst", ".info"), "guide"),
    ((".sh", ".bash"), "shell"),
    ((".cmake",), "cmake"),
    ((".py",), "python"),
    ((".yml", ".yaml"), "yaml"),
    ((".json",), "json"),
)
_NAMES = {"cmakelists.txt": "cmake", ".gitmodules": "gitmodules", "makefile": "makefile"}


def form(path: str) -> str:
    """The kind of file at ``path``, by its name."""
    name = path.rsplit("/", 1)[-1].lower()
    if name in _NAMES:
        return _NAMES[name]
    if name.startswith(("dockerfile", "containerfile")) or name.endswith(".dockerfile"):
        return "dockerfile"
    if name.startswith("readme"):
        return "guide"
    for suffixes, kind in _SUFFIXES:
        if name.endswith(suffixes):
            return kind
    return "other"


def counted(lines: Iterable[str]) -> Counter[tuple[str, str, str]]:
    """(outcome, subject, form) of each listed miss: the truth's first place for a ``miss``,
    the report's for the rest."""
    found: Counter[tuple[str, str, str]] = Counter()
    for line in lines:
        listed = _LINE.match(line.rstrip("\n"))
        if listed is None:
            continue
        cited = _PLACE.search(listed["rest"].split("  (scan:", 1)[0])
        where = form(cited.group(1)) if cited else "other"
        found[(listed["outcome"], listed["subject"], where)] += 1
    return found


def main() -> None:
    for (outcome, subject, where), count in sorted(
        counted(sys.stdin).items(), key=lambda item: (item[0][0], item[0][1], -item[1])
    ):
        print(f"{count:4d}  {outcome:5s}  {subject:16s} {where}")


if __name__ == "__main__":
    main()
