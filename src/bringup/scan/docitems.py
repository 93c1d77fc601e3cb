"""A list item's own words qualify what is written under it.

A step of a guide is often a numbered or bulleted item with its note, its commands and its
quoted links indented beneath it. What the item says of itself says it of all of them:

- an item that opens by calling itself optional and says what for: "4. （可选）安装openssl
  （RPC TLS认证）& 生成证书密钥" over ``sudo apt-get install -y openssl`` (Ascend-msmonitor
  docs/zh/getting_started/install_guide.md:109-117), "- __(optional) [Python] 3.8 or higher__
  for interactive bindings" (NVlabs/instant-ngp README.md:165): the optional feature's, not
  the repo's. Optional without a purpose is a way, not a feature: "- **`[Optional]`** We
  recommend installing [CUDA] in the conda environment" (PKU-Alignment/align-anything
  README.md:148) still needs CUDA;
- an item that opens with a condition on the machine's accelerator or backend: "- 如您的第三方
  加速卡为英伟达 GPU，请参考英伟达官方文档进行：" over the driver and CUDA links and the
  ``export CUDA_HOME`` block (InfiniTensor docs/INSTALL_GUIDE_CN.md:35-50): that backend's;
- an item that is the tests' step: "4. Run the test cases." over "First install `lcov` 2.0"
  and its ``apt install`` and ``make install`` (Ascend/MultimodalSDK README_en.md:151-160):
  the ``tests`` feature's, but for the toolkit, driver, chips and platform it names, which
  are the repo's own ("3. 测试算子" over "且 CANN / NPU 驱动环境可用", Ascend/ascend-boost-comm
  README.md:158-164);
- an item that calls itself optional anywhere else ("9. 配置运行环境变量（可选）。" over ``export
  ATB_SPEED_HOME_PATH=${ATB_LLM_PATH}``, Ascend/MindIE-LLM@8b4871ad docs/zh/developer_guide/
  build_guide.md:91-98): the variables it exports are a choice, no need (the truth
  conventions, C2); what else it names stays where it is;
- an item that builds or runs a demo or sample: "2. 编译 demo.cpp：" over ``export
  MX_INDEX_INSTALL_PATH=…`` (Ascend/IndexSDK docs/zh/03_quick_start.md:186-189): the
  environment and the packages that example sets up are the example's. Only those: the
  toolkit, driver and chips a sample step names stay the repo's (a quick start is where many
  repos say them).

An item ends where a line is indented no deeper than its marker (a heading ends them all).
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.scan.docexamples import task_of
from bringup.scan.purpose import FOR_WHAT, OPTIONAL_WORDS
from bringup.scan.scopenames import TESTS
from bringup.scan.tablecells import clean
from bringup.subjects import scope_of

_MARKER = lazyre.compile(r"^(\s*)(?:[-*+]|\d{1,3}[.)、])\s+(.*)$")
_OPTIONAL_LEAD = lazyre.compile(
    r"^\W{0,4}(?:[(（\[【]\s{0,2}(?:optional|可选)\s{0,2}[)）\]】]|(?:optional|可选)\s{0,2}[:：])",
    re.IGNORECASE,
)
"""An item opening by calling itself optional: "(optional)", "（可选）", "Optional:"; an
"optional" later in the item ("ninja (optional, faster builds)") qualifies one word of it."""
_NOTE = lazyre.compile(r"[(（][^()（）]{2,40}[)）]")
"""A bracketed note after an optional item's lead: what the step is for ("（RPC TLS认证）")."""
CONDITION = lazyre.compile(
    r"^(?:如果?|若|假如|当)(?:您|你)?[^，,。:：]{0,30}?(?:加速卡|计算卡|显卡|GPU|NPU|后端|硬件平台)|"
    r"^(?:if|when)\s(?:you(?:r)?\s)?[^,.:;]{0,50}?\b(?:GPUs?|NPUs?|backend|accelerators?)\b",
    re.IGNORECASE,
)
"""An item or heading opening with a condition on the accelerator or backend ("如您的第三方加速卡
为英伟达 GPU", "If you use an AMD GPU", "#### if for AMD GPU:"): that backend's route."""
_HEAD_END = lazyre.compile(r"[，,。;；:：(（]|\.(?:\s|$)")
"""Where an item's head (the step it names) ends: "- bash >= 5.1.16 (Address sanitization is
enabled in the test cases.)" (hicann/hixl docs/en/build.md:136) is a need with a note about
the tests, not the tests' step."""
_NEEDS = lazyre.compile(r"\b(?:needs?|requires?|required)\b|需要|需|依赖|要求", re.IGNORECASE)
"""A head stating a need ("多卡测试需要至少两张卡", the multi-card tests need two cards) is a
statement the prose readers weigh, not a step's title."""
_EXAMPLE = lazyre.compile(r"\bdemos?\b|\bexamples?\b|\bsamples?\b|示例|样例|用例", re.IGNORECASE)
_INDENT_TAB = 4


