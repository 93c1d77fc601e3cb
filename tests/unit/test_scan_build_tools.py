"""Tools a build runs and checks, as real build files state them (issue 11's system packages):
a CMake command that runs one, a ``case`` pattern that only looks like one, a macOS branch's
Homebrew. Each case keeps only the lines it needs, with the public repository, path, lines and
commit."""

from __future__ import annotations

from bringup.scan.cmake import extract_cmake
from bringup.scan.shell import extract_shell
from scan_needs import needs, source_file

# Ascend/MindIE-LLM @ 8b4871ad, cmake/utils.cmake:190-194 and 132-138 (a function's
# FetchContent of whatever repository it is given).
MINDIE_PATCH = """        if(EXISTS "${PATCH_PATH}")
            execute_process(
                COMMAND patch -p1
                WORKING_DIRECTORY ${PKG_DIR}
                INPUT_FILE ${PATCH_PATH}
"""
MINDIE_FETCH = """            if(NOT "${DEP_REPO}" STREQUAL "")
                message(STATUS "Begin to download ${DEP_NAME} from ${DEP_REPO}")
                FetchContent_Declare(
                    "${DEP_NAME}"
                    SOURCE_DIR "${src_dir}"
                    GIT_REPOSITORY "${DEP_REPO}"
                    GIT_TAG "${DEP_TAG}"
"""
# Ascend/MindIE-LLM @ 8b4871ad, cmake/open_source_build/openssl.cmake:16.
MINDIE_DOS2UNIX = "execute_process(COMMAND dos2unix config WORKING_DIRECTORY ${PKG_DOWNLOAD_DIR})\n"


def test_a_tool_a_cmake_command_runs_is_a_system_package_at_its_line() -> None:
    patch = extract_cmake(source_file("cmake/utils.cmake", MINDIE_PATCH)).requirements
    assert needs(patch) == [("system_package", "patch", 3, True)]
    dos2unix = extract_cmake(source_file("cmake/openssl.cmake", MINDIE_DOS2UNIX)).requirements
    assert needs(dos2unix) == [("system_package", "dos2unix", 1, True)]


def test_a_git_repository_from_a_variable_needs_git_and_no_known_url() -> None:
    fetch = extract_cmake(source_file("cmake/utils.cmake", MINDIE_FETCH)).requirements
    assert needs(fetch) == [("system_package", "git", 6, True)]


# NVIDIA/Fuser @ 81c4b22f, cmake/deps/handle_git_submodules.cmake:14 and 23-25: the program
# FindGit found, run through its variable.
FUSER_SUBMODULES = """  find_package(Git QUIET)
    execute_process(
      COMMAND "${GIT_EXECUTABLE}" submodule status
      WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}"
    )
    execute_process(COMMAND "${Python3_EXECUTABLE}" -c "import torch")
"""


def _tools(text: str) -> list[tuple[str, str, int | None, bool]]:
    found = extract_cmake(source_file("cmake/deps/handle_git_submodules.cmake", text))
    return [n for n in needs(found.requirements) if n[0] == "system_package"]


def test_a_program_a_cmake_search_found_is_run_through_its_variable() -> None:
    # constructed from Fuser's lines: the same run updating the submodules fetches them
    updating = FUSER_SUBMODULES.replace("submodule status", "submodule update --init")
    assert _tools(updating) == [("system_package", "git", 3, True)]


def test_a_submodule_status_asks_the_checkout_and_fetches_nothing() -> None:
    # Fuser's own run only reads the submodules' state, then tells the user what to run
    # (handle_git_submodules.cmake:39): its truth has no git
    assert _tools(FUSER_SUBMODULES) == []


# hicann/ops-nn @ e5c3fa93, install_deps.sh:461-475 (inside a version check) and 133-150.
OPS_NN_CASE = """            local curr_ver=""
            case "$cmd" in
                python3)
                    curr_ver=$(python3 --version 2>&1 | awk '{print $2}')
                    ;;
                gcc|g++)
                    curr_ver=$(gcc --version | awk '/^gcc/ {print $NF}')
                    ;;
                cmake)
                    curr_ver=$(cmake --version | awk '/^cmake/ {print $3}')
                    ;;
                pigz)
                    curr_ver=$(pigz --version 2>&1 | awk '{print $2}')
                    ;;
            esac
"""
OPS_NN_MACOS = """            if command -v dnf &> /dev/null; then
                PKG_MANAGER="dnf"
            else
                PKG_MANAGER="yum"
            fi
        elif grep -qE '^NAME="openEuler"$|^NAME="EulerOS"$' /etc/os-release 2>/dev/null; then
            OS="euler"
            PKG_MANAGER="dnf"
        else
            echo "Unsupported Linux distribution, please install manually"
            exit 1
        fi
    elif [[ "$(uname -s)" == "Darwin" ]]; then
        OS="macos"
        if ! command -v brew &> /dev/null; then
            echo "Please install Homebrew first"
            exit 1
        fi
"""


