"""The conventions the relabelled scan truths follow for the bring-up vocabulary, as the scan
states them: a toolkit's environment script is the toolkit's need, not an ``env_var``; a
submodule fetch and a guide's own downloads are no ``network``; ``git`` is a
``system_package`` where the build fetches with it; a tool with a subject of its own is
never a ``system_package``; a speed-up is soft. Each case keeps only the lines it needs, with
the public repository, path and commit they come from."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bringup.model import Requirement
from bringup.scan.cmake import extract_cmake
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.hosttools import host_tool_item
from bringup.scan.repo import scan_repo
from bringup.scan.setup_py import extract_setup_py
from bringup.scan.shell import extract_shell
from bringup.scan.sysdeps import tool_subject
from scan_needs import TORCHAIR_GITMODULES

_VOCABULARY = ("submodule", "env_var", "system_package", "network")


def _file(rel: str, text: str) -> SourceFile:
    return SourceFile(ref=f"repo/{rel}", rel=rel, text=text)


def _said(requirements: Sequence[Requirement], *subjects: str) -> list[tuple[str, str, int]]:
    return [
        (r.subject, r.spec, r.source.line or 0)
        for r in requirements
        if r.subject in (subjects or _VOCABULARY)
    ]


# Ascend/MindSpeed-MM @ 57069cd5, docs/zh/pytorch/install_guide.md:145 (heading) and 208-216:
# CANN's and NNAL's scripts, each the need of the package its path names.
MINDSPEED_MM_CANN = """#### 一键安装

  2. 安装CANN

      安装配套版本的NPU驱动固件、CANN软件（Toolkit、ops和NNAL）。

        ```shell
        source /usr/local/Ascend/cann/set_env.sh
        source /usr/local/Ascend/nnal/atb/set_env.sh
        ```
"""

# Ascend/memfabric_hybrid @ 7171ad35, doc/installation.md:64-74: the repo's own run package's
# script, named set_env.sh too.
MEMFABRIC_RUN = """## 安装软件包

### run包安装

安装完成后需要source安装路径下的memfabric_hybrid/set_env.sh

```bash
bash memfabric_hybrid-1.0.0_linux_aarch64.run
source /usr/local/memfabric_hybrid/set_env.sh
```
"""

# hicann/ascend-transformer-boost @ ddcc8b62, README.md:127 (heading) and 145-151: a script
# the build writes.
ATB_BUILT = """### ATB编译

    编译加速库，设置加速库环境变量：

    ```sh
    cd ascend-transformer-boost
    bash scripts/build.sh
    source output/atb/set_env.sh
    ```
"""


def test_a_toolkits_script_is_the_toolkits_need_and_no_other_script_is_an_env_var() -> None:
    cann = extract_docs(_file("docs/zh/pytorch/install_guide.md", MINDSPEED_MM_CANN))
    # (the sentence at line 5 names CANN and NNAL too; the lines say "cann" to the mention
    # reader as well, a repeat the repo scan merges)
    scripts = {said for said in _said(cann.requirements, "cann", "nnal") if said[2] > 5}
    assert {("cann", "", 8), ("nnal", "", 9)} <= scripts
    assert _said(cann.requirements, "env_var") == []
    own = extract_docs(_file("doc/installation.md", MEMFABRIC_RUN))
    assert _said(own.requirements, "cann", "env_var") == []
    built = extract_docs(_file("README.md", ATB_BUILT))
    assert _said(built.requirements, "cann", "env_var") == []


# Ascend/MindSpeed @ 028de58c, README.md:91 (heading) and 95-99: the user clones Megatron-LM
# by hand.
MINDSPEED_CLONE = """## 使用源码安装

获取并切换Megatron-LM版本至 core_v0.12.1 版本，可参考：

 ```shell
 git clone https://github.com/NVIDIA/Megatron-LM.git
 cd Megatron-LM
 ```
"""


def test_a_guides_own_download_is_the_users_step_not_a_network_need() -> None:
    docs = extract_docs(_file("README.md", MINDSPEED_CLONE))
    assert _said(docs.requirements, "network") == []


# Ascend/torchair @ fced8842, build.sh:58-61 (its .gitmodules: scan_needs.TORCHAIR_GITMODULES).
TORCHAIR_BUILD = """install_submodules(){
  logging "--- Trying to initialize submodules"
  git submodule update --init --recursive
}
"""


def test_submodules_not_checked_out_are_submodule_needs_and_no_network(tmp_path: Path) -> None:
    (tmp_path / ".gitmodules").write_text(TORCHAIR_GITMODULES)
    component = scan_repo(tmp_path, "torchair").component
    # googletest is the tests' (``gitmodules._TEST_FRAMEWORKS``), in their scope
    assert sorted(_said(component.requirements)) == [("submodule", "third_party/secure_c", 1)]
    tests = [s for s in component.scopes if s.name == "tests"]
    assert [_said(s.requirements) for s in tests] == [[("submodule", "third_party/googletest", 4)]]


def test_a_build_that_fetches_its_submodules_runs_git() -> None:
    found = extract_shell(_file("build.sh", TORCHAIR_BUILD)).requirements
    assert _said(found) == [("system_package", "git", 3)]


# omni-ai-npu/omni-infer @ c8bc2bbb, build/build.sh:52-53: a patch applied to a checkout the
# build made.
OMNI_APPLY = """    cd vllm
    git apply $BUILD_ROOT/tests/reduce_the_num_of_hidden_layers_of_deepseek_v3_w8a8.patch
