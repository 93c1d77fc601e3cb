"""System packages and host tools the build needs, read from the statements of issue 11's
vocabulary: a CMake stop naming a headers package, an install script's version check, a
compiler cache a build script uses when found, and the scripts a build script runs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bringup.model import Requirement
from bringup.scan.cmake import extract_cmake
from bringup.scan.commands import commands_of, joined_lines
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.makefile import extract_makefile
from bringup.scan.repo import scan_repo
from bringup.scan.shell import extract_shell
from bringup.scan.shellruns import run_scripts


def _file(rel: str, text: str) -> SourceFile:
    return SourceFile(ref=f"repo/{rel}", rel=rel, text=text)


def _tools(requirements: Sequence[Requirement]) -> list[tuple[str, int | None, bool]]:
    return [(r.spec, r.source.line, r.hard) for r in requirements if r.subject == "system_package"]


# microsoft/mscclpp @ 1f5f065d CMakeLists.txt:256-258 (the message's last sentence left out):
# the Debian and the RPM name of one library, alternatives.
MSCCLPP_IB = """find_package(IBVerbs)
if(NOT IBVERBS_FOUND)
    message(FATAL_ERROR "IBVerbs not found. Install libibverbs-dev or rdma-core-devel.")
endif()
"""
# hicann/ops-blas @ 35101c89 cmake/test.cmake:221-223: the package on the message's second line.
OPS_BLAS_REFBLAS = """if(NOT REFBLAS_INCLUDE_DIR OR NOT REFBLAS_LIB)
    message(FATAL_ERROR "Reference BLAS (cblas.h / libblas) not found. "
        "Install via: apt-get install libblas-dev")
endif()
"""
# hicann/pypto @ 883e7dfb python/src/CMakeLists.txt:30-31: a stop naming no package.
PYPTO_STOP = """if ("${Python3_EXECUTABLE_VERSION}x" STREQUAL "x")
    message(FATAL_ERROR "Python3 interpreter version not defined, can't build pypto_impl online")
endif ()
"""


def test_a_configure_stop_naming_a_headers_package_needs_it() -> None:
    mscclpp = extract_cmake(_file("CMakeLists.txt", MSCCLPP_IB)).requirements
    assert _tools(mscclpp) == [("libibverbs-dev", 3, True)]
    refblas = extract_cmake(_file("cmake/test.cmake", OPS_BLAS_REFBLAS)).requirements
    assert _tools(refblas) == [("libblas-dev", 3, True)]
    assert [s.line for r in refblas if r.subject == "system_package" for s in r.also_at] == [2]
    assert _tools(extract_cmake(_file("CMakeLists.txt", PYPTO_STOP)).requirements) == []


# hicann/asc-tools @ 2113e48f install_deps.sh:299-311 (shortened): a function named for the
# tool checks it against the least release it sets; mirror-cann/sip @ 680699a2
# install_deps.sh:78-84: the same for python3, a subject of its own, read elsewhere.
ASC_TOOLS_PIGZ = """install_pigz() {
    # pigz version >= 2.4
    echo -e "\\n==== Checking pigz ===="
    local req_ver="2.4"
    local curr_ver=""

    if command -v pigz &> /dev/null; then
        curr_ver=$(pigz --version 2>&1 | awk '{print $2}')
        if version_ge "$curr_ver" "$req_ver"; then
            return
        fi
    fi
}

install_python() {
    echo -e "\\n==== Checking Python ===="
    local req_ver="3.7.0"
    local curr_ver=""

    if command -v python3 &> /dev/null; then
        return
    fi
}
"""
CHECK_ALL = """check_tools() {
    local min_version="2.4"
    command -v pigz || exit 1
    command -v patch || exit 1
}
"""


def test_an_install_function_checking_its_tool_against_a_release_is_a_floor() -> None:
    found = [
        r
        for r in extract_shell(_file("install_deps.sh", ASC_TOOLS_PIGZ)).requirements
        if r.subject == "system_package"
    ]
    assert _tools(found) == [("pigz>=2.4", 4, True)]
    assert [s.line for s in found[0].also_at] == [1]
    # several tools, one release: which tool it is for is not said
    checked = extract_shell(_file("install_deps.sh", CHECK_ALL)).requirements
    assert [spec for spec, _, _ in _tools(checked) if ">=" in spec] == []


# Ascend/MindIE-LLM @ 8b4871ad build.sh:44-46: the build runs its compiler through ccache
# when it is there; rapidsai/raft @ 2141422b build.sh:454-455: a check that only reads the
# cache's statistics.
MINDIE_LLM_CCACHE = (
    '    if [ "$CMAKE_CXX_COMPILER_LAUNCHER" == "" ] && command -v ccache &> /dev/null;then\n'
    '        COMPILE_OPTIONS="${COMPILE_OPTIONS} -DCMAKE_CXX_COMPILER_LAUNCHER=ccache"\n'
    "    fi\n"
)
RAFT_STATS = """          if [[ ${CACHE_TOOL} == "sccache" && -x "$(command -v sccache)" ]]; then
              COMPILE_REQUESTS=$(sccache -s | grep "Compile requests" | awk '{ print $NF }')
          fi
