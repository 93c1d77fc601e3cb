"""Lines of a document that name versions as its example or as an image's, not as what the
repo needs.

A guide picks one Python to show its commands with: "本文以Python 3.8为例进行演示"
(DrivingSDK docs/zh/installation/compile.md:143, beside ":152 支持Python 3.8及以上版本"),
"以`Python 3.11`, `PyTorch 2.7.1`, … `aarch64`版本为例" (hicann/shmem
docs/quickstart.md:135). The interpreter is the reader's choice: such a line says nothing of
the Python the repo needs, so it gives no ``python`` requirement (what else it names is left
as read). Only whole-sentence markers count ("以 … 为例", "taking … as an example"): an "e.g."
or "such as" inside a sentence qualifies one word of it ("Python >= 3.9, e.g. 3.10").

A section about a task beside the repo's install and build (converting model weights,
preparing a dataset, a benchmark or accuracy run, profiling, lint) states that task's needs:
"### 权重转换" of omni-infer docs/omni_infer_installation_guide.md:164 pins transformers
==4.48.2, CANN 8.1.RC1 and torch_npu 2.1.0 for the msmodelslim conversion (:172-197), not for
the repo, whose own route is the docker image above it. What such a section states is the
feature ``task:<its heading>``; its code blocks were examples already (``docs``). A heading
that names installing is no task's, whatever task word a product's name in it holds
("MindStudio Profiler Analyze Installation Guide"). A section
about the tests ("## 🧪 UT测试", pyasc docs/quick_start.md:387: clang>=15 and lcov for the
coverage run, :421-428; "## Tests": "The HCCL tests need at least 2 NPUs") states what the
tests need: the ``tests`` feature, as a test file's guards are. A heading that is also about
the build or install ("Build and Testing", "Test environment") stays the repo's. A README's
first heading names what the README is about, the repo or a sub-project, never a task beside
it ("# 空权重运行验证", MindIE-SD examples/dummy_run/README.md:1: its prerequisites are the
example's own, not a task of the example's; the caller leaves that heading out).

A line saying what a prebuilt image is built on ("此镜像基于 Python 3.11 构建", "镜像安装示例基于
Python 3.11", MindSpeed docs/zh/user-guide/install_guide.md:80 and :36) states the image's
contents: the ``docker`` feature's, as a paragraph about what an image has preinstalled is
(``docs``); the next line of the same note ("源码安装示例基于 Python 3.10", :37) stays the repo's.
"""

from __future__ import annotations

import re

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.scopes import DOCKER, TESTS

TASK_WORDS = (
    r"benchmark|perf(?:ormance)?\b|profil|\blint|pre-commit|code\s*style|dataset|"
    r"model\s+weights?|\bcheckpoints?\b|权重|data\s+prep|data\s+(?:pre-?)?processing|"
    r"数据准备|数据(?:预)?处理|evaluat|accuracy|性能|基准|数据集|精度|评测"
)
"""Headings of a task beside the repo's own install, build and run."""
_TASK = lazyre.compile(TASK_WORDS, re.IGNORECASE, guard=True)
_TESTS = lazyre.compile(r"\btests?\b|\btesting\b|\bUT\b|\bLLT\b|测试", re.IGNORECASE, guard=True)
_OWN_ROUTE = lazyre.compile(
    r"build|compil|install|setup|environment|requirement|prerequisite|"
    r"编译|构建|安装|环境|依赖|准备|要求",
    re.IGNORECASE,
)
"""Words of a heading about the repo's own build or install: "Build and Testing", "Test
environment" are no test sections."""
_INSTALL_GUIDE = lazyre.compile(r"\binstall(?:ation|ing)?\b|安装", re.IGNORECASE)
"""A heading that names installing is the install guide's, whatever task word the product's
name holds ("# MindStudio Profiler Analyze Installation Guide", msprof-analyze
docs/en/getting_started/install_guide.md:1). Not "compile", which a task's name can hold
("# PyTorch场景编译精度比对", compiled-graph accuracy comparison, msprobe docs/zh/user_guide/
accuracy_compare/pytorch_compile_accuracy_compare_instruct.md:1)."""
_AS_EXAMPLE = lazyre.compile(
    r"以[^。;\uff1b!?\uff01\uff1f]{0,60}?为例|"
    r"\b(?:take|taking|uses?|using)\b[^.;]{0,60}?\bas\s+an\s+example\b",
    re.IGNORECASE,
    guard=True,
)
_IMAGE_BASE = lazyre.compile(
    r"(?:\bimages?\b|镜像)[^.。;\uff1b]{0,160}?(?:\bbuilt\s+(?:on|with|from)\b|\bbased\s+on\b|基于)",
    re.IGNORECASE,
    guard=True,
)
"""An image said to be built on something in the same clause, within 160 characters: the
bound keeps a long line without a full stop linear (unbounded, each "image" on it scanned
to the line's end: 9 s for a 60 KB line)."""


