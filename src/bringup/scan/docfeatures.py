"""What a document of the repo's scope states for an example or a build option, not the repo.

Two shapes real docs share:

- A quick start runs one example: "当前示例脚本中`NPUS_PER_NODE=8`表示需要8个NPU" (MindSpeed-MM
  docs/zh/pytorch/quickstart.md:24), then ``pip install diffusers==0.33.1`` for that model
  (:270). The device count it needs and the packages it adds are the example's; the
  interpreter, the framework and the chips it names stay the repo's (a quick start is where
  many repos say which chips they support).
- A build option's row or clause: "| NVIDIA CUDA / GPUDirect | `-DUSE_CUDA=ON` | Install CUDA
  12.1+ … |" (Mooncake docs/source/getting_started/build.md:86), "CUDA 12.1 or later, if the
  package is built with `-DUSE_CUDA` (disabled by default)" (docs/source/getting_started/
  quick-start.md:10). What the line needs is that option's (``option:USE_CUDA``), the same
  feature ``cmake_options`` gives what an off-by-default option guards in CMake.
- A package published in flavours, one per environment: "| NVIDIA CUDA 12.1-12.9 |
  `pip install mooncake-transfer-engine` |", "| NVIDIA CUDA 13.0/13.1 | `pip install
  mooncake-transfer-engine-cuda13` |", "| Non-CUDA | … |" (Mooncake docs/source/getting_started/
  quick-start.md:28-30), or "- CUDA >= 13.0" above a block installing the ``-cuda13`` one
  (README.md:211-213). The toolkit a line pairs with a suffixed flavour is what that flavour
  needs (``extra:<flavour>``), the user's choice; the plain name is the default package,
  whose lines stay the repo's.
"""

from __future__ import annotations

import functools
import re

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.listleads import lead_purpose
from bringup.scan.purpose import purpose_at
from bringup.scan.scopenames import TESTS
from bringup.scan.testonly import only_for_tests
from bringup.subjects import frameworks, scope_of

_QUICK_START = lazyre.compile(
    r"quick[-_ ]?start|get(?:ting)?[-_ ]?started|快速(?:入门|上手|开始)", re.IGNORECASE
)
_OPTION_ON = lazyre.compile(
    r"(?<![\w-])-D((?:USE|WITH|ENABLE|BUILD)_[A-Z0-9_]+)(?:\s*=\s*(?:ON|1|TRUE|YES)\b)?|"
    r"`((?:USE|WITH|ENABLE|BUILD)_[A-Z0-9_]+)`\s*(?:enabled|=\s*ON\b)"
)
"""A build option switched on: ``-DUSE_CUDA=ON``; "built with `-DUSE_CUDA`"; "build Mooncake
with `USE_VRAM_SEGMENT` enabled" (Mooncake docs/source/getting_started/build.md:34-35)."""
_OPTION_OFF = lazyre.compile(r"=\s*(?:OFF|0|FALSE|NO)\b", re.IGNORECASE)


def example_page(rel: str) -> str:
    """The feature a quick-start page's example is (the page's path without suffix), or ""."""
    stem = rel.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return rel.rsplit(".", 1)[0] if _QUICK_START.search(stem) else ""


_INSTALLERS = frozenset({"pypi:pip", "pypi:setuptools", "pypi:wheel", "pypi:build"})
"""The tools that install and build Python packages: a quick start that installs one
("- setuptools >= 45.2.0 … pip3 install setuptools", hicann/asc-tools docs/00_quick_start.md
:306-310, among the build's prerequisites) prepares the repo's build, no example's."""


def _example_subject(subject: str, installs: bool) -> bool:
    """A device count, or a Python package that is not a framework the repo builds on nor an
    installer, which the page's ``pip install`` line adds (``installs``); a requirements table
    on a "getting started" page (LLaMA-Factory docs/zh/getting-started.md) states the repo's
    own."""
    if subject.endswith("_count"):
        return True
    packaged = scope_of(subject) in (None, "python_package")
    return packaged and subject not in frameworks() | _INSTALLERS and installs


def option_on(text: str) -> str:
    """``option:<NAME>`` of the first build option ``text`` switches on (a table row's "Build
    option" cell comes before its notes' "also set -DUSE_CUDA=ON"), or ""."""
    for match in _OPTION_ON.finditer(text):
        if not _OPTION_OFF.match(text, match.end()):
            return f"option:{match.group(1) or match.group(2)}"
    return ""


_PIP_INSTALL = lazyre.compile(r"pip(?<!\wpip)3?\s+install\s+([^\n`|;&#]*)", prefilter=True)
"""``pip install`` and what it installs, searched for over whole documents: written from its
first word, its ``\\b`` checked after it (``(?<!\\wpip)``), so that ``re`` skips ahead to each
``pip`` instead of trying every character of every document)."""
_VALUED = frozenset(
    {"-r", "-e", "-c", "-i", "-f", "-t", "--requirement", "--editable", "--constraint",
     "--index-url", "--extra-index-url", "--find-links", "--target"}
)  # fmt: skip
"""``pip install`` options whose next word is their value, not a distribution."""
_DISTRIBUTION = lazyre.compile(r"^([A-Za-z][\w.-]*[A-Za-z0-9])(?:\[[^\]]*\])?$")
_FLAVOUR_LINES = 4
"""A list item's own line and the block under it that installs its flavour."""


