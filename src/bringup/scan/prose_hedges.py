"""How firmly a clause of prose states the releases it names.

A clause that only says what was tested or works, or recommends a release, or calls it a
default, states what is known to work, weaker than a need. Kept apart from ``prose`` (which
reads the subjects and their versions) because these are judgements of the clause's wording.
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.scan.mention import Mention

NEGATED_BEFORE = lazyre.compile(
    r"not\s+supported|unsupported|不支持|does\s+not\s+support|doesn['’]t\s+support|"
    r"incompatible|不兼容|"
    # a refusal of what follows: "We won't offer any support for CUDA < 11.0"
    # (traveller59/spconv@263d6b4 README.md:121, after "You need at least CUDA 11.0")
    r"\b(?:won['’]?t|will\s+not|do\s+not|don['’]?t)\s+(?:offer\s+|provide\s+)?(?:any\s+)?support\b|"
    r"\bno\s+(?:longer\s+)?support(?:ed)?\s+(?:for\b)?",
    re.IGNORECASE,
    guard=True,
)
_ONLY_TESTED = lazyre.compile(
    r"\b(?:tested|verified|validated|compatible|supports?|supported|works?\s+with|"
    r"(?:is|are)\s+built\s+(?:on|with|from)|based\s+on|ships\s+with|comes\s+with|"
    r"pre-?installed|internally)\b|"
    r"适配|验证|测试过|兼容|支持|镜像基于|基于.{0,80}构建|预装|预置",
    re.IGNORECASE,
    guard=True,
)
_STRONG_NEED = lazyre.compile(
    r"(?<!pre-)(?<!as )(?<!if )\b(?:install|installed|installing|require|requires|required|"
    r"requirements?|need|needs|needed|prerequisites?|depends?|dependency|dependencies|"
    r"make\s+sure|ensure|must)\b|"
    r"安装|(?<!根据)(?<!如有)(?<!按)需要|依赖|确保|请先|前提|要求|必须",
    re.IGNORECASE,
    guard=True,
)
"""A clause that only says which releases were tested or work ("<products> (support <Toolkit> 8.5
and <Toolkit> 9.0)", "verified with", "适配"), or what an image is built on ("This image is built on
... <Toolkit> 12.4, Python 3.11, PyTorch 2.6.0") or comes with ("配套镜像已预装配套的CANN
9.1.0软件 …，您可根据需要选用", MindSpeed-LLM install_guide.md:46; "pre-installed with"),
states what is known to work, weaker than a need: its versions are soft unless the clause
also says they are needed ("as needed", "根据需要" say no need)."""

_RECOMMENDED = lazyre.compile(
    r"\b(?:recommend(?:ed|s)?|suggested|defaults?|by\s+default|preferred)\b|推荐|建议|默认|首选|"
    r"推奨|推薦|建議|권장|추천",
    re.IGNORECASE,
)
_REMARK = lazyre.compile(
    r"\s*(?:[(（][^()（）]*[)）]|(?:,\s*)?(?:is\s+)?(?:recommended|by\s+default))"
)


def recommended(window: str, length: int) -> bool:
    """Whether the version read from ``window`` (its first ``length`` characters) is called a
    recommendation or a default ("<Toolkit> 8.5.0 (Recommended)", "default 8.5.0", "推荐 8.5.0"):
    what is known to work, no requirement."""
    remark = _REMARK.match(window, length)
    if remark is not None and _OTHER_RECOMMENDED.fullmatch(remark.group(0).strip()):
        # "Python >=3.11 (3.12 recommended)" (axolotl-ai-cloud/axolotl@067b021c README.md:98):
        # the remark recommends a release of its own; the floor before it stays a need
        return _RECOMMENDED.search(window, 0, length) is not None
    end = remark.end() if remark is not None else length
    return _RECOMMENDED.search(window, 0, end) is not None


_OTHER_RECOMMENDED = lazyre.compile(
    r"[(（][^()（）]*?\d+(?:\.\d+)+[^()（）]*[)）]",
)
"""A parenthesised remark naming a release of its own: what it recommends is that release."""


_RECOMMENDING = lazyre.compile(
    r"\brecommend(?:ed|s|ation)?\b|\bsuggest(?:ed|s)?\b|推荐|建议|推奨|推薦|建議|권장|추천",
    re.I,
    guard=True,
)
"""Also in Japanese, traditional Chinese and Korean: "最高のパフォーマンスのために**vLLM
0.27.1+**を推奨します" (OpenRLHF/OpenRLHF@3c3be62:README_ja.md:310), the README's "We
recommend **vLLM 0.27.1+**" (README.md:316)."""
_REQUIRING = lazyre.compile(
    r"\b(?:require[sd]?|requirements?|must|needs?|needed|prerequisites?)\b|必须|需要|要求|依赖|"
    r"必須|必要",
    re.IGNORECASE,
    guard=True,
)


