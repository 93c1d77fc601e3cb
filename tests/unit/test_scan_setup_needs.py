"""The needs a bring-up has besides versions, as real repos state them (issue 11's
vocabulary): OS packages installed by a dependency script or guide, the lists a guide's
titles open. Environment variables are test_scan_env_needs', downloads
test_scan_network_needs', a setup script's guards test_scan_setup_py_needs'.
Each case keeps only the lines it needs, with the public repository, path, lines and commit."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.shell import extract_shell
from scan_needs import needs, source_file

# kvcache-ai/Mooncake @ 3b5a5941, dependencies.sh:152-156 and 183-186 (the list's middle left out).
MOONCAKE_DEPENDENCIES = """if [ "$OS" = "ubuntu" ] || [ "$OS" = "debian" ]; then
    SYSTEM_PACKAGES="build-essential \\
                     cmake \\
                     ninja-build \\
                     git \\
                     libc6-dev \\
                     libc-bin"

    apt-get install -y $SYSTEM_PACKAGES
"""


def test_a_dependency_script_installs_system_packages_from_its_variable() -> None:
    found = needs(extract_shell(source_file("dependencies.sh", MOONCAKE_DEPENDENCIES)).requirements)
    # build-essential, cmake and ninja-build are the gcc, cmake and ninja tools: no system
    # packages (their subjects are read where the repo states them)
    # packages (their subjects are read where the repo states them); git neither, a need only
    # where the build itself runs it (the truth briefs' convention)
    assert found == [("system_package", "libc6-dev libc-bin", 9, True)]


def test_an_option_with_its_value_before_the_subcommand_is_no_package() -> None:
    """apt-get(8): ``-o`` sets a configuration option and may come before the command."""
    script = (
        "apt-get -o Acquire::Retries=3 -o Dpkg::Options::=--force-confold install -y libnuma-dev\n"
    )
    found = needs(extract_shell(source_file("dependencies.sh", script)).requirements)
    assert found == [("system_package", "libnuma-dev", 1, True)]


# hicann/hixl @ 9ed283b2, docs/en/build.md:135-140 (under "Environment Preparation").
HIXL_BUILD_GUIDE = """## Environment Preparation

- Install the dependencies:

  ```shell
  # Run the following commands for Ubuntu/Debian. Use proper commands for other OS.
  sudo apt-get install cmake bash ccache
  ```
"""


def test_a_guides_apt_get_line_is_a_system_package_need() -> None:
    found = needs(extract_docs(source_file("docs/en/build.md", HIXL_BUILD_GUIDE)).requirements)
    # cmake: a subject of its own; ccache only speeds the build up: soft (the truth briefs)
    assert found == [("system_package", "bash", 7, True), ("system_package", "ccache", 7, False)]


# hicann/ascend-transformer-boost @ ddcc8b62, scripts/oat_check.sh:114 (a license checker:
# not a dependency script) and sgl-project/sgl-kernel-npu @ f425bdf1,
# scripts/npu_ci_install_dependency.sh:47 (prepares the CI runner).
ATB_OAT = "apt-get install -y openjdk-21-jre 2>&1\n"
SGL_CI = "apt install -y locales ca-certificates build-essential cmake ccache\n"


def test_a_test_lint_or_ci_scripts_installs_are_its_own() -> None:
    assert needs(extract_shell(source_file("scripts/oat_check.sh", ATB_OAT)).requirements) == []
    ci = source_file("scripts/npu_ci_install_dependency.sh", SGL_CI)
    assert needs(extract_shell(ci).requirements) == []


def test_words_that_only_contain_a_test_or_doc_marker_name_no_test_script() -> None:
    for name in ("install_latest.sh", "build_docker.sh", "docker_install.sh"):
        found = needs(extract_shell(source_file(name, SGL_CI)).requirements)
        assert found == [
            ("system_package", "locales ca-certificates", 1, True),
            ("system_package", "ccache", 1, False),
        ], name


# hicann/cann-samples @ a934ed96, README.md:108-115 (under "### 兼容性声明", a heading that
# names no requirement).
CANN_SAMPLES_DEPENDENCIES = """3. **前置依赖**

   编译用到的依赖如下，请确保已安装并且满足版本要求：

   - cmake >= 3.16.0
   - python >= 3.8.0
   - zip
   - git