def test_a_case_pattern_runs_no_tool() -> None:
    # ``pigz)`` names the branch; the branch only asks pigz its version
    found = extract_shell(source_file("install_deps.sh", OPS_NN_CASE)).requirements
    assert needs(found) == []


def test_a_tool_a_macos_branch_checks_for_is_no_need() -> None:
    # the Linux branch before it is closed by its own fi; the Darwin elif is macOS's
    script = "if [ -f /etc/os-release ]; then\n    if true; then\n" + OPS_NN_MACOS + "    fi\nfi\n"
    found = extract_shell(source_file("install_deps.sh", script)).requirements
    assert needs(found) == []
    linux = script.replace('"Darwin"', '"Linux"')
    assert needs(extract_shell(source_file("install_deps.sh", linux)).requirements) == [
        ("system_package", "brew", 17, True)
    ]


def test_a_branch_that_is_not_macos_is_the_linux_side() -> None:
    # constructed by review: != "Darwin" is where the Linux machine's needs are checked
    text = (
        'if [[ "$(uname -s)" != "Darwin" ]]; then\n'
        '    if [ -z "$CUDA_HOME" ]; then\n'
        '        echo "set CUDA_HOME"\n'
        "        exit 1\n"
        "    fi\n"
        "fi\n"
    )
    found = extract_shell(source_file("build.sh", text)).requirements
    assert [r.subject for r in found if r.subject == "env_var"] == ["env_var"]


# stotko/stdgpu 22599cfd cmake/setup_clang_tidy.cmake:1-2
STDGPU_CLANG_TIDY = """function(stdgpu_setup_clang_tidy STDGPU_OUTPUT_PROPERTY_CLANG_TIDY)
    find_package(ClangTidy REQUIRED)
"""


def test_a_linter_cmake_finds_is_a_developer_s_tool() -> None:
    found = extract_cmake(source_file("cmake/setup_clang_tidy.cmake", STDGPU_CLANG_TIDY))
    tidy = [r for r in found.requirements if r.subject == "cmake:ClangTidy"]
    assert [(r.source.line, r.feature) for r in tidy] == [(2, "development")]


# Ascend/mspti @ a3891605 scripts/make_run.sh:135-148 (inside create_run_package)
MSPTI_MAKESELF = """    ${CREATE_RUN_SCRIPT} \\
    --header ${CONTROL_PARAM_SCRIPT} \\
    --help-header ${filer_param} \\
    --pigz \\
    --tar-quietly \\
    --complevel 4 \\
    --nomd5 \\
    --sha256 \\
    --chown \\
    ${temp_dir} \\
    ${OUTPUT_DIR}/${package_name} \\
    ${run_name} \\
    ./${main_script}
"""
# Ascend/msopprof @ d6c29dfa cmake/CMakeLists.txt:108-115
MSOPPROF_PACKAGE = """add_custom_command(OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/package.flag
    COMMAND cd ${MSOPPROF_SRC_DIR}/package/script/ && ${PYTHON} parser.py -x ${MSOPPROF_SRC_DIR}/package/conf/filelist.xml
            --delivery_path ${CMAKE_INSTALL_PREFIX} -o ${CMAKE_SYSTEM_PROCESSOR}
    COMMAND cd ${CMAKE_INSTALL_PREFIX} && ${makeselfTool} --header ${makeselfHeader} --help-header ${helpInfo} --pigz
            --complevel 4 --nocrc --nomd5 --sha256 --chown --tar-quietly ${NAME} ${packageName} ${comments} ${installShell}
    COMMAND chmod 750 ${CMAKE_INSTALL_PREFIX}/*.run
    COMMAND touch ${CMAKE_CURRENT_BINARY_DIR}/package.flag
    DEPENDS ${PACAKGE_SCRIPT_FILES} ${makeselfTool} ${makeselfHeader}
"""  # noqa: E501


def test_a_packer_told_to_compress_with_pigz_needs_it() -> None:
    shell = extract_shell(source_file("scripts/make_run.sh", MSPTI_MAKESELF)).requirements
    assert ("system_package", "pigz", 4, True) in needs(shell)
    cmake = extract_cmake(source_file("cmake/CMakeLists.txt", MSOPPROF_PACKAGE)).requirements
    assert ("system_package", "pigz", 4, True) in needs(cmake)


