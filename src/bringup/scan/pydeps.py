"""PEP 508 requirement strings ("torch_ext==2.1.0; python_version < '3.11'") as requirements.

Shared by every file kind that lists Python distributions: pyproject, requirements files,
setup.py/setup.cfg, the pip part of environment.yml and ``pip install`` lines. The subject
follows ``versions.python_subject``; a marker makes the requirement soft (it holds only
where the marker does) and is kept in ``text``.
"""

from __future__ import annotations

import re
from typing import Optional

import msgspec
from packaging.requirements import InvalidRequirement
from packaging.requirements import Requirement as Pep508

from bringup import lazyre
from bringup.commandmessages import clipped
from bringup.model import Confidence, Requirement, Source
from bringup.scan.extraction import Finding
from bringup.scan.fetches import WORDS
from bringup.scan.repodists import published_subject
from bringup.scan.scopenames import DEVELOPMENT, TESTS
from bringup.subjects import python_subject

_GIT_URL = lazyre.compile(r"(?:^|@)\s*(git\+[a-z]{2,8}://\S+)")
"""A distribution installed from a git repository (PEP 508's ``pto_kernels @ git+https://
github.com/huawei-csl/pto-kernels.git``, huawei-csl/gdn-tri-inverse@d12ad042 pyproject.toml:24;
a requirements file's bare ``git+https://github.com/Dao-AILab/causal-conv1d.git@v1.2.2.post1``,
FlagOpen/FlagScale@da4935ec requirements/train/megatron/requirements-cuda.txt:1): pip runs git
to clone it, so installing needs git (the truth conventions, C1) and the network to reach it."""


_SPEC_NOISE = lazyre.compile(r"\s+|(?<![\w.])v(?=\d)")


def written_spec(text: str) -> str:
    """A specifier written in prose as pip reads it: without spaces, and without a ``v``
    written before a version (">= v2.1"), never one inside it (the ``v`` of
    ``2.0.0.dev20230101``: taken out, the need was invalid and dropped)."""
    return _SPEC_NOISE.sub("", text)


QUOTED = 120
"""The most characters of a line a finding quotes: the line is cited by file:line; a 3 MB
requirements line was echoed whole, twice (the error repeats it), 2 MB of output
(outsider18 D12)."""


def _first_line(error: Exception) -> str:
    """What the parser says is wrong, without the input and caret it draws beneath
    (packaging's ``InvalidRequirement``: the message, then the line, then ``^``)."""
    return str(error).splitlines()[0] if str(error) else type(error).__name__


def python_requirement(
    spec_text: str,
    source: Source,
    *,
    hard: bool = True,
    confidence: Confidence = "high",
    why: str | None = None,
) -> tuple[Requirement | None, Finding | None]:
    """The requirement ``spec_text`` states, or a finding saying why it could not be read.
    ``why`` ("optional: test", "build") is prefixed to ``text`` so readers know the role."""
    text = spec_text.strip()
    editable = _EDITABLE.match(text)
    if editable is not None:
        text = text[editable.end() :].strip()
        if not _URL_FORM.match(text):
            note = f"editable install: {text}"  # a local project: the repo's own install
            return None, Finding(kind="note", message=note, sources=(source,))
    try:
        # an archive's file name is a valid PEP 508 name (``numpy-1.9.2-cp34-none-win32.whl``):
        # pip reads it as the file first
        parsed = Pep508(text) if not _archive(text) else None
    except InvalidRequirement as error:
        bare = _bare_url(text, source, hard=hard, confidence=confidence, why=why)
        if bare is not None:
            return bare
        if not pip_location(text):
            return None, Finding(
                kind="invalid",
                message=f"not a requirement string {clipped(text, QUOTED)!r}: {_first_line(error)}",
                sources=(source,),
            )
        parsed = None
    if parsed is None:
        note = f"a path or archive pip installs, no named requirement: {clipped(text, QUOTED)!r}"
        return None, Finding(kind="note", message=note, sources=(source,))
    words = f"{why}: {text}" if why else text
    finding = None
    if parsed.url:
        finding = Finding(
            kind="note",
            message=url_note(parsed.name, parsed.url),
            sources=(source,),
            subject=python_subject(parsed.name),
        )
    requirement = Requirement(
        subject=python_subject(parsed.name),
        spec=str(parsed.specifier),
        component="",
        source=source,
        confidence=confidence,
        hard=hard and parsed.marker is None,
        text=words,
        direct=f"{parsed.name} @ {direct_url(parsed.url or '')}" if fetchable(parsed.url) else "",
    )
    return requirement, finding


_EDITABLE = lazyre.compile(r"(?:-e|--editable)(?:\s*=\s*|\s+|(?=[.\w]))")
"""pip's editable option before a requirement (``-e git+https://github.com/CompVis/taming-
transformers.git@master#egg=taming-transformers``, CompVis/stable-diffusion@21f890f
environment.yaml:29): what follows is a VCS URL, installed as any other, or a local project."""
_URL_FORM = lazyre.compile(r"(?:git|hg|svn|bzr)\+[a-z]{2,8}://|[A-Za-z][\w.-]{0,80}\s*@\s*\S")
"""A requirement pip installs from a URL: a VCS URL, or a name with a direct reference."""
_EGG_PART = lazyre.compile(r"(?<=[#&])egg=[^&\s]{0,200}&?")