"""


def test_a_bold_title_naming_dependencies_opens_a_requirements_list() -> None:
    found = extract_docs(source_file("README.md", CANN_SAMPLES_DEPENDENCIES)).requirements
    # one list of tools, one need (``pkgrepeats.fold_listed_tools``)
    assert needs(found) == [("system_package", "zip git", 7, True)]
    # a step's title is no list of needs, whatever its words
    step = CANN_SAMPLES_DEPENDENCIES.replace("前置依赖", "安装驱动与固件（运行态依赖）")
    assert needs(extract_docs(source_file("README.md", step)).requirements) == []


# NVIDIA/gdrcopy @ fcec3ce0, README.md:88 and 95-114 (the middle of :99-110 left out).
GDRCOPY_DMABUF_SECTIONS = """### DMA-BUF mmap backend

**Requirements**

- CUDA driver **13.3 or newer**

**Backend selection**

On `gdr_open()`, GDRCopy tries `gdrdrv` first.

**Mapping type**

CPU cacheability is decided by the CUDA driver at pin time and cannot be
changed afterwards.
"""
# hicann/ops-nn @ e5c3fa93, docs/zh/develop/aicpu_develop_guide.md:202-215 (:208-213 left out).
OPS_NN_PREPARATION = """1. **准备工作。**

    参考[工程创建](#工程创建)完成基础环境搭建，同时检查算子开发交付件是否完备，是否在对应算子分类目录下。

2. **编译自定义算子包。**

    - --soc：\\$\\{soc\\_version\\}表示NPU型号。Atlas A2系列产品使用"ascend910b"（默认），Atlas A3系列产品使用"ascend910_93"，Ascend 950PR/Ascend 950DT产品使用"ascend950"。
"""  # noqa: E501


def test_a_bold_title_naming_needs_opens_a_list_the_next_bold_title_closes() -> None:
    found = extract_docs(source_file("README.md", GDRCOPY_DMABUF_SECTIONS)).requirements
    # "CPU cacheability is decided by the CUDA driver" is no driver the build needs
    assert [(r.subject, r.source.line) for r in found] == [("cuda", 5), ("nvidia_driver", 5)]
    # preparing work is a step ("准备工作"), not a list of needs: the build option's chips
    # below it are no requirement
    steps = extract_docs(source_file("aicpu_develop_guide.md", OPS_NN_PREPARATION)).requirements
    assert [r for r in steps if r.subject == "chip"] == []


# NVIDIA/CV-CUDA @ da51fc96, README.md:195 and 201-204 (the documentation's build; heading left out)
CVCUDA_DOCS = """## Build

Install the dependencies required to  build the documentation:

```shell
sudo apt install -y doxygen graphviz python3 python3-pip sphinx
```
"""


def test_a_doc_builder_or_linter_an_install_names_is_a_developers_tool() -> None:
    # the truth briefs: ccache soft; clang-format, pre-commit and doc builders never "repo"
    found = extract_docs(source_file("README.md", CVCUDA_DOCS)).requirements
    packages = [(r.spec, r.feature) for r in found if r.subject == "system_package"]
    assert packages == [("python3-pip", ""), ("doxygen graphviz sphinx", "development")]
    guide = "## Build\n\n```shell\napt-get install -y clang-format-14 pigz\n```\n"
    found = extract_docs(source_file("README.md", guide)).requirements
    packages = [(r.spec, r.feature) for r in found if r.subject == "system_package"]
    assert packages == [("pigz", ""), ("clang-format-14", "development")]
    # one list of developers' tools (pydeps.DEVELOPER_TOOLS) in the OS packages' spelling too
    guide = "## Build\n\n```shell\napt-get install -y python3-sphinx codespell pigz\n```\n"
    found = extract_docs(source_file("README.md", guide)).requirements
    packages = [(r.spec, r.feature) for r in found if r.subject == "system_package"]
    assert packages == [("pigz", ""), ("python3-sphinx codespell", "development")]