# rapidsai/rmm @ 5d50a37b, cmake/RAPIDS.cmake:20-23, 33-35 and 61-70 (rapids-cmake's
# bootstrap): a clone only when asked, a GitHub archive otherwise.
RAPIDS_BOOTSTRAP = """if(NOT rapids-cmake-repo)
  # Define a default repo if the user doesn't set one
  set(rapids-cmake-repo rapidsai/rapids-cmake)
endif()
if(NOT rapids-cmake-url)
  # Construct a default URL if the user doesn't set one
  set(rapids-cmake-url "https://github.com/${rapids-cmake-repo}/")
endif()
include(FetchContent)
if(rapids-cmake-fetch-via-git)
  FetchContent_Declare(
    rapids-cmake
    GIT_REPOSITORY "${rapids-cmake-url}"
    GIT_TAG "${rapids-cmake-value-to-clone}")
else()
  string(APPEND rapids-cmake-url "${rapids-cmake-value-to-clone}")
  FetchContent_Declare(rapids-cmake URL "${rapids-cmake-url}")
endif()
"""
# OpenPPL/ppl.llm.kernel.cuda @ 255f3c82, cmake/deps.cmake:55-71: the other branch's URL is the
# user's own package, no address the file knows.
PPL_HPCC = """if(PPLNN_DEP_HPCC_PKG)
    FetchContent_Declare(hpcc
        URL ${PPLNN_DEP_HPCC_PKG}
        SOURCE_DIR ${HPCC_DEPS_DIR}/hpcc
        BINARY_DIR ${CMAKE_CURRENT_BINARY_DIR}/hpcc-build
        SUBBUILD_DIR ${HPCC_DEPS_DIR}/hpcc-subbuild)
else()
    if(NOT PPLNN_DEP_HPCC_GIT)
        set(PPLNN_DEP_HPCC_GIT "https://github.com/OpenPPL/hpcc.git")
    endif()
    FetchContent_Declare(hpcc
        GIT_REPOSITORY ${PPLNN_DEP_HPCC_GIT}
        GIT_TAG ${PPLNN_DEP_HPCC_VERSION}
        SOURCE_DIR ${HPCC_DEPS_DIR}/hpcc
        BINARY_DIR ${CMAKE_CURRENT_BINARY_DIR}/hpcc-build
        SUBBUILD_DIR ${HPCC_DEPS_DIR}/hpcc-subbuild)
endif()
"""


def test_a_clone_with_an_archive_to_download_instead_needs_no_git() -> None:
    found = needs(extract_cmake(source_file("cmake/RAPIDS.cmake", RAPIDS_BOOTSTRAP)).requirements)
    assert [n for n in found if n[0] == "system_package"] == []
    assert [n[:3] for n in found if n[0] == "network"][:1] == [
        ("network", "https://github.com/rapidsai/rapids-cmake/", 7)
    ]


def test_a_clone_whose_other_branch_names_no_address_needs_git() -> None:
    found = needs(extract_cmake(source_file("cmake/deps.cmake", PPL_HPCC)).requirements)
    assert ("system_package", "git", 12, True) in found


# OpenPPL/ppl.llm.kernel.cuda @ 255f3c82, cmake/deps.cmake:116-125: hpcc's helpers (defined in
# hpcc, which the configure fetches first) given the user's package or the default clone.
PPL_CUTLASS = """if(PPLNN_DEP_CUTLASS_PKG)
    hpcc_declare_pkg_dep(cutlass
        ${PPLNN_DEP_CUTLASS_PKG})
else()
    if(NOT PPLNN_DEP_CUTLASS_GIT)
        set(PPLNN_DEP_CUTLASS_GIT "https://github.com/NVIDIA/cutlass.git")
    endif()
    hpcc_declare_git_dep(cutlass
        ${PPLNN_DEP_CUTLASS_GIT}
        ${PPLNN_DEP_CUTLASS_VERSION})
endif()
"""


def test_a_fetch_helper_given_an_address_downloads_it() -> None:
    found = extract_cmake(source_file("cmake/deps.cmake", PPL_CUTLASS)).requirements
    # cited where the address is set and at the call; the user's package names no address
    assert [(r.subject, r.spec, r.source.line, [s.line for s in r.also_at]) for r in found] == [
        ("network", "cutlass from https://github.com/NVIDIA/cutlass.git", 6, [8]),
        ("system_package", "git", 6, [8]),
    ]
    # a helper the file defines is read in its body, not at its calls (constructed)
    defined = "function(hpcc_declare_git_dep name url tag)\nendfunction()\n" + PPL_CUTLASS
    assert extract_cmake(source_file("cmake/deps.cmake", defined)).requirements == ()
