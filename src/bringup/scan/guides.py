"""The install guides a repo's top-level README sends the reader to.

A README often says only "for installation see [the install guide](docs/zh/pytorch/training/
install_guide.md)" (MindSpeed-LLM README.md:125): the guide is then the repo's own word on what
it needs, even when its path alone (a topic directory under ``docs/``) would make it a
feature page, and even when its name (``release_notes_llm.md``, holding the version table)
is not one the walk reads. A link counts when its own words, or else the README's section it
stands in, are about installing, building or the versions the repo needs; a link to a
feature, model, tutorial or quick start is not followed (a quick start's "8 NPUs" is what
its example needs), nor one in the news, except the first quick start of a README that links
no install guide of the whole repo (one in ``docs/`` or at the top): that is how it is set
up. Only links to Markdown or reStructuredText files inside the repo count.
"""

from __future__ import annotations

import re
from posixpath import dirname, join, normpath
from urllib.parse import unquote

from bringup import lazyre
from bringup.scan.docscopes import DOC_DIRS
from bringup.scan.markdown import Fence, Heading, markdown_blocks
from bringup.scan.rst import rst_blocks

_INSTALL_WORDS = lazyre.compile(
    r"\binstall|\bsetup\b|set\s*up\b|prerequisite|requirement|dependenc|\bbuild(?:ing)?\b|"
    r"from\s+source|compatib|\bversions?\b|environment|安装|部署|依赖|环境|编译|配套(?!工具)|版本",
    re.IGNORECASE,
)
"""Words of a section or link about installing this repo or the versions it needs."""
_NOT_INSTALL = lazyre.compile(
    r"quick\s*start|get(?:ting)?\s+started|tutorial|example|model|feature|benchmark|"
    r"faq|contribut|environment\s+variable|\bcluster|快速|入门|上手|教程|示例|样例|模型|特性|贡献|环境变量|"
    r"集群",
    re.IGNORECASE,
)
"""Words of a section or link about using the repo, not installing it: what its pages need
is what an example or a feature needs. Deploying the service on a cluster is one ("[集群服务部署]
(./docs/zh/user_guide/service_deployment/environment_preparation.md)", MindIE-Motor README.md:57:
the Kubernetes and MindCluster components it deploys with), as the companion tools ("[配套工具]",
:60, no version table) are another."""
_QUICK_START = lazyre.compile(
    r"quick\s*start|get(?:ting)?\s+started|快速入门|快速上手|快速开始", re.IGNORECASE
)
"""A link to the quick start: the README's word on setting up the whole repo when it links no
install guide of the whole (catlass README.md:66 "[快速入门](./docs/zh/1_Practice/
01_quick_start.md)", whose only other guide is a unit test README's "环境要求")."""
_NOT_QUICK = lazyre.compile(r"example|model|tutorial|示例|样例|模型|教程", re.IGNORECASE)
"""A quick start to one example or model is that example's."""
_INSTALL_TUTORIAL = lazyre.compile(r"安装教程|\binstall(?:ation)?\s+tutorial", re.IGNORECASE)
"""A tutorial about installing ("详情参见[安装教程](…installation.md)", torchtitan-npu README.md:57)
is the install guide."""
_SKIPPED = lazyre.compile(
    r"\bnews\b|change\s*log|history|maintenance|polic(?:y|ies)|roadmap|"
    r"最新消息|更新日志|维护|路线图",
    re.IGNORECASE,
)
"""Sections whose links are announcements or policies ("Latest News: an optimized version of
the weight conversion"), not the repo's install guide."""
_MD_LINK = lazyre.compile(r"\[([^\[\]]*)\]\(\s*<?([^()\s<>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_RST_LINK = lazyre.compile(r"`([^`<]*)<([^`<>\s]+)>`_{1,2}|:doc:`(?:([^`<]*)<)?([^`<>]+)>?`")
_DOCUMENT = lazyre.compile(r"\.(?:md|mdx|rst)$", re.IGNORECASE)
_HOSTED = lazyre.compile(
    r"^https?://[^/]+/(?:[^/]+/)+?(?P<name>[^/]+)/(?:-/)?blob/[^/]+/(?P<path>.+)$"
)
"""A link to a file of a repo on its forge, ``https://gitcode.com/cann/torchtitan-npu/blob/
master/docs/user-guides/installation.md`` (torchtitan-npu README.md:57): READMEs mirrored
to several forges link their own guides by absolute address. It is this repo's file when the
repository's name is the checkout's."""


def _targets(text: str, rst: bool) -> list[tuple[int, str, str]]:
    """``(line, words, target)`` of each link outside code blocks."""
    found: list[tuple[int, str, str]] = []
    for number, line in enumerate(text.splitlines()):
        if rst:
            for match in _RST_LINK.finditer(line):
                words = match.group(1) or match.group(3) or ""
                target = match.group(2) or match.group(4) or ""
                if match.group(4) is not None and not _DOCUMENT.search(target):
                    target += ".rst"
                found.append((number, words, target))
        else:
            found.extend((number, m.group(1), m.group(2)) for m in _MD_LINK.finditer(line))
    return found


def about_installing(words: str, section: str) -> bool:
    """Whether a link is to an install guide: its own words say so ("Installation Guide"
    under "Getting Started"), or, when they say neither, the section it stands in does."""
    if _NOT_INSTALL.search(_INSTALL_TUTORIAL.sub("", words)):
        return False
    if _INSTALL_WORDS.search(words):
        return True
    return bool(_INSTALL_WORDS.search(section)) and not _NOT_INSTALL.search(section)


def primary_readme(docs: list[str]) -> str | None:
    """The top-level README a repo is introduced by (``README.md`` before its translations
    ``README.en.md``, ``README_zh.md``): the one whose links are followed, so that one guide
    is read per repo, not a translation's guide for another framework."""
    tops = [rel for rel in docs if "/" not in rel and rel.lower().startswith("readme")]
    return min(tops, key=lambda rel: (rel.lower() not in _PLAIN_README, rel), default=None)


_PLAIN_README = frozenset({"readme.md", "readme.rst", "readme", "readme.txt", "readme.mdx"})


def _own(target: str, repo_name: str) -> str | None:
    """``target`` as a path inside the repo: relative links as they are, a forge address of
    a file of the repo named ``repo_name`` as its path; ``None`` for any other address."""
    if "://" not in target:
        return target
    hosted = _HOSTED.match(target)
    if hosted is None or not repo_name or hosted.group("name").lower() != repo_name.lower():
        return None
    return "/" + hosted.group("path")


def guide_links(readme_rel: str, text: str, repo_name: str = "") -> list[str]:
    """The repo-relative paths of the documents the README at ``readme_rel`` links to as its
    install guides, in the order linked (whether they exist is the caller's to check);
    ``repo_name`` (the checkout's) makes the forge addresses of its own files count."""
    rst = readme_rel.lower().endswith(".rst")
    blocks = rst_blocks(text) if rst else markdown_blocks(text)
    fenced: set[int] = set()
    headings: dict[int, tuple[int, str]] = {}
    for start, block in blocks.items():
        if isinstance(block, Fence):
            fenced.update(range(start, block.after))
        elif isinstance(block, Heading):
            headings[start] = (block.level, block.text)
    path: list[tuple[int, str]] = []
    heading_at = sorted(headings)
    cursor = 0
    folder = dirname(readme_rel)
    found: list[str] = []
    quick: list[str] = []
    for number, words, linked in _targets(text, rst):
        while cursor < len(heading_at) and heading_at[cursor] <= number:
            level, title = headings[heading_at[cursor]]
            path = [*[(n, t) for n, t in path if n < level], (level, title)]
            cursor += 1
        target = _own(linked, repo_name)
        if number in fenced or target is None or target.startswith(("#", "mailto:")):
            continue
        rel = normpath(join(folder, unquote(target.split("#", 1)[0]).lstrip("/")))
        if rel.startswith("..") or not _DOCUMENT.search(rel) or rel in found:
            continue
        section = " / ".join(title for _, title in path)
        if _SKIPPED.search(section):
            continue
        if about_installing(words, section):
            found.append(rel)
        elif _QUICK_START.search(words) and not _NOT_QUICK.search(words):
            quick.append(rel)
    whole = [rel for rel in found if "/" not in rel or rel.split("/", 1)[0].lower() in DOC_DIRS]
    return found if whole else found + [rel for rel in quick[:1] if rel not in found]
