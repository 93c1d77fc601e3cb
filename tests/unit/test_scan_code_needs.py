"""Needs a build states in code rather than in its docs (issue 11, classes M3 and M16): tools a
build script runs, compiler launchers found when present, the driver ``-lcuda`` links, the
supported device architectures a ``setup.py`` lists, a toolkit home it stops without. Each
case is the real lines of a public repo, cited above it, with what they must become."""

from __future__ import annotations

from collections.abc import Sequence

from bringup.model import Requirement
from bringup.scan.cmake import extract_cmake
from bringup.scan.commands import joined_lines, parse_commands
from bringup.scan.extraction import SourceFile
from bringup.scan.runners import _runs, run_through, runner_functions
from bringup.scan.setup_py import extract_setup_py
from bringup.scan.shell import extract_shell
from bringup.scan.shlayout import script_layout


def _file(rel: str, text: str) -> SourceFile:
    return SourceFile(ref=f"repo/{rel}", rel=rel, text=text)


def _of(
    requirements: Sequence[Requirement], *subjects: str
) -> list[tuple[str, str, int | None, bool]]:
    return [
        (r.subject, r.spec, r.source.line, r.hard) for r in requirements if r.subject in subjects
    ]


# Ascend/op-plugin @ 517f2e7d, ci/build.sh:89 and :106-110 (the build clones torch_npu's sources).
OP_PLUGIN_BUILD = """        git checkout "${PYTORCH_VERSION}" --recurse-submodules;
        git checkout .;git clean -fdx;
    PYTORCH_PATH=${BUILD_PATH}/pytorch
    if [ ! -d ${PYTORCH_PATH} ]; then
        git clone -b ${PYTORCH_VERSION} https://gitcode.com/ascend/pytorch.git ${PYTORCH_PATH}
    fi
"""
# Ascend/apex @ 8b8bd43f, scripts/gen.sh:27-30.
APEX_GEN = """    cp $ROOT_DIR/patch/npu.patch $APEX_DIR
    cd $APEX_DIR || exit
    patch -p1 <npu.patch
    rm -rf npu.patch
"""
# Checkout queries and probes state no need: hicann/shmem @ 643bfb73, scripts/build.sh:150 and
# scripts/run.sh:17-18; a submodule fetch the build runs itself needs git (Ascend/torchair
# @ fced8842, build.sh:61; the relabelled truths' convention: git where the build runs it).
SHMEM_QUERIES = """    branch=$(git symbolic-ref -q --short HEAD 2>/dev/null || echo "unknown")
lcov --version > /dev/null 2>&1
lcov_not_found=$?
  git submodule update --init --recursive
"""


def test_a_build_script_needs_the_tools_it_runs_to_get_and_prepare_sources() -> None:
    op_plugin = extract_shell(_file("ci/build.sh", OP_PLUGIN_BUILD)).requirements
    # the clone needs git; the checkouts (lines 1-2) run where the tree already is
    assert _of(op_plugin, "system_package") == [("system_package", "git", 5, True)]
    git = next(r for r in op_plugin if r.subject == "system_package")
    assert git.also_at == ()
    apex = extract_shell(_file("scripts/gen.sh", APEX_GEN)).requirements
    assert _of(apex, "system_package") == [("system_package", "patch", 3, True)]
    quiet = extract_shell(_file("scripts/build.sh", SHMEM_QUERIES)).requirements
    assert _of(quiet, "system_package") == [("system_package", "git", 4, True)]
    # a lint or test script's tools are its own
    assert (
        _of(extract_shell(_file("scripts/test.sh", APEX_GEN)).requirements, "system_package") == []
    )


# deepseek-ai/FlashMLA @ 9241ae3e, setup.py:52 fetches a submodule with git; Ascend/DrivingSDK
# @ e667017e, setup.py:185-191 reads the commit (a call over three lines here: a query, no
# need); the clone is Ascend/MindSpeed-Core-MS @ 5c4f1310, auto_convert_llm.sh:5, as an
# f-string command line.
SETUP_RUNS = """import subprocess
subprocess.run(["git", "submodule", "update", "--init", "csrc/cutlass"])
def get_sha(pytorch_root):
    try:
        return (
            subprocess.check_output(["git", "rev-parse", "HEAD"], cwd=pytorch_root).decode(
                "ascii"
            ).strip()
        )
    except Exception:
        return "Unknown"
LLM = "https://gitee.com/ascend/MindSpeed-LLM.git"
subprocess.check_call(f"git clone -b 1.0.0 {LLM} --depth=1", shell=True)
"""


def test_setup_py_needs_the_tools_it_runs() -> None:
    found = extract_setup_py(_file("setup.py", SETUP_RUNS)).requirements
    assert _of(found, "system_package") == [("system_package", "git", 2, True)]
    git = next(r for r in found if r.subject == "system_package")
    assert [s.line for s in git.also_at] == [13]


