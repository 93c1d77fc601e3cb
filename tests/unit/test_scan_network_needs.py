"""Downloads while building, as real repos state them (issue 11's vocabulary): a guide's words,
a fetch's URL line, submodules not checked out, a requirements file's own index, a download
script; git run on the checkout itself is no need. Each case keeps only the lines it needs,
with the public repository, path, lines and commit."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.cmake import extract_cmake
from bringup.scan.cmakeincludes import included_files
from bringup.scan.cmakelex import cmake_commands
from bringup.scan.depjson import extract_dependency_json
from bringup.scan.docs import extract_docs
from bringup.scan.filekinds import classify
from bringup.scan.repo import scan_repo
from bringup.scan.requirements_txt import extract_requirements_txt
from bringup.scan.shell import extract_shell
from scan_needs import needs, source_file

# kvcache-ai/Mooncake @ 3b5a5941, mooncake-common/FindGTest.cmake:19-24, and hicann/hixl @
# 9ed283b2, cmake/fetch_cann_cmake.cmake:18-30 (a tarball beside the sources, else a clone).
MOONCAKE_GTEST = """set(GOOGLETEST_VERSION 1.17.0)
FetchContent_Declare(
  googletest
  URL https://github.com/google/googletest/archive/refs/tags/v${GOOGLETEST_VERSION}.tar.gz
  URL_HASH
    SHA256=65fab701d9829d38cb77c14acdc431d2108bfdbf8979e40eb8ae567edf10b27c)
"""
HIXL_FETCH = """        if(CANN_3RD_LIB_PATH AND EXISTS "${CANN_3RD_LIB_PATH}/cmake-${CANN_CMAKE_TAG}.tar.gz")
            FetchContent_Declare(
                cann-cmake
                URL "${CANN_3RD_LIB_PATH}/cmake-${CANN_CMAKE_TAG}.tar.gz"
                URL_HASH SHA256=2d8827b33327978c7b49d09e3b1cfbd891b41b7b5123c290d41534d29a625056
            )
        else()
            FetchContent_Declare(
                cann-cmake
                GIT_REPOSITORY https://gitcode.com/cann/cmake.git
                GIT_TAG        ${CANN_CMAKE_TAG}
                GIT_SHALLOW    TRUE
            )
"""  # noqa: E501


def test_a_fetch_is_cited_at_its_url_and_a_local_tarball_is_no_download() -> None:
    gtest = needs(extract_cmake(source_file("FindGTest.cmake", MOONCAKE_GTEST)).requirements)
    assert [(s, line) for s, _, line, _ in gtest] == [("network", 4)]
    hixl = needs(
        extract_cmake(source_file("cmake/fetch_cann_cmake.cmake", HIXL_FETCH)).requirements
    )
    assert hixl == [
        ("network", "https://gitcode.com/cann/cmake.git", 10, True),
        ("system_package", "git", 10, True),  # CMake runs git to fetch a GIT_REPOSITORY
    ]


# kvcache-ai/Mooncake @ 3b5a5941, docs/source/getting_started/build.md:12-20.
MOONCAKE_BUILD_GUIDE = """### Default Build

Install common build dependencies first. A stable Internet connection is
required because the script installs system packages, initializes submodules,
installs Go, and builds/installs yalantinglibs.

