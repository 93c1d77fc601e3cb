"""READMEs and install docs (Markdown and reStructuredText, English and Chinese).

Markdown's fences and headings come from markdown-it-py's line maps (``markdown``); rst's
sections, code blocks and tables (grid, simple, list-table, csv-table) from ``rst``.
Paragraphs go through ``prose.read_line`` as one text (sentences wrap); under a requirements
heading ("环境要求", "Prerequisites", "版本配套") and in tables, statements count even
without a "needs" word. Tables are read by ``doctables``. Code blocks give ``pip install``
pins, and steps (what each needs comes from the heading and paragraph before the block)
unless the heading path names an example section (benchmarks, datasets, lint, Docker).
Changelog and news sections are history, not requirements, and are skipped.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import msgspec

from bringup import backends, lazyre
from bringup.backends.base import Backend
from bringup.model import Requirement, Step
from bringup.scan.commands import Command, parse_commands, requirements_of
from bringup.scan.devicetargets import device_target, top_readme
from bringup.scan.docexamples import TASK_WORDS, as_examples, task_of
from bringup.scan.docfeatures import featured
from bringup.scan.doctables import paragraph, read_table
from bringup.scan.envsetup import environment_setup, environment_stated, environment_words
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.fetches import WORDS, cite_download, downloaded_wheels, fetched
from bringup.scan.hosttools import host_tool_item
from bringup.scan.htmltables import read_html_table
from bringup.scan.markdown import Block, Fence, Heading, markdown_blocks
from bringup.scan.netprose import network_stated, network_words
from bringup.scan.platforms import ArchList
from bringup.scan.prose_vocabulary import Vendor, subject_named, vocabulary
from bringup.scan.rst import Skip, Table, rst_blocks
from bringup.scan.scopes import DOCKER
from bringup.scan.shell import environment_requirements
from bringup.scan.specspans import listed_distributions
from bringup.scan.steps import steps_from_commands
from bringup.scan.sysdeps import installed_packages
from bringup.scan.tablecells import Row, clean
from bringup.subjects import frameworks

_REQUIRED_HEADING = lazyre.compile(
    r"requirement|prerequisite|dependenc|environment|install|compatib|version|support|"
    r"hardware|software|setup|get(?:ting)?\s+started|quick\s*start|build|"
    r"软件|硬件|环境|依赖|版本|配套|前提|安装|要求|准备|快速|支持|型号",
    re.IGNORECASE,
)
_SKIPPED_HEADING = lazyre.compile(
    r"change\s*log|release\s+notes?|\bnews\b|\bupdates\b|what'?s\s+new|history|citation|license|"
    r"acknowledg|"
    r"maintenance|polic(?:y|ies)|roadmap|\bbranch|"
    r"更新日志|最新消息|引用|致谢|许可|维护|分支|路线图",
    re.IGNORECASE,
)
_NEWS_HEADING = lazyre.compile(
    r"change\s*log|\bnews\b|\bupdates\b|what.?s\s+new|history|更新日志|最新消息|最新动态",
    re.IGNORECASE,
)
"""A news section's dated sub-sections ("## What's New / ### December 2025: … requiring only a
single device with 64 GB", msmodelslim README_EN.md:25-51) are history too; a level-1 title
is the document's own name, not a section of it."""
_LEGACY_HEADING = lazyre.compile(
    r"\blegacy\b|\bdeprecated\b|\bobsolete\b|\barchived?\b|旧版|废弃|历史版本", re.IGNORECASE
)
"""A section, or a whole document, about a way the repo no longer takes ("#### Using
Command-Line Flags (Legacy Method)", apex README.md:55; "# DeepEP V1 (Legacy)", DeepEP
docs/legacy.md:1): what it states was needed once, not now."""
_OPTION_HEADING = lazyre.compile(
    r"\bbackends?\b|\boptional\b|\balternatives?\b|可选|备选", re.IGNORECASE
)
"""A sub-section of the requirements or install section about an optional or alternative
backend ("## Requirements / ### DMA-BUF mmap backend: CUDA driver 13.3 or newer", gdrcopy
README.md:88-97): what that backend needs, a feature of its own, not the repo's need."""
_TESTED_HEADING = lazyre.compile(
    r"\btested\b|\bverified\b|\bvalidated\b|测试环境|验证环境|已验证|经过验证", re.IGNORECASE
)
"""A section listing what the authors tried ("Tested Environments", "已验证的环境"): its
versions are what is known to work, not what is required."""
_BARE_ITEM = lazyre.compile(r"^([A-Za-z][\w.+-]*(?:\s[A-Za-z][\w.+-]*)?)\s*(?:\(([^()\d]*)\)\s*)?$")
"""A list item that is only a name and maybe a note without digits: "vLLM (the same version
as vllm-ascend)". Trailing spaces are read once: two runs of them around an absent note
split a run of spaces every way, and a 20 KB item of spaces took seconds (quadratic)."""
_GUIDE_FILE = lazyre.compile(
    r"install|build|quick|start|setup|getting|environment|安装|构建|编译|快速|环境", re.IGNORECASE
)
_RELEASE_NOTES = lazyre.compile(r"release[-_ ]?notes?|版本说明", re.IGNORECASE)
_MAPPING_SECTION = lazyre.compile(
    r"版本配套|配套说明|version\s+(?:mapping|matching|matrix)|matching\s+versions?|"
    r"software\s+versions?|dependency\s+versions?",
    re.IGNORECASE,
)
"""A release-notes page (``docs/zh/release_notes_llm.md``, "# 版本说明") states what the
release needs only in its version-matching section ("## 版本配套说明", "## Version Mapping":
the table of PyTorch, TorchNPU, CANN and Python versions per release); its other sections
(new features, upgrade impact, the documents shipped, past releases' compatibility) narrate,
and are not read."""
_REFERENCE = lazyre.compile(
    r"可参考|参考如下|参考以下|例如|示例如下|for\s+example|e\.g\.|as\s+an\s+example|"
    r"you\s+can\s+use\s+the\s+following|for\s+reference|can\s+refer\s+to",
    re.IGNORECASE,
)
"""A paragraph offering the block after it as a reference ("获取配套版本的PyTorch以及TorchNPU
软件包。可参考如下安装命令：", "You can use the following installation commands:"): the
versions its commands install are one example of the matching ones the text asks for (soft);
what they install is still needed."""
_PREINSTALLED = lazyre.compile(
    r"(?:\bimages?\b|镜像|\bcontainers?\b|容器)[^.。]*?(?:pre-?installed|预装|预置|中提供)|"
    r"(?:pre-?installed|预装|预置)[^.。]*?(?:\bimages?\b|镜像|\bcontainers?\b|容器)",
    re.IGNORECASE,
)
"""A sentence about what a prebuilt image or environment already holds ("The image is
pre-installed with CANN 9.0.0 and TorchNPU 26.0.0.", "配套镜像已预装配套的CANN 9.1.0软件"):
the versions are the image's contents, not what the repo needs: the ``docker`` feature's. So
is a table such a sentence introduces ("表3：镜像中提供三个conda环境、Python和torch的配套关系",
DrivingSDK docs/zh/installation/compile.md:98: the image's conda environments)."""
_EXAMPLE_SECTION = lazyre.compile(
    TASK_WORDS + r"|format|example|demo|tutorial|contribut|docker|container|faq|troubleshoot|"
    r"debug|示例|样例|贡献|调试|问题",
    re.IGNORECASE,
)
"""Sections whose code blocks are examples, not the repo's own install, build, test or run
steps: a benchmark run, a dataset or model-weights download, data preparation, a lint setup,
a Docker recipe, a debug recipe. Their commands still state what the example needs (soft);
what a task's section states is that task's (``docexamples.task_of``)."""
_NOT_COMMANDS = frozenset(
    {"c", "cpp", "c++", "json", "yaml", "yml", "toml", "ini", "diff", "xml", "html",
     "java", "go", "rust", "mermaid", "dockerfile", "cmake", "makefile"}
)  # fmt: skip
"""Code block languages that are never shell, besides the languages a backend's toolkit
compiles (``Vocabulary.build_languages``); anything else (READMEs label ``pip install`` blocks
"Python" or nothing) is read as commands, which keeps only what a known program is."""