"""


def test_a_compiler_cache_used_when_found_is_a_soft_need() -> None:
    found = extract_shell(_file("build.sh", MINDIE_LLM_CCACHE)).requirements
    assert _tools(found) == [("ccache", 1, False)]
    assert _tools(extract_shell(_file("build.sh", RAFT_STATS)).requirements) == []


# Ascend/MindIE-Motor @ 5dfb024e build/build.sh:199 and xLLM-AI/xllm-ops @ d4a441a6
# build.sh:170: scripts the build runs, from a vendored directory and a part's directory.
MOTOR_RUN = 'bash "$BUILD_SCRIPT_DIR"/third_party/build.sh\n'
XLLM_RUN = (
    'stdbuf -oL bash "${BASE_DIR}/xllm_ops/build_aclnn.sh" "${BASE_DIR}/xllm_ops" "$soc_ver"\n'
)


def test_the_scripts_a_build_script_runs_are_offered_from_its_directory_and_the_top() -> None:
    motor = run_scripts("build/build.sh", commands_of(joined_lines(MOTOR_RUN)))
    assert motor == ("build/third_party/build.sh", "third_party/build.sh")
    assert run_scripts("build.sh", commands_of(joined_lines(XLLM_RUN))) == (
        "xllm_ops/build_aclnn.sh",
    )
    sourced = commands_of(joined_lines("source ./set_env.sh\nbash $HOME/$X/run.sh\n"))
    assert run_scripts("build.sh", sourced) == ()


# MindIE-Motor @ 5dfb024e build/third_party/build.sh:91 (``make``) and :344 (a patch whose
# failure the script ignores); xllm-ops @ d4a441a6 xllm_ops/build_aclnn.sh:103.
THIRD_PARTY_BUILD = """cd "$src_openssl_dir"
make -j${NUM_PROC}
patch -p1 -f < "$SERVICE_ROOT_DIR"/tests/server/update.patch || true
"""
ACLNN = """if ! git submodule update --init --recursive; then
    echo "fetch failed"
fi
"""


def test_what_a_script_the_build_runs_runs_the_build_needs(tmp_path: Path) -> None:
    (tmp_path / "build" / "third_party").mkdir(parents=True)
    (tmp_path / "build" / "build.sh").write_text(MOTOR_RUN)
    (tmp_path / "build" / "third_party" / "build.sh").write_text(THIRD_PARTY_BUILD)
    (tmp_path / "xllm_ops").mkdir()
    (tmp_path / "xllm_ops" / "build_aclnn.sh").write_text(ACLNN)
    (tmp_path / "xllm_ops" / "other.sh").write_text(ACLNN)
    (tmp_path / "build.sh").write_text(XLLM_RUN)
    found = scan_repo(tmp_path, "r").component.requirements
    tools = sorted((r.spec, r.source.ref) for r in found if r.subject == "system_package")
    assert tools == [
        ("git", "r/xllm_ops/build_aclnn.sh"),
        ("make", "r/build/third_party/build.sh"),
    ]


# NVIDIA/gdrcopy @ fcec3ce0 src/gdrdrv/Makefile:25-26 and 44-46 (shortened): a kernel module
# built against the running kernel's build tree; a Makefile only installing into
# /lib/modules builds no module.
GDRDRV_MAKEFILE = """obj-m := nv-p2p-dummy.o
obj-m += gdrdrv.o

KVER ?= $(shell uname -r)
MODULES_DIR := /lib/modules/$(KVER)
KDIR := $(MODULES_DIR)/build

all: build
build:
\t@ $(MAKE) -C $(KDIR) $(MAKE_PARAMS) M=$(PWD) modules
"""
INSTALL_ONLY = """install:
\tcp driver.ko /lib/modules/$(shell uname -r)/extra/
"""


def test_a_kernel_module_build_needs_the_kernel_headers() -> None:
    found = extract_makefile(_file("src/gdrdrv/Makefile", GDRDRV_MAKEFILE)).requirements
    assert _tools(found) == [("linux-headers", 5, True)]
    assert _tools(extract_makefile(_file("Makefile", INSTALL_ONLY)).requirements) == []


# Ascend/MindInferenceService @ a9419463 script/run/install.sh:160-165: the script stops when
# neither program file is there, so either will do.
SHA_CHECK = """function check_sha256sum()
{
  if [ ! -e "/usr/bin/sha256sum" ] && [ ! -e "/usr/bin/shasum" ]; then
    ms_log "ERROR: Sha256 check Failed."
    exit 1
  fi
}
"""


def test_a_missing_program_file_that_stops_the_script_is_a_need() -> None:
    found = extract_shell(_file("script/run/install.sh", SHA_CHECK)).requirements
    assert _tools(found) == [("sha256sum", 3, True)]


# FlagOpen/FlagScale @ da4935ec README.md:62-66: the install steps run the repo's script.
FLAGSCALE_SETUP = """### Setup

