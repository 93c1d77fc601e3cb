"""Build and install classes read from the structure of a build's or an installer's output
(issue 15): CMake stopping at a line of the project's own CMake code, CANN's compiler drivers
refusing a flag of the project's build, a CANN .run installer refusing its command line, GCC's
missing-header message wrapped by the paste.

Each log is real: the lines of a tuning case (its public source beside it) or of a public
thread; a constructed input says so."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text


def _first(log: str) -> tuple[str, str]:
    first = explain_text(log)[0]
    return first.signature_id, first.layer


def _ids(log: str) -> list[str]:
    return [d.signature_id for d in explain_text(log)]


# rapidsai/rmm#699 (triage_twentysixth b07): the project's module calls a command CPM.cmake
# defines; CMake prints the project's file relative to its source tree
RMM_UNKNOWN_COMMAND = (
    "-- Downloading CPM.cmake to ...\n"
    "CMake Error at cmake/Modules/RMM_thirdparty.cmake:5 (CPMFindPackage):\n"
    '  Unknown CMake command "CPMFindPackage".\n'
    "Call Stack (most recent call first):\n"
    "  CMakeLists.txt:22 (include)\n"
)

# rapidsai/ucxx#108 (triage_twentysixth b11): the unknown command is in an installed package's
# config file, named by its absolute path (longer than the bytes kept of the lines around a
# failure: the start of the line says where it is)
UCXX_INSTALLED_CONFIG = (
    "-- Found Threads: TRUE  \n"
    "CMake Error at /opt/conda/conda-bld/_h_env_placehold_placehold_placehold_placehold_placehold"
    "_placehold_placehold_placehold_placehold_placehold_placehold_placehold_placehold_placehold"
    "_placehold_placehold_placehold_placehold_placehold_placehold_placehold_placehold_placeho/lib/"
    "cmake/rmm/rmm-config.cmake:157 (thrust_create_target):\n"
    '  Unknown CMake command "thrust_create_target".\n'
)


def test_an_unknown_command_in_the_projects_cmake_code_is_its_source() -> None:
    assert _first(RMM_UNKNOWN_COMMAND) == ("class.build.source-out-of-step", "build")


def test_an_unknown_command_in_an_installed_packages_config_is_not_the_projects() -> None:
    assert "class.build.source-out-of-step" not in _ids(UCXX_INSTALLED_CONFIG)
    assert _first(UCXX_INSTALLED_CONFIG)[1] == "build"


def test_an_unknown_command_in_vendored_cmake_code_is_not_the_projects() -> None:
    # constructed: rmm#699's two lines with the module moved under a vendored third_party/
    log = RMM_UNKNOWN_COMMAND.replace("cmake/Modules/", "third_party/rmm/cmake/Modules/")
    assert "class.build.source-out-of-step" not in _ids(log)


def test_a_command_newer_cmake_releases_built_in_is_cmake_too_old() -> None:
    # greenplum-db/diskquota#312: cmake_path is new in CMake 3.20
    log = (
        "CMake Error at upgrade_test/CMakeLists.txt:35 (cmake_path):\n"
        '  Unknown CMake command "cmake_path".\n'
    )
    assert _first(log) == ("toolchain.cmake-too-old", "build")
    assert "class.build.source-out-of-step" not in _ids(log)


@pytest.mark.parametrize(
    "log",
    [
        # hw-native-sys/pto-isa@0a61a3cc (triage_twentysixth a01): CANN's linker ignores the
        # dependency-file option the project's CMake build passes, and the link fails
        "cce-ld: ignoring unkown argurment: --dependency-file=CMakeFiles/tcvt_kernel.dir/link.d\n"
        "ld.lld: error: cannot open <unknown>: No such file or directory\n"
        "cceld: Linker ReturnCode: 1\n"
        "bisheng: error: linker command failed with exit code 1\n",
        # hicann/shmem@83a1eeb8 (triage_twentyfourth c07): BiSheng refuses a GCC flag of the build
        "bisheng: error: optimization flag '-ffat-lto-objects' is not supported\n",
    ],
)
def test_canns_compiler_refusing_a_flag_of_the_build_is_the_projects_source(log: str) -> None:
    assert _first(log) == ("class.build.source-out-of-step", "build")


def test_the_linkers_own_failure_after_it_is_not_read_alone() -> None:
    # pto-isa@0a61a3cc's last line alone names no cause beyond a failed link
    log = "bisheng: error: linker command failed with exit code 1\n"
    assert "class.build.source-out-of-step" not in _ids(log)


def test_a_cann_run_package_refusing_its_parameters_is_configuration_refused() -> None:
    # hicann/ops-cv@9f98f6b9 (triage_twentysixth b15): the ops package's installer run with no
    # install type
    log = (
        "$ ./cann-910b-ops-cv_9.0.0_linux-x86_64.run \n"
        "Verifying archive integrity...  100%   SHA256 checksums are OK. All good.\n"
        "Uncompressing CANN_OPS-CV_RUN_PACKAGE  100%  \n"
        "[OpsCv] [2026-02-09 10:37:43] [INFO]: Start Time: 2026-02-09 10:37:43\n"
        "[OpsCv] [ERROR]: ERR_NO:0x0002;ERR_DES: only support one type: full/upgrade/uninstall,"
        " operation execute failed! Please use [--help] to see the usage.\n"
        "[OpsCv] [2026-02-09 10:37:43] [INFO]: End Time: 2026-02-09 10:37:43\n"
    )
    assert _first(log) == ("class.install.configuration-refused", "install")


def test_the_installers_prompt_asking_again_is_no_refusal() -> None:
    # constructed: the line hicann/ops-math's and the driver's install scripts print when the
    # answer to a [y/n] question is neither (readYesOrNoFromTerminal), alone
    log = "[ERROR]: ERR_NO:0x0002;ERR_DES:input error, please input again!\n"
    assert "class.install.configuration-refused" not in _ids(log)


def test_a_missing_header_message_the_paste_wrapped_is_header_missing() -> None:
    # rapidsai/raft#1152 (triage_twentysixth b19): the benchmark includes the tests' utilities,
    # which need gtest; GCC's message wrapped after "fatal error:"
    log = (
        "[266/332] Building CUDA object"
        " CMakeFiles/NEIGHBORS_BENCH.dir/bench/neighbors/refine.cu.o\n"
        "FAILED: CMakeFiles/NEIGHBORS_BENCH.dir/bench/neighbors/refine.cu.o\n"
        "In file included from /home/phcho/Desktop/raft/cpp/bench/neighbors/../../test/neighbors/"
        "../test_utils.cuh:19,\n"
        "from /home/phcho/Desktop/raft/cpp/bench/neighbors/../../test/neighbors/ann_utils.cuh:28,\n"
        "from /home/phcho/Desktop/raft/cpp/bench/neighbors/../../test/neighbors/"
        "refine_helper.cuh:18,\n"
        "from /home/phcho/Desktop/raft/cpp/bench/neighbors/refine.cu:39:\n"
        "/home/phcho/Desktop/raft/cpp/bench/neighbors/../../test/neighbors/../test_utils.h:22:10:"
        " fatal error:\n"
        "gtest/gtest.h: No such file or directory\n"
        "22 | #include <gtest/gtest.h>\n"
        "   |          ^~~~~~~~~~~~~~~\n"
        "compilation terminated. \n"
    )
    first = explain_text(log)[0]
    assert (first.signature_id, first.layer) == ("toolchain.header-missing", "build")
    assert first.captures.get("header") == "gtest/gtest.h"


def test_a_standard_header_with_no_extension_is_header_missing() -> None:
    # unslothai/unsloth#5517 (triage_twentyfifth b07): ROCm's clang finds no C++ standard
    # library; the location wrapped onto the line before
    log = (
        "  /opt/rocm-X.Y/lib/llvm/lib/clang/20/include/__clang_hip_runtime_wrapper.h:112:10:\n"
        "    fatal error: 'cstdlib' file not found\n"
    )
    first = explain_text(log)[0]
    assert (first.signature_id, first.layer) == ("toolchain.header-missing", "build")
    assert first.captures.get("header") == "cstdlib"


def test_a_source_file_the_compiler_cannot_open_is_no_header() -> None:
    # lh3/fermi-lite#17: the file given to gcc is not there; it has an extension, no header has
    log = (
        "gcc -Wall -O2 prog.c -o prog -L /usr/local/bin -lfml -lz -lm -lpthread\n"
        "cc1: fatal error: prog.c: No such file or directory\n"
    )
    assert "toolchain.header-missing" not in _ids(log)


def test_the_filesystem_header_of_an_old_gcc_stays_its_own_cause() -> None:
    # rcsoccersim/rcssserver#150: <filesystem> missing is GCC older than 8, not a package
    log = (
        "/home/saleh/Downloads/rcssserver-18.1.3/rcss/parser.h:28:10: fatal error: filesystem:"
        " No such file or directory\n"
        " #include <filesystem>\n"
        "          ^~~~~~~~~~~~\n"
        "compilation terminated.\n"
    )
    assert _first(log)[0] != "toolchain.header-missing"


def test_a_library_the_link_line_does_not_name_is_the_projects_build() -> None:
    # hicann/ops-math@fbd9e4df (triage_twentyfourth b07): GNU ld finds the symbol only in a
    # library linked as another's dependency; the fix names it in the project's link
    log = (
        "undefined reference to 'aclgrphDumpGraph'\n"
        "libge_compiler.so: error adding symbols: DSO missing from command line\n"
    )
    assert _first(log) == ("class.build.source-out-of-step", "build")


@pytest.mark.parametrize(
    "log",
    [
        # IIC2133-PUC/2020-1#112: dash cannot start gcc
        "/bin/sh: 1: gcc: not found\n"
        'Makefile: 111: recipe for target "obj/0_hello_world/main.o" failed\n'
        "make: *** [obj/0_hello_world/main.o] Error 127\n",
        # abba23/spotify-adblock-linux#3: make's own words before 4.3
        "gcc -Wall -shared -fPIC -o spotify-adblock.so -ldl spotify-adblock.c whitelist.h\n"
        "make: gcc: Command not found\n"
        "Makefile:9: recipe for target 'spotify-adblock.so' failed\n"
        "make: *** [spotify-adblock.so] Error 127\n",
        # awilliam/rom-parser#8: GNU make 4.3 and later
        "gcc -o rom-parser rom-parser.c\n"
        "make: gcc: No such file or directory\n"
        "make: *** [Makefile:4: rom-parser] Error 127\n",
        # cleardusk/3DDFA#188 (the message as its title quotes it, in English): gcc without g++
        "gcc: error trying to exec 'cc1plus': execvp: No such file or directory\n"
        "error: command 'gcc' failed with exit status 1\n",
        # FeralInteractive/gamemode#318: Meson finds no C compiler
        "meson.build:1:0: ERROR: Unknown compiler(s): ['cc', 'gcc', 'clang', 'pgcc', 'icc']\n"
        "The follow exceptions were encountered:\n"
        'Running "cc --version" gave "[Errno 2] No such file or directory: \'cc\'"\n',
    ],
)
def test_a_tool_that_cannot_start_the_compiler_is_compiler_missing(log: str) -> None:
    assert _first(log) == ("class.build.compiler-missing", "build")


def test_a_command_make_cannot_start_that_is_no_compiler_is_not_compiler_missing() -> None:
    # ephox-gcc-plugins/cyclomatic_complexity#3: a broken make variable runs an include path
    log = (
        "make: I/usr/local/gcc-graph/lib/gcc/x86_64-unknown-linux-gnu/4.6.2/plugin/include:"
        " Command not found\n"
        "make: [cyc_complexity_plugin.so] Error 127 (ignored)\n"
    )
    assert "class.build.compiler-missing" not in _ids(log)


@pytest.mark.parametrize(
    "log",
    [
        # jkuhlmann/gainput#78: a target one build option leaves out, linked all the same
        "CMake Error at lib/CMakeLists.txt:40 (target_link_libraries):\n"
        '  Cannot specify link libraries for target "gainput" which is not built by\n'
        "  this project.\n",
        # danielsuo/libdocker#2: the CMakeLists names a target before add_executable creates it
        "CMake Error at CMakeLists.txt:20 (target_include_directories):\n"
        '  Cannot specify include directories for target "libdocker_inte" which is not\n'
        "  built by this project.\n",
    ],
)
def test_a_target_the_project_does_not_build_is_its_cmake_source(log: str) -> None:
    assert _first(log) == ("class.build.source-out-of-step", "build")


def test_canns_compiler_refusing_the_chip_it_is_asked_for_is_not_the_projects_source() -> None:
    # constructed: the clang driver's "unknown argument" (clang/include/clang/Basic/
    # DiagnosticDriverKinds.td err_drv_unknown_argument) as BiSheng prints it for an option
    # naming a chip; the target, not the project's flags, is what this CANN lacks
    log = "bisheng: error: unknown argument: '--cce-aicore-arch=dav-c310-vec'\n"
    assert "class.build.source-out-of-step" not in _ids(log)


def test_a_worded_compile_error_without_its_location_is_the_projects_source() -> None:
    # kvcache-ai/Mooncake#2710 (triage_twentyseventh a27): the build-musa job's errors, pasted
    # one per line without their file; the MUSA mapping header lacked the CUDA names the code used
    log = (
        "  error: 'cudaDeviceProp' was not declared in this scope\n"
        "  error: 'cudaGetDeviceProperties' was not declared in this scope\n"
    )
    assert _first(log) == ("class.build.source-out-of-step", "build")


def test_is_not_supported_without_a_location_is_no_compilers_word_for_code() -> None:
    # constructed: hicann/shmem@83a1eeb8's refusal without the name of the tool that said it
    log = "error: optimization flag '-ffat-lto-objects' is not supported\n"
    assert "class.build.source-out-of-step" not in _ids(log)


@pytest.mark.parametrize(
    "log",
    [
        # git v2.43.0 object-name.c:580: error(_("short object ID %s is ambiguous"), ...), as
        # `pip install git+<url>@<short sha>` prints it (the hash is constructed)
        "error: short object ID 1a2b is ambiguous\n",
        # the same, with git's hint and fatal lines around it (constructed around the line above)
        "hint: The candidates are:\nerror: short object ID 1a2b is ambiguous\n"
        "fatal: Needed a single revision\n",
    ],
)
def test_a_phrase_other_tools_say_without_a_quoted_name_is_no_compile_error(log: str) -> None:
    assert "class.build.source-out-of-step" not in _ids(log)


def test_a_phrase_other_tools_say_beside_a_quoted_name_is_a_compile_error() -> None:
    # constructed: GCC's C++ diagnostic for an ambiguous overload (gcc/cp/call.cc "call of
    # overloaded %<%D(%A)%> is ambiguous"), its location cut off as in Mooncake#2710's paste
    log = "error: call of overloaded \u2018abs(long int&)\u2019 is ambiguous\n"
    assert _first(log) == ("class.build.source-out-of-step", "build")


@pytest.mark.parametrize(
    "line",
    [
        # MVIG-SJTU/AlphAction#84: built against torch 1.11, which removed THC
        "AlphAction/alphaction/csrc/cuda/ROIPool3d_cuda.cu:4:10: fatal error: THC/THC.h: No such"
        " file or directory",
        # lucasjinreal/DCNv2_latest#55: the same with TH, on torch 1.11
        "/DCNv2_latest/src/cpu/dcn_v2_cpu.cpp:7:10: fatal error: TH/TH.h: No such file or"
        " directory",
    ],
)
def test_a_header_torch_removed_is_the_source_out_of_step(line: str) -> None:
    assert _first(f"{line}\n") == ("class.build.source-out-of-step", "build")


def test_a_header_of_a_missing_package_stays_the_header_missing() -> None:
    # MVIG-SJTU/AlphAction#84's line with another header in its place (constructed negative case):
    # a header no release of torch removed is a package or include path, not the source.
    line = "ROIPool3d_cuda.cu:4:10: fatal error: THC_png/png.h: No such file or directory\n"
    assert _first(line)[0] == "toolchain.header-missing"