def _not_commands(registered: tuple[Backend, ...]) -> frozenset[str]:
    languages = (language.lower() for b in registered for language in b.vocabulary.build_languages)
    return _NOT_COMMANDS.union(languages)


not_commands = backends.per_registry(_not_commands)
_INLINE_INSTALL = lazyre.compile(r"`((?:python3?\s+-m\s+)?pip3?\s+install\s[^`]+)`")
"""An install command quoted in a sentence ("pybind11 (install via `pip install pybind11`)"):
what it installs is needed as much as a code block's, but it is no step of its own."""
_OS_HEADING = lazyre.compile(
    r"Linux|Windows|macOS|Mac\s?OS|Ubuntu|Debian|CentOS|RHEL|openEuler|Kylin|欧拉", re.I
)
_ONE_OS = lazyre.compile(
    r"(?<![A-Za-z])(?:(?P<windows>Windows|Win(?:32|64))|(?P<macos>macOS|Mac\s?OS(?:\s?X)?|OS\s?X|Darwin))"
    r"(?![A-Za-z])",
    re.I,
)
_LINUX = lazyre.compile(
    r"(?<![A-Za-z])(?:Linux|Ubuntu|Debian|CentOS|RHEL|openEuler|Kylin)(?![A-Za-z])|欧拉", re.I
)
_UNSUPPORTED = lazyre.compile(r"not\s+(?:yet\s+)?supported|unsupported|不支持", re.I)
"""A note, list item or section about one OS other than Linux ("On Windows x86-64, separate
builds are provided for <Toolkit> 11.8–12.6", "对于 Windows 用户", "### macOS") states what that OS
needs: soft here, where the machines are Linux. One saying the OS is unsupported is about the
repo; a host name in a URL names no OS."""
_QUALIFIER = lazyre.compile(
    r"\[?\(?\b(?:experimental|beta|preview|unsupported)\b\)?\]?|实验性?", re.I
)
_INSTALL_PATH = lazyre.compile(r"install|build|from\s+source|setup|安装|编译|部署", re.I)
_ITEM = lazyre.compile(r"^\s*(?:[-*+>]|\d+[.)])\s+")
_BREAKS = ("|", "#", "```", "~~~")
_PLATFORM_TAG = lazyre.compile(
    r"(?<![A-Za-z])(?:many)?linux(?:[-_]\d+_\d+)?[-_]"
    r"(?:(?:x86_64|aarch64|arm64|sbsa)(?![A-Za-z0-9])|\$?\{\w*arch\w*\}|<\w*arch\w*>|"
    r"\$\(\s*uname\s+-[mp]\s*\)|\$\w*arch\w*)",
    re.I,
)
"""A Linux platform tag; the CPU may be a placeholder (``linux_{arch}.whl``,
``_linux-${arch}.run``, ``linux-<arch>``, ``linux-$(uname -m)``): built for Linux, any CPU."""


