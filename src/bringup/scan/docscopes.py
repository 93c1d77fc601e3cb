"""Where a page of the documentation belongs: the docs directories (``docs/``, a language or
other generic folder under it), the guides for the whole repo, and the topic directories named
after a framework (the scope rules for ``docs/`` are told in ``bringup.scan.scopes``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import NamedTuple

from bringup import lazyre
from bringup.scan.scopedirs import PACKAGE_FILES
from bringup.scan.scopenames import DEVELOPMENT, REPO

DOC_DIRS = frozenset({"doc", "docs", "documentation", "fern"})
"""The directories of a repo's documentation; ``fern/`` is the one the Fern docs generator
reads (buildwithfern.com: ``fern/fern.config.json``, pages under ``fern/pages/``; rapidsai/cuvs
fern/pages/build.md states the GPUs, toolkit and compilers a build needs)."""
_GENERIC_DOC_DIRS = lazyre.compile(
    r"^(?:zh|en|cn|zh[-_]cn|en[-_]us|source|src|pages|user[-_]?guides?|guides?|getting[-_]?started|"
    r"get[-_]?started|install(?:ation)?(?:[-_]?guides?)?|quick[-_]?start|introduction|intro|"
    r"overview|community|context)$",
    re.IGNORECASE,
)
"""Folders under ``docs/`` that name no feature: a language, the guides, the background pages
("context": hicann/ops-tensor docs/zh/context holds the repo's quick_install.md and build.md,
ops-nn docs/zh/context its data types and return codes), so the pages in them are placed by
their own names (``_WHOLE_GUIDE``)."""
_WHOLE_GUIDE = lazyre.compile(
    r"readme|index|install|quick|start|build|setup|overview|getting|prereq|requirement|"
    r"environment|compat|release|version|support|(?:^|[-_. \d])dependenc|安装|快速|环境|配套|版本|"
    r"^(?:\d{1,3}[-_.]?)?(?:introduction|简介|概述)$",
    re.IGNORECASE,
)
"""Page names of the whole repo's guides, among them its dependency list and its introduction
(the pages ``walk`` reads for those names)."""
FRAMEWORK_DOCS = {
    "pytorch": r"\btorch(?:_\w+)?\b",
    "torch": r"\btorch(?:_\w+)?\b",
    "mindspore": r"\bmindspore\b",
    "paddle": r"\bpaddle\b",
    "paddlepaddle": r"\bpaddle\b",
    "jax": r"\bjax\b",
    "tensorflow": r"\btensorflow\b",
}
"""Doc topic directories named after a framework (``docs/zh/pytorch``, ``docs/zh/mindspore``)
and how the repo's own build names it (PyTorch also through a device adapter package,
``torch_<device>``): the directory of the framework the build uses holds the repo's guides;
another framework's is an optional backend."""
_FRAMEWORK_GUIDE = lazyre.compile(
    r"readme|install|quick|start|getting|prereq|overview|安装|快速", re.IGNORECASE
)


_RELEASE_PAGE = lazyre.compile(r"[-_]([A-Za-z][A-Za-z0-9]*?)[-_]?v?(\d+(?:\.\d+)+)$")
"""A page named for a release of a package: ``README_vllm0.7`` (shangxt10/verl_mindspeedmm
@da9e8534 docs/README_vllm0.7.md, "Upgrading to vllm >= 0.7")."""
_FLOOR = r"[\"'\s]{name}\s*(?:\[[^\]]*\])?\s*>=\s*(\d+(?:\.\d+)*)"
"""A lower bound the repo's own manifest declares for a package (verl_mindspeedmm setup.py:52
``"vllm>=0.8.5,<=0.12.0"``)."""