# The build's own make after its configure: hicann/amct @ 2be20daf, build.sh:163-169; hicann/shmem
# @ 643bfb73, setup.py:84 (inside build_ext.run); Ascend/MindIE-LLM @ 8b4871ad,
# cmake/open_source_build/openssl.cmake:36-37. A version probe (hicann/ops-tensor @ d636af5c,
# build.sh:517) and CMake's own generator (hicann/atvoss @ 9cc10640, build.sh:394 ``cmake
# --build``; cmake/third_party/gtest.cmake:89-90, ExternalProject's ``$(MAKE)``) state no make.
AMCT_MAKE = """  cmake ${CMAKE_ARGS} ..

  make all ${VERBOSE} -j${THREAD_NUM}
  if [ $? -ne 0 ]
  then
    echo "execute command: make ${VERBOSE} -j${THREAD_NUM}."
    return 1
"""
SHMEM_SETUP_MAKE = """import subprocess
subprocess.check_call(["make", "install", "-j17"], cwd=build_dir)
"""
MINDIE_OPENSSL_MAKE = (
    "execute_process(COMMAND make clean WORKING_DIRECTORY ${PKG_DOWNLOAD_DIR}"
    " OUTPUT_QUIET)\n"
    "execute_process(COMMAND make -j${THREAD_NUM} WORKING_DIRECTORY ${PKG_DOWNLOAD_DIR}"
    " OUTPUT_QUIET)\n"
)
NOT_MAKE_SHELL = """        local make_version=$(make --version | head -n1)
  cmake --build . --target package -- ${VERBOSE} -j $THREAD_NUM
"""
NOT_MAKE_CMAKE = """ExternalProject_Add(gtest_build
            BUILD_COMMAND $(MAKE)
            INSTALL_COMMAND $(MAKE) install
)
"""


# hicann/atvoss @ 9cc10640, build.sh:499: the build's log piped through GNU awk's strftime.
ATVOSS_GAWK = """main "$@" | gawk '{print strftime("[%Y-%m-%d %H:%M:%S]"), $0}'
"""


def test_a_program_a_build_pipes_into_is_run() -> None:
    found = extract_shell(_file("build.sh", ATVOSS_GAWK)).requirements
    assert _of(found, "system_package") == [("system_package", "gawk", 1, True)]


def test_a_build_that_runs_make_needs_make() -> None:
    amct = extract_shell(_file("build.sh", AMCT_MAKE)).requirements
    assert _of(amct, "system_package") == [("system_package", "make", 3, True)]
    shmem = extract_setup_py(_file("setup.py", SHMEM_SETUP_MAKE)).requirements
    assert _of(shmem, "system_package") == [("system_package", "make", 2, True)]
    mindie = extract_cmake(_file("cmake/openssl.cmake", MINDIE_OPENSSL_MAKE)).requirements
    assert _of(mindie, "system_package") == [("system_package", "make", 1, True)]
    make = next(r for r in mindie if r.subject == "system_package")
    assert [s.line for s in make.also_at] == [2]
    probe = extract_shell(_file("build.sh", NOT_MAKE_SHELL)).requirements
    assert _of(probe, "system_package") == []
    generator = extract_cmake(_file("cmake/gtest.cmake", NOT_MAKE_CMAKE)).requirements
    assert _of(generator, "system_package") == []
    # a test script's make is the tests' own
    assert (
        _of(extract_shell(_file("scripts/run_test.sh", AMCT_MAKE)).requirements, "system_package")
        == []
    )


# A build's own runner function: hicann/ge @ ffdcbc9f, build.sh:146-152 (keeps its argument: no
# runner), :411-418 (eval ${cmd}) and :467; hicann/metadef @ 786891c0, build.sh:206-213 (runs
# ${cmd} itself) and :264; hicann/ops-cv @ 6ae87653, install_deps.sh:14-18 ("$@" in a command
# substitution) and :419; hicann/amct @ 2be20daf, build.sh:316 (passes its arguments on).
GE_RUNNER = """append_build_component() {
  if [ -z "${BUILD_COMPONENT}" ]; then
    BUILD_COMPONENT="$1"
  else
    BUILD_COMPONENT+=";$1"
  fi
}
execute_command() {
  local cmd=$1
  eval ${cmd}
  if [ 0 -ne $? ]; then
    echo "Failed command: ${cmd}"
    exit 1
  fi
}
  execute_command "make ${component} ${VERBOSE} -j${THREAD_NUM}"
  append_build_component "make"
"""
METADEF_RUNNER = """execute_command() {
  local cmd=$1
  ${cmd}
  if [ 0 -ne $? ]; then
    echo "Failed command: '${cmd}'."
    exit 1
  fi
}
  execute_command "make all -j${THREAD_NUM} ${VERBOSE}"
"""
OPS_CV_RUNNER = """run_command() {
    local cmd="$*"
    echo "Executing command: $cmd"

    if ! output=$("$@" 2>&1); then
         local exit_code=$?
    fi
}
  checkopts "$@"
"""