@functools.cache
def _urls() -> Any:
    """URLs and host names, matched by RE2 in linear time: a paragraph is untrusted text, and
    Python's engine retries a leading ``\\w+`` at each character of a long word, quadratic in
    its length (a 100,000-digit number took a minute). Letters, digits and spaces are Unicode's,
    as Python's ``\\w`` and ``\\s`` are; RE2's ``\\b`` is ASCII's."""
    import re2

    return re2.compile(r"[\pL\pN_]+://[^\s\pZ]+|\b[\pL\pN_.-]+\.(?:net|com|org|io)\b[^\s\pZ]*")


def one_os(text: str) -> str | None:
    """The one OS other than Linux ``text`` is about (``Windows``, ``macOS``); ``None`` when it
    names none, several, or Linux too."""
    text = _urls().sub(" ", text)  # blob.core.windows.net names no OS
    if _LINUX.search(text) or _UNSUPPORTED.search(text):
        return None
    named = {"Windows" if m.group("windows") else "macOS" for m in _ONE_OS.finditer(text)}
    return named.pop() if len(named) == 1 else None


def file_vendor(text: str) -> Vendor:
    """Whose accelerator a document is about: the backend whose words it uses most (the
    first registered on a tie)."""
    best: tuple[int, Vendor] = (0, None)
    for backend, markers in vocabulary().markers:
        count = len(markers.findall(text))
        if count > best[0]:
            best = (count, backend.vendor)
    return best[1]


