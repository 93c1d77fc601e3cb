"""The operating systems a package's trove classifiers name, as one support list.

``"Operating System :: Unix"`` (causal-conv1d setup.py:371), ``"Operating System :: POSIX ::
Linux"``, ``"Operating System :: Microsoft :: Windows"``: the OSes the package says it runs
on, read from the text of setup.py, setup.cfg or pyproject.toml alike. Soft (a classifier is
a claim, not a check); "OS Independent" names none. Unix and POSIX stand for the Linux the
plans are made for.
"""

from __future__ import annotations

import re

import msgspec

from bringup import lazyre
from bringup.linecount import line_counter
from bringup.model import Alternative, Requirement
from bringup.scan.extraction import SourceFile

_CLASSIFIER = lazyre.compile(
    r"Operating System\s*::\s*(?:(POSIX\s*::\s*Linux|POSIX|Unix)|(MacOS)[\w\s:]{0,80}|"
    r"(Microsoft\s*::\s*Windows)[\w\s:]{0,80})(?=[\"'])",
    re.IGNORECASE,
)
"""A classifier, to its closing quote; what follows an OS is short ("MacOS :: MacOS X"), and
bounded, a file of unquoted ones is read in linear time."""


def os_classifiers(file: SourceFile) -> list[Requirement]:
    """One soft ``os`` requirement listing the OSes ``file``'s classifiers name."""
    if "Operating System" not in file.text:
        return []
    places: dict[str, int] = {}
    line_of = line_counter(file.text)
    for match in _CLASSIFIER.finditer(file.text):
        name = "linux" if match.group(1) else "macos" if match.group(2) else "windows"
        places.setdefault(name, line_of(match.start()))
    if not places:
        return []
    line = min(places.values())
    text = "classifiers: Operating System :: " + ", ".join(places)
    stated = file.requirement("os", ",".join(places), line, text=text, hard=False)
    alternatives = tuple(Alternative(value=n, source=file.source(at)) for n, at in places.items())
    return [msgspec.structs.replace(stated, any_of=alternatives)]