```bash
sudo bash dependencies.sh
```
"""


def test_a_guide_saying_the_build_needs_the_internet_is_a_network_need() -> None:
    docs = extract_docs(source_file("docs/build.md", MOONCAKE_BUILD_GUIDE))
    assert [(s, line) for s, _, line, _ in needs(docs.requirements)] == [("network", 3)]


# Ascend/msprobe @ 8ff00da3, docs/zh/quick_start/pytorch_quick_start.md:492 (the same line in
# Ascend/msprof-analyze @ 8399c1cd, docs/zh/quick_start/msprof-analyze_quick_start.md:404):
# after installing, go back and verify; no need to run the online install again.
MSPROBE_NO_NEED = (
    "## 安装\n\n"
    "安装完成后\uff0c返回 [第 2.1.7 节](#217-容器内检查环境安装正确性) "
    "执行验证命令\uff0c无需再次执行联网安装命令\u3002\n"
)


def test_a_guide_saying_the_network_is_not_needed_states_no_network_need() -> None:
    docs = extract_docs(source_file("docs/zh/quick_start/install.md", MSPROBE_NO_NEED))
    assert [n for n in needs(docs.requirements) if n[0] == "network"] == []


# Ascend/AscendNPU-IR @ 52f96a13, .gitmodules:1-3 and
# docs/source/en/introduction/quick_start/installing_guide.md:32-37 (as README.md here).
ASCENDNPU_IR_GITMODULES = """[submodule "third-party/llvm-project"]
\tpath = third-party/llvm-project
\turl = https://gitcode.com/Ascend/llvm-project.git
"""
ASCENDNPU_IR_SUBMODULES = """## Installation

2. Initialize and update submodules.

   ```bash
   # Recursively pull all submodules.
   git submodule update --init --recursive
   ```
"""


def _network(root: Path) -> list[tuple[str, int | None]]:
    """Where the scan's downloads are stated (one need: the first place, then the others)."""
    component = scan_repo(root, "repo").component
    return [
        (s.ref or "", s.line)
        for r in component.requirements
        if r.subject == "network"
        for s in (r.source, *r.also_at)
    ]


def test_submodules_are_submodule_needs_and_no_network_checked_out_or_not(
    tmp_path: Path,
) -> None:
    # the relabelled truths' convention: each .gitmodules path is a submodule need, whose
    # action (``git submodule update``) fetches it; no network need beside it
    (tmp_path / ".gitmodules").write_text(ASCENDNPU_IR_GITMODULES, encoding="utf-8")
    (tmp_path / "README.md").write_text(ASCENDNPU_IR_SUBMODULES, encoding="utf-8")
    (tmp_path / "third-party" / "llvm-project").mkdir(parents=True)
    assert _network(tmp_path) == []
    submodules = scan_repo(tmp_path, "repo").component.requirements
    assert [(r.spec, r.hard) for r in submodules if r.subject == "submodule"] == [
        ("third-party/llvm-project", True)
    ]
    (tmp_path / "third-party" / "llvm-project" / "CMakeLists.txt").write_text("", "utf-8")
    assert _network(tmp_path) == []


# cann/torchtitan-npu @ e0aecaf0, requirements.txt:1-8.
TORCHTITAN_REQUIREMENTS = """--extra-index-url https://download.pytorch.org/whl/cpu
torch==2.12.0+cpu
torch_npu==2.12.0rc1
numpy
PyYAML
torchtitan @ git+https://gitcode.com/GitHub_Trending/to/torchtitan.git@ac13e536c84e7f6647b14fa9375c3c8a8a2b8578
pybind11
--extra-index-url https://triton-ascend.osinfra.cn/pypi/simple
"""


def test_a_requirements_files_own_index_and_repository_urls_are_downloads() -> None:
    extraction = extract_requirements_txt(source_file("requirements.txt", TORCHTITAN_REQUIREMENTS))
    # the repository's clone (6) runs git too (``pydeps``)
    assert sorted((s, line) for s, _, line, _ in needs(extraction.requirements)) == [
        ("network", 1),
        ("network", 6),
        ("network", 8),
        ("system_package", 6),
    ]


# Ascend/cann-bench @ d59d44ca, requirements.txt:9-11
CANN_BENCH_MIRROR = """# `pip install -r requirements.txt` 可直接安装（对齐 pyproject default index）。
# 区域外可用 PIP_INDEX_URL 环境变量覆盖（对应 pyproject 的 UV_INDEX_URL）。
--index-url https://mirrors.huaweicloud.com/repository/pypi/simple
"""  # noqa: E501