class _Reader:
    """One pass over a document, keeping the heading and paragraph a block is read in."""

    def __init__(self, file: SourceFile) -> None:
        self.file = file
        self.vendor = file_vendor(file.text)
        self.rst = file.rel.lower().endswith(".rst")
        self.requirements: list[Requirement] = []
        self.steps: list[Step] = []
        self.heading = ""
        self.path: list[tuple[int, str]] = []
        self.steps_here = True
        self.task = ""
        self.required = False
        self.tested = False
        self.skipped = False
        self.pending: list[tuple[int, str]] = []
        self.last_paragraph = ""
        self.table: list[Row] = []
        self.section_os: str | None = None
        self.option = ""
        stem = file.rel.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        self.notes = bool(_RELEASE_NOTES.search(stem))
        self.skipped = self.notes
        # one search of the whole text: most documents name no Linux package at all
        self.platform_seen = _PLATFORM_TAG.search(file.text) is None
        self.platform_at: int | None = None
        # the environment a guide sets up is read in install sections (not a security note's)
        self.guide = bool(_GUIDE_FILE.search(stem))
        self.setup_here = True
        # one search of the whole text each: most documents say nothing of either
        self.network_words = network_words(file.text)
        self.environment_words = environment_words(file.text)
        self.archs = ArchList()
        self.pending_item = False
        # the devices the repo's README says it is for, read once (``devicetargets``)
        self.targeted = not top_readme(file.rel)

    def flush(self) -> None:
        if self.pending and not self.skipped:
            found = paragraph(self.file, self.pending, required=self.required, vendor=self.vendor)
            text = " ".join(words for _, words in self.pending)
            if not found and self.required and len(self.pending) == 1:
                found = self.bare_item(*self.pending[0])
                if not found and self.pending_item:
                    found = host_tool_item(self.file, *self.pending[0], self.heading)
            found = as_examples(found, self.pending)
            if _PREINSTALLED.search(text):
                found = [msgspec.structs.replace(r, hard=False, feature=DOCKER) for r in found]
            self.stated(found, one_os(text))
            self.target()
            if self.network_words and self.steps_here and self.setup_here and not self.section_os:
                self.requirements.extend(network_stated(self.file, self.pending))
            if self.environment_words and self.steps_here and self.setup_here:
                self.requirements.extend(environment_stated(self.file, self.pending))
            self.arch_listed(self.archs.paragraph(text, self.pending[0][0], self.pending_item))
        if self.pending:
            self.last_paragraph = " ".join(text for _, text in self.pending)
        self.pending = []
        if self.table and not self.skipped:
            found = read_table(self.file, self.table, required=self.required, vendor=self.vendor)
            if _PREINSTALLED.search(self.last_paragraph):
                found = [msgspec.structs.replace(r, hard=False, feature=DOCKER) for r in found]
            self.stated(found)
        self.table = []

    def target(self) -> None:
        """The devices the top README's opening paragraph says the repo is for."""
        if self.targeted:
            return
        self.targeted = True
        for line, words in self.pending:
            found = device_target(self.file, line, words)
            if found:
                self.requirements.append(found[0])
                return

    def bare_item(self, line: int, text: str) -> list[Requirement]:
        """A prerequisites list item that names a framework and no version ("vLLM (the same
        version as vllm-ascend)", vllm-ascend README.md:68): the framework is needed, at a
        version the text does not give (an unversioned need, for the scan to flag)."""
        name = _BARE_ITEM.match(text)
        subject = subject_named(name.group(1)) if name is not None else None
        if subject is None or subject not in frameworks():
            return []
        return [self.file.requirement(subject, "", line, text=text, confidence="low")]

    def arch_listed(self, lists: list[tuple[int, str]]) -> None:
        """The architectures a list under a sentence about them names (``ArchList``)."""
        for line, spec in lists:
            text = f"a package for each of {spec}"
            self.requirements.append(self.file.requirement("arch", spec, line, text=text))

    def stated(self, found: list[Requirement], os: str | None = None) -> None:
        """Keep what the section's words and tables state; under a "Tested environment"
        heading that is what was tried, weaker than a need (soft); in a section or note about
        one OS other than Linux, what that OS needs (soft, its text saying which)."""
        if self.tested:
            found = [msgspec.structs.replace(r, hard=False) for r in found]
        self.requirements.extend(self.on_os(self.optional(found), os))

    def optional(self, found: list[Requirement]) -> list[Requirement]:
        """``found`` as an optional backend's needs in a section about one (``_OPTION_HEADING``),
        or as a task's in a section about one (``task_of``)."""
        feature = f"option:{self.option}" if self.option else self.task
        if not feature:
            return found
        return [msgspec.structs.replace(r, feature=feature) for r in found]

    def on_os(self, found: list[Requirement], os: str | None) -> list[Requirement]:
        """``found`` as what one OS needs when its note (``os``) or section is about one."""
        only = os or self.section_os
        if not only:
            return found
        return [
            msgspec.structs.replace(r, hard=False, text=f"on {only}: {r.text or r.spec}")
            for r in found
        ]

    def platform_tag(self, lines: list[str], start: int, end: int) -> None:
        """A package or download for one Linux platform (``..._linux-x86_64.run``,
        ``manylinux_2_28_aarch64.whl``, ``libnvshmem-linux-x86_64-3.3.9...tar.xz``, a build
        directory ``lib.linux-x86_64``): what the guide installs is built for Linux. Soft,
        once per document: the first such line is cited, the later ones beside it."""
        if self.skipped or self.platform_seen:
            return
        # a document that states its OS (a list, or where the list is kept) says it better
        if self.platform_at is None and any(r.subject == "os" for r in self.requirements):
            self.platform_seen = True
            return
        for index in range(start, end):
            tag = _PLATFORM_TAG.search(lines[index])
            if tag is None:
                continue
            if self.platform_at is None:
                self.platform_at = len(self.requirements)
                text = f"a package built for {tag.group(0)}"
                self.requirements.append(
                    self.file.requirement("os", "linux", index + 1, text=text, hard=False)
                )
            else:
                found = self.requirements[self.platform_at]
                also = (*found.also_at, self.file.source(index + 1))
                self.requirements[self.platform_at] = msgspec.structs.replace(found, also_at=also)

    def block(self, lines: list[str], start: int, end: int, language: str) -> None:
        self.platform_tag(lines, start, end)
        if self.skipped or language in not_commands():
            return
        commands = parse_commands("\n".join(lines[start:end]), first_line=start + 1)
        example = bool(_REFERENCE.search(self.last_paragraph))
        wheels = downloaded_wheels(commands)
        for command in commands:
            source = self.file.source(command.line)
            found = requirements_of(command, source, hard=self.steps_here)
            found = cite_download(found, command, wheels, self.file.source)
            if example:  # the version is the example; the need itself stays
                found = [msgspec.structs.replace(r, hard=False) if r.spec else r for r in found]
            self.requirements.extend(self.on_os(self.optional(found), one_os(self.last_paragraph)))
        self.requirements.extend(self.optional(environment_requirements(self.file, commands)))
        if self.steps_here and not self.section_os and not one_os(self.last_paragraph):
            self.downloads(commands)
            self.requirements.extend(self.optional(installed_packages(self.file, commands)))
            if self.setup_here:
                self.requirements.extend(environment_setup(self.file, commands))
        # another OS's commands (a Windows wheel) are no step on the Linux machines we plan for
        if not self.steps_here or self.section_os or one_os(self.last_paragraph):
            return
        context = f"{self.heading}\n{self.last_paragraph}"
        self.steps.extend(
            steps_from_commands(self.file, commands, context=context, vendor=self.vendor)
        )

    def downloads(self, commands: list[Command]) -> None:
        """What the repo's own install or build commands download: a need for the network."""
        for command in commands:
            url = fetched(command)
            if url is not None:
                self.requirements.append(
                    self.file.requirement(
                        "network", url, command.line, text=WORDS + url, confidence="medium"
                    )
                )

    def inline(self, text: str, line: int) -> None:
        for quoted in _INLINE_INSTALL.findall(text):
            for command in parse_commands(quoted, first_line=line):
                self.requirements.extend(
                    requirements_of(command, self.file.source(line), hard=True)
                )

    def title(self, text: str, level: int) -> None:
        """Enter a section; its heading path (the heading and those above it) decides
        whether its code blocks are steps or examples."""
        self.arch_listed(self.archs.close())
        self.path = [*[(n, t) for n, t in self.path if n < level], (level, clean(text))]
        words = " / ".join(t for _, t in self.path)
        self.steps_here = not _EXAMPLE_SECTION.search(words)
        self.task = task_of(self.path)
        self.heading = clean(text)
        self.skipped = bool(_SKIPPED_HEADING.search(self.heading)) or any(
            _LEGACY_HEADING.search(t) or (n > 1 and _NEWS_HEADING.search(t)) for n, t in self.path
        )
        if self.notes:
            self.skipped = not _MAPPING_SECTION.search(words)
        self.required = bool(_REQUIRED_HEADING.search(self.heading))
        self.setup_here = self.guide or bool(_REQUIRED_HEADING.search(words))
        self.tested = bool(_TESTED_HEADING.search(self.heading))
        self.section_os = one_os(words)
        above = any(_REQUIRED_HEADING.search(t) for _, t in self.path[:-1])
        self.option = self.heading if above and _OPTION_HEADING.search(self.heading) else ""
        self.last_paragraph = ""

    def os_section(self, line: int) -> None:
        """An install section per operating system ("### Linux", "### [Experimental] Windows"
        under "Installation") names one the repo supports: an ``os`` alternative, soft when
        the heading calls it experimental."""
        name = _OS_HEADING.fullmatch(_QUALIFIER.sub("", self.heading).strip())
        above = " / ".join(t for _, t in self.path[:-1])
        if name is None or not _INSTALL_PATH.search(above):
            return
        hard = not _QUALIFIER.search(self.heading)
        text = f"install section: {self.heading}"
        self.requirements.append(
            self.file.requirement("os", name.group(0).lower(), line, text=text, hard=hard)
        )

    def read(self) -> Extraction:
        lines = self.file.text.splitlines()
        # where code blocks, headings (and in rst, tables) are is the document parser's call
        blocks: dict[int, Block | Table | Skip] = {}
        blocks.update(rst_blocks(self.file.text) if self.rst else markdown_blocks(self.file.text))
        index = 0
        while index < len(lines):
            raw = lines[index]
            stripped = raw.strip()
            in_table = not self.rst and stripped.startswith("|")
            if (
                self.pending and (not stripped or _ITEM.match(raw) or stripped.startswith(_BREAKS))
            ) or (self.table and not in_table):
                self.flush()
            parsed = blocks.get(index)
            if isinstance(parsed, Fence):
                self.block(lines, parsed.start, parsed.end, parsed.language)
                index = parsed.after
                continue
            if isinstance(parsed, (Table, Skip)):
                self.flush()
                self.table = parsed.rows if isinstance(parsed, Table) else []
                self.flush()
                index = parsed.after
                continue
            if "<table" in stripped.lower():
                self.flush()
                self.table, index = read_html_table(lines, index)
                self.flush()
                continue
            if isinstance(parsed, Heading):
                self.flush()
                self.title(parsed.text, parsed.level)
                self.os_section(index + 1)
                index = parsed.after
                continue
            if stripped:
                self.platform_tag(lines, index, index + 1)
            if in_table:
                cells = [cell.strip() for cell in stripped.strip("|").split("|")]
                self.table.append(Row(index + 1, cells))
            elif stripped:
                if not self.pending:
                    self.pending_item = bool(_ITEM.match(raw))
                self.pending.append((index + 1, clean(_ITEM.sub("", stripped))))
                if "`" in stripped and not self.skipped:
                    self.inline(stripped, index + 1)
                    if self.required and _ITEM.match(raw):
                        item = _ITEM.sub("", stripped)
                        self.stated(listed_distributions(self.file, index + 1, item))
            index += 1
        self.flush()
        self.arch_listed(self.archs.close())
        found = featured(self.file.rel, self.file.text, self.requirements)
        return Extraction(requirements=tuple(found), steps=tuple(self.steps))


def extract_docs(file: SourceFile) -> Extraction:
    """Requirements, ``pip install`` pins and steps stated in a README or install doc."""
    return _Reader(file).read()