2. Install the requirements:
    ```sh
    cd FlagScale
    ./install/install-requirements.sh --env train
    ```
"""


def test_the_scripts_a_guides_install_steps_run_are_read_as_the_builds() -> None:
    includes = extract_docs(_file("README.md", FLAGSCALE_SETUP)).includes
    assert includes == ("install/install-requirements.sh",)


# hicann/ops-blas @ 35101c89 docs/zh/install/quick_install.md:136-141 (under "安装基础依赖"; the
# tests' googletest item shortened): the tools listed one after another are one need; the
# optional pigz and the tests' googletest are their own.
OPS_BLAS_TOOLS = """#### 安装基础依赖

- cmake >= 3.16.0
- pigz（可选，安装后可提升打包速度，建议版本 >= 2.4）
- dos2unix
- make
- patch
- googletest（仅执行ST时依赖）
"""


def test_tools_listed_one_after_another_are_one_need() -> None:
    found = extract_docs(_file("docs/zh/install/quick_install.md", OPS_BLAS_TOOLS)).requirements
    tools = [r for r in found if r.subject == "system_package"]
    assert [(r.spec, r.source.line, r.hard, r.feature) for r in tools] == [
        ("pigz", 4, False, ""),
        ("dos2unix make patch", 5, True, ""),
        ("googletest", 8, True, "tests"),
    ]
    assert [s.line for s in tools[1].also_at] == [6, 7]


# hicann/atvoss @ 9cc10640 build.sh:389-394 (shortened) and a build function running git itself:
# what only the function building the tests runs is the tests' need.
ATVOSS_UT = """build_ut() {
  echo "Start to build ut"
  clean_build

  git submodule init && git submodule update
}
"""
BUILD_CLONES = """
build_package() {
  git clone https://gitcode.com/cann/cmake.git
}
"""


def test_a_tool_only_the_tests_build_runs_is_the_tests() -> None:
    alone = extract_shell(_file("build.sh", ATVOSS_UT)).requirements
    tools = [(r.spec, r.source.line, r.feature) for r in alone if r.subject == "system_package"]
    assert tools == [("git", 5, "tests")]
    both = extract_shell(_file("build.sh", ATVOSS_UT + BUILD_CLONES)).requirements
    tools = [(r.spec, r.source.line, r.feature) for r in both if r.subject == "system_package"]
    assert tools == [("git", 9, "")]


# Ascend/msprobe @ 8ff00da3 scripts/build_msaccucmp.sh:12-15 (shortened): a script nothing in
# the repo runs; the same script run by the top build script.
MSACCUCMP = """function patch_makeself() {
    cd ${OPENSOURCE_DIR}
    git clone -b v2.5.0.x https://gitcode.com/cann-src-third-party/makeself.git
}
patch_makeself
"""


def test_the_tools_of_a_script_nothing_runs_are_no_need(tmp_path: Path) -> None:
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "build_msaccucmp.sh").write_text(MSACCUCMP)
    (tmp_path / "build.sh").write_text("cmake -B build\n")

    def tools() -> list[tuple[str, str]]:
        found = scan_repo(tmp_path, "r").component.requirements
        return [(r.spec, r.source.ref or "") for r in found if r.subject == "system_package"]

    assert tools() == []
    (tmp_path / "build.sh").write_text("bash scripts/build_msaccucmp.sh\ncmake -B build\n")
    assert tools() == [("git", "r/scripts/build_msaccucmp.sh")]


# Ascend/MindIE-LLM @ 8b4871ad examples/atb_models/scripts/opensource_build.sh:296-299: a
# build script no other file of the repo names, stopping without the CANN home. Placed under
# scripts/ here: an examples/ folder is a scope of its own already, and the test would hold
# without the rule it tests.
OPENSOURCE_BUILD = """    if [ -z $ASCEND_HOME_PATH ]; then
        echo "env ASCEND_HOME_PATH not exist, please source cann's set_env.sh"
        exit 1
    fi
"""


def test_the_variables_a_script_nothing_runs_stops_without_are_no_need(tmp_path: Path) -> None:
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "opensource_build.sh").write_text(OPENSOURCE_BUILD)
    (tmp_path / "build.sh").write_text("cmake -B build\n")

    def variables() -> list[tuple[str, str]]:
        found = scan_repo(tmp_path, "r").component.requirements
        return [(r.spec, r.source.ref or "") for r in found if r.subject == "env_var"]

    assert variables() == []
    (tmp_path / "build.sh").write_text("bash scripts/opensource_build.sh\ncmake -B build\n")
    assert variables() == [("ASCEND_HOME_PATH", "r/scripts/opensource_build.sh")]
