"""The Linux packages a document names (``docos.PLATFORM_TAG``): what the guide installs is
built for Linux, and for each CPU it is named for.

A package or download for one Linux platform (``..._linux-x86_64.run``,
``manylinux_2_28_aarch64.whl``, ``libnvshmem-linux-x86_64-3.3.9...tar.xz``, a build directory
``lib.linux-x86_64``) says Linux; a placeholder for its CPU (``linux_{arch}``) or the same
package named for two CPUs says any of them will do. Soft, once per document: the first line
is cited, the later ones beside it.
"""

from __future__ import annotations

import re

import msgspec

from bringup import lazyre
from bringup.caseless import Words
from bringup.model import Requirement
from bringup.scan.devices import chips_in
from bringup.scan.docos import PLATFORM_TAG, each_arch
from bringup.scan.extraction import SourceFile
from bringup.scan.heldlines import found_on_held_lines
from bringup.scan.platforms import arch_names

_CPU_TAG = lazyre.compile(
    r"(?<![A-Za-z])(?:many)?linux(?:[-_]\d+_\d+)?[-_](x86_64|aarch64|arm64)(?![A-Za-z0-9])|"
    r"(?<=[\w.+])[-_.](x86_64|aarch64|arm64)\.(?:run|whl|zip|rpm|deb|tar\.gz|tgz|tar\.xz)\b",
    re.I,
)
"""A package named for a Linux CPU (``_linux-aarch64.run``), or a package file whose name ends
in its CPU (``mindstudio-profiler-tools-interface_26.0.0-alpha.1_x86_64.run`` and
``..._aarch64.run``, Ascend/mspti@a3891605 docs/en/release_notes.md:12-13). A match holds its
CPU, whose name ends in "64" (``_CPU_END``), and no line break: only the lines holding "64"
are searched (``heldlines``); the pattern tried at every character of a guide cost more than
all the rest of its package reading."""
_CPU_END = "64"
_LINUX = Words("linux")
"""The word every ``PLATFORM_TAG`` holds: a document without it names no Linux package, and
is not searched for one (most are not)."""


class CpuPackages:
    """The CPUs a document's packages are named for (``Ascend-cann-toolkit_9.1.0_linux-
    aarch64.run`` and ``..._linux-x86_64.run`` on one row, hicann/cann-samples README.md:71;
    ``MindStudio-Insight_26.0.0_linux_x86_64.zip`` and ``..._linux_aarch64.zip``,
    Ascend/msinsight docs/zh/install_guide/mindstudio_insight_install_guide.md:29-31): the
    same package built for each, so any of those CPUs will do, as a placeholder for the CPU
    says. One CPU named is an example, no list."""

    def __init__(self) -> None:
        self.lines: dict[str, list[int]] = {}

    def line(self, text: str, number: int) -> None:
        if _CPU_END not in text:
            return
        for match in _CPU_TAG.finditer(text):
            name = (match.group(1) or match.group(2)).lower()
            self.lines.setdefault("aarch64" if name == "arm64" else name, []).append(number)

    def listed(self) -> tuple[str, list[int]] | None:
        """``(the CPUs, every line naming one)`` when packages for two CPUs or more are named."""
        if len(self.lines) < 2:
            return None
        return ",".join(self.lines), sorted({n for lines in self.lines.values() for n in lines})


_CPU_COMMENT = lazyre.compile(
    r"^\s*#+\s*.{0,16}?(?<![A-Za-z0-9_])(aarch64|arm64|arm|x86[_-]64|x86|amd64)(?![A-Za-z0-9])",
    re.I,
)
"""A code block's comment that opens the commands for one CPU ("# arm架构执行", "# x86架构执行",
Ascend/VisionSDK@f156edcf README.md:76-79; "# 示例：拉取ARM架构的CANN开发镜像",
hicann/ops-blas@35101c89 docs/zh/install/quick_install.md:55-57): the CPU named near its
start."""
_FAMILIES = {"aarch64": "aarch64", "arm64": "aarch64", "arm": "aarch64", "x86_64": "x86_64",
             "x86-64": "x86_64", "x86": "x86_64", "amd64": "x86_64"}  # fmt: skip


