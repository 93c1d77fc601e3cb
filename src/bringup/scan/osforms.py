"""Two forms of an OS statement the platform readers (``platforms``) leave: a bare list of
OSes as a needed clause's whole text, and the OS of the base image a guide says the build
must be made in."""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.scan.osnames import OS_NAMES, os_name

Found = tuple[str, str, str, int]
"""(subject, spec, words, offset in the clause), as ``platforms`` gives them."""

_NAME = rf"(?:{OS_NAMES})"
_BETWEEN = r"\s*(?:,|/|&|\bor\b|\band\b|、|或|和)\s*"
_BARE_LIST = lazyre.compile(
    rf"^[\s*+-]*({_NAME})(?:{_BETWEEN}{_NAME}){{1,6}}\s*[.;\u3002\uff1b]?\s*$", re.IGNORECASE
)
_EACH = lazyre.compile(rf"(?<![A-Za-z]){_NAME}(?![A-Za-z])", re.IGNORECASE)


def bare_os_list(clause: str) -> list[Found]:
    """The OSes a needed clause lists and nothing else ("- Linux or macOS or Windows" under
    "## Requirements", facebookresearch/pytorch3d@9381c401 INSTALL.md:10): any of them will
    do. A clause with other words is the platform readers' (``platforms``)."""
    listed = _BARE_LIST.match(clause)
    if listed is None:
        return []
    names = list(dict.fromkeys(os_name(m.group(0)) for m in _EACH.finditer(clause)))
    return [("os", ",".join(names), clause.strip(), listed.start(1))] if len(names) > 1 else []


_BASE_IMAGE = lazyre.compile(
    rf"(?:从|基于|以|\bfrom\b|\bon\b|\bbased\s+on\b)\s*(?:an?\s+|the\s+)?({_NAME})\s*"
    r"(?:基础镜像|\bbase\s+image)",
    re.IGNORECASE,
    prefilter=True,
)
_MUST = lazyre.compile(r"必须|须在|\bmust\b|\brequired?\b|\bneeds?\b|需要", re.IGNORECASE)
_SENTENCE_END = lazyre.compile(r"[\u3002\uff01\uff1f!?]|\.(?:\s|$)")


def base_image_os(line: str) -> list[Found]:
    """The OS of the base image a sentence says the build must be made in: "必须参考
    《MindStudio统一构建镜像制作指南》" then "从openEuler基础镜像现场构建环境镜像" (build the
    image from an openEuler base image, Ascend/msopprof@d6c29dfa docs/zh/install_guide/
    msopprof_install_guide.md:32, the same words in mssanitizer's and msprof-analyze's): the
    repo's builds run on that OS. A base image offered without a must ("you can build from an
    Ubuntu base image") is one option among others and states none. Offsets are the line's."""
    if _BASE_IMAGE.search(line) is None:  # most lines name no base image: one cheap search
        return []
    found: list[Found] = []
    start = 0
    for end in [*(m.end() for m in _SENTENCE_END.finditer(line)), len(line)]:
        sentence = line[start:end]
        image = _BASE_IMAGE.search(sentence)
        if image is not None and _MUST.search(sentence) is not None:
            found.append(("os", os_name(image.group(1)), sentence.strip(), start + image.start(1)))
        start = end
    return found
