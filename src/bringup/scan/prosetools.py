"""A host tool a setup guide's sentence asks the machine to have: "需要在物理机安装NPU驱动固件以及
部署Docker" (Ascend/MindIE-LLM docs/zh/user_guide/quick_start/quick_start.md:9, under "前提条件"),
"需要执行以下命令安装swig" (hicann/tensorflow tf_adapter/README.md:137), "Make sure git is
installed". The scan's own subjects (a toolkit, a compiler, Python) are the prose reader's; this
reads only the host tools build guides list (``hosttools.HOST_TOOLS``) and the container
engines, each a ``system_package`` with the version the sentence gives ("Docker引擎 (版本1.11.2
及以上)": ``docker>=1.11.2``).

Only a sentence that asks for the tool counts: the tool is what an install verb after "确保",
"需要", "请", "必须" takes, or what "ensure"/"make sure" says "is installed". A sentence that
merely names a tool ("关于docker命令的选项介绍", "use git to clone") asks for nothing. Only the
guide's own steps are read (the caller's to check): a FAQ, an example, or a container route
("方式2 Docker部署", whose "确保宿主机已安装Docker引擎" is one way among others, amct
docs/zh/quick_install.md:35-50) states no need of the repo's.
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.hosttools import CONTAINER_ENGINES, HOST_TOOLS

_TOOLS = (HOST_TOOLS - {"pip", "pip3"}) | CONTAINER_ENGINES
_NAME = (
    r"(?<![A-Za-z0-9+_-])(?P<tool>"
    + "|".join(re.escape(t) for t in sorted(_TOOLS, key=lambda t: (-len(t), t)))
    + r"|[A-Za-z][A-Za-z0-9.+]{0,40}(?:-[A-Za-z0-9.+]{1,40}){0,3}-dev(?:el)?"
    + r")(?![A-Za-z0-9+_-])"
)
"""One of the tools, or a distribution's headers package (``hosttools.headers_package``: "make
sure python3-dev is installed", AscendSpeed README.md:131), whole: the install verb's object
is looked for up to the first tool ("需要在物理机安装NPU驱动固件以及部署Docker" asks for
Docker, not for "NPU"). Tools longest first, then by name: a set's order changes from run to
run, and a pattern spelled anew each run is compiled anew and grows the kept table
(``patterncache``) every run."""
_VERSION = (
    r"(?:\s{0,2}[(\uff08]?\s{0,2}(?:版本|version|v)?\s{0,2}(?P<op>>=|≥|>)?\s{0,2}"
    r"(?P<version>\d{1,4}(?:\.\d{1,6}){1,3})(?P<floor>\s{0,2}(?:及以上|以上|或更高|\+|or\s(?:later|newer|above|higher)))?"
    r"\s{0,2}[)\uff09]?)?"
)
_ASKED = (
    lazyre.compile(
        r"(?:确保|需要|需|请先?|必须|要求)[^。\uff1b;\uff01!\uff1f?]{0,40}?(?:已经?|先)?(?:安装|部署)(?:了|好)?\s{0,2}"
        + _NAME
        + r"(?:\s{0,2}(?:引擎|工具|环境))?"
        + _VERSION,
        re.IGNORECASE,
    ),
    lazyre.compile(
        r"\b(?:ensure|make\s+sure)\b(?:\s+that)?(?:\s+(?:the|your|a))?\s+"
        + _NAME
        + r"(?:\s+engine)?"
        + _VERSION
        + r"\s+(?:is|are)\s+(?:already\s+)?installed\b",
        re.IGNORECASE,
    ),
)
"""A sentence asking for a tool, in Chinese (the tool the install verb takes) and in English
(the tool said to be installed)."""


_INSIDE = lazyre.compile(
    r"(?:必须|务必)[^。\uff1b;\uff01!\uff1f?]{0,80}?进入[^。\uff1b;\uff01!\uff1f?]{0,10}?容器"
)
"""A sentence that has the user build inside a container, which the machine must run: "必须使用
... ``ctr_in.py`` 命令 ... 在交互式终端中启动并进入容器" (Ascend/msopprof
docs/zh/install_guide/msopprof_install_guide.md:36; mskpp, mssanitizer, msprof-analyze): a
container engine, Docker unless the sentence names another."""


def _engine(text: str) -> str:
    """The container engine a sentence that has the user work in a container names."""
    named = [e for e in sorted(CONTAINER_ENGINES) if e in text.lower()]
    return named[0] if named else "docker"


def asked_tools(file: SourceFile, lines: list[tuple[int, str]]) -> list[Requirement]:
    """The host tools a paragraph (``(line, words)`` each) asks the machine to have, each
    cited at the line where its sentence's words start; with ``engines_only``, only a
    container engine."""
    found: list[Requirement] = []
    seen: set[str] = set()
    for line, text in lines:
        for asked in (m for pattern in _ASKED for m in pattern.finditer(text)):
            name, version = asked.group("tool").lower(), asked.group("version")
            if name in seen:
                continue
            seen.add(name)
            spec = f">={version}" if version else ""
            found.append(
                file.requirement(
                    "system_package",
                    name + spec,
                    line,
                    text=text.strip()[:200],
                    confidence="medium",
                )
            )
        inside = _INSIDE.search(text)
        if inside and not seen & CONTAINER_ENGINES:
            seen.add(_engine(text))
            words = f"{text.strip()[:200]}: the build runs in a container"
            found.append(
                file.requirement(
                    "system_package", _engine(text), line, text=words, confidence="medium"
                )
            )
    return found