def as_examples(found: list[Requirement], pending: list[tuple[int, str]]) -> list[Requirement]:
    """``found`` (read from the paragraph ``pending``, ``(line, text)`` each) with what its
    example lines state dropped for Python, and what its image lines state the image's."""
    examples = {line for line, text in pending if _AS_EXAMPLE.search(text)}
    images = {line for line, text in pending if _IMAGE_BASE.search(text)}
    if not examples and not images:
        return found
    kept: list[Requirement] = []
    for requirement in found:
        line = requirement.source.line
        if line in images:
            kept.append(msgspec.structs.replace(requirement, hard=False, feature=DOCKER))
        elif line not in examples or requirement.subject != "python":
            kept.append(requirement)
    return kept


TROUBLESHOOTING_WORDS = (
    r"\bFAQs?\b|troubleshoot|common\s+(?:[a-z]+\s+)?(?:issues|problems|errors)|常见问题"
)
"""Headings of answers to problems: "FAQs", "Troubleshooting", and with one word between,
"Common Installation Issues" (facebookresearch/sam2@2b90b9f INSTALL.md:39,
facebookresearch/detectron2 INSTALL.md "Common Installation Issues"). Not "Known Issues" in a
README: MinkowskiEngine's (README.md:283) holds its CUDA 11.1 install route ("export
CUDA_HOME=/usr/local/cuda-11.1; pip install MinkowskiEngine", :317), a route, not an answer."""
_TROUBLESHOOTING = lazyre.compile(
    TROUBLESHOOTING_WORDS + r"|known\s+issues", re.IGNORECASE, guard=True
)


def troubleshooting_page(title: str) -> str:
    """``task:<title>`` when a document's title names a troubleshooting page ("# Triton FAQs
    and Common Issues", flash-linear-attention FAQs.md:1), or "". A distribution an answer
    installs works around one problem (a nightly Triton for one assertion, FAQs.md:35;
    flash-attn "Optional", :45; pytest to verify it, :48), it is not the repo's need; the
    toolkit, compiler and framework an answer names still are, so the caller moves only
    distributions. A FAQ *section* of a README or guide is not read so: what it answers
    about the repo's own build ("执行./build.sh时提示配置swig的路径", tensorflow
    tf_adapter/README.md:135) can be what that build needs; "### Install troubleshooting"
    (xformers README.md:94-98) lists what the build needs."""
    return f"task:{title}" if _TROUBLESHOOTING.search(title) else ""


def task_heading(title: str) -> bool:
    """Whether a heading names a task beside the repo's own route (``TASK_WORDS``), not an
    install guide whose product's name holds a task word (``_INSTALL_GUIDE``)."""
    return bool(_TASK.search(title)) and not _INSTALL_GUIDE.search(title)


def task_of(path: list[tuple[int, str]]) -> str:
    """The feature a section is about, by the outermost heading of the ``(level, title)``
    path that names a task (``task:<heading>``) or the tests (``tests``); "" for the repo's
    own sections."""
    for _, title in path:
        if task_heading(title):
            return f"task:{title}"
        if _TESTS.search(title) and not _OWN_ROUTE.search(title):
            return TESTS
    return ""