def test_a_pypi_mirror_is_no_download_of_the_build() -> None:
    # a mirror of PyPI: pip installing ordinary packages (truth conventions C4)
    extraction = extract_requirements_txt(source_file("requirements.txt", CANN_BENCH_MIRROR))
    assert [r for r in extraction.requirements if r.subject == "network"] == []
    # a shell's pip install from a mirror neither (constructed from the same URL)
    mirror = "https://mirrors.huaweicloud.com/repository/pypi/simple"
    script = extract_shell(source_file("install.sh", f"pip install -r x.txt -i {mirror}\n"))
    assert [r for r in script.requirements if r.subject == "network"] == []
    # a project's own index stays one (test above: triton-ascend.osinfra.cn/pypi/simple)
    own = extract_shell(source_file("install.sh", "pip install x -i https://a.example/simple\n"))
    assert [r.spec for r in own.requirements if r.subject == "network"] == [
        "https://a.example/simple"
    ]


# Ascend/MindSpeed-MM @ 57069cd5, scripts/install_cann.sh:41-42.
MINDSPEED_MM_INSTALL = """    sudo apt-get update
    sudo apt-get install -y gcc python3 python3-pip linux-headers-$(uname -r)
"""
# Ascend/DeepGEMM_Ascend @ 958e1766, download.sh:14-16.
DEEPGEMM_DOWNLOAD = """echo "get fmt from git."
cd "${THIRD_DIR}"
git clone https://github.com/fmtlib/fmt.git
"""


def test_a_command_substitution_is_no_package_and_a_download_script_downloads() -> None:
    install = extract_shell(source_file("scripts/install_cann.sh", MINDSPEED_MM_INSTALL))
    # gcc and python3 are tools with subjects of their own
    assert needs(install.requirements) == [("system_package", "python3-pip", 2, True)]
    download = extract_shell(source_file("download.sh", DEEPGEMM_DOWNLOAD)).requirements
    assert needs(download) == [
        ("network", "https://github.com/fmtlib/fmt.git", 3, True),
        ("system_package", "git", 3, True),  # the clone runs git (scan.runtools)
    ]


# Ascend/AscendNPU-IR @ 52f96a13, build-tools/apply_patches.sh:78-80.
ASCENDNPU_IR_RESET = """    cd "$THIRD_PARTY_FOLDER/$folder_name" || exit 1
    git reset --hard HEAD
    git clean -df
"""
# omni-ai-npu/omni-infer @ c8bc2bbb, build/build.sh:52-53.
OMNI_INFER_APPLY = """    cd vllm
    git apply $BUILD_ROOT/tests/reduce_the_num_of_hidden_layers_of_deepseek_v3_w8a8.patch
"""
# NVIDIA/TransformerEngine @ d0067d0d, build_tools/wheel_utils/build_wheels.sh:20-22.
TE_CHECKOUT = """git config --global --add safe.directory /TransformerEngine
cd /TransformerEngine
git checkout $TARGET_BRANCH
"""


def test_git_run_on_the_checkout_itself_needs_no_git_of_its_own() -> None:
    # resetting, applying a patch to or checking out the tree cloned runs where git is (the
    # blind truths of these three repos name no git); a clone of another repo still does
    for rel, text in (
        ("build-tools/apply_patches.sh", ASCENDNPU_IR_RESET),
        ("build/build.sh", OMNI_INFER_APPLY),
        ("build_tools/wheel_utils/build_wheels.sh", TE_CHECKOUT),
    ):
        found = extract_shell(source_file(rel, text)).requirements
        assert [r for r in found if r.subject == "system_package"] == [], rel


# hicann/tensorflow @ 82957b92, cmake/acl_compat.cmake:14-18.
TENSORFLOW_ACL = """set(REQ_URL "https://mirrors.huaweicloud.com/artifactory/cann-run/8.5.0/inner/${CMAKE_SYSTEM_PROCESSOR}/acl-compat_8.5.0_linux-${CMAKE_SYSTEM_PROCESSOR}.tar.gz")

ExternalProject_Add(download-acl_compat
    URL ${REQ_URL}
    CONFIGURE_COMMAND ""
"""
# hicann/ops-nn @ e5c3fa93, cmake/third_party/ops-tensor.cmake:87-95.
OPS_NN_TENSOR = """  else()
    set(OPTENSOR_GIT_URL "https://gitcode.com/cann/ops-tensor.git")
    message(STATUS "[ThirdPartyLib][ops-tensor] using HTTPS protocol: ${OPTENSOR_GIT_URL}")
  endif()
  include(FetchContent)

  FetchContent_Declare(
    ops-tensor
    GIT_REPOSITORY ${OPTENSOR_GIT_URL}
"""