class CpuCommands:
    """The CPUs a document's code blocks give commands for, each under a comment naming it: a
    guide that shows the same step once per CPU supports each (any of them will do); one CPU
    named is the guide's example machine, no list."""

    def __init__(self) -> None:
        self.lines: dict[str, list[int]] = {}

    def line(self, lines: list[str], index: int) -> None:
        comment = _CPU_COMMENT.match(lines[index])
        if comment is None:
            return
        at = self.lines.setdefault(_FAMILIES[comment.group(1).lower()], [])
        at.append(index + 1)
        following = lines[index + 1].strip() if index + 1 < len(lines) else "#"
        if following and not following.startswith(("#", "`")):
            at.append(index + 2)  # the command the comment opens

    def listed(self) -> tuple[str, list[int]] | None:
        if len(self.lines) < 2:
            return None
        return ",".join(self.lines), sorted({n for lines in self.lines.values() for n in lines})


_KERNELS = lazyre.compile(
    r"(?<![\w-])(?:Ascend-cann-kernels-([A-Za-z0-9]{2,12})_|Atlas-([A-Za-z0-9]{1,12})-cann-kernels"
    r"|Ascend-cann-([A-Za-z0-9]{2,12})-ops)(?![A-Za-z])",
    re.I,
)
"""A CANN operator package, built for one chip: ``Ascend-cann-kernels-310b_8.0.RC3.alpha002_
linux.run`` (mindspore-courses/orange-pi-mindspore@a3afde60 Online/inference/README.md:260),
``Atlas-A3-cann-kernels_…``, ``Ascend-cann-910b-ops-…`` (CANN 8.5 on)."""


class KernelChips:
    """The chips a document's CANN operator packages are built for (``Ascend-cann-kernels-910_
    7.0.RC1_linux.run`` and ``…-910b_…`` on two rows, Ascend/ascend-docker-image README.md:21-22):
    the kernels installed must be the device's, so the machine has one of those chips. A
    placeholder (``kernels-{soc_version}_``) names none."""

    def __init__(self) -> None:
        self.lines: dict[str, list[int]] = {}

    def line(self, text: str, number: int) -> None:
        if "cann" not in text.lower():
            return
        for match in _KERNELS.finditer(text):
            word = match.group(1) or match.group(3)
            named = chips_in(f"Ascend{word}") if word else chips_in(f"Atlas {match.group(2)}")
            for chip in named:
                self.lines.setdefault(chip, []).append(number)


