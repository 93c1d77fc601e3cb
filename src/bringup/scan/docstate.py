"""What one pass over a document keeps of it (its state, and how what a section states is
qualified): the base of ``docs``' reader, apart from the reading itself."""

from __future__ import annotations

import msgspec

from bringup.model import Requirement, Step
from bringup.scan.blockwords import BlockWays
from bringup.scan.commands import Command
from bringup.scan.devicetargets import device_target, top_readme
from bringup.scan.docitems import ItemNest
from bringup.scan.docos import FoldedOs
from bringup.scan.docsections import GUIDE_FILE, RELEASE_NOTES, FrameworkRoutes, recounted
from bringup.scan.envprose import variable_words
from bringup.scan.envsetup import environment_words
from bringup.scan.extraction import SourceFile
from bringup.scan.netprose import network_words
from bringup.scan.oslists import OsList, listed_oses
from bringup.scan.pkgtags import PackageTags
from bringup.scan.platforms import ArchList
from bringup.scan.prose_vocabulary import file_vendor
from bringup.scan.tablecells import Row


class DocState:
    """The state of one pass over a document, and how what is found under it is kept: as an
    option's, a task's, one OS's or a list item's feature, soft where tested or a problem."""

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
        self.workaround = ""
        # the list items the line is nested in, and what their words make of it (``docitems``)
        self.items = ItemNest()
        # in a code block: the side target its intro says it builds, and its lines' features
        # by their comments (``purpose``)
        self.side = ""
        self.commented: dict[int, str] = {}
        self.required = False
        # the requirements list a bold title opened (``BOLD_TITLE``), until another closes it
        self.bold_list = False
        self.tested = self.problem = False  # ``problem``: under a ``PROBLEM_TITLE`` line
        self.skipped = False
        self.pending: list[tuple[int, str]] = []
        self.last_paragraph = ""
        # the paragraph before a code block while no other block came between (``docreqs``)
        self.block_intro = ""
        self.ways, self.other_way = BlockWays(), False  # a block after an "or" (``blockwords``)
        self.table: list[Row] = []
        self.section_os: str | None = None
        self.folded = FoldedOs()  # the ``<details>`` sections the line is in
        self.option = ""
        self.routes = FrameworkRoutes()
        stem = file.rel.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        self.notes = bool(RELEASE_NOTES.search(stem))
        # a README's first heading names what it is about (the repo, an example), no task
        # beside it: "# 空权重运行验证" of MindIE-SD examples/dummy_run/README.md:1
        self.readme = stem.lower().startswith("readme")
        self.titled = False
        self.title_of: tuple[int, str] | None = None
        self.skipped = self.notes
        self.tags = PackageTags(file, self.requirements)
        # the environment a guide sets up is read in install sections (not a security note's)
        self.guide = bool(GUIDE_FILE.search(stem))
        self.setup_here = True
        # one search of the whole text each: most documents say nothing of either
        self.network_words = network_words(file.text)
        self.environment_words = environment_words(file.text)
        self.variable_words = variable_words(file.text)
        self.archs = ArchList()
        self.systems = OsList()
        # the build steps' commands outside an option's or a task's section (``guide_tools``)
        self.build_commands: list[Command] = []
        self.pending_item = False
        # the devices the repo's README says it is for, read once (``devicetargets``)
        self.targeted = not top_readme(file.rel)

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

    def arch_listed(self, lists: list[tuple[int, str]]) -> None:
        """The architectures a list under a sentence about them names (``ArchList``)."""
        for line, spec in lists:
            text = f"a package for each of {spec}"
            self.requirements.append(self.file.requirement("arch", spec, line, text=text))

    def lists_closed(self) -> None:
        """The architectures and OSes of the lists a heading or the end closes."""
        self.arch_listed(self.archs.close())
        self.requirements.extend(listed_oses(self.file, self.systems.close()))

    def stated(self, found: list[Requirement], os: str | None = None) -> None:
        """Keep what the section's words and tables state; soft under a "Tested environment"
        heading (what was tried) or a problem's title (``PROBLEM_TITLE``: what went wrong); in
        a section or note about one OS other than Linux, what that OS needs (soft, saying so)."""
        if self.tested or self.problem:
            found = recounted(found, problem=self.problem)
        self.requirements.extend(self.on_os(self.optional(found), os))

    def optional(self, found: list[Requirement]) -> list[Requirement]:
        """``found`` as an optional backend's needs in a section about one (``OPTION_HEADING``),
        or as a task's in a section about one (``task_of``); the distributions a
        troubleshooting page installs as that page's (``troubleshooting_page``)."""
        feature = f"option:{self.option}" if self.option else self.task
        if not feature and (self.items.items or self.side or self.commented):
            found = [self.nested(r) for r in found]
        if not feature and self.workaround:
            return [
                msgspec.structs.replace(r, feature=self.workaround)
                if r.subject.startswith("pypi:")
                else r
                for r in found
            ]
        if not feature:
            return found
        return [msgspec.structs.replace(r, feature=feature) for r in found]

    def nested(self, found: Requirement) -> Requirement:
        """``found`` as the feature's that the list item it is written under gives it."""
        if found.feature:
            return found
        line = found.source.line or 0
        feature = self.items.feature(found.subject) or self.side or self.commented.get(line, "")
        return msgspec.structs.replace(found, feature=feature) if feature else found

    def aside(self) -> bool:
        """Whether the line is in an option's, a task's or a workaround's section, or under a
        list item that makes everything in it a feature's: not the repo's own route."""
        return bool(self.option or self.task or self.workaround or self.items.whole() or self.side)

    def on_os(self, found: list[Requirement], os: str | None) -> list[Requirement]:
        """``found`` as what one OS needs when its note (``os``) or section is about one."""
        only = os or self.section_os
        if not only:
            return found
        return [
            msgspec.structs.replace(r, hard=False, text=f"on {only}: {r.text or r.spec}")
            for r in found
        ]

    def platform_tag(self, lines: list[str], start: int, end: int, code: bool = False) -> None:
        """The Linux packages named in ``lines[start:end]`` (``PackageTags``); in release
        notes, only the CPUs a release's packages are built for (``PackageTags.shipped``)."""
        if not self.skipped:
            self.tags.read(lines, start, end, code)
        elif self.notes:
            self.tags.shipped(lines, start, end)
