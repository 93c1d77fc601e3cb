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
from bringup.scan.fetches import WORDS, pypi_index
from bringup.scan.pydeps import add_python_requirement, tool_scope
from bringup.scan.scopes import DEVELOPMENT, TESTS

_COMMENT = lazyre.compile(r"(^|\s)#.*$")
_TEST_NOTE = lazyre.compile(
    r"\bfor\s+(?:[\w-]+\s+){0,2}(?:unit\s*)?tests?\b|^\W*(?:unit\s*)?test(?:s|ing)?\b"
    r"|\btests?\s+(?:dependenc|requirement|only)|测试(?:依赖|用)|用于\S{0,8}测试",
    re.IGNORECASE,
)
_DEV_NOTE = lazyre.compile(
    r"^\W*dev(?:elop(?:ment|er))?\b|\bdev(?:elopment)?\s+(?:dependenc|requirement|tools?|only)"
    r"|开发(?:依赖|工具)",
    re.IGNORECASE,
)
_CORE_NOTE = lazyre.compile(
    r"\bcore\b|\brequired\b|\bmandatory\b|核心|必需|必选|必须安装", re.IGNORECASE
)
"""What a comment says the lines it heads (up to the next blank line) or ends are for: the
tests ("# for infer test", "# test dependencies"), development ("# ==== 开发依赖 ====") or the
core list again ("# ==== 核心依赖 ===="). Not an optional heading ("# ==== 可选依赖 ====",
cann-bench requirements.txt:33): what a pip list installs under one is still installed by
``pip install -r``, and the truth of a held-out repo counts such lines as its needs."""
_LINE_OPTIONS = lazyre.compile(r"\s--?(?:hash|global-option|config-settings|install-option)[= ]\S+")
_INDEX = lazyre.compile(
    r"^(?:-i|--index-url|--extra-index-url|-f|--find-links|--trusted-host)[= ]?\s*(\S+)"
)

_VCS = lazyre.compile(r"@\s*((?:git\+)?https?://\S+)|^((?:git\+)https?://\S+)")
"""A distribution installed from a repository or an archive URL (``torchtitan @
git+https://gitcode.com/...``, torchtitan-npu requirements.txt:6); a repository's clone is
``pydeps``' (the git it runs and the download), an archive's download this file's."""


def _download(file: SourceFile, url: str, number: int, line: str) -> list[Requirement]:
    """A package index or source other than PyPI (``--extra-index-url
    https://download.pytorch.org/whl/cpu``): installing needs the network to reach it. PyPI
    or a mirror of it (``fetches.pypi_index``) is where pip installs from anyway."""
    if not url.startswith(("http://", "https://", "git+")) or line.startswith("--trusted-host"):
        return []
    if pypi_index(url):
        return []
    return [file.requirement("network", url, number, text=WORDS + url, confidence="medium")]


def _tooling(requirements: list[Requirement]) -> bool:
    """Whether at least two thirds of ``requirements`` (two or more) are developer tools."""
    tools = sum(1 for r in requirements if tool_scope(r.subject))
    return len(requirements) >= 2 and 3 * tools >= 2 * len(requirements)


def _noted(comment: str) -> str | None:
    """The feature a comment says its lines are for (``""``: the core list), or ``None`` when
    it says none, or more than one ("# uv sync  # 核心 + 开发依赖": both lists)."""
    said = {
        feature
        for feature, words in ((TESTS, _TEST_NOTE), (DEVELOPMENT, _DEV_NOTE), ("", _CORE_NOTE))
        if words.search(comment)
    }
    return said.pop() if len(said) == 1 else None


def _as_noted(requirements: list[Requirement], notes: dict[int, str]) -> list[Requirement]:
    """``requirements`` in the features their comments give (``notes``, by line). A file whose
    lines are noted as the tests' but for unnoted test plugins (acctransformer
    requirements.txt:1-4: ``pytest-assume``, then three pins "# for infer test") is the tests'
    list as a whole."""
    lines = [r.source.line or 0 for r in requirements]
    if notes and {notes.get(n) for n in lines} <= {TESTS, None} and TESTS in notes.values():
        rest = {n for n in lines if n not in notes}
        if all(tool_scope(r.subject) for r, n in zip(requirements, lines) if n in rest):
            notes = {**notes, **dict.fromkeys(rest, TESTS)}
    return [
        msgspec.structs.replace(r, feature=notes[line]) if notes.get(line) and not r.feature else r
        for r, line in zip(requirements, lines)
    ]


def extract_requirements_txt(file: SourceFile) -> Extraction:
    """What a requirements file pins; constraints files (``-c``, ``constraints*.txt``) give
    soft requirements: they narrow what is installed but require nothing."""
    constraints = "constraint" in file.rel.rsplit("/", 1)[-1].lower()
    requirements: list[Requirement] = []
    findings: list[Finding] = []
    includes: list[str] = []
    downloads: list[Requirement] = []
    base = posixpath.dirname(file.rel)
    notes: dict[int, str] = {}
    section = ""  # the feature a comment heading the lines below names, to a blank line or a
    # comment naming none
    for number, raw in logical_lines(file.text):
        comment = _COMMENT.search(raw)
        noted = _noted(comment.group(0)) if comment is not None else None
        line = _LINE_OPTIONS.sub("", _COMMENT.sub("", raw)).strip()
        if not line:
            section = noted or ""
            continue
        if noted or section:
            notes[number] = noted if noted is not None else section
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
        if line in ("--pre", "--prefer-binary", "--no-binary :all:"):
            continue
        if (line.startswith("-") and not line.startswith(("-e", "--editable"))) or "${" in line:
            continue
        vcs = _VCS.search(line)
        if vcs is not None and not (vcs.group(1) or vcs.group(2)).startswith("git+"):
            downloads.extend(_download(file, vcs.group(1) or vcs.group(2), number, line))
        why = "constraint" if constraints else None
        add_python_requirement(
            requirements, findings, line, file.source(number), hard=not constraints, why=why
        )
    tooling = _tooling(requirements)
    requirements = _as_noted(requirements, notes)
    requirements.extend(downloads)
    if tooling:
        requirements = [msgspec.structs.replace(r, feature=DEVELOPMENT) for r in requirements]
    return Extraction(
        requirements=tuple(requirements), findings=tuple(findings), includes=tuple(includes)
    )
