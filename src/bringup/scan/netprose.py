"""A guide's words that its install or build needs the network: "A stable Internet connection
is required because the script installs system packages" (Mooncake
docs/source/getting_started/build.md:14), "If your build environment can access the Internet,
the compilation process will automatically download ..." (hixl docs/en/build.md:179),
"确保环境可以联网". The need is ``network``, cited at the line the words are on.
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.caseless import Words
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.fetches import WORDS
from bringup.scan.mention import right_before
from bringup.scan.paragraphs import around, joined, line_at
from bringup.scan.versionedneeds import NO_NEED

_NETWORK = lazyre.compile(
    r"\b(?:internet|network)\s+(?:connection|connectivity|access)\b|"
    r"\b(?:access|connect(?:ed)?\s+to|reach)\s+(?:to\s+)?(?:the\s+)?(?:internet|network|public\s+network)\b|"
    r"\bautomatically\s+downloads?\b|\bdownloads?\b[^.]{0,60}\bduring\s+(?:the\s+)?(?:build|compil)|"
    r"联网|连接外网|访问外网|访问网络|网络连接|网络访问|自动下载",
    re.IGNORECASE,
    guard=True,
)

_PIP = lazyre.compile(r"whl|\bwheels?\b|\bpip3?\b", re.IGNORECASE, guard=True)
"""A sentence about installing a Python package ("when online, installing the whl package
downloads its dependencies automatically", mindspore-lab/mindrl README_CN.md:65): pip
fetching the package's dependencies, which are requirements of their own, not a download of
the build."""

_USER_INSTALL = lazyre.compile(
    r"(?:在线|离线)安装|下载(?:与|和|并)安装|\b(?:on|off)line\s+install|"
    r"\bdownloads?\s+and\s+install|(?:拷贝|复制|传输|上传)(?:到|至)目标|\bcop(?:y|ies)\s+(?:it|them)\s+to\s+the\s+target",
    re.IGNORECASE,
    guard=True,
)
"""A sentence about the user's own download and install of the tool ("... 可通过一条命令自动
完成工具的下载与安装", Ascend/msopprof@d6c29dfa docs/zh/install_guide/msopprof_install_guide.md:17,
under "在线安装"; the offline install's "请先在可联网的机器上下载完整的离线安装包", :21): a step the
user takes, not a download the repo's build performs (the truth conventions, C4). So is the
offline workaround for a download the guide has the user run ("请先在可联网的环境下载该脚本后拷贝到
目标设备", :123, beside its ``curl -O .../ms_install.py``)."""

_RUN_DATA = lazyre.compile(
    r"\b(?:models?|datasets?|weights|checkpoints?)\b|模型|数据集|权重",
    re.IGNORECASE,
    guard=True,
)
"""A sentence about what a run downloads ("These scripts would automatically download the model
and dataset, and run the training or evaluation", PKU-Alignment/align-anything README.md:241):
the data of a run, not a download of the build or install (the truth conventions, C4)."""

_GATE = Words(r"internet|network|download|联网|外网|网络|下载")


def network_words(text: str) -> bool:
    """Whether a document has any word ``network_stated`` looks for (one search of it)."""
    return _GATE.found_in(text)


def network_stated(file: SourceFile, paragraph: list[tuple[int, str]]) -> list[Requirement]:
    """The ``network`` need a paragraph (its lines, numbered) states, if it states one."""
    text = joined(paragraph)
    found = next(
        (m for m in _NETWORK.finditer(text) if not right_before(NO_NEED, text, m.start())), None
    )
    if found is None:
        return []
    line = line_at(paragraph, found.start())
    sentence = around(text, found)
    if _PIP.search(sentence) or _USER_INSTALL.search(sentence) or _RUN_DATA.search(sentence):
        return []
    return [
        file.requirement("network", "internet", line, text=WORDS + sentence, confidence="medium")
    ]