def test_a_command_run_through_the_scripts_own_runner_function_is_run() -> None:
    assert runner_functions(joined_lines(GE_RUNNER)) == {"execute_command"}
    assert runner_functions(joined_lines(METADEF_RUNNER)) == {"execute_command"}
    assert runner_functions(joined_lines(OPS_CV_RUNNER)) == {"run_command"}
    ge = extract_shell(_file("build.sh", GE_RUNNER)).requirements
    assert _of(ge, "system_package") == [("system_package", "make", 16, True)]
    metadef = extract_shell(_file("build.sh", METADEF_RUNNER)).requirements
    assert _of(metadef, "system_package") == [("system_package", "make", 9, True)]
    ops_cv = parse_commands('run_command sudo make -C "$gtest_src_dir/build"')
    assert run_through(ops_cv[0], frozenset({"run_command"}))[:2] == ("sudo", "make")


def test_a_script_reading_no_argument_has_no_runner_as_its_every_function_says() -> None:
    # metadef's runner without its "local cmd=$1" runs a ${cmd} it is not given: no runner.
    # The script-wide check (no $1, $@, $*: no layout worked out) answers as each function
    # body read on its own does
    global_cmd = METADEF_RUNNER.replace("  local cmd=$1\n", "")
    for script in (GE_RUNNER, METADEF_RUNNER, OPS_CV_RUNNER, global_cmd):
        lines = joined_lines(script)
        bodies, _ = script_layout(lines)
        each = {
            name for name, body in bodies.items() if name and _runs([lines[i].text for i in body])
        }
        assert runner_functions(lines) == each
    assert runner_functions(joined_lines(global_cmd)) == frozenset()


def test_a_runner_runs_the_variable_it_holds_named_whole() -> None:
    # constructed from metadef's runner: ${cmd_log} is another variable than the ${cmd} that
    # holds what the function is given; run after a separator, ${cmd} is run
    other = METADEF_RUNNER.replace("  ${cmd}\n", "  ${cmd_log}\n")
    assert runner_functions(joined_lines(other)) == frozenset()
    chained = METADEF_RUNNER.replace("  ${cmd}\n", "  cd build; $cmd\n")
    assert runner_functions(joined_lines(chained)) == {"execute_command"}
    quoted = METADEF_RUNNER.replace("  ${cmd}\n", '  sudo "${cmd}"\n')
    assert runner_functions(joined_lines(quoted)) == {"execute_command"}


# hicann/shmem @ 643bfb73, CMakeLists.txt:32-40.
SHMEM_CCACHE = """find_program(CCACHE_FOUND ccache)
if(CCACHE_FOUND)
    message(STATUS "ccache found: ${CCACHE_FOUND}")
    set(CMAKE_C_COMPILER_LAUNCHER ${CCACHE_FOUND})
    set(CMAKE_CXX_COMPILER_LAUNCHER ${CCACHE_FOUND})
else()
    message(STATUS "ccache not found. Compilation will proceed without it.")
endif()
"""
# hicann/pyasc @ cecba26a, CMakeLists.txt:58-64: ccache only when the user turns the option on.
PYASC_CCACHE = """option(ASCIR_CCACHE "Use ccache as a compiler launcher" OFF)
if (ASCIR_CCACHE)
  find_program(CCACHE_PROGRAM ccache)
  if(CCACHE_PROGRAM)
    message(STATUS "ccache is enabled")
    set(CMAKE_C_COMPILER_LAUNCHER "${CCACHE_PROGRAM}" CACHE STRING "C compiler launcher")
  endif()
endif()
"""
# Ascend/AscendNPU-IR @ 52f96a13, build-tools/build.sh:569-572.
NPU_IR_CCACHE = """  local build_ccache_build=""
  if ! command -v ccache >/dev/null 2>&1; then
    echo "ccache could not be found" >&2
    build_ccache_build="OFF"
  fi
"""


def test_a_compiler_launcher_found_when_present_is_a_soft_need() -> None:
    shmem = extract_cmake(_file("CMakeLists.txt", SHMEM_CCACHE)).requirements
    assert _of(shmem, "system_package") == [("system_package", "ccache", 1, False)]
    pyasc = extract_cmake(_file("CMakeLists.txt", PYASC_CCACHE)).requirements
    assert _of(pyasc, "system_package") == []
    script = extract_shell(_file("build-tools/build.sh", NPU_IR_CCACHE)).requirements
    assert _of(script, "system_package") == [("system_package", "ccache", 2, False)]


