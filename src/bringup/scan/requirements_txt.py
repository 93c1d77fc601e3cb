"""pip requirements files: one requirement a line, ``-r``/``-c`` includes followed (the included
file is read as well), markers kept (soft), index options noted as findings because they decide
which build of a wheel arrives (a backend's ``Vocabulary.wheel_indexes``: ``/whl/<build tag>``),
hashes and per-line options dropped."""

from __future__ import annotations

import posixpath
import re

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.commands import logical_lines
from bringup.scan.extraction import Extraction, Finding, SourceFile
from bringup.scan.fetches import WORDS
from bringup.scan.pydeps import add_python_requirement
from bringup.scan.scopes import DEVELOPMENT

_COMMENT = lazyre.compile(r"(^|\s)#.*$")
_LINE_OPTIONS = lazyre.compile(r"\s--?(?:hash|global-option|config-settings|install-option)[= ]\S+")
_INDEX = lazyre.compile(
    r"^(?:-i|--index-url|--extra-index-url|-f|--find-links|--trusted-host)[= ]?\s*(\S+)"
)

_TOOLING = lazyre.compile(
    r"^pypi:(?:pre-commit|ruff|black|isort|yapf|autopep8|flake8.*|pylint|mypy|pyright|"
    r"codespell|cmake-format|clang-format|cpplint|pytest.*|hypothesis|coverage|tox|nox|"
    r"sphinx.*|myst-parser|mkdocs.*|furo|breathe|recommonmark|docutils|twine|types-[\w.-]+)$"
)
"""Linters, formatters, type checkers, test runners, doc builders and release tools: a
requirements file made mostly of these (Mooncake's top-level ``requirements.txt``: pre-commit,
ruff, pyright, codespell …; a ``UserGuide/requirements.txt`` of sphinx themes) is what a
developer installs, not what the repo needs, whatever its name. A ``types-*`` distribution is
typeshed's stubs, read by type checkers alone (nixl requirements.txt:25 ``types-PyYAML``)."""

_VCS = lazyre.compile(r"@\s*((?:git\+)?https?://\S+)|^((?:git\+)https?://\S+)")
"""A distribution installed from a repository or an archive URL (``torchtitan @
git+https://gitcode.com/...``, torchtitan-npu requirements.txt:6)."""


def _download(file: SourceFile, url: str, number: int, line: str) -> list[Requirement]:
    """A package index or source other than PyPI (``--extra-index-url
    https://download.pytorch.org/whl/cpu``): installing needs the network to reach it."""
    if not url.startswith(("http://", "https://", "git+")) or line.startswith("--trusted-host"):
        return []
    return [file.requirement("network", url, number, text=WORDS + url, confidence="medium")]


def _tooling(requirements: list[Requirement]) -> bool:
    """Whether at least two thirds of ``requirements`` (two or more) are developer tools."""
    tools = sum(1 for r in requirements if _TOOLING.match(r.subject))
    return len(requirements) >= 2 and 3 * tools >= 2 * len(requirements)


def extract_requirements_txt(file: SourceFile) -> Extraction:
    """What a requirements file pins; constraints files (``-c``, ``constraints*.txt``) give
    soft requirements: they narrow what is installed but require nothing."""
    constraints = "constraint" in file.rel.rsplit("/", 1)[-1].lower()
    requirements: list[Requirement] = []
    findings: list[Finding] = []
    includes: list[str] = []
    downloads: list[Requirement] = []
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
            downloads.extend(_download(file, index.group(1), number, line))
            continue
        if line in ("--pre", "--prefer-binary", "--no-binary :all:") or line.startswith("-e"):
            if line.startswith("-e"):
                findings.append(
                    file.finding("note", f"editable install: {line[2:].strip()}", number)
                )
            continue
        if line.startswith("-") or "${" in line:
            continue
        vcs = _VCS.search(line)
        if vcs is not None:
            downloads.extend(_download(file, vcs.group(1) or vcs.group(2), number, line))
        why = "constraint" if constraints else None
        add_python_requirement(
            requirements, findings, line, file.source(number), hard=not constraints, why=why
        )
    tooling = _tooling(requirements)
    requirements.extend(downloads)
    if tooling:
        requirements = [msgspec.structs.replace(r, feature=DEVELOPMENT) for r in requirements]
    return Extraction(
        requirements=tuple(requirements), findings=tuple(findings), includes=tuple(includes)
    )