def _indent(raw: str) -> int:
    return len(raw.expandtabs(_INDENT_TAB)) - len(raw.lstrip().expandtabs(_INDENT_TAB))


_ALL, _TESTS, _EXAMPLE_ONLY, _SETTINGS = "all", "tests", "example", "settings"
"""What of the things under an item its feature takes (``_takes``)."""
_STACK = frozenset({"toolkit", "driver", "hardware", "platform", "host"})
"""The scopes of the machine's stack: a test step names the repo's own."""


def item_feature(words: str) -> tuple[str, str]:
    """The feature a list item's own ``words`` give what lies under it, and what of it
    (``_takes``); ``("", "")`` for an item that qualifies nothing."""
    text = clean(words).strip()
    lead = _OPTIONAL_LEAD.match(text)
    if lead is not None and (FOR_WHAT.search(text) or _NOTE.search(text, lead.end())):
        return "optional", _ALL
    if CONDITION.match(text):
        return f"option:{text[:80]}", _ALL
    head = _HEAD_END.split(text, maxsplit=1)[0]
    if _NEEDS.search(head):
        return "", ""
    if task_of([(0, head)]) == TESTS:
        return TESTS, _TESTS
    if _EXAMPLE.search(head):
        return f"task:{head}", _EXAMPLE_ONLY
    if OPTIONAL_WORDS.search(text):
        return "optional", _SETTINGS
    return "", ""


def _takes(kind: str, subject: str) -> bool:
    """Whether an item's feature of ``kind`` takes ``subject``: all of it; the tests' all but
    the stack; an example's its environment, devices and Python packages (``docfeatures``
    says the same of a quick-start page's installs); an optional step's its environment."""
    if kind == _ALL or subject == "env_var":
        return True
    if kind == _SETTINGS:
        return False
    if subject.endswith("_count"):
        return True
    if kind == _TESTS:
        return scope_of(subject) not in _STACK
    return subject.startswith("pypi:")


class _Item:
    """A list item the line is nested in: its depth and its own words, whose feature
    (``item_feature``) is worked out at the first question about it: most items hold nothing
    that asks (no statement, no code block), and the words cost ~10 µs an item to weigh."""

    __slots__ = ("_feature", "_words", "depth")

    def __init__(self, depth: int, words: str) -> None:
        self.depth = depth
        self._words = words
        self._feature: tuple[str, str] | None = None

    def feature(self) -> tuple[str, str]:
        if self._feature is None:
            self._feature = item_feature(self._words)
        return self._feature


class ItemNest:
    """The list items the line being read is nested in, each with its feature."""

    def __init__(self) -> None:
        self.items: list[_Item] = []

    def line(self, raw: str) -> None:
        """Follow a non-blank line: it closes the items indented as deep or deeper, and an
        item's first line opens one."""
        marker = _MARKER.match(raw)
        depth = _indent(raw)
        if self.items:
            self.items = [item for item in self.items if item.depth < depth]
        if marker is not None:
            self.items.append(_Item(depth, marker.group(2)))

    def clear(self) -> None:
        self.items = []

    def whole(self) -> str:
        """The feature of the innermost item whose feature takes its commands (a step for
        the tests or for an option: not the repo's route), or ""."""
        for item in reversed(self.items):
            feature, kind = item.feature()
            if kind in (_ALL, _TESTS):
                return feature
        return ""

    def feature(self, subject: str) -> str:
        """The feature the innermost qualifying item gives ``subject``, or ""."""
        for item in reversed(self.items):
            feature, kind = item.feature()
            if kind and _takes(kind, subject):
                return feature
        return ""
