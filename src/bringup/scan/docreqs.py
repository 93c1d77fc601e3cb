"""A requirements file a guide writes out in a code block instead of keeping it in the repo.

"请用户自行准备依赖安装文件requirements.txt" … "样例如下所示" (MindIE-LLM docs/zh/user_guide/
install/source/installing_software_and_dependencies.md:66), then a block whose every line is
a requirement (``gevent==22.10.2`` … ``pybind11==3.0.1``, :68-96), then ``pip3 install -r
requirements.txt`` (:101): the block is that file, so each line is a distribution the guide
installs, as a line of a ``requirements.txt`` in the repo would be. "使用pip install 安装以下包"
before a block of pins says the same (MindSpeed-MM docs/zh/features/vbench-evaluate.md:10).
Read as shell, such a block runs nothing and states nothing. Only a block whose every line
parses as a PEP 508 requirement, directly under words naming pip or a requirements file, is
one; not when those words say the block is what pip printed, what not to install, or the OS's
packages, and never when it names ``python`` (an interpreter pip cannot install).
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.phrases import read_phrase
from bringup.scan.pydeps import python_requirement

_INTRO = lazyre.compile(r"requirements[\w-]{0,40}\.txt|\bpip3?\s+install\b", re.IGNORECASE)
"""Words before the block saying it is what pip installs: a requirements file named, or
``pip install`` ("install the following with pip install")."""
_INSTALL = lazyre.compile(r"install|安装", re.IGNORECASE)
"""A requirements file named is one to install only where the words say so ("依赖安装文件
requirements.txt"), not "a requirements.txt like:"."""
_NOT_INSTALLED = lazyre.compile(
    r"\bpip3?\s+(?:freeze|list)\b|\bdo\s+not\b|\bdon'?t\b|\bnever\b|不要|请勿|切勿|卸载|\buninstall"
    r"|\bapt(?:-get)?\b|\byum\b|\bdnf\b|\bsystem\s+packages?\b|系统(?:软件|依赖)?包",
    re.IGNORECASE,
)
"""Words saying the block is no list to install: ``pip freeze``/``pip list`` output, one not to
install ("Do not pip install the following"), or the OS's packages ("Install the system packages
before `pip install .`")."""
_OUTPUT = lazyre.compile(r"\bfreeze\b|\boutput\b|\bshows?\b|输出|显示", re.IGNORECASE)
"""Words saying a block is printed: with ``==`` on every line, what an environment has."""


def written_requirements(
    file: SourceFile, lines: list[str], start: int, end: int, intro: str
) -> list[Requirement] | None:
    """The requirements of the block ``lines[start:end]`` (0-based) when it is a requirements
    file written out under ``intro`` (the paragraph before it), else ``None``. Two lines at
    least: one word alone is as likely a command or a name in a sentence's example."""
    if not _INTRO.search(intro) or not _INSTALL.search(intro) or _NOT_INSTALLED.search(intro):
        return None
    body = [
        (index, stripped)
        for index in range(start, end)
        for stripped in (lines[index].strip(),)
        if stripped and not stripped.startswith("#")
    ]
    if len(body) < 2 or (_OUTPUT.search(intro) and all("==" in text for _, text in body)):
        return None
    found: list[Requirement] = []
    for index, text in body:
        requirement, _ = python_requirement(
            text, file.source(index + 1), confidence="medium", why="requirements file in a guide"
        )
        if requirement is None or requirement.subject == "pypi:python":
            return None
        found.append(requirement)
    return found


_PIP_NAMED = lazyre.compile(
    r"(?<![A-Za-z0-9_./`-])pip3?(?![A-Za-z0-9_./-])(?:\s*(?:版本|version))?", re.IGNORECASE
)
_QUOTED = lazyre.compile(r"`[^`]*`")
_ADVICE = lazyre.compile(r"建议|推荐|\brecommend", re.IGNORECASE)
_NEED = lazyre.compile(r"需|要求|必须|\bneeds?\b|\brequire|\bmust\b|\bshould\b", re.IGNORECASE)
"""Words asking for the version: not a version given as a failure's cause ("pip 版本 > 25.2" as
the 原因 of torch going unseen, amct README.md:186: the fix is a lower pip)."""


def pip_version(file: SourceFile, line: int, text: str) -> list[Requirement]:
    """The version of pip a sentence asks for: "you need to install pip >= 20.3 first to
    install prebuilt" (spconv README.md:129), "建议执行命令`pip3 install --upgrade pip`进行升级
    (pip版本需大于或等于24.0)" (MindIE-LLM docs/zh/user_guide/install/source/
    installing_software_and_dependencies.md:56; advice, so soft). Only a version written as a
    bound or with its words ("24.0 or later"), in words asking for it, counts; what a quoted
    command installs is the command's (``commandneeds.requirements_of``)."""
    said = _QUOTED.sub(" ", text)
    if _NEED.search(said) is None:
        return []
    for named in _PIP_NAMED.finditer(said):
        phrase = read_phrase(said[named.end() :], "pypi:pip")
        if phrase is not None and phrase.explicit:
            hard = _ADVICE.search(said) is None
            return [file.requirement("pypi:pip", phrase.spec, line, text=text, hard=hard)]
    return []
