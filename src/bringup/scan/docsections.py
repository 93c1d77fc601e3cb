"""Which sections of a document state the repo's own needs, by their headings and words.

A document's requirements section ("Prerequisites", "环境要求") states needs even without a
"needs" word; a changelog, news, legacy or roadmap section is history; a tested-environment
section is what was tried (soft); an optional backend's sub-section is that option's; an
example, benchmark, Docker or FAQ section holds examples, not the repo's steps; a release-notes
page states needs only in its version-matching section; a sentence about a prebuilt image
states the image's contents; a paragraph offering the block after it "for reference" makes that
block's versions an example.
"""

from __future__ import annotations

import re

import msgspec

from bringup import backends, lazyre
from bringup.backends.base import Backend
from bringup.model import Requirement
from bringup.scan.docexamples import TROUBLESHOOTING_WORDS, task_heading
from bringup.scan.docitems import CONDITION
from bringup.scan.osnames import DISTRIBUTIONS
from bringup.subjects import scope_of as scope_of_subject

REQUIRED_HEADING = lazyre.compile(
    r"requirement|prerequisite|dependenc|environment(?!al)|install|compatib|version|support|"
    r"hardware|software|setup|get(?:ting)?\s+started|quick\s*start|build|"
    r"软件|硬件|环境|依赖|版本|配套|前提|前置|安装|要求|准备|快速|支持|型号",
    re.IGNORECASE,
    guard=True,
)
"""A heading over what the repo needs; 前置条件 / 前置依赖 is Chinese for "prerequisites"
("#### 2.1.1 前置条件" over "| **硬件算力** | Linux 服务器配备至少 1 张 NPU 卡 |",
Ascend/msprobe@8ff00da3 docs/zh/quick_start/pytorch_quick_start.md:29-35). "Environmental"
is no environment to set up (a model card's "## Environmental Impact")."""
DISTRIBUTION_HEADING = lazyre.compile(
    rf"(?:Linux|{DISTRIBUTIONS})"
    r"(?:\s{0,2}\d{1,2}(?:\.\d{1,2})?)?\s{0,2}(?:系统|systems?)?\s{0,2}[:：]?",
    re.IGNORECASE,
)
"""A heading that is one Linux distribution's name ("### Ubuntu系统" under "## 安装依赖",
VisionSDK docs/zh/installation_guide.md:16; "### Ubuntu:" under "## Prerequisites for source
build (Linux)", nixl README.md:52): the requirements section above it, told for that
distribution, so its tables and lists state needs as the section's own would (matched whole)."""
SKIPPED_HEADING = lazyre.compile(
    r"change\s*log|release\s+notes?|\bnews\b|\bupdates\b|what'?s\s+new|history|citation|license|"
    r"acknowledg|environmental\s+impact|carbon\s+(?:footprint|emissions?)|\bco2\b|"
    r"maintenance|polic(?:y|ies)|roadmap|\bbranch|"
    r"更新日志|最新消息|最新动态|新闻|引用|致谢|许可|维护|分支|路线图|碳排放|碳足迹",
    re.IGNORECASE,
    guard=True,
)
"""History and records, not needs: a model card's "## Environmental Impact" is the training
run's carbon estimate, its "Hardware Type: A100 PCIe 40GB" the machine trained on
(CompVis/stable-diffusion@21f890f Stable_Diffusion_v1_Model_Card.md:123-128)."""
NEWS_HEADING = lazyre.compile(
    r"change\s*log|\bnews\b|\bupdates\b|what.?s\s+new|history|更新日志|最新消息|最新动态|新闻",
    re.IGNORECASE,
    guard=True,
)
"""A news section's dated sub-sections ("## What's New / ### December 2025: … requiring only a
single device with 64 GB", msmodelslim README_EN.md:25-51) are history too; a level-1 title
is the document's own name, not a section of it."""


_NEWS_QUALIFIER = lazyre.compile(
    r"\b(?:latest|recent|new|our|project|the)\b|最新|近期", re.IGNORECASE, guard=True
)
"""Words that only qualify the news word ("Latest News", "Recent Updates", "最新新闻"): what
is left of a heading without them and the news word says nothing more."""


def news_banner(heading: str) -> bool:
    """Whether a README's level-1 heading that names news is its banner: a title that says
    more than the news word ("# News: The vLLM project has fully adopted AutoAWQ",
    casper-hansen/AutoAWQ@88e4c76b README.md:1), not a news section headed by the word and its
    qualifiers alone ("# 📣 News" over dated bullets, "[2024.10.16] … We also support 93x480p
    within **24G VRAM**", PKU-YuanGroup/Open-Sora-Plan@f7fa604f README.md:37-40: what a past
    release did; "# Latest News", NVIDIA/Megatron-LM@d98e8a64 README.md:48)."""
    if NEWS_HEADING.search(heading) is None:
        return False
    return bool(re.search(r"\w", _NEWS_QUALIFIER.sub("", NEWS_HEADING.sub("", heading))))