def only_recommended(clause: str) -> bool:
    """Whether ``clause`` recommends ("We recommend installing <Toolkit> 8.5.0", "推荐使用
    <Toolkit> 8.5.0") without saying anything is required: a recommendation is no requirement."""
    stated = _OTHER_RECOMMENDED.sub("", clause)
    return bool(_RECOMMENDING.search(stated) and not _REQUIRING.search(stated))


def only_tested(clause: str) -> bool:
    """Whether ``clause`` only says what works ("supports <Toolkit> 9.0"); what it rules out
    ("3.11 is not supported") stays as strong as a need."""
    return bool(
        _ONLY_TESTED.search(clause)
        and not _STRONG_NEED.search(clause)
        and not NEGATED_BEFORE.search(clause)
    )


_BUILDS_FOR = lazyre.compile(
    r"\b(?:binar(?:y|ies)|wheels?|pre-?built|pre-?compiled)\b[^.;:]{0,60}?\b(?:for|against)\b|"
    r"\bbuilt\s+against\b|预编译|预构建|二进制包|轮子",
    re.IGNORECASE,
    guard=True,
)
"""A clause that says which releases prebuilt artifacts exist for ("To install the binaries for
PyTorch 2.7.0, simply run", "Binaries of older versions are also provided for PyTorch 1.4.0, ...",
rusty1s/pytorch_spline_conv@050f58a README.md:33,66; "Built against PyTorch 2.2.1+cu118",
AutoGPTQ/AutoGPTQ@9f7d370 README.md:51): one download per release, a choice among them, not what
the code needs ("Ensure that at least PyTorch 1.4.0 is installed", README.md:69, is)."""


def offers_builds(clause: str) -> bool:
    """Whether ``clause`` names the releases prebuilt artifacts are for (``_BUILDS_FOR``)
    without saying they are required; what it rules out stays a need."""
    return bool(
        _BUILDS_FOR.search(clause)
        and not _REQUIRING.search(clause)
        and not NEGATED_BEFORE.search(clause)
    )


_TENTATIVE = lazyre.compile(
    r"\b(?:typically|usually|probably)\b|\b(?:might|may|could)\s+(?:resolve|fix|help|solve)\b|"
    r"\b(?:may|might|can|could)\s+(?:also\s+)?try\b|可以尝试|或许|通常",
    re.IGNORECASE,
    guard=True,
)
"""A clause that offers a release as what usually works or may fix a problem ("This should
typically be CUDA 12.1 if you follow the default installation command", facebookresearch/
sam2@2b90b9f INSTALL.md:7; "downgrading to PyTorch 2.1.0 might resolve this problem", "you may
try changing the restriction ... to ``torch==2.1.0``", INSTALL.md:126; "Updating to the latest
version (v1.8.5+) might resolve this error", a Vagrant troubleshooting guide), or guesses a
failure's cause ("This is probably because your machine doesn't have a GPU", INSTALL.md:150):
weaker than a need, whatever verb it uses."""


def tentative(clause: str) -> bool:
    """Whether ``clause`` offers its releases as usual or as a possible fix (``_TENTATIVE``)."""
    return bool(_TENTATIVE.search(clause))


_PERMISSIVE = lazyre.compile(
    r"\byou\s+(?:can|could|may)\s+(?!not\b)(?:also\s+)?\w+", re.IGNORECASE, guard=True
)
"""A clause that allows rather than asks ("You can install SAM 2 on a GPU machine using:",
facebookresearch/sam2@2b90b9f README.md:32, the same words in facebookresearch/EdgeTAM
README.md; "you can reinstall SAM 2 on a GPU machine ... to force building the CUDA
extension", INSTALL.md:28): the machine it names is one way, not the only one. Not "install
the dependencies on a GPU machine using:" (an instruction)."""


def permissive(clause: str) -> bool:
    """Whether ``clause`` says the reader can do something there (``_PERMISSIVE``)."""
    return bool(_PERMISSIVE.search(clause))


_PURPOSE = lazyre.compile(
    r"\b(?:in\s+order\s+|so\s+as\s+)?to\s+(?:ensure|make\s+sure)\b|为了?确保", re.IGNORECASE
)
"""The words of a purpose ("in order to ensure CUDA and `gpustat` use **same GPU index**,
configure the `CUDA_DEVICE_ORDER` environment variable", wookayin/gpustat@7a3b9644
README.md:87-89): what follows is what the advice achieves, not what must be installed."""


def of_purpose(mentions: list[Mention], clause: str, need: re.Pattern[str]) -> list[Mention]:
    """``mentions`` less the unversioned ones when the clause's only words of need (``need``)
    are a purpose's ("to ensure"): a subject it names with no version is talked about, not
    needed (outsider19 D5); a version it names is still what to use."""
    if _PURPOSE.search(clause) is None or need.search(_PURPOSE.sub(" ", clause)):
        return mentions
    return [m for m in mentions if any(c.isdigit() for c in m.spec)]