def test_a_fetch_from_a_variable_is_the_url_set_before_cited_where_written() -> None:
    acl = extract_cmake(source_file("cmake/acl_compat.cmake", TENSORFLOW_ACL)).requirements
    assert [(r.spec.split("/")[2], r.source.line, [a.line for a in r.also_at]) for r in acl] == [
        ("mirrors.huaweicloud.com", 1, [4, 3])
    ]
    tensor = extract_cmake(source_file("cmake/third_party/ops-tensor.cmake", OPS_NN_TENSOR))
    assert needs(tensor.requirements) == [
        ("network", "https://gitcode.com/cann/ops-tensor.git", 2, True),
        ("system_package", "git", 9, True),
    ]


# NVIDIA/cuCollections @ dc0f9fc2, tests/CMakeLists.txt:23-27; rapidsai/rmm @ 5d50a37b,
# cpp/CMakeLists.txt:66-67 and cpp/cmake/thirdparty/get_cccl.cmake:11-12.
CUCO_CATCH = """CPMAddPackage(
  NAME Catch2
  GITHUB_REPOSITORY catchorg/Catch2
  VERSION 3.3.0
)
"""
RMM_CPM = """# add third party dependencies using CPM
rapids_cpm_init()
"""
RMM_CCCL = """  include(${rapids-cmake-dir}/cpm/cccl.cmake)
  rapids_cpm_cccl(BUILD_EXPORT_SET rmm-exports INSTALL_EXPORT_SET rmm-exports)
"""


def test_cpm_packages_are_downloads_and_its_setup_is_none() -> None:
    catch = extract_cmake(source_file("tests/CMakeLists.txt", CUCO_CATCH)).requirements
    # CPM clones a repository with git (cuCollections' truth: git at tests/CMakeLists.txt:25)
    assert needs(catch) == [
        ("network", "https://github.com/catchorg/Catch2", 3, True),
        ("system_package", "git", 3, True),
    ]
    init = extract_cmake(source_file("cpp/CMakeLists.txt", RMM_CPM)).requirements
    assert needs(init) == []
    cccl = extract_cmake(source_file("cpp/cmake/thirdparty/get_cccl.cmake", RMM_CCCL))
    # found installed first; rapids-cmake's versions.json clones it from GitHub
    assert needs(cccl.requirements) == [("network", "cccl from GitHub", 2, False)]


# hicann/ops-nn @ e5c3fa93, CMakeLists.txt:121-124 and cmake/third_party/opbase.cmake:36-39.
OPS_NN_INCLUDES = """include(cmake/third_party/opbase.cmake) # 放在dependencies.cmake前面
if(DOWNLOAD_OPS_TEST_KIT)
  include(cmake/third_party/ops_test_kit.cmake)
endif()
"""
OPS_NN_OPBASE = """  FetchContent_Declare(
    opbase
    GIT_REPOSITORY https://gitcode.com/cann/opbase.git
    GIT_TAG ${OPBASE_TAG_ID}
"""


def test_a_cmake_file_the_root_includes_from_third_party_is_read(tmp_path: Path) -> None:
    # cmake/third_party/ is a directory the walk skips as vendored; the root's include says
    # it is the repo's own build (its download cited at the include too); the test kit's,
    # included under an option, stays unread
    (tmp_path / "cmake" / "third_party").mkdir(parents=True)
    (tmp_path / "CMakeLists.txt").write_text(OPS_NN_INCLUDES, encoding="utf-8")
    for name in ("opbase", "ops_test_kit"):
        path = tmp_path / "cmake" / "third_party" / f"{name}.cmake"
        path.write_text(OPS_NN_OPBASE.replace("opbase", name), encoding="utf-8")
    assert _network(tmp_path) == [
        ("repo/cmake/third_party/opbase.cmake", 3),
        ("repo/cmake/third_party/opbase.cmake", 1),
        ("repo/CMakeLists.txt", 1),
    ]