def news_section(heading: str) -> bool:
    """Whether ``heading`` heads a news section (history): it names news and is no banner,
    so never a README's title ("# Latest News", NVIDIA/Megatron-LM@d98e8a64 README.md:48)."""
    return NEWS_HEADING.search(heading) is not None and not news_banner(heading)


LEGACY_HEADING = lazyre.compile(
    r"\blegacy\b|\bdeprecated\b|\bobsolete\b|\barchived?\b|旧版|废弃|历史版本",
    re.IGNORECASE,
    guard=True,
)
"""A section, or a whole document, about a way the repo no longer takes ("#### Using
Command-Line Flags (Legacy Method)", apex README.md:55; "# DeepEP V1 (Legacy)", DeepEP
docs/legacy.md:1): what it states was needed once, not now."""
OPTION_HEADING = lazyre.compile(
    r"\bbackends?\b|\boptional\b|\balternatives?\b|可选|备选", re.IGNORECASE, guard=True
)
"""A sub-section of the requirements or install section about an optional or alternative
backend ("## Requirements / ### DMA-BUF mmap backend: CUDA driver 13.3 or newer", gdrcopy
README.md:88-97): what that backend needs, a feature of its own, not the repo's need."""
RECOMMENDED_HEADING = lazyre.compile(
    r"recommend|best\s+practice|\bdefault\b|\bpreferred\b|推荐|默认|首选", re.IGNORECASE, guard=True
)
"""A backend's section that calls itself the recommended or usual way ("## The best practice
to use Triton-distributed with the Nvidia backend:", ByteDance-Seed/Triton-distributed@1512a811
docs/build.md:3, over the Python, CUDA and torch the repo builds with, :4-6) is the repo's main
route, not an option beside it."""


def option_section(path: list[tuple[int, str]]) -> str:
    """The heading of the optional or alternative backend's section that ``path`` (the
    headings down to the current one, with their levels) lies in, below a requirements or
    install heading (``OPTION_HEADING``), or "". Its sub-sections are that backend's too:
    "## To use Triton-distributed with the Ascend backend:" over "#### Ascend Build from source"
    and its ``apt-get install -y clang-15 lld-15``, CANN's ``set_env.sh`` (Triton-distributed
    docs/build.md:194-260). So is a heading that opens with a condition on the accelerator
    ("#### if for AMD GPU:" over "- Torch 2.7.1 with ROCM support", :10-12)."""
    for index, (_, heading) in enumerate(path):
        above = any(REQUIRED_HEADING.search(t) for _, t in path[:index])
        optional = OPTION_HEADING.search(heading) or CONDITION.match(heading)
        if above and optional and not RECOMMENDED_HEADING.search(heading):
            return heading
    return ""


