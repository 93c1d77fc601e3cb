"""pip requirements files: one requirement a line, ``-r``/``-c`` includes followed (the included
file is read as well), markers kept (soft), index options noted as findings because they decide
which build of a wheel arrives (a backend's ``Vocabulary.wheel_indexes``: ``/whl/<build tag>``),
hashes and per-line options dropped."""

from __future__ import annotations

import posixpath
import re

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.commands import logical_lines
from bringup.scan.extraction import Extraction, Finding, SourceFile
from bringup.scan.pydeps import add_python_requirement

_COMMENT = lazyre.compile(r"(^|\s)#.*$")
_LINE_OPTIONS = lazyre.compile(r"\s--?(?:hash|global-option|config-settings|install-option)[= ]\S+")
_INDEX = lazyre.compile(
    r"^(?:-i|--index-url|--extra-index-url|-f|--find-links|--trusted-host)[= ]?\s*(\S+)"
)


def extract_requirements_txt(file: SourceFile) -> Extraction:
    """What a requirements file pins; constraints files (``-c``, ``constraints*.txt``) give
    soft requirements: they narrow what is installed but require nothing."""
    constraints = "constraint" in file.rel.rsplit("/", 1)[-1].lower()
    requirements: list[Requirement] = []
    findings: list[Finding] = []
    includes: list[str] = []
    base = posixpath.dirname(file.rel)
    for number, raw in logical_lines(file.text):
        line = _LINE_OPTIONS.sub("", _COMMENT.sub("", raw)).strip()
        if not line:
            continue
        if line.startswith(("-r", "--requirement", "-c", "--constraint")):
            target = re.split(r"[= ]", line, maxsplit=1)[-1].strip()
            if target and not target.startswith(("http://", "https://")):
                includes.append(posixpath.normpath(posixpath.join(base, target)))
            continue
        index = _INDEX.match(line)
        if index is not None:
            findings.append(file.finding("note", f"packages come from {index.group(1)}", number))
            continue
        if line in ("--pre", "--prefer-binary", "--no-binary :all:") or line.startswith("-e"):
            if line.startswith("-e"):
                findings.append(
                    file.finding("note", f"editable install: {line[2:].strip()}", number)
                )
            continue
        if line.startswith("-") or "${" in line:
            continue
        why = "constraint" if constraints else None
        add_python_requirement(
            requirements, findings, line, file.source(number), hard=not constraints, why=why
        )
    return Extraction(
        requirements=tuple(requirements), findings=tuple(findings), includes=tuple(includes)
    )
