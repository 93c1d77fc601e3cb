"""Python distributions the scan reads where a repo states them, and names it must not read as
distributions (issue 11, python_package). Each case keeps only the lines it needs, with the
public repository, commit, path and lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.prose import read_line
from bringup.scan.repo import scan_repo
from bringup.scan.setup_py import extract_setup_py
from bringup.scan.shell import extract_shell
from scan_needs import source_file

# traveller59/spconv @ 263d6b47, setup.py:26 and 39-56 (comments and metadata dropped), 242.
SPCONV_SETUP = """from setuptools import setup
deps = ["cumm"]
if cuda_ver:
    deps = ["cumm-cu{}>=0.7.11, <0.8.0".format(cuda_ver_str)]
else:
    deps = ["cumm>=0.7.11, <0.8.0"]
REQUIRED = ["pccm>=0.4.16", "ccimport>=0.4.4", "pybind11>=2.6.0", "fire", "numpy", *deps]
setup(name="spconv", install_requires=REQUIRED)
"""


def test_a_dependency_list_unpacking_an_unknown_name_keeps_its_literal_members() -> None:
    found = extract_setup_py(SourceFile(ref="setup.py", rel="setup.py", text=SPCONV_SETUP))
    assert [(r.subject, r.spec, r.source.line) for r in found.requirements] == [
        ("pypi:pccm", ">=0.4.16", 7),
        ("pypi:ccimport", ">=0.4.4", 7),
        ("pypi:pybind11", ">=2.6.0", 7),
        ("pypi:fire", "", 7),
        ("pypi:numpy", "", 7),
    ]


def test_a_dependency_list_unpacking_a_call_reads_the_file_it_names() -> None:
    # Review 2, finding 2: ``*parse_requirements("requirements.txt")`` is computed; its file is
    # still read, beside the literal members.
    text = (
        "from setuptools import setup\n"
        "from pkg_util import parse_requirements\n"
        'setup(name="x", install_requires=["torch", *parse_requirements("requirements.txt")])\n'
    )
    found = extract_setup_py(SourceFile(ref="setup.py", rel="setup.py", text=text))
    assert [r.subject for r in found.requirements] == ["torch"]
    assert found.includes == ("requirements.txt",)
    assert [f.message for f in found.findings if "is computed" in f.message] == [
        "install_requires is computed when setup.py runs (parse_requirements('requirements.txt'));"
        " not executed, not read"
    ]


# ai-dynamo/nixl @ 8770b655, README.md:146 and 157-162.
NIXL_BUILD_OPTIONS = """#### NIXL-specific build options

Common build options:
- `build_docs`: Build Doxygen documentation (default: false)
- `ucx_path`: Path to UCX installation (default: system path)
- `install_headers`: Install development headers (default: true)
- `disable_gds_backend`: Disable GDS backend (default: false)
- `cudapath_inc`, `cudapath_lib`: Custom CUDA paths
"""


def test_terms_an_item_defines_together_are_no_distributions() -> None:
    found = extract_docs(source_file("README.md", NIXL_BUILD_OPTIONS)).requirements
    assert [r.subject for r in found if r.subject.startswith("pypi:")] == []


# hicann/ge @ ffdcbc9f, scripts/build.sh:202-207; a wheel a download step put in a folder of
# its own is still the distribution it names (the second line is the test's).
GE_BUILD = """  if [ ! -f "${CANN_KB_INIT}" ] || [ ! -f "${INIT_MULTI_PROCESS_ENV_PATH}" ];
  then
    pip3 install --user "$ASCEND_INSTALL_PATH/compiler/lib64/te-0.4.0-py3-none-any.whl" --force-reinstall
    pip3 install "${WHL_DIR}/torch_npu-2.1.0.post3-cp310-cp310-manylinux_2_17_aarch64.whl"
  fi