def direct_url(url: str) -> str:
    """``url`` without its ``#egg=`` fragment: the name stands before the ``@`` of the
    direct reference an environment installs (``clip @ git+https://…``); ``#subdirectory=``
    stays."""
    return _EGG_PART.sub("", url).rstrip("#&")


_REMOTE = lazyre.compile(r"(?i)(?:[a-z]{2,4}\+)?(?!file:)[a-z][a-z0-9.-]{0,15}://")


def fetchable(url: Optional[str]) -> bool:
    """Whether ``url`` can be installed from on another machine: not a ``file:`` URL, the
    path of the machine a list was frozen on (``certifi @ file:///opt/conda/conda-bld/
    certifi_1655968806487/work/certifi``, what ``pip freeze`` writes in a conda environment:
    conda/conda#11580), nor a relative one (read from wherever the install runs): that
    distribution is installed by its name, from the index."""
    return _REMOTE.match(url or "") is not None


_OTHER_VCS = lazyre.compile(r"^(?:[A-Za-z0-9][\w.\[\], -]{0,200}@\s*)?(hg|svn|bzr)\+")
VCS_TOOLS = {"hg": "Mercurial (hg)", "svn": "Subversion (svn)", "bzr": "Bazaar (bzr)"}
"""The version control systems besides git that pip installs from, each by its own program
(pip's VCS support: "requires a working executable", https://pip.pypa.io/en/stable/topics/
vcs-support/); uv installs from git only ("Unsupported URL prefix `hg` ... (Mercurial is not
supported)", astral-sh/uv#14504; Subversion: astral-sh/uv#15346)."""


def other_vcs(direct: str) -> str:
    """The tool a non-git VCS URL (``hg+``, ``svn+``, ``bzr+``) that ``direct`` installs from
    needs, as ``VCS_TOOLS`` names it; "" for any other install."""
    found = _OTHER_VCS.match(direct)
    return VCS_TOOLS[found.group(1)] if found else ""


def url_note(name: str, url: str) -> str:
    """What a requirement installed from ``url`` is, and what ``up`` does with it: a path of
    the machine a list was frozen on is installed by its name (``fetchable``), a URL of a VCS
    uv cannot fetch is left to the user (``solve.vcspins``)."""
    if not fetchable(url):
        return (
            f"{name} was installed from {url} where this list was made (a path on that "
            "machine); it is installed here by its name, from the package index"
        )
    tool = other_vcs(url)
    if tool:
        return (
            f"{name} comes from {url}, not from a package index; uv installs from git only "
            f"(astral-sh/uv#14504), so up leaves it to you: install it with pip, which "
            f"needs {tool}"
        )
    return f"{name} comes from {url}, not from a package index"


_BARE_VCS = lazyre.compile(
    r"^(?:git|hg|svn|bzr)\+[a-z]{2,8}://([^\s#@]{1,500})(?:@[^\s#]{0,200})?(#\S{0,500})?$"
)
"""A requirement pip reads as a URL alone (a VCS URL, https://pip.pypa.io/en/stable/topics/
vcs-support/), no PEP 508 string: ``git+https://github.com/NVlabs/tiny-cuda-nn/#subdirectory=
bindings/torch`` in ashawkey/torch-ngp@b6e08046 environment.yml:27 (outsider9 #7)."""
_EGG = lazyre.compile(r"[#&]egg=([A-Za-z][\w.-]{0,80})")


_ARCHIVES = (".whl", ".zip", ".tar.gz", ".tgz", ".tar.bz2", ".tbz", ".tar.xz", ".txz", ".tar")
"""pip's archive suffixes (pip/_internal/utils/filetypes.py ``ARCHIVE_EXTENSIONS``)."""


def pip_location(text: str) -> bool:
    """Whether a requirements line that is no PEP 508 string is one of the other forms pip's
    "Requirements File Format" reads: ``<archive url/path>`` or ``[-e] <local project path>``
    (``.``, ``.[dev]``, ``./third/pkg``, ``../sibling``, ``https://.../torch-2.1.0-...whl``,
    ``flash_attn-2.5.0-...whl``). pip installs these; the line is no unreadable one (pip's
    ``_looks_like_path``: a separator in the name or a leading dot; ``is_url``; an archive's
    suffix)."""
    token = _first_token(text)
    return token.startswith((".", "/", "~")) or "/" in token or "://" in token or _archive(text)


def _first_token(text: str) -> str:
    return re.split(r"[\s;\[#]", text, maxsplit=1)[0]


def _archive(text: str) -> bool:
    """Whether ``text`` names an archive pip installs as a file (``ARCHIVE_EXTENSIONS``)."""
    return _first_token(text).lower().endswith(_ARCHIVES)


