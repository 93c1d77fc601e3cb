"""A prerequisites item that is a name and its release names a distribution (issue 11, session
of 2026-12-02). Each test quotes the lines of a public repo (repo@commit path:line)."""

from __future__ import annotations

from bringup.model import Requirement, file_source
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.specspans import listed_release, python_listed


def _read(rel: str, text: str) -> list[tuple[str, str, int | None, bool]]:
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return [(r.subject, r.spec, r.source.line, r.hard) for r in found]


# deepseek-ai/DeepGEMM@54e22612 README.md:25-38
_DEEPGEMM = """## Quick start

### Requirements

- NVIDIA SM90 or SM100 architecture GPU
- Python 3.8 or higher
- Compilers with C++20 support
- PyTorch 2.1 or higher
- CUTLASS 4.0 or higher (could be cloned by Git submodule)
- `{fmt}` library (could be cloned by Git submodule)
"""


def test_a_library_and_its_floor_in_a_requirements_list() -> None:
    found = _read("README.md", _DEEPGEMM)
    # CUTLASS is a C++ library (the repo never pip-installs or imports it): the machine's
    assert ("system_package", "cutlass>=4.0", 9, True) in found
    assert not [s for s in found if s[0].startswith("pypi:")]
    # the names the prose reader knows stay its own; an item without a release names nothing
    assert ("torch", ">=2.1", 8, True) in found
    assert not [s for s in found if "fmt" in s[0]]


# memfabric_hybrid@7171ad35 doc/installation.md:1-11 ("编译工具建议版本")
_MEMFABRIC = """# 软件安装

## 编译软件包

### 编译工具建议版本

- OS: Ubuntu 22.04 LTS+
- cmake: 3.20.x
- gcc: 11.4+
- python 3.11.10
- pybind11 2.10.3
- make 4.3 or ninja 1.10.1
"""


def test_a_bare_release_is_the_one_the_item_asks_for() -> None:
    found = _read("doc/installation.md", _MEMFABRIC)
    assert ("pypi:pybind11", "==2.10.3", 11, True) in found
    # an OS release, two tools in one item: no distribution
    assert [s for s in found if s[0].startswith("pypi:")] == [
        ("pypi:pybind11", "==2.10.3", 11, True)
    ]


def test_a_bold_item_under_environment_preparation() -> None:
    # Ascend/tensorflow@82957b92 tf_adapter/README.md:17-25
    text = (
        "### 环境准备\n\n- **Python3.7**\n\n  Ascend Adapter 需要使用python3.7版本进行编译。\n\n"
        "- **TensorFlow 1.15.0**\n"
    )
    # the item alone does not say TensorFlow is a Python distribution: the repo does
    # (``python_listed``)
    assert ("system_package", "tensorflow==1.15.0", 7, True) in _read("tf_adapter/README.md", text)


def test_an_item_outside_a_requirements_section_names_nothing() -> None:
    # the DeepGEMM item under a section about something else
    text = "## Citation\n\n- CUTLASS 4.0 or higher (could be cloned by Git submodule)\n"
    assert _read("README.md", text) == []


def test_a_release_glued_to_the_name_is_not_split_inside_the_name() -> None:
    # Two public notes pages found in the code index (found by review; their repositories
    # were not resolved): "## 二、环境要求" then "- cuda12.1 / - python3.12 / - pytorch2.1+",
    # and a YOLO-World "### 系统要求" list ending "- CUDA12.0.0 / - mmcv2.1.0". The name took
    # the release's first digit: "cuda12.1" was a distribution "cuda1" at 2.1, and "mmcv2.1.0"
    # an invalid "mmcv2." at 1.0 (nothing).
    found = _read("README.md", "## 二、环境要求\n\n- cuda12.1\n- python3.12\n- mmcv2.1.0\n")
    assert not [s for s in found if s[0] in ("pypi:cuda1", "pypi:cuda")]
    assert ("system_package", "mmcv==2.1.0", 5, True) in found
    # a name's own digits stay its own before a space
    assert ("pypi:pybind11", "==2.10.3", 3, True) in _read(
        "doc/installation.md", "## 编译工具建议版本\n\n- pybind11 2.10.3\n"
    )


def _listed(item: str, heading: str = "### Requirements") -> list[Requirement]:
    text = f"{heading}\n\n- {item}\n"
    return list(extract_docs(SourceFile(ref="README.md", rel="README.md", text=text)).requirements)