"""  # noqa: E501


def test_a_wheel_from_an_installed_tree_is_no_distribution_to_get() -> None:
    found = extract_shell(source_file("scripts/build.sh", GE_BUILD)).requirements
    assert [(r.subject, r.spec, r.source.line) for r in found] == [
        ("arch", "aarch64", 4),  # the wheel is built for that CPU only (``scriptcpus``)
        ("torch_npu", "==2.1.0.post3", 4),
        ("python", "==3.10.*", 4),
    ]


def test_a_wheel_a_guide_downloads_to_home_is_a_distribution_to_get() -> None:
    # Review 2, finding 3: $HOME or another program's home is no installed toolkit tree.
    for folder in ("$HOME/Downloads", "${HOME}", "${CONDA_HOME}/pkgs"):
        script = f"pip install {folder}/torch_npu-2.1.0.post3-cp310-cp310-linux_aarch64.whl\n"
        found = extract_shell(source_file("install.sh", script)).requirements
        assert [(r.subject, r.spec) for r in found] == [
            ("arch", "aarch64"),  # the wheel's one CPU (``scriptcpus``)
            ("torch_npu", "==2.1.0.post3"),
            ("python", "==3.10.*"),
        ], folder


def test_a_release_whose_support_is_dropped_is_no_need() -> None:
    # traveller59/spconv @ 263d6b47, README.md:86 and 80 (a changelog's items)
    assert read_line("* drop python 3.6 support", required=True) == []
    assert read_line("* spconv 2.2: pure c++ code generation, nvrtc, drop python 3.6") == []
    # a drop-in replacement drops nothing (the sentence is the test's)
    assert [(m.subject, m.spec) for m in read_line("the drop-in build needs CUDA 11.8")] == [
        ("cuda", "==11.8.*")
    ]


# CVCUDA/CV-CUDA @ da51fc96, README.md:43-47.
CVCUDA_COMPATIBILITY = """### Compatibility

|CV-CUDA Build|Platform|CUDA Version|CUDA Compute Capability|Hardware Architectures|Nvidia Driver|Python Versions|Supported Compilers (build from source)|API compatibility with prebuilt binaries|OS/Linux distributions tested with prebuilt packages|
|-|-|-|-|-|-|-|-|-|-|
|x86_64_cu11|x86_64|11.7 or later|SM7 and later|Volta, Turing, Ampere, Ada Lovelace, Hopper|r525 or later*** |3.8 - 3.13|gcc>=9* <br> gcc>=11**|gcc>=9|ManyLinux2014-compliant, Ubuntu>= 20.04<br>WSL2/Ubuntu>=20.04|
|x86_64_cu12|x86_64|12.2 or later|SM7 and later|Volta, Turing, Ampere, Ada Lovelace, Hopper|r525 or later***|3.8 - 3.13|gcc>=9* <br> gcc>=11**|gcc>=9|ManyLinux2014-compliant, Ubuntu>= 20.04<br>WSL2/Ubuntu>=20.04|
"""  # noqa: E501


def test_a_table_column_headed_by_a_kind_of_software_is_no_distribution() -> None:
    found = extract_docs(source_file("README.md", CVCUDA_COMPATIBILITY)).requirements
    assert [r.subject for r in found if r.subject.startswith("pypi:")] == []
    assert "cuda" in {r.subject for r in found}


# Ascend/tensorflow @ 82957b92, tf_adapter/README.md:17-29 (put at the top here: the root's
# CMakeLists.txt builds tf_adapter), tf_adapter/python/setup.py:29-30 (the call closed here),
# docs/zh/tfadapter_1/installation/tensorflow-1-15_install.md:57-61.
TF_ADAPTER_README = """### 环境准备

Ascend Adapter 软件包需要在Linux OS环境上进行编译，同时环境上需要安装一下软件依赖:

- **Python3.7**

  Ascend Adapter 需要使用python3.7版本进行编译。