def _bare_url(
    text: str, source: Source, *, hard: bool, confidence: Confidence, why: str | None
) -> tuple[Requirement, Finding] | None:
    """The distribution a bare VCS URL installs: the one its ``#egg=`` names, else the one
    its repository publishes (``repodists``), any version; with the note that it comes
    from no package index. None when ``text`` is no such URL."""
    url = _BARE_VCS.match(text)
    if url is None:
        return None
    egg = _EGG.search(url.group(2) or "")
    subject = python_subject(egg.group(1)) if egg else published_subject(url.group(1))
    if subject is None:
        return None
    name = subject.removeprefix("pypi:")
    direct = (f"{egg.group(1)} @ {direct_url(text)}" if egg else text) if fetchable(text) else ""
    note = url_note(name, text)
    words = f"{why}: {text}" if why else text
    return (
        Requirement(subject=subject, spec="", component="", source=source,
                    confidence=confidence, hard=hard, text=words, direct=direct),
        Finding(kind="note", message=note, sources=(source,), subject=subject),
    )  # fmt: skip


_LINTERS = frozenset(
    python_subject(name)
    for name in ("black", "clang-format", "flake8", "pylint", "isort", "ruff", "mypy",
                 "pre-commit", "yapf", "cpplint", "codespell", "autopep8")
)  # fmt: skip
"""Formatters and linters: they check the code's style, neither the build nor the code runs
them, so a list of the repo's needs naming one (``black==26.1.0``, ``clang-format==21.1.6``
in NVIDIA/cudnn-frontend requirements.txt:7-8, ``pre-commit==3.8.0`` in MindIE-SD
requirements.txt:9) names a developer's tool: the ``development`` feature."""


_TEST_TOOLS = lazyre.compile(r"^pypi:(?:pytest.*|hypothesis|coverage|tox|nox)$")
DEVELOPER_TOOLS = (
    r"pre-commit|ruff|black|isort|yapf|autopep8|flake8.*|pylint|mypy|pyright|"
    r"codespell|cmake-format|clang-format|clang-tidy|cpplint|cppcheck|doxygen|"
    r"sphinx.*|myst-parser|mkdocs.*|furo|breathe|recommonmark|docutils|twine|types-[\w.-]+"
)
"""The developers' tools by name, as PyPI and the OS packages spell them alike (the OS
packages' spelling, ``python3-sphinx`` or ``clang-format-14``, is mapped onto it:
``bringup.scan.sysdeps``)."""
_DEVELOPER_TOOLS = lazyre.compile(rf"^pypi:(?:{DEVELOPER_TOOLS})$")
"""Linters, formatters, type checkers, doc builders and release tools (``_TEST_TOOLS``: test
runners): what a developer installs, not what the repo needs. A requirements file made mostly
of these (Mooncake's top-level ``requirements.txt``: pre-commit, ruff, pyright, codespell …; a
``UserGuide/requirements.txt`` of sphinx themes) is a developer's list, whatever its name. A
``types-*`` distribution is typeshed's stubs, read by type checkers alone (nixl
requirements.txt:25 ``types-PyYAML``)."""


def tool_scope(subject: str) -> str:
    """The scope a developer's tool ``subject`` belongs to (``TESTS`` for a test runner,
    ``DEVELOPMENT`` for a linter or doc builder: the truth briefs' scopes "tests", "dev" and
    "docs"), or "" for any other distribution."""
    if _TEST_TOOLS.match(subject):
        return TESTS
    return DEVELOPMENT if _DEVELOPER_TOOLS.match(subject) else ""


def add_python_requirement(
    requirements: list[Requirement],
    findings: list[Finding],
    spec_text: str,
    source: Source,
    *,
    hard: bool = True,
    why: str | None = None,
    feature: str = "",
) -> None:
    """``python_requirement``, its results appended to the lists a reader keeps;
    ``feature`` is the optional feature (an extra) it belongs to. A linter is the
    ``development`` feature's and a test runner the ``tests`` feature's wherever listed."""
    requirement, finding = python_requirement(spec_text, source, hard=hard, why=why)
    if requirement is not None:
        # a build requirement ([build-system] requires: mypy for a mypyc build) is the build's
        if not feature and requirement.subject in _LINTERS and why != "build":
            feature = DEVELOPMENT
        # a test runner in the core list runs the tests only ("pytest>=5.4.3" among
        # mindspore-ai/mindarmour requirements.txt:5's numpy and scipy)
        elif not feature and _TEST_TOOLS.match(requirement.subject) and why != "build":
            feature = TESTS
        requirements.append(msgspec.structs.replace(requirement, feature=feature))
    if finding is not None:
        findings.append(finding)
    editable = _EDITABLE.match(spec_text.strip())
    cloned = _GIT_URL.search(spec_text.strip()[editable.end() :] if editable else spec_text)
    if cloned is not None:
        url = cloned.group(1)
        requirements.extend(
            [
                Requirement(
                    subject="system_package", spec="git", component="", source=source, hard=hard,
                    feature=feature, text=f"pip clones {url} with git to install it",
                ),
                Requirement(
                    subject="network", spec=url, component="", source=source, hard=hard,
                    feature=feature, text=WORDS + url, confidence="medium",
                ),
            ]
        )  # fmt: skip