# Constructed by review (/tmp/reviewA): CPM's shorthand with a version or tag, a URI read as
# the shorthand, and rapids-cmake helpers named by what they do, no package.
REVIEW_CPM = """CPMAddPackage("gh:catchorg/Catch2@3.4.0")
CPMAddPackage(URI "gh:fmtlib/fmt#10.0.0")
rapids_cpm_generate_pinned_versions(OUTPUT x.json)
rapids_cpm_package_info(foo)
rapids_cpm_convert_patch_json(FROM_CLANG_TIDY x.json)
rapids_cpm_cccl()
"""


def test_cpm_shorthand_drops_its_tag_and_rapids_helpers_are_no_packages() -> None:
    found = needs(extract_cmake(source_file("CMakeLists.txt", REVIEW_CPM)).requirements)
    assert found == [
        ("network", "https://github.com/catchorg/Catch2", 1, True),
        ("system_package", "git", 1, True),
        ("network", "https://github.com/fmtlib/fmt", 2, True),
        ("system_package", "git", 2, True),
        ("network", "cccl from GitHub", 6, False),
    ]


# Constructed by review (/tmp/reviewA): a URL part of which no earlier ``set`` gives, the
# variable's value also named in a comment above its ``set``.
REVIEW_UNRESOLVED = """# https://example.com/dl was the old mirror
set(DEP_URL "https://example.com/dl")
FetchContent_Declare(dep URL ${DEP_URL}/dep-${DEP_VERSION}.tar.gz)
CPMAddPackage(NAME x URL ${DEP_URL}/x-${X_VERSION}.zip)
CPMAddPackage(NAME y GITHUB_REPOSITORY ${Y_REPO})
"""


def test_a_url_is_cut_before_a_variable_not_set_and_cited_at_its_set() -> None:
    found = extract_cmake(source_file("CMakeLists.txt", REVIEW_UNRESOLVED)).requirements
    assert [(r.spec, r.source.line, [a.line for a in r.also_at]) for r in found] == [
        ("https://example.com/dl/dep-", 2, [3]),
        ("https://example.com/dl/x-", 4, []),
    ]


# Constructed by review (/tmp/reviewA): an include in a function body runs only if called.
REVIEW_FUNCTION_INCLUDE = """function(add_dep)
  include(cmake/third_party/ops_test_kit.cmake)
endfunction()
include(cmake/third_party/opbase.cmake)
"""


def test_an_include_in_a_function_body_is_not_unconditional() -> None:
    commands = cmake_commands(REVIEW_FUNCTION_INCLUDE)
    assert included_files("CMakeLists.txt", commands) == ("cmake/third_party/opbase.cmake",)


# Ascend/MindIE-LLM @ 8b4871ad, third_party_entry/dependency.json:1-13 and 110-120 (hashes cut),
# which cmake/default_config.cmake:13 hands the configure.
MINDIE_DEPENDENCIES = """{
    "spdlog": {
        "url": "https://mindie.obs.cn-north-4.myhuaweicloud.com/open_source/spdlog/v1.15.3.zip",
        "type": "file",
        "fileName": "spdlog.zip",
        "sha256": "b74274c3"
    },
    "googletest": {
        "url": "https://mindie.obs.cn-north-4.myhuaweicloud.com/open_source/googletest-1.13.0.tar.gz",
        "type": "file",
        "fileName": "googletest.tar.gz",
        "sha256": "ad7fdba1"
    },
    "libboundscheck": {
        "url": "https://gitee.com/openeuler/libboundscheck/repository/archive/v1.1.16.zip",
        "type": "file",
        "fileName": "libboundscheck.zip",
        "sha256": "5119bda1"
    },
    "catlass": {
        "url": "https://gitcode.com/cann/catlass.git",
        "type": "git",
        "tag": "v1.0.1"
    }
}
"""