class DocContext(NamedTuple):
    """What the repo's own manifests (``PACKAGE_FILES`` at its root) tell about its pages."""

    frameworks: frozenset[str] = frozenset()
    """The ``FRAMEWORK_DOCS`` folders whose framework the manifests name."""
    manifests: tuple[str, ...] = ()
    """The manifests' texts."""

    def older_release(self, stem: str) -> bool:
        """Whether the page ``stem`` is the guide of a release of a package wholly below the
        lowest one the repo's manifest accepts (``README_vllm0.7`` where setup.py:52 asks
        ``vllm>=0.8.5``): a guide for an older release, not the repo's route (outsider19
        D11: its vllm 0.7.x pins and ``conda create`` led the repo's needs). ``0.8`` is not:
        0.8.5 is of that series."""
        named = _RELEASE_PAGE.search(stem)
        if named is None:
            return False
        series = tuple(int(n) for n in named.group(2).split("."))
        floor = re.compile(_FLOOR.format(name=re.escape(named.group(1))), re.IGNORECASE)
        for text in self.manifests:
            found = floor.search(text)
            if found:
                lowest = tuple(int(n) for n in found.group(1).split("."))
                return series < lowest[: len(series)]
        return False


_NO_CONTEXT = DocContext()


def doc_context(build_texts: Mapping[str, str]) -> DocContext:
    """The ``DocContext`` of the repo whose build files are ``build_texts``."""
    manifests = tuple(
        text for rel, text in build_texts.items() if "/" not in rel and rel.lower() in PACKAGE_FILES
    )
    frameworks = frozenset(
        folder
        for folder, named in FRAMEWORK_DOCS.items()
        if any(re.search(named, text) for text in manifests)
    )
    return DocContext(frameworks, manifests)


def doc_scope(parts: list[str], context: DocContext = _NO_CONTEXT) -> str:
    """A guide's scope under ``docs/``; one under the directory of the framework the
    repo's own build uses (``docs/zh/pytorch/training/install_guide.md`` where setup.py
    imports torch) is the repo's; one for an older release (``DocContext.older_release``)
    is its own."""
    lowered = [p.lower() for p in parts[:-1]]
    at = next((i for i, d in enumerate(lowered) if d in DOC_DIRS), None)
    if at is None:
        return REPO
    topics = [i for i in range(at + 1, len(parts) - 1) if not _GENERIC_DOC_DIRS.match(parts[i])]
    stem = parts[-1].rsplit(".", 1)[0]
    frameworks = context.frameworks
    if context.older_release(stem):
        return "/".join([*parts[:-1], stem])
    if topics and lowered[topics[0]] in frameworks and _FRAMEWORK_GUIDE.search(stem):
        return REPO
    if at == len(parts) - 2 and stem.lower() == "readme":
        return DEVELOPMENT
    if topics:
        return "/".join(parts[: topics[-1] + 1])
    return REPO if _WHOLE_GUIDE.search(stem) else "/".join([*parts[:-1], stem])


def doc_index(folder: str) -> bool:
    """Whether a README in ``folder`` indexes the documentation rather than documenting a
    project: the docs directory itself, or a language or other generic folder of it
    (catlass ``docs/en/README.md``, ``docs/zh/README.md``, torchair ``docs/zh/README.md``:
    tables of contents of the pages beside them). The quick start and overview under such a
    folder are then the repo's guides, as they are under ``docs/`` itself."""
    parts = folder.split("/")
    at = next((i for i, p in enumerate(parts) if p.lower() in DOC_DIRS), None)
    return at is not None and all(_GENERIC_DOC_DIRS.match(p) for p in parts[at + 1 :])


PAGES = (".md", ".mdx", ".rst")
"""The suffixes of a documentation page."""


def prose_file(path: str) -> bool:
    """Whether the file at ``path`` is one the scan reads as documentation: a page
    (``PAGES``) or a README of any suffix (``README``, ``README.txt``, as ``walk`` kinds it)."""
    name = path.rsplit("/", 1)[-1].lower()
    return name.startswith("readme") or name.endswith(PAGES)


def doc_page(dirs: list[str], name: str) -> bool:
    """Whether ``name`` in ``dirs`` is a page of the repo's documentation folder: an option
    that builds the documentation (stdgpu CMakeLists.txt ``if(STDGPU_BUILD_DOCUMENTATION)
    add_subdirectory(docs)``) owns the folder's build files, not what its pages say about
    building the repo (docs/getting_started/building_from_source.md:22 "GCC 9")."""
    return bool(dirs) and dirs[0] in DOC_DIRS and name.endswith(PAGES)
