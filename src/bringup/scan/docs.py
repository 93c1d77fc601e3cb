"""READMEs and install docs (Markdown and reStructuredText, English and Chinese).

Markdown's fences and headings come from markdown-it-py's line maps (``markdown``); rst's
sections, code blocks and tables (grid, simple, list-table, csv-table) from ``rst``.
Paragraphs go through ``prose.read_line`` as one text (sentences wrap); under a requirements
heading ("环境要求", "Prerequisites", "版本配套") and in tables, statements count even
without a "needs" word. Tables are read by ``doctables``. Code blocks give ``pip install``
pins, and steps (what each needs comes from the heading and paragraph before the block)
unless the heading path names an example section (benchmarks, datasets, lint, Docker).
Changelog and news sections are history, not requirements, and are skipped."""

from __future__ import annotations

import functools

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.archchoice import without_reader_choices
from bringup.scan.commandneeds import requirements_of
from bringup.scan.commands import Command
from bringup.scan.compilecalls import with_built_devices
from bringup.scan.devicetargets import top_readme
from bringup.scan.diagnosed import diagnosed
from bringup.scan.docexamples import as_examples, task_of, troubleshooting_page
from bringup.scan.docfeatures import featured
from bringup.scan.docinline import bare_item, inline_installs, inline_steps
from bringup.scan.docos import one_os, os_section
from bringup.scan.docreqs import pip_version, written_requirements
from bringup.scan.docsamples import as_route
from bringup.scan.docsections import (
    BOLD_LINE,
    BOLD_TITLE,
    DISTRIBUTION_HEADING,
    FLAG_USAGE,
    LEGACY_HEADING,
    MAPPING_SECTION,
    NEWS_HEADING,
    PREINSTALLED,
    PROBLEM_TITLE,
    REFERENCE,
    REQUIRED_HEADING,
    SKIPPED_HEADING,
    TESTED_HEADING,
    example_section,
    news_banner,
    news_section,
    not_commands,
    option_section,
)
from bringup.scan.docstate import DocState
from bringup.scan.doctables import html_table, paragraph, read_table
from bringup.scan.envprose import variables_named
from bringup.scan.envsetup import (
    build_settings,
    environment_setup,
    environment_stated,
    quoted_exports,
)
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.fetches import cite_download, downloaded_wheels
from bringup.scan.guessedrows import python_rows
from bringup.scan.hosttools import host_tool_item
from bringup.scan.markdown import Block, Fence, Heading, markdown_blocks
from bringup.scan.mdcomments import uncommented
from bringup.scan.netprose import network_stated
from bringup.scan.optionalsteps import not_optional
from bringup.scan.oslists import listed_oses
from bringup.scan.pkgrepeats import fold_listed_tools
from bringup.scan.prosetools import asked_tools
from bringup.scan.purpose import (
    commented_purposes,
    optional_commands,
    optional_install,
    optional_intro,
    side_purpose,
    without_remedies,
)
from bringup.scan.routeneeds import route_needs
from bringup.scan.rst import Skip, Table, rst_blocks
from bringup.scan.runtools import guide_tools
from bringup.scan.scopes import DOCKER
from bringup.scan.sectionpurpose import purposed
from bringup.scan.shellenv import environment_requirements
from bringup.scan.shellruns import run_scripts
from bringup.scan.sourceinstalls import source_installs
from bringup.scan.specspans import listed_distributions, listed_release
from bringup.scan.statuscheck import quoted_checks
from bringup.scan.steps import steps_from_commands
from bringup.scan.sysdeps import installed_packages, quoted_installs
from bringup.scan.tablecells import Row, clean, image_rows
from bringup.scan.usagelines import noted, usage_commands
from bringup.scan.wheelchoices import one_choice

_ITEM = lazyre.compile(r"^\s*(?:[-*+>]|\d+[.)])\s+")
_BREAKS = ("|", "#", "```", "~~~")