def test_a_dependency_list_the_build_fetches_is_a_download_per_host() -> None:
    rel = "third_party_entry/dependency.json"
    assert classify(rel) == "depjson"
    found = extract_dependency_json(source_file(rel, MINDIE_DEPENDENCIES)).requirements
    assert [(r.spec, r.source.line, [s.line for s in r.also_at]) for r in found] == [
        ("spdlog, googletest from mindie.obs.cn-north-4.myhuaweicloud.com", 3, [9]),
        ("libboundscheck from gitee.com", 15, []),
        ("catlass from gitcode.com", 21, []),
    ]


def _listed(text: str) -> list[tuple[str, int | None]]:
    found = extract_dependency_json(source_file("dependency.json", text)).requirements
    return [(r.spec, r.source.line) for r in found]


def test_a_dependency_list_is_read_as_json_whatever_its_layout() -> None:
    # Review 1, finding 5: a minified list, a library's url under a "source" object, and a URL
    # that names no host beside one that does.
    minified = '{"spdlog": {"url": "https://a.com/s.zip"}, "json": {"url": "https://b.com/j.zip"}}'
    assert _listed(minified) == [("spdlog from a.com", 1), ("json from b.com", 1)]
    nested = '{\n "spdlog": {\n  "source": {\n   "url": "https://a.com/spdlog.zip"\n  }\n }\n}'
    assert _listed(nested) == [("spdlog from a.com", 4)]
    hostless = '{\n "a": {"url": "https://[::1/x.zip"},\n "b": {"url": "https://b.com/b.zip"}\n}'
    assert _listed(hostless) == [("b from b.com", 3)]


def test_a_dependency_list_that_is_no_json_is_read_by_lines() -> None:
    text = '{\n "a": {\n  "url": "https://a.com/a.zip", // the mirror\n },\n'
    assert _listed(text) == [("a from a.com", 3)]


def test_a_dependency_list_of_a_test_an_example_or_a_vendored_project_is_not_the_repos() -> None:
    for rel in (
        "tests/fixtures/dependency.json",
        "docs/examples/dependencies.json",
        "third_party/foo/dependencies.json",
    ):
        assert classify(rel) is None
    assert classify("ci/dependency.json") == "depjson"


# xLLM-AI/xllm-ops @ d4a441a6, xllm_ops/CMakeLists.txt:15 and 109-122 (lines between left out):
# the open build, on by default; inside it an option no file turns on, whose ``else`` is the
# default build's and includes the downloads.
XLLM_OPEN_PROJECT = """option(BUILD_OPEN_PROJECT         "Build open ascend ops project."  ON)
if (BUILD_OPEN_PROJECT)
    include(../cmake/intf.cmake)
    add_definitions(-DBUILD_OPEN_PROJECT)
    if (BUILD_OPS_RTY_KERNEL)
        message(STATUS "Build return yellow kernel.")
        include(../cmake/rty_obj_func.cmake)
    else()
        message(STATUS "Start building custom package.")
        include(ExternalProject)
        include(../cmake/third_party/abseil-cpp.cmake)
        include(../cmake/third_party/ascend_protobuf.cmake)
    endif()
endif()
"""


def test_the_else_of_an_option_off_by_default_is_the_default_build() -> None:
    commands = cmake_commands(XLLM_OPEN_PROJECT)
    assert included_files("xllm_ops/CMakeLists.txt", commands) == (
        "cmake/intf.cmake",
        "cmake/third_party/abseil-cpp.cmake",
        "cmake/third_party/ascend_protobuf.cmake",
    )
    # the option's own branch stays unread; so does an else after an elseif (constructed)
    chained = XLLM_OPEN_PROJECT.replace("    else()", "    elseif (X)\n    else()")
    assert included_files("xllm_ops/CMakeLists.txt", cmake_commands(chained)) == (
        "cmake/intf.cmake",
    )
