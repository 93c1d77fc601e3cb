"""Requirements stated in words, English or Chinese, one line at a time.

A line is cut into clauses; in each, a subject (a toolkit, "Python", "GCC", "驱动") is followed
by a version phrase (``phrases.read_phrase``). Device counts ("至少两张卡", "at least 2
cards"), chip families, compute capabilities ("SM90") and unversioned needs ("install the
toolkit and the driver") have their own patterns. Only clauses that say something is needed
count for the looser patterns, so "tested on 8 cards" is not a need.

The words for each accelerator's toolkits, drivers, chips and devices come from the registered
backends' vocabularies (``bringup.backends.base.Vocabulary``), compiled in ``prose_vocabulary``;
what is here is generic.
"""

from __future__ import annotations

import re

from bringup import backends, lazyre
from bringup.scan.asides import illustrated
from bringup.scan.chipwords import CHIP_USE
from bringup.scan.conditionals import conditions_dropped
from bringup.scan.devicecounts import device_counts
from bringup.scan.devices import (
    EXAMPLE,
    capabilities,
    chips,
    for_one_chip,
    memory_floors,
    of_the_example,
    per_device,
    stack,
)
from bringup.scan.mention import Mention
from bringup.scan.osforms import bare_os_list, base_image_os
from bringup.scan.osreleases import supported_releases
from bringup.scan.outcomes import skipped
from bringup.scan.platforms import os_labelled, platforms, tried
from bringup.scan.prose_alternatives import alternatives, either
from bringup.scan.prose_hedges import (
    of_purpose,
    offers_builds,
    only_recommended,
    only_tested,
    permissive,
    tentative,
)
from bringup.scan.prose_vocabulary import Vendor, subject_of, vendor_of, vocabulary
from bringup.scan.stacklines import stack_lines
from bringup.scan.toolneeds import released_elsewhere
from bringup.scan.versionedneeds import NEED, retired, skipping, versioned
from bringup.scan.wordsense import driver_words

_CLAUSE_END = lazyre.compile(r"[。；;！!？?|]|\.\s")

_TESTS = lazyre.compile(r"\btests?\b|\btesting\b|测试|用例", re.IGNORECASE, guard=True)
_DIGIT = re.compile(r"[0-9]")
_OPTIONAL = lazyre.compile(
    r"\boptional(?:ly)?\b|pip3?\s+install\s+(?:-e\s+)?['\"]?[\w.\-]+\[[\w,\-]+\]|可选",
    re.IGNORECASE,
    guard=True,
)
"""A clause about an optional extra ("install with pip install pkg[<device>]", "optional"): what it
states is what that feature needs, not the repo (a soft requirement)."""

_NOT_YET = lazyre.compile(
    r"coming\s+soon|not\s+yet|in\s+the\s+future|will\s+be\s+supported|planned|即将|计划支持",
    re.IGNORECASE,
    guard=True,
)


def _clauses(line: str) -> list[tuple[int, str]]:
    parts: list[tuple[int, str]] = []
    start = 0
    for end in _CLAUSE_END.finditer(line):
        parts.append((start, line[start : end.start() + 1]))
        start = end.end()
    parts.append((start, line[start:]))
    return [(offset, part) for offset, part in parts if part.strip()]


_CODE_WORD = lazyre.compile(r"`([^`\s]{1,40})`")
"""A code span holding one word or version ("`GCC` >= `13.1` or `Clang` >= `19`",
NVIDIA/Fuser@81c4b22f README.md:64; "`Python` >= `3.10`", README.md:65): Markdown's quoting of a
name or a release, read as its words. A span with spaces is a command (``pip install x``)."""


_SPACES = lazyre.compile(r" {2,40}")


def _unquoted(line: str) -> str:
    """``line`` with each one-word code span's backticks made spaces (offsets kept)."""
    if "`" not in line:
        return line
    return _CODE_WORD.sub(lambda m: f" {m.group(1)} ", line)


_EMPHASISED_X = lazyre.compile(r"(?<=\d\.)([*_])([xX])\1")
"""A release's placeholder part in Markdown italics: "Python version between 3.7.*x* and
3.11.4 (inclusive)" (zhaojiqiao/tilelang-npu@1bc99fd README.md:84, outsider22 D8)."""


def _unemphasised(line: str) -> str:
    """``line`` with each italic ``*x*`` after a release's dot its bare ``x`` (offsets kept)."""
    if "*" not in line and "_" not in line:
        return line
    return _EMPHASISED_X.sub(lambda m: f"{m.group(2)}  ", line)


_ASIDE = lazyre.compile(r"\([^()]{0,300}\)|\uff08[^\uff08\uff09]{0,300}\uff09")


def _unready_asides_blanked(line: str) -> str:
    """``line`` with each bracketed aside about what is not ready yet made spaces (offsets
    kept): "NVIDIA GPU with compute capability >= 8.0 (Ampere or Ada, Marlin is not yet
    optimized for Hopper)" (IST-DASLab/marlin@2f6d7c10 README.md:65) states its floor; the
    aside's plans void only themselves, not the clause around them."""
    if "(" not in line and "\uff08" not in line:
        return line
    if not any(_NOT_YET.search(m.group(0)) for m in _ASIDE.finditer(line)):
        return line
    return _ASIDE.sub(
        lambda m: " " * len(m.group(0)) if _NOT_YET.search(m.group(0)) else m.group(0), line
    )