class PackageTags:
    """One document's Linux packages, read line by line into ``found`` (the document's
    requirements, shared with its reader: a later line adds its place to the first's)."""

    def __init__(self, file: SourceFile, found: list[Requirement]) -> None:
        self.file = file
        self.found = found
        # one search of the whole text: most documents name no Linux package at all
        self.tagged = _LINUX.found_in(file.text) and PLATFORM_TAG.search(file.text) is not None
        self.named = self.tagged or found_on_held_lines(_CPU_TAG, file.text, _CPU_END)
        self.platform_seen = not self.tagged
        self.platform_at: int | None = None
        self.arch_done = self.platform_seen
        self.arch_at: int | None = None
        self.cpus = CpuPackages()
        self.commands = CpuCommands()
        self.kernels = KernelChips()

    def read(self, lines: list[str], start: int, end: int, code: bool = False) -> None:
        """The packages named in ``lines[start:end]``; in a code block (``code``), also the
        CPUs its comments give commands for (``CpuCommands``)."""
        for index in range(start, end) if code else ():
            self.commands.line(lines, index)
        for index in range(start, end):
            self.kernels.line(lines[index], index + 1)
        if not self.named:
            return
        for index in range(start, end):
            self.cpus.line(lines[index], index + 1)
            if not self.tagged or (self.platform_seen and self.arch_done):
                continue
            tag = PLATFORM_TAG.search(lines[index])
            if tag is not None:
                self.each_arch(tag.group(0), lines[index], index + 1)
                self.linux_package(tag.group(0), index + 1)

    def shipped(self, lines: list[str], start: int, end: int) -> None:
        """The CPUs the packages of a release are built for, read where its notes list them
        (``..._26.0.0-alpha.1_x86_64.run`` and ``..._aarch64.run`` with their checksums,
        Ascend/mspti@a3891605 docs/en/release_notes.md:12-13): history is no requirement,
        but the CPUs a release ships for are the ones it runs on."""
        if self.named:
            for index in range(start, end):
                self.cpus.line(lines[index], index + 1)

    def also(self, at: int, numbers: list[int]) -> None:
        """Cite ``numbers`` beside the requirement ``found[at]``."""
        first = self.found[at]
        places = (self.file.source(n) for n in numbers if n != first.source.line)
        self.found[at] = msgspec.structs.replace(first, also_at=(*first.also_at, *places))

    def linux_package(self, tag: str, number: int) -> None:
        if self.platform_seen:
            return
        # a document that states its OS (a list, or where the list is kept) says it better
        if self.platform_at is None and any(r.subject == "os" for r in self.found):
            self.platform_seen = True
        elif self.platform_at is None:
            self.platform_at = len(self.found)
            text = f"a package built for {tag}"
            self.found.append(self.file.requirement("os", "linux", number, text=text, hard=False))
        else:
            self.also(self.platform_at, [number])

    def each_arch(self, tag: str, line: str, number: int) -> None:
        """A package named with a placeholder for its CPU and the CPUs it stands for
        (``apex-0.1+ascend-cp37-cp37m-linux_{arch}.whl arch表示架构，为aarch64或x86_64``,
        Ascend/apex README.zh.md:56): any of those will do. A placeholder alone
        (``Ascend-cann-toolkit_<cann_version>_linux-<arch>.run``, Hayden727/cann-ops@eef0ff77
        QuickStart.md:125) asks the reader to pick the machine's own package: no word on the
        CPU (tuning truths: four such lines, none an arch need; held-out 4 false, 1 found)."""
        named = arch_names(line) if not self.arch_done and each_arch(tag) else []
        if not named:
            return
        self.arch_done = True
        spec = ",".join(named)
        text = f"a package built for each CPU: {tag}"
        self.arch_at = len(self.found)
        self.found.append(self.file.requirement("arch", spec, number, text=text, hard=False))

    def close(self) -> None:
        """Packages named for two CPUs or more (``CpuPackages``), and commands given for two
        (``CpuCommands``): beside the document's CPU list where it has one (a placeholder's;
        for the commands, also one its prose states), else a list of their own."""
        packages = self.cpus.listed()
        if packages is not None:
            self._listed(*packages, "a package built for each CPU")
        commands = self.commands.listed()
        if commands is not None:
            if self.arch_at is None:
                stated = (i for i, r in enumerate(self.found) if r.subject == "arch")
                self.arch_at = next(stated, None)
            self._listed(*commands, "a command for each CPU")
        self._kernel_chips()

    def _kernel_chips(self) -> None:
        """The chips of the document's operator packages (``KernelChips``): beside the chip
        list the document states, else a soft list of their own."""
        chips = self.kernels.lines
        if not chips:
            return
        numbers = sorted({n for lines in chips.values() for n in lines})
        stated = next((i for i, r in enumerate(self.found) if r.subject == "chip"), None)
        if stated is None:
            text = f"a CANN operator package built for each chip: {', '.join(chips)}"
            stated = len(self.found)
            self.found.append(
                self.file.requirement(
                    "chip", ",".join(chips), numbers[0], text=text, confidence="medium",
                    hard=False,
                )
            )  # fmt: skip
        self.also(stated, numbers)

    def _listed(self, spec: str, numbers: list[int], said: str) -> None:
        if self.arch_at is None:
            text = f"{said}: {spec}"
            self.arch_at = len(self.found)
            self.found.append(
                self.file.requirement("arch", spec, numbers[0], text=text, hard=False)
            )
        self.also(self.arch_at, numbers)