"""
# hicann/shmem @ 643bfb73, scripts/oat_check.sh:353 (the audit tool cloned by the check).
SHMEM_OAT = """    git clone "$OAT_GIT_URL" "$OAT_DIR" --depth=1 >/dev/null 2>&1
"""


def test_git_on_the_checkout_or_in_a_check_script_is_no_need() -> None:
    assert _said(extract_shell(_file("build/build.sh", OMNI_APPLY)).requirements) == []
    assert _said(extract_shell(_file("scripts/oat_check.sh", SHMEM_OAT)).requirements) == []
    # the same clone in the build script is a need of git
    build = _said(extract_shell(_file("scripts/build.sh", SHMEM_OAT)).requirements)
    assert build == [("system_package", "git", 1)]


# NVIDIA/TransformerEngine @ d0067d0d, setup.py:311-336 (shortened): the call opens on 313,
# its argv on 314; the fetch opens on 333, its argv on 334.
TE_SUBMODULES = """import subprocess
def git_check_submodules():
    try:
        submodules = subprocess.check_output(
            ["git", "submodule", "status", "--recursive"],
            text=True,
        ).splitlines()
        subprocess.check_call(
            ["git", "submodule", "update", "--init", "--recursive"],
        )
    except subprocess.CalledProcessError:
        return
"""


def test_setup_py_running_git_submodule_needs_git_cited_at_the_argv() -> None:
    found = extract_setup_py(_file("setup.py", TE_SUBMODULES)).requirements
    git = [r for r in found if r.subject == "system_package"]
    # the status (line 5) only reads the checkout's records; the update fetches
    assert [(r.spec, [s.line for s in (r.source, *r.also_at)]) for r in git] == [("git", [9])]
    assert _said(found, "network") == []


# microsoft/mscclpp @ 1f5f065d, CMakeLists.txt:284-288.
MSCCLPP_FETCH = """include(FetchContent)
FetchContent_Declare(json
    GIT_REPOSITORY https://github.com/nlohmann/json.git
    GIT_TAG v3.12.0
)
"""

# hicann/cann-samples @ a934ed96, cmake/tensor_api.cmake:15-23.
CANN_SAMPLES_GIT = """find_package(Git QUIET)

set(TENSOR_API_PATH "${PROJECT_SOURCE_DIR}/third_party/ops-tensor")

if(NOT EXISTS "${TENSOR_API_PATH}/CMakeLists.txt" AND NOT GIT_FOUND)
    message(FATAL_ERROR
        "Git is required to initialize third_party/ops-tensor automatically."
    )
endif()
"""


def test_cmake_fetching_from_git_or_stopping_without_it_needs_git() -> None:
    fetch = extract_cmake(_file("CMakeLists.txt", MSCCLPP_FETCH)).requirements
    assert _said(fetch) == [
        ("network", "https://github.com/nlohmann/json.git", 3),
        ("system_package", "git", 3),
    ]
    found = extract_cmake(_file("cmake/tensor_api.cmake", CANN_SAMPLES_GIT)).requirements
    assert _said(found) == [("system_package", "git", 1)]
    quiet = CANN_SAMPLES_GIT.replace(" AND NOT GIT_FOUND", "")
    assert _said(extract_cmake(_file("cmake/tensor_api.cmake", quiet)).requirements) == []


# Ascend/AscendNPU-IR @ 52f96a13, build-tools/build.sh:519-521 (a repo-level build script).
ASCENDNPU_IR_GXX = """        if ! command -v g++ >/dev/null 2>&1; then
            echo "build-essential not found. Please install with: sudo apt install build-essential"
            exit 1