# thu-ml/SageAttention @ d1a57a54, setup.py:36-37, :48, :75-77, :94, :123-125 and :213 (indent kept
# where it matters, the lines between left out).
SAGE_SETUP = """import torch
from torch.utils.cpp_extension import BuildExtension, CUDAExtension, CUDA_HOME
SUPPORTED_ARCHS = {"8.0", "8.6", "8.9", "9.0", "10.0", "12.0", "12.1"}
if CUDA_HOME is None:
    raise RuntimeError(
        "Cannot find CUDA_HOME. CUDA must be available to build the package.")
compute_capabilities = set()
arch_list_env = os.getenv("TORCH_CUDA_ARCH_LIST", "").strip()
if not compute_capabilities:
    raise RuntimeError(
        "No target compute capabilities. Set TORCH_CUDA_ARCH_LIST or build on a machine with GPUs.")
ext = CUDAExtension(name="sageattention._qattn_sm90", sources=[], extra_link_args=['-lcuda'])
"""
# a CPU architecture list is no device architecture (same name, other words)
CPU_ARCHS = 'SUPPORTED_ARCHS = ["x86_64", "aarch64"]\n'


def test_setup_py_states_architectures_driver_and_toolkit_home_in_code() -> None:
    found = extract_setup_py(_file("setup.py", SAGE_SETUP)).requirements
    # the supported list, machine code for each: 8.x to 10.x and 12.x, no 11.0 (outsider8 #2)
    capability = ("compute_capability", ">=8.0,<11.0 || >=12.0,<13.0", 3, True)
    assert capability in _of(found, "compute_capability")
    assert _of(found, "nvidia_driver") == [("nvidia_driver", "", 12, True)]
    env = {
        r.spec: (r.source.line, [s.line for s in r.also_at])
        for r in found
        if r.subject == "env_var"
    }
    # torch's CUDA_HOME is the toolkit torch found (the variable, else nvcc on the path, else
    # /usr/local/cuda): the stop needs the toolkit, never the variable (truth conventions C2)
    assert env == {"TORCH_CUDA_ARCH_LIST": (10, [11])}
    assert ("cuda", "", 4, True) in _of(found, "cuda")
    cpu = extract_setup_py(_file("setup.py", CPU_ARCHS)).requirements
    assert _of(cpu, "compute_capability") == []


# perplexityai/pplx-kernels @ 2bd6e30f, setup.py:36-50: CMake told to write Ninja's files
# (an argv read to its first word not written out), then ninja run by name.
PPLX_BUILD = """import subprocess
subprocess.check_call(
    [
        "cmake",
        "-B",
        str(build_dir),
        "-S",
        str(source_dir),
        "-G",
        "Ninja",
        "-DCMAKE_PREFIX_PATH=" + _get_torch_cmake_prefix_path(),
    ]
)
subprocess.check_call(["ninja"], cwd=str(build_dir))
"""
# facebookresearch/pytorch3d @ 9381c401, setup.py:160-167: torch's BuildExtension, which
# builds without ninja when it is missing.
PYTORCH3D_BUILD = """import os
import torch
if os.getenv("PYTORCH3D_NO_NINJA", "0") == "1":

    class BuildExtension(torch.utils.cpp_extension.BuildExtension):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, use_ninja=False, **kwargs)

else:
    BuildExtension = torch.utils.cpp_extension.BuildExtension
"""


def test_a_setup_py_running_ninja_needs_ninja() -> None:
    found = extract_setup_py(_file("setup.py", PPLX_BUILD)).requirements
    assert [(r.subject, r.spec, r.source.line) for r in found if r.subject == "ninja"] == [
        ("ninja", "", 14)
    ]
    found = extract_setup_py(_file("setup.py", PYTORCH3D_BUILD)).requirements
    assert [r for r in found if r.subject == "ninja"] == []


# Ascend/MultimodalSDK @ 916d29e1, build_script/fetch_deps.sh:63-66 and build_script/
# build_merge.sh:138: a top-level ``build_script/`` holds the repo's own build scripts, read as
# ``scripts/`` is (the tool a check stops without, the tool a step runs); the same script one
# part deeper is that part's.
MULTIMODAL_FETCH = """    if ! command -v git >/dev/null 2>&1; then
        echo "[ERROR] git is required to fetch dependencies." >&2
        exit 1
    fi
    patch -p1 < "${PATCH_FILE}" || { echo "[ERROR] Patch failed"; exit 1; }
"""


def test_a_build_script_folder_holds_the_repo_s_own_scripts() -> None:
    found = extract_shell(_file("build_script/fetch_deps.sh", MULTIMODAL_FETCH)).requirements
    assert {r.spec for r in found if r.subject == "system_package"} == {"git", "patch"}
    deeper = extract_shell(_file("part/build_script/fetch_deps.sh", MULTIMODAL_FETCH))
    assert [r for r in deeper.requirements if r.subject == "system_package"] == []