def read_line(line: str, *, required: bool = False, vendor: Vendor = None) -> list[Mention]:
    """Every requirement stated in ``line``. ``required`` says the line sits in a
    requirements section or table, where looser patterns count; ``vendor`` settles words
    such as "driver" or "cards" when the line itself does not say whose."""
    unquoted = _unready_asides_blanked(_unemphasised(_unquoted(line)))
    found = (*_remembered(unquoted, required, vendor), *stack_lines(unquoted))
    if unquoted is line:
        return list(found)
    return [m._replace(text=_SPACES.sub(" ", m.text)) for m in found]


@backends.remembering(4096)
def _remembered(line: str, required: bool, vendor: Vendor) -> tuple[Mention, ...]:
    """``_read``, its answers kept: real repos repeat their paragraphs (every operator's README
    of an operator library opens with the same product list and install notes), and a third
    of the lines read in such a repo (ops-transformer: 1,921 paragraphs, 1,356 distinct) were
    read before. The answer depends on nothing else; its mentions are tuples."""
    return tuple(_read(line, required, vendor))


def _works(clause: str) -> bool:
    """Whether the clause says only that something was tested, is recommended or might work."""
    return only_tested(clause) or only_recommended(clause) or tentative(clause)


def _qualified(mentions: list[Mention], clause: str, required: bool) -> list[Mention]:
    """What the clause found, less an illustration's hardware and a purpose's unversioned
    subjects, soft where optional, offered as builds or skipped."""
    mentions = illustrated(mentions, clause)
    mentions = mentions if required else of_purpose(mentions, clause, NEED)
    if _OPTIONAL.search(clause):
        mentions = [m._replace(hard=False) for m in mentions]
    if offers_builds(clause):  # the releases builds exist for; the platforms stay
        mentions = [m._replace(hard=False) if _DIGIT.search(m.spec) else m for m in mentions]
    if skipped(clause):
        mentions = [skipping(m, clause) for m in mentions]
    return mentions


def _read(line: str, required: bool, vendor: Vendor) -> list[Mention]:
    found: list[Mention] = []
    for start, clause in _clauses(line):
        if _NOT_YET.search(clause):
            continue
        needed = required or bool(NEED.search(clause))
        subjects = driver_words(clause, list(vocabulary().subject.finditer(clause)))
        labelled = not needed and os_labelled(clause)
        supports = not needed and CHIP_USE.search(clause) is not None  # chips only: chipwords
        if not needed and not subjects and not labelled and not supports:
            # Three clauses in four (the eval repos' docs): no subject and no word of need, so
            # nothing below can be found; the vendor, negation and hedge words of the clause
            # were still searched for.
            continue
        clause_vendor = vendor_of(clause) or vendor
        mentions = conditions_dropped(versioned(clause, subjects, needed, clause_vendor), clause)
        mentions = either(alternatives(mentions), clause) if mentions else mentions
        # the hedges only soften what was found: weighed once something is (most clauses
        # state nothing)
        works = bool(mentions) and _works(clause)
        if works:
            mentions = [m._replace(hard=False) for m in mentions]
        if needed:
            gone = {subject_of(m) for m in subjects if retired(clause, m)}
            mentions.extend(stack(clause, {m.subject for m in mentions} | gone))
            memory = memory_floors(clause, clause_vendor)
            counts = [m for m in device_counts(clause, clause_vendor) if not per_device(m, memory)]
            capable = capabilities(clause, required, clause_vendor)
            if not works and (memory or counts or capable):
                works = _works(clause)
            if works:  # "16GB+ VRAM recommended": a soft line the stated minimum admits
                memory = [m._replace(hard=False) for m in memory]
            # one way, a guess, or what it supports ("fine-tuning on a single GPU")
            if counts and (permissive(clause) or tentative(clause) or works):
                counts = [m._replace(hard=False) for m in counts]
            loose = counts + chips(clause, required) + memory
            if loose:
                for_tests = bool(_TESTS.search(clause))
                mentions.extend(for_one_chip(m, clause, for_tests) for m in loose)
            if any(m.subject.endswith("_count") for m in mentions) and EXAMPLE.search(clause):
                mentions = [of_the_example(m) for m in mentions]
            # "supports <feature> on <architecture> devices": what a feature runs on, not the floor
            mentions.extend(m._replace(hard=m.hard and not works) for m in capable)
        elif supports:
            mentions.extend(
                for_one_chip(m, clause, bool(_TESTS.search(clause))) for m in chips(clause, False)
            )
        if needed or labelled:  # "操作系统为 Ubuntu 22.04 / openEuler 24.03" names the OS
            mentions.extend(
                Mention(subject, spec, words, "medium", hard=not tried(subject, clause), offset=at)
                for subject, spec, words, at in platforms(clause) + bare_os_list(clause)
            )
            mentions.extend(
                Mention(subject, spec, words, "medium", hard=False, offset=at)
                for subject, spec, words, at in supported_releases(clause)
            )
        if mentions:
            mentions = _qualified(mentions, clause, required)
        found.extend(m._replace(offset=start + m.offset) for m in mentions)
    found.extend(  # an image the build must be made in: soft, the image's OS is one way
        Mention(subject, spec, words, "medium", hard=False, offset=at)
        for subject, spec, words, at in base_image_os(line)
    )
    return released_elsewhere(found)