class _Reader(DocState):
    """One pass over a document, keeping the heading and paragraph a block is read in."""

    def flush(self) -> None:
        if self.pending and not self.skipped:
            self.ways.paragraph()
            found = paragraph(self.file, self.pending, required=self.required, vendor=self.vendor)
            text = " ".join(words for _, words in self.pending)
            flag = None if self.last_paragraph or self.option else FLAG_USAGE.match(text)
            if flag is not None:  # the section's first words: the flag that turns it on
                self.option = flag.group(1)
            if not found and self.required and len(self.pending) == 1:
                found = bare_item(self.file, *self.pending[0])
                if not found and self.pending_item:
                    found = host_tool_item(self.file, *self.pending[0], self.heading)
                if not found and self.pending_item:
                    found = listed_release(self.file, *self.pending[0])
            if self.setup_here and self.steps_here:
                found += asked_tools(self.file, self.pending)
            # what qualifies a statement is looked for only where one was found (most
            # paragraphs state nothing)
            found = as_examples(found, self.pending) if found else found
            if found and PREINSTALLED.search(text):
                found = [msgspec.structs.replace(r, hard=False, feature=DOCKER) for r in found]
            self.stated(found, one_os(text) if found else None)
            self.target()
            if self.network_words and self.steps_here and self.setup_here and not self.section_os:
                self.requirements.extend(network_stated(self.file, self.pending))
            if self.environment_words and self.steps_here and self.setup_here:
                self.requirements.extend(self.optional(environment_stated(self.file, self.pending)))
            if self.variable_words and self.steps_here and self.setup_here:
                self.requirements.extend(self.optional(variables_named(self.file, self.pending)))
            start, needs = self.pending[0][0], self.required or self.setup_here
            self.arch_listed(self.archs.paragraph(text, start, self.pending_item))
            systems = self.systems.paragraph(text, start, self.pending_item, needs)
            self.requirements.extend(listed_oses(self.file, systems))
        if self.pending:
            self.last_paragraph = " ".join(text for _, text in self.pending)
            self.block_intro = self.last_paragraph
        self.pending = []
        if self.table and not self.skipped:
            found = read_table(
                self.file, self.table, required=self.required, vendor=self.vendor,
                newest=self.notes,
            )  # fmt: skip
            context = [*self.table[0].cells, *(t for _, t in self.path), self.last_paragraph]
            found = python_rows(found, context)
            if found and (PREINSTALLED.search(self.last_paragraph) or image_rows(self.table[0])):
                found = [msgspec.structs.replace(r, hard=False, feature=DOCKER) for r in found]
            self.stated(found)
        self.table = []

    def block(self, lines: list[str], start: int, end: int, language: str) -> None:
        self.platform_tag(lines, start, end, code=True)
        intro, self.block_intro = self.block_intro, ""
        self.other_way = self.ways.second(intro.strip(), len(self.steps))
        if self.skipped or language in not_commands():
            return
        written = written_requirements(self.file, lines, start, end, intro)
        if written is not None:
            self.written(written)
            return
        commands, said = usage_commands(lines, start, end, self.file.rel)
        self.side, self.commented = side_purpose(intro), commented_purposes(lines, start, end)
        self.read_block(lines, start, end, intro, commands)
        self.steps[:] = noted(self.steps, said)  # one file's lines: only this block's are said
        self.side, self.commented = "", {}

    def read_block(
        self, lines: list[str], start: int, end: int, intro: str, commands: list[Command]
    ) -> None:
        """What the commands of a code block need, and the steps they are."""
        example = bool(REFERENCE.search(self.last_paragraph))
        wheels = downloaded_wheels(commands)
        read: list[Requirement] = []
        for command in commands:
            source = self.file.source(command.line)
            found = requirements_of(command, source, hard=self.steps_here)
            found = cite_download(found, command, wheels, self.file.source)
            if example:  # the version is the example; the need itself stays
                found = [msgspec.structs.replace(r, hard=False) if r.spec else r for r in found]
            read.extend(found)
        read.extend(source_installs(self.file, commands, hard=self.steps_here))
        everything, marked = optional_intro(intro), optional_commands(lines, start, end)
        read = [optional_install(r, marked.get(r.source.line or 0, everything)) for r in read]
        self.requirements.extend(
            self.on_os(self.optional(one_choice(read)), one_os(self.last_paragraph))
        )
        chosen = without_reader_choices(environment_requirements(self.file, commands))
        self.requirements.extend(self.optional(chosen))
        if self.steps_here and not self.section_os and not one_os(self.last_paragraph):
            installs = installed_packages(self.file, commands, tools=True)
            self.requirements.extend(self.optional(installs))
            if not self.aside():
                self.build_commands.extend(c for c in commands if c.line not in self.commented)
            elif self.option:  # the interpreter an option's commands run is the option's
                runs = [(command, command.argv) for command in commands]
                self.requirements.extend(self.optional(route_needs(self.file, runs)))
            if self.setup_here:  # an option's exports are the option's (its LLVM_INSTALL_PREFIX)
                exported = without_remedies(environment_setup(self.file, commands), intro)
                self.requirements.extend(self.optional(exported))
            if not self.aside():
                named = {r.spec for r in chosen if r.subject == "env_var"}
                settings = without_remedies(build_settings(self.file, commands), intro)
                self.requirements.extend(r for r in settings if r.spec not in named)
        # another OS's commands (a Windows wheel) are no step on the Linux machines we plan for
        if not self.steps_here or self.section_os or one_os(self.last_paragraph) or self.other_way:
            return
        context = f"{self.heading}\n{self.last_paragraph}"
        steps = steps_from_commands(self.file, commands, context=context, vendor=self.vendor)
        self.steps.extend(not_optional(steps, self.option, marked, everything))

    def written(self, found: list[Requirement]) -> None:
        """A requirements file the guide writes out (``docreqs``): needed as the lines of a
        ``pip install`` there would be, a task's its feature's. The block is the file pip
        installs, never one example of it: "样例如下所示" (a sample follows) is no reference's
        "例如" (``REFERENCE``), whose words it happens to hold."""
        if not self.steps_here:
            found = [msgspec.structs.replace(r, hard=False) for r in found]
        self.requirements.extend(self.on_os(self.optional(found), one_os(self.last_paragraph)))

    def inline(self, text: str, line: int) -> None:
        self.requirements.extend(inline_installs(self.file, text, line))
        if self.steps_here and not self.section_os and not one_os(text):
            intro = self.last_paragraph if len(self.pending) == 1 else ""
            self.steps.extend(
                inline_steps(
                    self.file, text, line, heading=self.heading, vendor=self.vendor, intro=intro
                )
            )
            self.requirements.extend(self.optional(quoted_installs(self.file, text, line)))
            self.requirements.extend(quoted_checks(text, self.file.source(line), hard=True))
            if self.setup_here:
                self.requirements.extend(self.optional(quoted_exports(self.file, text, line)))

    def add_line(self, raw: str, stripped: str, line: int) -> None:
        """A line of the paragraph (or list item) being read. A bold line naming what is
        needed (``BOLD_TITLE``) opens a requirements list; the next bold title closes it."""
        if "**" in stripped and BOLD_TITLE.match(stripped):
            self.flush()
            self.required = self.bold_list = True
        elif self.bold_list and "**" in stripped and BOLD_LINE.match(stripped):
            self.flush()
            self.required = self.bold_list = False
        if "**" in stripped and BOLD_LINE.match(stripped):
            self.problem = bool(PROBLEM_TITLE.match(stripped))
        if "pip" in stripped and not self.skipped:
            self.stated(pip_version(self.file, line, stripped))
        if not self.pending:
            self.pending_item = bool(_ITEM.match(raw))
        self.pending.append((line, clean(_ITEM.sub("", stripped))))

    def title(self, text: str, level: int) -> None:
        """Enter a section; its heading path (the heading and those above it) decides
        whether its code blocks are steps or examples."""
        self.lists_closed()
        self.items.clear()
        self.heading = clean(text)
        self.path = [*[(n, t) for n, t in self.path if n < level], (level, self.heading)]
        words = " / ".join(t for _, t in self.path)
        if not self.titled:  # a news heading is never the title (``news_section``)
            self.titled, title = True, (level, self.heading)
            self.title_of = None if news_section(self.heading) or not self.readme else title
            self.workaround = "" if self.readme else troubleshooting_page(self.heading)
        # the top README's title names the repo, no example (nano-chat-NPU README.md:1, "问题")
        named = self.title_of if top_readme(self.file.rel) else None
        self.steps_here = not example_section(
            [p[1] if p[0] < level else as_route(p[1]) for p in self.path if p != named]
        )
        self.task = task_of([p for p in self.path if p != self.title_of])
        # a README's level-1 banner is no news section (``news_banner``: AutoAWQ README.md:1-7)
        banner = level == 1 and self.readme and news_banner(self.heading)
        self.skipped = (not banner and bool(SKIPPED_HEADING.search(self.heading))) or any(
            LEGACY_HEADING.search(t) or (n > 1 and NEWS_HEADING.search(t)) for n, t in self.path
        )
        if self.notes:
            self.skipped = not MAPPING_SECTION.search(words)
        parent = self.path[-2][1] if len(self.path) > 1 else ""
        self.required = bool(REQUIRED_HEADING.search(self.heading)) or bool(
            DISTRIBUTION_HEADING.fullmatch(self.heading) and REQUIRED_HEADING.search(parent)
        )
        self.bold_list = self.problem = False
        self.setup_here = self.guide or bool(REQUIRED_HEADING.search(words))
        self.tested = bool(TESTED_HEADING.search(self.heading))
        self.section_os = one_os(words) or self.folded.os()
        self.option = option_section(self.path) or self.routes.alternative(self.path)
        self.last_paragraph = ""
        self.block_intro = ""
        self.ways.paragraph(2)

    def fold(self, stripped: str) -> None:
        """A ``<details>`` section opened or closed: the OS its summary names (``FoldedOs``)."""
        if self.folded.line(stripped):
            self.section_os = one_os(" / ".join(t for _, t in self.path)) or self.folded.os()

    def enter(self, raw: str, stripped: str, in_table: bool) -> None:
        """Before reading a line: the paragraph or table it ends read, the list items it
        ends closed (and the one it starts opened)."""
        if (
            self.pending and (not stripped or _ITEM.match(raw) or stripped.startswith(_BREAKS))
        ) or (self.table and not in_table):
            self.flush()
        if stripped:
            self.items.line(raw)

    @functools.cached_property
    def shown(self) -> str:
        """The document as its reader sees it: Markdown's HTML comments are not shown."""
        return self.file.text if self.rst else uncommented(self.file.text)

    def read(self) -> Extraction:
        lines = self.shown.splitlines()
        # where code blocks, headings (and in rst, tables) are is the document parser's call
        blocks: dict[int, Block | Table | Skip] = {}
        blocks.update(rst_blocks(self.shown) if self.rst else markdown_blocks(self.shown))
        index = 0
        while index < len(lines):
            raw = lines[index]
            stripped = raw.strip()
            in_table = not self.rst and stripped.startswith("|")
            self.enter(raw, stripped, in_table)
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
                self.table, index = html_table(lines, index)
                self.flush()
                continue
            if isinstance(parsed, Heading):
                self.flush()
                self.title(parsed.text, parsed.level)
                self.requirements.extend(os_section(self.file, self.path, index + 1))
                index = parsed.after
                continue
            if stripped:
                self.fold(stripped)
                self.platform_tag(lines, index, index + 1)
            if in_table:
                cells = [cell.strip() for cell in stripped.strip("|").split("|")]
                self.table.append(Row(index + 1, cells))
            elif stripped:
                self.add_line(raw, stripped, index + 1)
                if "`" in stripped and not self.skipped:
                    self.inline(stripped, index + 1)
                    if self.required and _ITEM.match(raw):
                        item = _ITEM.sub("", stripped)
                        self.stated(listed_distributions(self.file, index + 1, item))
            index += 1
        self.flush()
        self.lists_closed()
        self.tags.close()
        self.requirements.extend(guide_tools(self.file, self.build_commands))
        found = featured(self.file.rel, self.file.text, fold_listed_tools(self.requirements))
        return Extraction(
            requirements=tuple(purposed(self.file.text, diagnosed(self.file.text, found))),
            steps=tuple(with_built_devices(self.steps, self.build_commands)),
            includes=run_scripts(self.file.rel, self.build_commands),
        )


def extract_docs(file: SourceFile) -> Extraction:
    """Requirements, ``pip install`` pins and steps stated in a README or install doc."""
    return _Reader(file).read()
