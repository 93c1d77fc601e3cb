"""How requirement statements are worded in install docs (issue 11, the driver, hardware and
host-tool statements of scan16): a driver named with a capital ("NVIDIA Driver"), a Chinese
modal between a tool's version and its bound ("版本应大于或等于"), a build tool whose version
the clause is about ("GCC 版本…以…为准"), a bold label heading a list or table as a heading
would. Every case is a real line, quoted with its repository, file and commit."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.prose import read_line


def _found(line: str, required: bool = False) -> list[tuple[str, str]]:
    return [(m.subject, m.spec) for m in read_line(line, required=required)]


def test_a_build_tool_whose_version_a_needed_clause_is_about() -> None:
    # Ascend/msopprof@d6c29dfa docs/zh/install_guide/msopprof_install_guide.md:34 (under
    # "#### 2.3.1 环境准备": the release is the build image guide's)
    line = (
        "本文档后续的源码编译和单元测试命令，均在上述指定镜像容器或现场构建的环境镜像的容器中执行，"
        "CANN 软件包版本、GCC 版本和 Python 版本以统一镜像制作指南为准，本仓库不重复维护。"
    )
    assert ("gcc", "") in _found(line, required=True)
    # facebookresearch/xformers@ca6d2aa0 README.md:98 (under "### Install troubleshooting")
    line = "the version of GCC that you're using matches the current NVCC capabilities"
    assert _found(line, required=True) == [("gcc", "")]


def _doc(text: str, *subjects: str) -> list[tuple[str, str, int | None]]:
    file = SourceFile(ref="guide.md", rel="guide.md", text=text)
    found = extract_docs(file).requirements
    return [(r.subject, r.spec, r.source.line) for r in found if r.subject in subjects]


def test_a_driver_named_with_a_capital() -> None:
    # NVIDIA/nv-ingest@190214e7 docs/docs/extraction/prerequisites.md:11
    line = (
        "[CUDA Toolkit](https://developer.nvidia.com/cuda-downloads) "
        "(NVIDIA Driver >= `535`, CUDA >= `12.2`)"
    )
    assert ("nvidia_driver", ">=535") in _found(line.replace("`", ""))
    # a bare "Driver" stays unread: NVIDIA/gdrcopy@fcec3ce0 README.md:511 says one
    # platform's ("On POWER9 where CPU and GPU are connected via NVLink, CUDA9.2 and GPU
    # Driver v396.37 are the minimum requirements in order to achieve the full performance")
    line = "CUDA9.2 and GPU Driver v396.37 are the minimum requirements"
    assert "nvidia_driver" not in {subject for subject, _ in _found(line)}


def test_a_chinese_modal_between_the_version_and_its_bound() -> None:
    # Ascend/msinsight@4e16fca1 docs/zh/install_guide/mindstudio_insight_install_guide.md:199
    assert _found("glibc版本应大于或等于2.27", required=True) == [("glibc", ">=2.27")]
    # Ascend/msmodeling@84fec853 docs/RFC/rfc_msmodeling_env_installer_skill_zh.md:224 ("必须")
    assert _found("Python 版本必须大于等于 `3.10.0`。".replace("`", "")) == [("python", ">=3.10.0")]


def test_a_bold_label_heads_a_list_of_requirements() -> None:
    # NVIDIA/cudnn-frontend@3929da2e README.md:71-81: under "### 🐍 Python", the label
    # "**Requirements:**" makes the list a list of needs
    text = (
        "### 🐍 Python\n\n```\npip install nvidia-cudnn-frontend\n```\n\n"
        "**Requirements:**\n*   Python 3.9+\n*   NVIDIA driver and CUDA Toolkit\n"
    )
    assert _doc(text, "nvidia_driver") == [("nvidia_driver", "", 9)]
    # without the label the item is a mention, no need
    assert _doc(text.replace("**Requirements:**\n", ""), "nvidia_driver") == []


def test_a_bold_label_heads_a_table_after_another_heading() -> None:
    # Ascend/msinsight@4e16fca1 docs/zh/install_guide/mindstudio_insight_install_guide.md:
    # 166-199 (the overview's heading, then "**准备环境**" over the environment table)
    text = (
        '<h4 id="概述">概述</h4>\n\n'
        "**准备环境**\n\n"
        "|类别|限制要求|\n|--|--|\n"
        "|系统要求|- glibc版本应大于或等于2.27<br> - 操作系统自带GUI桌面或具有X11或VNC转发功能|\n"
    )
    assert _doc(text, "glibc") == [("glibc", ">=2.27", 7)]
    assert _doc(text.replace("**准备环境**\n\n", ""), "glibc") == []


def test_a_table_cell_listing_a_compiler_s_names_names_the_compiler() -> None:
    # cann/ascend-boost-comm@00d35274 README.md:50-54 ("gcc/g++", the C and C++ drivers of GCC)
    text = (
        "## 环境要求\n\n| 组件 | 版本要求 | 说明 |\n|---|---|---|\n"
        "| cmake | ≥ 3.20 | |\n"
        "| gcc/g++ | 推荐 7.3.1–11.x | **GCC ≥ 12** 时编译需加 `--no_werror`"
        "（见[编译说明](#编译说明)） |\n"
    )
    assert _doc(text, "gcc") == [("gcc", ">=7.3.1,<12", 6)]
    # names of two subjects are no one subject's: the version column is not gcc's
    assert ("gcc", ">=7.3.1,<12", 6) not in _doc(text.replace("gcc/g++", "gcc/cmake"), "gcc")


def test_an_older_gpu_architecture_named_as_the_floor() -> None:
    # NVIDIA/gdrcopy@fcec3ce0 README.md:46 (under "## Requirements"): Kepler is compute
    # capability 3.0 (NVIDIA's CUDA GPUs list)
    line = (
        "GPUDirect RDMA requires [NVIDIA Data Center GPU](https://www.nvidia.com/en-us/"
        "data-center/) or [NVIDIA RTX GPU](https://www.nvidia.com/en-us/design-visualization/"
        "rtx/) (formerly Tesla and Quadro) based on Kepler or newer generations, see [GPUDirect"
    )
    assert _found(line, required=True) == [("compute_capability", ">=3.0")]
    # "Pascal" is also a dataset's name: no GPU of its own
    assert _found("Download the Pascal VOC dataset", required=True) == []


def test_an_install_the_sentence_forbids_is_no_need() -> None:
    # Ascend/msmodeling@84fec853 docs/en/install_guide/msmodeling_install_guide.md:213 and
    # docs/zh/install_guide/msmodeling_install_guide.md:219 (vLLM is the system's serving stack)
    english = "- Do not run `pip install vllm` in the msModeling virtual environment.\n"
    chinese = "- 不要在 msModeling 虚拟环境里执行 `pip install vllm`。\n"
    assert _doc(english, "vllm") == []
    assert _doc(chinese, "vllm") == []
    # the same install, not forbidden, is a need
    assert _doc(english.replace("Do not run", "Run"), "vllm") == [("vllm", "", 1)]
    assert _doc(chinese.replace("不要", ""), "vllm") == [("vllm", "", 1)]


def test_an_install_a_warning_label_forbids_is_no_need() -> None:
    # wookayin/gpustat@7a3b9644 README.md:40 and :42 (outsider19 D2): the label "DO NOT:" forbids
    # the install quoted after it, its colon no clause's end; "Instead:" names the one to use
    text = (
        "> **DO NOT:** `pip install pynvml`, nor include [`pynvml`][pypi_wrong] as a dependency"
        " in your python project. This will not work.\n"
        ">\n"
        "> Instead: `pip install nvidia-ml-py`. [nvidia-ml-py][pypi_pynvml] is NVIDIA's the"
        " official python binding for NVML.\n"
    )
    assert _doc(text, "pypi:pynvml", "pypi:nvidia-ml-py") == [("pypi:nvidia-ml-py", "", 3)]
    # db588/Aegis@b0dacd42 DEVELOPMENT.md (under "### Gradle wrapper"): a package-manager install
    # the bold "Do not" forbids is no system package either
    text = "**Do not `sudo apt install gradle`.** Ubuntu 22.04 and Mint 21.3 ship Gradle 4.4.1\n"
    assert _doc(text, "system_package") == []
    assert _doc(text.replace("Do not ", ""), "system_package") != []


def test_a_subject_named_in_a_purpose_is_no_need() -> None:
    # wookayin/gpustat@7a3b9644 README.md:85-90 (under "### Tips", outsider19 D5): what the
    # advice ensures names CUDA; a pure-Python NVML monitor needs no CUDA toolkit
    text = (
        "- The GPU ID (index) shown by `gpustat` (and `nvidia-smi`) is PCI BUS ID,\n"
        "  while CUDA uses a different ordering (assigns the fastest GPU with the lowest ID)"
        " by default.\n"
        "  Therefore, in order to ensure CUDA and `gpustat` use **same GPU index**,\n"
        "  configure the `CUDA_DEVICE_ORDER` environment variable to `PCI_BUS_ID`\n"
        "  (before setting `CUDA_VISIBLE_DEVICES` for your CUDA program):\n"
        "  `export CUDA_DEVICE_ORDER=PCI_BUS_ID`.\n"
    )
    assert _doc(text, "cuda") == []