FLAG_USAGE = lazyre.compile(r"^\W{0,4}usage\s*[:：]\s*`?(--[A-Za-z][\w-]{1,60})\b", re.IGNORECASE)
"""A section that opens by naming the command-line flag that turns it on ("## FlashAttention"
then "Usage: `--use-flash-attn`.", microsoft/Megatron-DeepSpeed@f4157bea README.md:238-240):
what it installs (``pip install flash-attn``, :248) is that option's, not the repo's need."""
TESTED_HEADING = lazyre.compile(
    r"\btested\b|\bverified\b|\bvalidated\b|测试环境|验证环境|已验证|经过验证|"
    r"\b(?:my|our)\s+(?:environment|setup|machine)|环境快照|源机器|本机环境",
    re.IGNORECASE,
    guard=True,
)
"""A section listing what the authors tried ("Tested Environments", "已验证的环境") or the
machine they wrote on ("## 1. 源机器环境快照", a snapshot of the source machine's environment:
its host name, kernel, CANN and compilers; bigorange1024/ascendc@541ca73:docs/engineering/
环境复现与开发指南.md:28): its versions are what is known to work, not what is required."""
GUIDE_FILE = lazyre.compile(
    r"install|build|quick|start|setup|getting|environment|安装|构建|编译|快速|环境", re.IGNORECASE
)
RELEASE_NOTES = lazyre.compile(r"release[-_ ]?notes?|^releases$|版本说明", re.IGNORECASE)
MAPPING_SECTION = lazyre.compile(
    r"版本配套|配套说明|version\s+(?:mapping|matching|matrix)|matching\s+versions?|"
    r"software\s+versions?|dependency\s+versions?",
    re.IGNORECASE,
)
"""A release-notes page (``docs/zh/release_notes_llm.md``, "# 版本说明", a top-level
``RELEASES.md``: "## Release 0.3.3 on Jan 25, 2024 … Support Python > 3.10", a past
release's feature, intelligent-machine-learning/dlrover@7c3e9648 RELEASES.md:59-65)
states what the release needs only in its version-matching section ("## 版本配套说明",
"## Version Mapping": the table of PyTorch, TorchNPU, CANN and Python versions per
release); its other sections (new features, upgrade impact, the documents shipped, past
releases' compatibility) narrate, and are not read."""
REFERENCE = lazyre.compile(
    r"可参考|参考如下|参考以下|例如|示例如下|for\s+example|e\.g\.|as\s+an\s+example|"
    r"you\s+can\s+use\s+the\s+following|for\s+reference|can\s+refer\s+to",
    re.IGNORECASE,
    guard=True,
)
"""A paragraph offering the block after it as a reference ("获取配套版本的PyTorch以及TorchNPU
软件包。可参考如下安装命令：", "You can use the following installation commands:"): the
versions its commands install are one example of the matching ones the text asks for (soft);
what they install is still needed."""
PREINSTALLED = lazyre.compile(
    r"(?:\bimages?\b|镜像|\bcontainers?\b|容器)[^.。]{0,120}?(?:pre-?installed|预装|预置|中提供)|"
    r"(?:pre-?installed|预装|预置)[^.。]{0,120}?(?:\bimages?\b|镜像|\bcontainers?\b|容器)",
    re.IGNORECASE,
    guard=True,
)
"""A sentence about what a prebuilt image or environment already holds ("The image is
pre-installed with CANN 9.0.0 and TorchNPU 26.0.0.", "配套镜像已预装配套的CANN 9.1.0软件"):
the versions are the image's contents, not what the repo needs: the ``docker`` feature's. So
is a table such a sentence introduces ("表3：镜像中提供三个conda环境、Python和torch的配套关系",
DrivingSDK docs/zh/installation/compile.md:98: the image's conda environments). The gap
within the sentence is bounded: unbounded, a paragraph that repeats "image" and never says
"pre-installed" was read to its end from each "image" (100 KB took 80 s)."""
_EXAMPLE_WORDS = lazyre.compile(
    TROUBLESHOOTING_WORDS + r"|format|example|demo|tutorial|contribut|"
    r"docker|container|debug|示例|样例|贡献|调试|问题",
    re.IGNORECASE,
    guard=True,
)


def example_section(titles: list[str]) -> bool:
    """Whether a section whose heading path is ``titles`` holds examples, not the repo's own
    install, build, test or run steps: a task's (a benchmark run, a dataset or model-weights
    download, data preparation, a lint setup; ``docexamples.task_heading``, so not the task
    word of a product's name in its install guide's title, "MindStudio Ops Profiler
    Installation Guide", msopprof docs/en/install_guide/msopprof_install_guide.md:1), a
    Docker recipe, a debug recipe. Their commands still state what the example needs
    (soft); what a task's section states is that task's (``docexamples.task_of``)."""
    return any(_EXAMPLE_WORDS.search(t) or task_heading(t) for t in titles)


BOLD_LINE = lazyre.compile(r"^\*\*[^*]{1,60}\*\*\s{0,2}[:：]?$")
"""A line that is only bold words: the title of what follows. A numbered one is the next item
of a list ("4. **ops-tensor子模块与Toolkit约束**" after "3. **前置依赖**", cann-samples
README.md:118, still states needs: 'NPU_ARCH=dav-3510（Ascend 950）', :127)."""
BOLD_TITLE = lazyre.compile(
    r"^(?:\d{1,2}[.)]\s{1,3})?\*\*(?:前置|前提|依赖|准备(?:环境|软件)|环境要求|软件要求|硬件要求|"
    r"(?i:(?:system\s)?requirements|prerequisites|dependencies))[^*]{0,30}\*\*\s{0,2}[:：]?$"
)
"""A bold title naming what is needed, maybe numbered ("3. **前置依赖**", cann-samples
README.md:108; "**准备环境**", msinsight docs/zh/install_guide/
mindstudio_insight_install_guide.md:190): the title of the list below it, whose items are
needs until the next heading or ``BOLD_LINE`` ("**Requirements**" of gdrcopy README.md:95
ends at "**Backend selection**", :99), as under such a heading. Not a step's title ("1. **安装
驱动与固件（运行态依赖）**", opbase docs/zh/install/quick_install.md:44, opens a Docker route's
steps; "1. **准备工作。**", ops-nn docs/zh/develop/aicpu_develop_guide.md:202, a build's first
step), nor data to prepare ("**准备数据**", msinsight docs/zh/user_guide/memory_tuning.md:570)."""