def test_a_listed_release_the_repo_imports_or_pip_installs_is_a_distribution() -> None:
    listed = _listed("TensorFlow 1.15.0", "### 环境准备")
    # Ascend/tensorflow@82957b92 tf_adapter/python/npu_bridge/helper/helper.py:16
    imported = "import os\nimport tensorflow\n"
    # Ascend/tensorflow@82957b92 docs/zh/tfadapter_1/installation/tensorflow-1-15_install.md:55
    installed = (
        "  如下命令如果使用非root用户安装，需要在安装命令后加上`--user`，"
        "例如：`pip3 install tensorflow-cpu==1.15 --user`"
    )
    for text in (imported, installed):
        [found] = python_listed(listed, [text])
        assert (found.subject, found.spec, found.hard) == ("pypi:tensorflow", "==1.15.0", True)
        assert found.source.line == 3


def test_a_listed_release_another_file_names_as_a_distribution_is_one() -> None:
    listed = _listed("TensorFlow 1.15.0")
    pinned = Requirement(
        subject="pypi:tensorflow",
        spec="<2",
        component="",
        source=file_source("requirements.txt", 1),
    )
    found = python_listed([*listed, pinned], [])
    assert [(r.subject, r.spec) for r in found] == [
        ("pypi:tensorflow", "==1.15.0"),
        ("pypi:tensorflow", "<2"),
    ]


def test_a_listed_release_the_repo_shows_nowhere_stays_the_machines() -> None:
    # DeepGEMM's CUTLASS: its setup.py only names the submodule's headers
    # (deepseek-ai/DeepGEMM@54e22612 setup.py:40)
    listed = _listed("CUTLASS 4.0 or higher (could be cloned by Git submodule)")
    assert python_listed(listed, ["    'third-party/cutlass/include',"]) == listed


def test_a_tool_listed_with_its_floor_is_the_machines() -> None:
    # kvcache-ai/Mooncake@3b5a5941 docs/source/zh_archive/run-examples.md:6-7
    # ("并且依赖以下软件：" then "- Go 1.20+"): Go is no Python distribution
    file = SourceFile(ref="run-examples.md", rel="run-examples.md", text="")
    [found] = listed_release(file, 7, "Go 1.20+")
    assert (found.subject, found.spec, found.hard) == ("system_package", "go>=1.20", True)
    # the evidence shown is the item's own words, not a made-up marker
    assert found.text == "Go 1.20+"
    assert python_listed([found], ["import os\n", "pip install -r requirements.txt\n"]) == [found]


def test_prose_and_the_next_command_do_not_make_a_listed_release_a_distribution() -> None:
    # Constructed by review (session 13), no repo's lines: the shapes a README or a script
    # takes around the DeepGEMM and Mooncake items above. A sentence opening with "Import"
    # imports nothing (Python's keywords are lower case); a comment after a pip install, or
    # the command after it (&&, ;), is not what pip installs.
    cutlass = _listed("CUTLASS 4.0 or higher (could be cloned by Git submodule)")
    file = SourceFile(ref="run-examples.md", rel="run-examples.md", text="")
    go = listed_release(file, 7, "Go 1.20+")
    for text in (
        "Import CUTLASS headers into your include path.",
        "pip install ninja  # CUTLASS is cloned as a submodule",
    ):
        assert python_listed(cutlass, [text]) == cutlass, text
    for text in ("pip install -e . && go build ./...", "pip install torch; go mod download"):
        assert python_listed(go, [text]) == go, text
    # the same names imported or pip-installed are distributions
    assert python_listed(cutlass, ["from cutlass import Tensor"])[0].subject == "pypi:cutlass"
    assert python_listed(go, ["pip install go==1.20"])[0].subject == "pypi:go"


def test_the_cuda_compiler_is_the_cuda_toolkit_and_a_headers_package_no_distribution() -> None:
    # rapidsai/rmm@5d50a37b README.md:51-56: nvcc's release is the CUDA toolkit's
    rmm = (
        "### Get RMM Dependencies\n\nCompiler requirements:\n\n"
        "* `gcc`     version 13.3+\n* `nvcc`    version 12.9+\n"
    )
    assert ("cuda", ">=12.9", 6, True) in _read("README.md", rmm)
    assert not [s for s in _read("README.md", rmm) if s[0].startswith("pypi:")]
    # NVIDIA/cuCollections@dc0f9fc2 README.md:59-60
    cuco = "## Requirements\n- `nvcc 11.5+`\n"
    assert _read("README.md", cuco) == [("cuda", ">=11.5", 2, True)]
    # NVIDIA/cudnn-frontend@3929da2e README.md:98-99: Debian's headers package, a system one
    cudnn = "**1. Dependencies**\n*   `python-dev` (e.g., `apt-get install python-dev`)\n"
    assert [s for s in _read("README.md", cudnn) if s[0] != "system_package"] == []