- **TensorFlow 1.15.0**

  Ascend Adapter 与 Tensorflow 有严格的匹配关系，通过源码构建TF Adapter软件包前，您需要确保已经正确安装了 [Tensorflow v1.15.0版本](https://www.tensorflow.org/install/pip) ，安装方式可参见[昇腾社区文档中心-TensorFlow 1.15模型迁移](https://hiascend.com/document/redirect/canntfmigr)中的“TensorFlow 1.15模型迁移 > 环境准备 > 安装开源框架TensorFlow 1.15”章节。

- **GCC >= 7.3.0**
"""  # noqa: E501
TF_ADAPTER_SETUP = "from setuptools import setup\nsetup(\n    name='npu_bridge',\n)\n"
TF_INSTALL = """  安装TensorFlow 1.15：

  ```bash
  pip3 install tensorflow-cpu==1.15
  ```
"""


def test_a_repo_named_after_a_framework_it_builds_for_still_needs_the_framework(
    tmp_path: Path,
) -> None:
    (tmp_path / "tf_adapter" / "python").mkdir(parents=True)
    (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text(TF_ADAPTER_README, encoding="utf-8")
    (tmp_path / "tf_adapter" / "python" / "setup.py").write_text(TF_ADAPTER_SETUP)
    (tmp_path / "docs" / "install.md").write_text(TF_INSTALL, encoding="utf-8")
    found = scan_repo(tmp_path, "tensorflow", name="tensorflow").component.requirements
    assert [(r.subject, r.spec) for r in found if r.subject.startswith("pypi:")] == [
        ("pypi:tensorflow", "==1.15.0"),
        ("pypi:tensorflow-cpu", "==1.15"),
    ]
    # with no setup.py of its own naming its distribution, the repo's name is its own; a
    # benchmark's (ai-dynamo/nixl @ 8770b655, benchmark/nixlbench/src/runtime/etcd/setup.py:43)
    # is not the repo's
    (tmp_path / "tf_adapter" / "python" / "setup.py").unlink()
    (tmp_path / "benchmark" / "etcd").mkdir(parents=True)
    (tmp_path / "benchmark" / "etcd" / "setup.py").write_text(
        'from setuptools import setup\nsetup(\n    name="etcd_runtime",\n)\n'
    )
    found = scan_repo(tmp_path, "tensorflow", name="tensorflow").component.requirements
    assert [r.subject for r in found if r.subject.startswith("pypi:")] == ["pypi:tensorflow-cpu"]


def test_a_repos_extension_named_after_it_keeps_the_repos_name_its_own(tmp_path: Path) -> None:
    # Review 2, finding 8: a sub-extension's setup.py (csrc/ext/setup.py, foo_cuda_ext) is a
    # part of repo foo; its README's "pip install foo" installs the repo, no need of it.
    (tmp_path / "csrc" / "ext").mkdir(parents=True)
    (tmp_path / "README.md").write_text(
        "# Foo\n\n## Installation\n\n```bash\npip install foo\n```\n", encoding="utf-8"
    )
    (tmp_path / "csrc" / "ext" / "setup.py").write_text(
        'from setuptools import setup\nsetup(name="foo_cuda_ext")\n'
    )
    found = scan_repo(tmp_path, "foo", name="foo").component.requirements
    assert [r.subject for r in found if r.subject.startswith("pypi:")] == []


# mindspore-ai/acctransformer @ 1ed103dc, README.md:24 and 28-33.
ACCTRANSFORMER_TABLE = """#### 2.1.1、配套环境要求

算法配套环境表如下：

| 名称 | 配套组件 | 版本要求 |
| --- | --- | --- |
| FlashAttention2 | MindSpore<br>CANN配套软件包<br>NPU: Ascend 910 | MindSpore: [2.2.0](https://www.mindspore.cn/versions#2.2.0) <br> CANN配套软件包: 适配MindSpore版本|
| TriangleAttention | MindSpore<br>CANN配套软件包<br>NPU: Ascend 910 | MindSpore: [2.2.0](https://www.mindspore.cn/versions#2.2.0) <br> CANN配套软件包: 适配MindSpore版本|
"""  # noqa: E501


def test_a_table_row_of_the_repos_own_part_states_what_its_other_cells_say() -> None:
    found = extract_docs(source_file("README.md", ACCTRANSFORMER_TABLE)).requirements
    assert ("mindspore", "==2.2.0", 7) in [(r.subject, r.spec, r.source.line) for r in found]
    assert not [r for r in found if r.subject.startswith("pypi:")]


# pytorch/ao @ 36027d82, setup.py:777 and 786-790 (the other keywords dropped).
AO_SETUP = """from setuptools import setup
setup(
    name="torchao",
    cmdclass={"build_ext": TorchAOBuildExt},
    options={
        "bdist_wheel": {"py_limited_api": "cp310"} if not is_freethreaded() else {}
    },
)
"""


def test_a_wheel_built_for_the_stable_abi_needs_its_python_or_newer() -> None:
    found = extract_setup_py(SourceFile(ref="setup.py", rel="setup.py", text=AO_SETUP))
    assert [(r.subject, r.spec, r.source.line) for r in found.requirements] == [
        ("python", ">=3.10", 6)
    ]


def test_only_the_wheel_commands_limited_api_is_a_python_floor() -> None:
    """``build_ext``'s ``py_limited_api`` says how extensions compile, not what Python builds."""
    text = AO_SETUP.replace('"bdist_wheel"', '"build_ext"')
    found = extract_setup_py(SourceFile(ref="setup.py", rel="setup.py", text=text))
    assert [r for r in found.requirements if r.subject == "python"] == []


@pytest.mark.parametrize(
    "options",
    [
        # review s18a finding 15: the whole options chosen by an expression
        '{"bdist_wheel": {"py_limited_api": "cp310"}} if USE else {}',
        'USE and {"bdist_wheel": {"py_limited_api": "cp310"}}',
    ],
)
def test_options_chosen_by_an_expression_are_read(options: str) -> None:
    text = f"from setuptools import setup\nsetup(name='x', options={options})\n"
    found = extract_setup_py(SourceFile(ref="setup.py", rel="setup.py", text=text))
    assert [(r.subject, r.spec) for r in found.requirements if r.subject == "python"] == [
        ("python", ">=3.10")
    ]


def test_a_conditional_of_another_commands_options_is_no_floor() -> None:
    text = (
        "from setuptools import setup\n"
        'setup(name="x", options={"build_ext": {"py_limited_api": "cp310"}} if USE else {})\n'
    )
    found = extract_setup_py(SourceFile(ref="setup.py", rel="setup.py", text=text))
    assert [r for r in found.requirements if r.subject == "python"] == []


# ai-dynamo/nixl @ 8770b655, README.md:221-227.
NIXL_PREREQUISITES = """#### Installation from source

Prerequisites:

- `uv`: https://docs.astral.sh/uv/getting-started/installation/
- `tomlkit`: https://pypi.org/project/tomlkit/
- `PyTorch`: https://pytorch.org/get-started/locally/
"""


def test_a_prerequisite_item_with_only_a_link_after_its_colon_names_a_distribution() -> None:
    found = extract_docs(source_file("README.md", NIXL_PREREQUISITES)).requirements
    assert [(r.subject, r.source.line) for r in found if r.subject.startswith("pypi:")] == [
        ("pypi:uv", 5),
        ("pypi:tomlkit", 6),
    ]


# NVIDIA/Fuser @ 81c4b22f, README.md:19-24.
FUSER_NIGHTLY = """Nightly `nvFuser` wheels are built against `PyTorch:nightly` and published to
`https://pypi.nvidia.com`:

```bash
pip install --pre nvfuser-cuXXY --extra-index-url https://pypi.nvidia.com
```
"""


def test_a_pip_install_of_a_name_with_a_placeholder_names_no_distribution() -> None:
    found = extract_docs(source_file("README.md", FUSER_NIGHTLY)).requirements
    assert [r.subject for r in found if r.subject.startswith("pypi:")] == []


# hicann/asc-tools @ 2113e48f, docs/00_quick_start.md:306-311 (a prerequisite of the build).
ASC_TOOLS_QUICK_START = """   - setuptools >= 45.2.0

     执行以下命令安装：
     ```bash
     pip3 install setuptools
     ```
"""


def test_an_installer_a_quick_start_installs_is_the_repos_not_the_examples() -> None:
    page = source_file("docs/00_quick_start.md", ASC_TOOLS_QUICK_START)
    found = extract_docs(page).requirements
    assert [(r.source.line, r.feature) for r in found if r.subject == "pypi:setuptools"] == [
        (5, "")
    ]


# traveller59/spconv @ 263d6b47, README.md:129-137 (then one flavour a CUDA release).
SPCONV_PREBUILT = """For Linux users, you need to install pip >= 20.3 first to install prebuilt.

**WARNING**: spconv-cu117 may require CUDA Driver >= 515.

```pip install spconv``` for CPU only (**Linux Only**). you should only use this for debug usage.

```pip install spconv-cu102``` for CUDA 10.2

```pip install spconv-cu117``` for CUDA 11.7
"""


def test_the_installer_a_flavoured_package_needs_is_every_flavours() -> None:
    found = extract_docs(source_file("README.md", SPCONV_PREBUILT)).requirements
    assert [(r.spec, r.feature) for r in found if r.subject == "pypi:pip"] == [(">=20.3", "")]
    assert {r.feature for r in found if r.subject == "cuda" and not r.spec} == {
        "extra:spconv-cu117"
    }


def test_a_span_an_item_labels_with_a_word_and_a_colon_is_no_distribution() -> None:
    # facebookresearch/pytorch3d@9381c401 README.md:89-91: the repo's own branch
    branch = (
        "## Development and Compatibility\n"
        "\n"
        "- `main` branch: actively developed, without any guarantee, Anything can be broken "
        "at any time\n"
    )
    # xiaobingling93-pixel/Ascend-msmonitor@50b18674 README.md:148-152: the repo's own tools,
    # each with its guide
    tools = (
        "## 🚀 快速入门\n"
        "\n"
        "7. 按需查看详细说明。\n"
        "\n"
        "   - `npu-monitor` 使用说明：\n"
        "     [`docs/zh/user_guide/npumonitor_instruct.md`]"
        "(./docs/zh/user_guide/npumonitor_instruct.md)\n"
        "   - `nputrace` 使用说明：\n"
        "     [`docs/zh/user_guide/nputrace_instruct.md`]"
        "(./docs/zh/user_guide/nputrace_instruct.md)\n"
    )
    for text in (branch, tools):
        found = extract_docs(source_file("README.md", text)).requirements
        assert [r.subject for r in found if r.subject.startswith("pypi:")] == [], text
