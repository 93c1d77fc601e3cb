"""A guide's sentence that has the user set an environment variable it names, saying it is
needed ("需要设置 `MULTIMODAL_SDK_HOME` 环境变量"; ``_NEEDED``). The name is written in capitals
beside the words "environment variable"; the need is an ``env_var``, soft, cited at the line
the match starts on. A sentence that only offers the setting names a choice, no need (the
truth conventions, C2: only where unset breaks the route): "consider setting the environment
variable `CPM_SOURCE_CACHE`" (rmm README.md:145), "CMake depends on the `nvcc` executable
being on your path or defined in `CUDACXX` environment variable" (rmm README.md:96), "make
use of the `TORCH_CUDA_ARCH_LIST` environmental variable" (torchsparse docs/FAQ.md:24). Nor
is a sentence saying what setting it is for (``_PURPOSE``), what is used when it is not set
(``_DEFAULT``) or that it need not be set (``_UNNEEDED``), nor a toolkit's or product's "CANN
environment variables", "Multimodal SDK 环境变量" (``_PRODUCT_WORD``; a toolkit's environment
script is ``envsetup``'s).
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.paragraphs import around, joined, line_at
from bringup.subjects import is_subject

_WORDS = r"(?i:environment(?:al)?|env)\s{1,3}(?i:var(?:iable)?s?)|环境变量"
_NAME = r"(?<![\w$/-])([A-Z][A-Z0-9_]{2,40})(?:=[^\s,;]{0,80})?"
_NAMED = lazyre.compile(
    rf"{_NAME}\s{{0,2}}(?:{_WORDS})|(?:{_WORDS})\s{{0,2}}{_NAME}(?![\w-])", guard=True
)
"""A name in capitals right before or after the words, as the guide writes it (its code ticks
gone: the paragraph is read as plain words)."""
_STOP = lazyre.compile(r"[.!?:](?=\s)|[。\uff1b]", guard=True)
"""What ends a sentence: a full stop, question mark or colon before a space (not the dot of
``libmooncake_tpu_pjrt.so``), a full-width full stop or semicolon."""
_PURPOSE = lazyre.compile(
    r"^[.!?:。\uff1b]?\s*(?:(?:To|If\s+you\s+(?:want|prefer)\s+to)\s|如需|如果|若)", guard=True
)
"""A sentence that opens with what setting the variable is for ("To force the dma-buf backend
even when gdrdrv is available, set environment variable GDRCOPY_USE_DMABUF_MMAP", gdrcopy
README.md:103; "To explicitly specify frameworks, set the environment variable
NVTE_FRAMEWORK", TransformerEngine docs/installation.rst:67; "如需使用 DMA-BUF 路径" and
"如果偏好...传统 ibv_reg_mr 路径" before "请设置运行时环境变量 WITH_NVIDIA_PEERMEM", Mooncake
docs/source/zh_archive/build.md:103, where no space follows the opener): a choice, no need."""
_DEFAULT = lazyre.compile(
    r"(?i:\bdefaults?\b|\bby\s+default\b|\boverrid(?:e|es|den)\b)|默认|缺省|未设置时", guard=True
)
"""A sentence saying what is used when the variable is not set ("the library path defaults to
libmooncake_tpu_pjrt.so and can be overridden with the MC_TPU_PJRT_LIB environment variable",
Mooncake tent/src/platform/tpu/README.md:53-54; "MACA_HOME 环境变量" then "未设置时默认
/opt/maca", its docs/source/zh_archive/build.md:135; "若在上述默认路径未找到" then "通过环境变量
MINDIE_LLM_HOME_PATH 定位", msit msprechecker/README.md:92): it names a setting the build or
tool has without the user, no need."""
_UNNEEDED = lazyre.compile(
    r"无需|不需要|不必|(?i:\bno\s+need\b|\bneed\s+not\b|(?:\bnot|n't)\s+(?:require|need)|"
    r"\bnot\s+necessary\b)",
    guard=True,
)
"""Words before the name in its sentence saying it need not be set ("`Wheel` 包安装无需额外设置
`MULTIMODAL_SDK_HOME` 环境变量", the wheel install needs no MULTIMODAL_SDK_HOME: Ascend/
MultimodalSDK docs/zh/03_installation_guide/installation_guide.md:259; "does not require
additional `MULTIMODAL_SDK_HOME` environment variable settings", docs/en/
installation_guide.md:246)."""
_PRODUCT_WORD = lazyre.compile(r"\b[A-Z][a-z]+\s$")
"""A capitalised word right before a name in capitals with no ``_`` or digit: the name ends a
product's ("加载 Multimodal SDK 环境变量", load the Multimodal SDK's environment variables,
installation_guide.md:123), not a variable's; ``defined in `CUDACXX` environment variable``
(rmm README.md:96) has a lower-case word before it."""
_NEEDED = lazyre.compile(
    r"(?i:\bmust\b|\bneeds?\s+to\b|\brequire[sd]?\b|\bhave\s+to\b|\bmake\s+sure\b|"
    r"\bensure\b)|必须|需要|务必|请(?:先)?(?:设置|配置|导出)",
    guard=True,
)
"""Words saying the variable must be set ("需要设置 `MULTIMODAL_SDK_HOME` 环境变量"): without
them the sentence offers a setting (rmm README.md:145 "consider setting the environment
variable CPM_SOURCE_CACHE"; instant-ngp README.md:209 "If automatic GPU architecture detection
fails, ... set the TCNN_CUDA_ARCHITECTURES environment variable")."""
_SHELL_OWN = frozenset({"PATH", "HOME", "USER", "PWD", "SHELL", "LANG", "TERM"})
"""Set in every login environment: the guide adds to one, it names no need."""

_GATE = lazyre.compile(_WORDS, guard=True)


def variable_words(text: str) -> bool:
    """Whether a document has the words ``variables_named`` looks for (one search of it)."""
    return _GATE.search(text) is not None


def _computed_by_guide(document: str, name: str) -> bool:
    """Whether the document's own commands compute the variable's value for the reader: an
    assignment from a command's output (``X=$(...)``), or an ``export X=`` that a command
    prints for the shell to run (msprobe docs/zh/quick_start/pytorch_quick_start.md:47,
    ``source /dev/stdin <<< "$(... echo "export MY_STUDY_VAR_CANN_IMAGE=...")"``, which
    line 55 then explains: the image's address is given to that variable for later use).
    The sentence says what the commands do; the reader provides nothing."""
    if name not in document:
        return False
    assigned = re.escape(name)
    return (
        re.search(rf"(?:\$\(|`|\becho\s)[^\n]*\bexport\s+{assigned}=|\b{assigned}=\$\(", document)
        is not None
    )


def variables_named(file: SourceFile, paragraph: list[tuple[int, str]]) -> list[Requirement]:
    """A soft ``env_var`` per variable a paragraph (its lines, numbered) has the user set."""
    found: dict[str, Requirement] = {}
    text = joined(paragraph)
    stops = [stop.start() for stop in _STOP.finditer(text)]
    for match in _NAMED.finditer(text):
        name = match.group(1) or match.group(2)
        start = max([at for at in stops if at < match.start()], default=0)
        end = min([at for at in stops if at >= match.end()], default=len(text))
        # "the CANN environment variables" are the toolkit's own (``envsetup``)
        if name in _SHELL_OWN or name in found or is_subject(name.lower()):
            continue
        before = text[start : match.start()]
        if not _NEEDED.search(text[start:end]):
            continue
        if _PURPOSE.search(before) or _DEFAULT.search(text[start:end]) or _UNNEEDED.search(before):
            continue
        if name.isalpha() and _PRODUCT_WORD.search(before):
            continue
        if _computed_by_guide(file.text, name):
            continue
        line = line_at(paragraph, match.start())
        found[name] = file.requirement(
            "env_var", name, line, text=around(text, match)[:200], hard=False
        )
    return list(found.values())