_NOT_COMMANDS = frozenset(
    {"c", "cpp", "c++", "json", "yaml", "yml", "toml", "ini", "diff", "xml", "html",
     "java", "go", "rust", "mermaid", "dockerfile", "cmake", "makefile"}
)  # fmt: skip
"""Code block languages that are never shell, besides the languages a backend's toolkit
compiles (``Vocabulary.build_languages``); anything else (READMEs label ``pip install`` blocks
"Python" or nothing) is read as commands, which keeps only what a known program is."""


def _not_commands(registered: tuple[Backend, ...]) -> frozenset[str]:
    languages = (language.lower() for b in registered for language in b.vocabulary.build_languages)
    return _NOT_COMMANDS.union(languages)


not_commands = backends.per_registry(_not_commands)


PROBLEM_TITLE = lazyre.compile(
    r"^(?:\d{1,2}[.)]\s{1,3})?\*\*[^*]{0,16}?(?:问题|难点|原因|故障|(?i:problems?|issues?|"
    r"root\s+causes?|pitfalls?|difficult(?:y|ies)|symptoms?))[^*]{0,16}\*\*\s{0,2}[:：]?$"
)
"""A bold title over a problem's account ("**问题描述**:", "**核心问题详解**:", "**修改难点**:",
the problem, its details and what made the port hard in each section of
zhonganbi102-netizen/nano-chat-NPU@fe64c6dd README.md:18-139, 292): what follows tells what went
wrong ("ARM64 服务器上的 Rust 编译需要特殊配置", README.md:139, one cause of a failed compile),
until the next bold title or heading; what it states is soft (``recounted``)."""

_WHERE_IT_HAPPENED = frozenset({"hardware", "platform"})


def recounted(found: list[Requirement], *, problem: bool) -> list[Requirement]:
    """What a section telling what was tried or, under a ``PROBLEM_TITLE``, what went wrong
    states, as needs: soft, and in a problem's account none of the machine it names. An
    architecture, an OS, a chip or a count of devices there says where the problem arose or
    which case a port had to handle, not what the repo runs on: "架构兼容性: ARM64 服务器上的
    Rust 编译需要特殊配置" under "**核心问题详解**" and "需要处理各种边界情况（单卡、多卡、混合
    环境）" under "**修改难点**" (nano-chat-NPU@fe64c6dd README.md:139, :296; outsider10 #15)."""
    return [
        msgspec.structs.replace(r, hard=False)
        for r in found
        if not problem or scope_of_subject(r.subject) not in _WHERE_IT_HAPPENED
    ]


_FRAMEWORK = lazyre.compile(
    r"(?<![A-Za-z0-9_-])(PyTorch|torch|MindSpore|PaddlePaddle|Paddle|JAX|TensorFlow)(?![A-Za-z0-9_-])",
    re.IGNORECASE,
    guard=True,
)
_SAME_FRAMEWORK = {"torch": "pytorch", "paddle": "paddlepaddle"}


def framework_named(text: str) -> str:
    """The framework ``text`` (a heading, a folder's name) names, one name for its spellings
    ("torch" and "PyTorch" are "pytorch"); "" for none."""
    named = _FRAMEWORK.search(text)
    if named is None:
        return ""
    name = named.group(1).lower()
    return _SAME_FRAMEWORK.get(name, name)


class FrameworkRoutes:
    """Sibling sections of a requirements or install section, each a route through another
    framework ("## 基于PyTorch框架" then "## 基于MindSpore框架" under "# 软件安装",
    momo609/mindspeed@7e624cf1 docs/zh/install_guide.md:65,104): the first is the repo's
    route, a later one an alternative, so what it states (the MindSpore route's
    ``export PYTHONPATH=…/MSAdapter:…``, :151) is that option's, not the repo's."""

    def __init__(self) -> None:
        self.first: dict[tuple[tuple[int, str], ...], str] = {}

    def alternative(self, path: list[tuple[int, str]]) -> str:
        """The heading of ``path`` that names a framework after a sibling named another,
        or "" (the path's first such sections are remembered)."""
        for index, (_, heading) in enumerate(path):
            name = framework_named(heading)
            above = any(REQUIRED_HEADING.search(t) for _, t in path[:index])
            if not name or not above:
                continue
            first = self.first.setdefault(tuple(path[:index]), name)
            if first != name:
                return heading
        return ""
