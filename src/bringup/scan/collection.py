"""What a collection's top README says all of it runs on.

A repo with no build at its root (a recipe or sample collection, cann-recipes-train, or a
bundle of tools) is built and run one member at a time, each from its own README; the top
README says what they share, without a word of need: its overview names the platform every
member is built on ("提供基于CANN平台的优化样例", cann-recipes-train README.md:12), and its
list of members says which devices each was brought up on ("完成其在Atlas A2上的推理适配",
cann-recipes-spatial-intelligence README.md:15; "在Atlas A3集群实现GRPO算法的高吞吐RL训练",
cann-recipes-train README.md:19). Those are the repo's own: its toolkit, and a chip, any of
the ones its members name (``anyof.unite`` joins them). Only the overview's paragraphs and the
lines that link a member are read so: the rest of the README is read as any document is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from bringup import backends, lazyre
from bringup.model import Requirement
from bringup.scan.buildnames import BUILD_FILES
from bringup.scan.devicetargets import top_readme
from bringup.scan.docscopes import DOC_DIRS
from bringup.scan.docsections import NEWS_HEADING
from bringup.scan.extraction import SourceFile
from bringup.scan.markdown import Fence, Heading, markdown_blocks
from bringup.scan.pkgimports import top_packages
from bringup.scan.prose import read_line
from bringup.scan.prose_vocabulary import file_vendor
from bringup.scan.scopedirs import COLLECTIONS

_OVERVIEW = lazyre.compile(r"概述|简介|\boverview\b|\bintroduction\b|\babout\b", re.IGNORECASE)
"""The heading of a README's overview section ("## 🎉概述", "## Overview")."""
_MEMBER_LINK = lazyre.compile(
    r"\]\((?:\./)?(?!www\.)(\w[\w.-]{0,99}?)(?<!\.(?:com|org|net))(?<!\.cn)(?<!\.io)/[^()\s]{1,200}\)"
)
"""A Markdown link to a file in a sub-directory of the repo ("[VGGT](models/vggt/README.md)"):
not an address (``www.hiascend.com/doc``), an anchor, a path from the root or one outside the
repo (``../other``); group 1 is the top directory."""


_OTHER_ROOTS = frozenset(
    {"meson.build", "setup.cfg", "build.py", "gnumakefile", "configure.ac", "workspace",
     "workspace.bazel", "module.bazel", "build.bazel", "cargo.toml"}
)  # fmt: skip
"""Build files of other systems that make the top a project of its own (nixl meson.build, read
by ``meson``; Bazel's WORKSPACE/MODULE.bazel; autotools' configure.ac; msopprof build.py, read by
none): such a repo is no collection, and its README's overview is not every member's."""


def rootless(rels: Iterable[str]) -> bool:
    """Whether no build file (``setup.py``, ``CMakeLists.txt``, ``build.sh``: what makes a
    directory a project, ``scopes``; or another system's, ``_OTHER_ROOTS``) lies at the top of
    the repo whose files are ``rels``."""
    roots = BUILD_FILES | _OTHER_ROOTS
    return not any("/" not in rel and rel.lower() in roots for rel in rels)


def collection(root: Path, rels: Iterable[str]) -> bool:
    """Whether the repo at ``root`` (files ``rels``) is a collection: ``rootless``, and no
    Python package at its top (``pkgimports.top_packages``) but an example's or a tool's
    (``scopedirs.COLLECTIONS``). A library used from its checkout
    (BobMcDear/attorch@67c2772: ``attorch/__init__.py``, no setup.py, "clone this repository
    to get started", README.md:20) is one project, its README's introduction no statement of
    what members share: its "do not have the technical expertise or resources to write CUDA
    kernels" (README.md:14) was read as a need of CUDA (outsider40 D6)."""
    members = COLLECTIONS | DOC_DIRS
    return rootless(rels) and not any(p.lower() not in members for p in top_packages(root))


def shared_needs(file: SourceFile) -> list[Requirement]:
    """The toolkit and chips the top Markdown README ``file`` of a repo with no root build
    states for all of it, in its overview and on the lines that link a member; empty for
    any other file."""
    if not top_readme(file.rel) or not file.rel.lower().endswith(".md"):
        return []
    kept = {"chip", *(b.vocabulary.toolkit_subject for b in backends.registered())}
    vendor = file_vendor(file.text)
    blocks = markdown_blocks(file.text)
    lines = file.text.splitlines()
    overview = news = False
    found: list[Requirement] = []
    index = 0
    while index < len(lines):
        block = blocks.get(index)
        if isinstance(block, Fence):
            index = block.after
            continue
        if isinstance(block, Heading):
            overview = bool(_OVERVIEW.search(block.text))
            news = bool(NEWS_HEADING.search(block.text))
            index = block.after
            continue
        text = lines[index]
        index += 1
        member = any(m.group(1).lower() not in DOC_DIRS for m in _MEMBER_LINK.finditer(text))
        if news or not (overview or member):
            continue
        words = " ".join(text.strip().strip("|").split("|"))
        for m in read_line(words, required=True, vendor=vendor):
            if m.subject in kept and (m.subject == "chip" or overview):
                found.append(
                    file.requirement(
                        m.subject, m.spec, index, text=m.text, confidence="medium", hard=m.hard
                    )
                )
    return found