"""
# kvcache-ai/Mooncake @ 3b5a5941, dependencies.sh:153-186 (the list shortened onto one line).
MOONCAKE_PACKAGES = """SYSTEM_PACKAGES="build-essential cmake ninja-build git wget libibverbs-dev"
apt-get install -y $SYSTEM_PACKAGES
"""


def test_a_tool_with_a_subject_of_its_own_is_never_a_system_package() -> None:
    found = extract_shell(_file("build-tools/build.sh", ASCENDNPU_IR_GXX)).requirements
    assert _said(found, "gcc", "system_package") == [("gcc", "", 1)]
    installed = extract_shell(_file("dependencies.sh", MOONCAKE_PACKAGES)).requirements
    assert _said(installed, "system_package") == [("system_package", "wget libibverbs-dev", 2)]
    named = ["ninja-build", "g++", "gcc-c++", "build-essential", "cmake3", "clang-14", "python3"]
    assert [tool_subject(n) for n in named] == [
        "ninja", "gcc", "gcc", "gcc", "cmake", "clang", "python"
    ]  # fmt: skip
    assert [tool_subject(n) for n in ("python3-dev", "python3-pip", "libgcc", "ccache")] == [
        None
    ] * 4


def test_a_speed_up_is_soft_however_the_list_words_it() -> None:
    # hicann/hixl @ 9ed283b2, docs/en/build.md:147, then the same item without its note.
    worded = host_tool_item(
        _file("docs/en/build.md", ""),
        147,
        "ccache (optional, a compiler cache optimization tool used to speed up incremental builds)",
        "Prerequisites",
    )
    bare = host_tool_item(_file("docs/en/build.md", ""), 147, "ccache", "Prerequisites")
    assert [(r.spec, r.hard) for r in (*worded, *bare)] == [("ccache", False), ("ccache", False)]


def test_a_tool_only_the_unit_tests_need_is_the_tests_scope() -> None:
    # hicann/asc-tools @ 2113e48f, docs/00_quick_start_en.md:320 and 350, docs/00_quick_start.md
    # :315: the truth briefs' scope "tests" for test-only tools and test frameworks
    doc = _file("docs/00_quick_start_en.md", "")
    lcov = "lcov >= 1.13 (Optional, only required for running UTs)"
    gtest = "googletest (Optional, recommended version release-1.11.0)"
    zh = "lcov >= 1.13（可选，仅执行UT时依赖）"
    found = [
        *host_tool_item(doc, 320, lcov, "Prerequisites"),
        *host_tool_item(doc, 350, gtest, "Prerequisites"),
        *host_tool_item(_file("docs/00_quick_start.md", ""), 315, zh, "依赖"),
    ]
    assert [(r.spec, r.feature) for r in found] == [
        ("lcov>=1.13", "tests"),
        ("googletest", "tests"),
        ("lcov>=1.13", "tests"),
    ]
    # a tool the build itself needs stays the repo's
    pigz = host_tool_item(doc, 10, "pigz >= 2.4", "Prerequisites")
    assert [(r.spec, r.feature) for r in pigz] == [("pigz>=2.4", "")]
    # review 2, finding 4: a note that names the unit tests beside the build is no "only"
    both = [
        "lcov >= 1.13 (required to build the library and its unit tests)",
        "gawk（编译和执行UT时均依赖）",
        "sed >= 4.8 (used by build.sh, see UT docs below)",
    ]
    found = [r for item in both for r in host_tool_item(doc, 1, item, "Prerequisites")]
    assert [r.feature for r in found] == ["", "", ""]


# hicann/cann-samples @ a934ed96, cmake/ascend.cmake:27-43 (the user's branch shortened): the
# chain stops without the toolkit, reading HOME and USER on the way.
CANN_SAMPLES_HOME = """if(DEFINED ENV{ASCEND_HOME_PATH})
    set(ASCEND_DIR $ENV{ASCEND_HOME_PATH})
else()
    message(WARNING "Environment variable ASCEND_HOME_PATH is not set. Using default path.")
    if("$ENV{USER}" STREQUAL "root")
        if(EXISTS /usr/local/Ascend/ascend-toolkit/latest)
            set(ASCEND_DIR /usr/local/Ascend/ascend-toolkit/latest)
        else()
            message(FATAL_ERROR "Ascend toolkit not found in default root paths. Please set ASCEND_HOME_PATH.")
        endif()
    else()
        if(EXISTS $ENV{HOME}/Ascend/ascend-toolkit/latest)
            set(ASCEND_DIR $ENV{HOME}/Ascend/ascend-toolkit/latest)
        else()
            message(FATAL_ERROR "Ascend toolkit not found in default user paths. Please set ASCEND_HOME_PATH.")
        endif()
    endif()
endif()
"""  # noqa: E501


def test_a_variable_every_login_sets_or_one_with_default_paths_is_no_need() -> None:
    # USER and HOME every login sets; ASCEND_HOME_PATH falls back to the default paths and
    # the stops are the fallback's (truth conventions C2: a read with a fallback is no env_var)
    found = extract_cmake(_file("cmake/ascend.cmake", CANN_SAMPLES_HOME)).requirements
    assert _said(found, "env_var") == []