def _pip_targets(text: str) -> set[str]:
    """The distributions ``pip install`` lines name (not requirement files, paths or the
    values of options)."""
    names: set[str] = set()
    for match in _PIP_INSTALL.finditer(text):
        words = [w.strip("'\"") for w in match.group(1).split()]
        skip = False
        for word in words:
            if skip or word.startswith("-"):
                skip = not skip and word in _VALUED
                continue
            named = _DISTRIBUTION.match(word)
            if named is not None:
                names.add(named.group(1))
    return names


def flavours(text: str) -> list[str]:
    """The names of a package's flavours a document installs: pip targets that are another
    target's name with a suffix (``x-cuda13`` beside ``x``), longest first, then by name (a
    set's order changes from run to run). The plain name is the default package: what its
    lines pair with stays the repo's."""
    targets = _pip_targets(text)
    suffixed = {name for name in targets for base in targets if name.startswith(base + "-")}
    return sorted(suffixed, key=lambda name: (-len(name), name))


def _flavour(lines: list[str], line: int, names: list[str]) -> str:
    """The flavour the requirement at ``line`` is paired with: named on its own line, else
    installed in the lines just under it (spconv README.md's table names one flavour a row:
    the row's own name, not the next row's of the same length)."""
    own = lines[line - 1 : line]
    near = lines[line - 1 : line - 1 + _FLAVOUR_LINES]
    for window in ("\n".join(own), "\n".join(near)):
        for name in names:
            if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", window):
                return f"extra:{name}"
    return ""


_NEW_BLOCK = lazyre.compile(r"^\s*(?:$|[-*+|#>]|\d+[.)]\s|```)")


def _wraps(lines: list[str], at: int) -> bool:
    """Whether the sentence at line ``at`` goes on to the next line (a paragraph's line, not
    a table row, and the next is no new item, row or block)."""
    return (
        at + 1 < len(lines)
        and not lines[at].lstrip().startswith("|")
        and _NEW_BLOCK.match(lines[at + 1]) is None
    )


_BY_SPEC = frozenset({"system_package", "env_var"})
"""Subjects whose name is in the spec: the sentence names ``git-lfs``, not "system_package"
("If you want to clone our model zoo, please make sure that `git-lfs` is installed.",
mit-han-lab/qserve@de6a2ec6 README.md:121)."""


def _named(stated: Requirement) -> str:
    """What a sentence names ``stated`` by: its subject, or the first word of its spec."""
    if stated.subject not in _BY_SPEC:
        return stated.subject
    return re.split(r"[\s<>=!~]", stated.spec.strip(), maxsplit=1)[0] or stated.subject


def _purpose(line: str, subject: str) -> str:
    """``option:<purpose>`` of the sentence of ``line`` that names ``subject`` (a list item's
    note on building the unit tests, catlass README.md:115, read by the code-span reader
    rather than as a paragraph), or ""."""
    name = re.escape(subject.split(":", 1)[-1]).replace("_", "[-_ ]?")
    named = re.search(rf"(?<![\w-]){name}(?![\w-])", line, re.IGNORECASE)
    purpose = purpose_at(line, named.start()) if named is not None else ""
    return f"option:{purpose}" if purpose else ""


def _led(lines: list[str], at: int) -> str:
    """``option:<purpose>`` of the list the item at line index ``at`` is in, when its lead
    says its items are needed in addition for that purpose (``listleads``), or ""."""
    purpose = lead_purpose(lines, at)
    return f"option:{purpose}" if purpose else ""


def featured(rel: str, text: str, found: list[Requirement]) -> list[Requirement]:
    """``found`` (what the document at ``rel`` states) with what belongs to a build option,
    to a quick start's example or only to the tests (``testonly``) moved to that feature."""
    lines = text.splitlines()
    example = example_page(rel)
    names = flavours(text) if "pip" in text else []

    # each read once a line (and subject): a line of a megabyte states thousands of needs
    @functools.cache
    def said(at: int) -> tuple[str, str]:
        """The sentence at line index ``at`` and the feature it gives all its needs."""
        # a sentence wraps: "install CUDA toolkit and build Mooncake with" / "`USE_X` enabled"
        wrapped = "\n".join(lines[at : at + (2 if _wraps(lines, at) else 1)])
        feature = TESTS if at < len(lines) and only_for_tests(lines[at]) else ""
        return wrapped, feature or (option_on(wrapped) if "_" in wrapped else "")

    flavour = functools.cache(lambda line: _flavour(lines, line, names))
    installs = functools.cache(lambda at: _PIP_INSTALL.search(said(at)[0]))
    purpose = functools.cache(lambda at, subject: _purpose(lines[at], subject))
    led = functools.cache(lambda at: _led(lines, at))
    out = []
    for stated in found:
        line = stated.source.line
        at = line - 1 if line is not None and 0 < line <= len(lines) else len(lines)
        feature = said(at)[1]
        # the installer is every flavour's ("install pip >= 20.3 first to install
        # prebuilt", spconv README.md:129, above a table of spconv-cuXXX flavours)
        shared = stated.subject == "python" or stated.subject in _INSTALLERS
        if not feature and names and line is not None and not shared:
            feature = flavour(line)
        if not feature and example and _example_subject(stated.subject, installs(at) is not None):
            feature = example
        if not feature and not stated.feature and at < len(lines):
            feature = purpose(at, _named(stated))
        if not feature and not stated.feature:
            feature = led(at)
        # the build option a sentence names says better than its purpose words which one
        moved = feature and (not stated.feature or feature.startswith("option:"))
        out.append(msgspec.structs.replace(stated, feature=feature) if moved else stated)
    return out
