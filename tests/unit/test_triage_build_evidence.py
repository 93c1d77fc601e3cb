"""What a build log's own lines say about the cause (issue 15): the compiler or the linker
rejecting the project's code (a warning its flags make an error, one name defined in two of its
objects, a library it built needing what it did not compile, an operation the compiler's backend
cannot select), an older CMake reading a newer find module, a system library bound to another
build of its dependency, a build that needs a GPU where none is exposed.

Each line is a real one, from the tuning halves' logs (the case's public source beside it) or
from the documented form of the message."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text


def _first(log: str) -> tuple[str, str]:
    first = explain_text(log)[0]
    return first.signature_id, first.layer


@pytest.mark.parametrize(
    "log",
    [
        # hicann/ge@99bc5729 (triage_twentythird b07): GCC's tag of a warning -Werror made an
        # error, the path on the line before as the log wrapped it
        "/home/jenkins/jenkins/workspace/cann-manifest/runtime/include/dfx/base/err_msg.h:67:43:\n"
        "error: format not a string literal and no format arguments[-Werror=format-security]\n"
        "cc1plus: all warnings being treated as errors\n",
        # ggml-org/llama.cpp#16573 (triage_twentythird c07)
        "/home/otegami/work/cpp/llama.cpp/ggml/src/ggml-cpu/ggml-cpu.c:3572:24: error: passing"
        " argument 1 of \u2018putenv\u2019 discards \u2018const\u2019 qualifier from pointer"
        " target type [-Werror=discarded-qualifiers]\n",
        # clang's form of the tag (clang/lib/Frontend/TextDiagnosticPrinter.cpp)
        "src/a.c:3:9: error: format string is not a string literal (potentially insecure)"
        " [-Werror,-Wformat-security]\n",
        # NVIDIA/cccl#2169 (triage_twentythird c05): two of the project's objects define a kernel
        "/usr/local/cuda-12.7/targets/x86_64-linux/include/nvtx3/nvtxDetail/nvtxInitDefs.h:473:"
        " multiple definition of `InclusiveScanKernel(int*)'; cub/test/CMakeFiles/cub.cpp14.test"
        ".block_scan_api.dir/catch2_test_block_scan_api.cu.o:/usr/local/cuda-12.7/targets/"
        "x86_64-linux/include/nvtx3/nvtxDetail/nvtxInitDefs.h:468: first defined here\n",
        # hicann/shmem@0bd9f7dc (triage_twentyfirst g05): BiSheng's backend cannot select a
        # float-to-u64 conversion the code asks for
        "fatal error: error in backend: Cannot select: i64 = fp_to_uint\n"
        "bisheng: error: clang frontend command failed with exit code 70\n",
        # LMCache/LMCache-Ascend#255 (triage_nineteenth b01): CANN 9's host-stub script refuses
        # the arguments of the project's Ascend C kernel build
        "usage: extract_host_stub.py [-h] [--dynamic-mode] [-d DST_DIR]\n",
    ],
)
def test_the_build_rejecting_the_projects_own_code_is_the_source_out_of_step(log: str) -> None:
    assert _first(log) == ("class.build.source-out-of-step", "build")


def test_an_intrinsic_the_backend_cannot_select_stays_the_toolchain_pair() -> None:
    # the intrinsic form (triage_ninth a07-ptoas-bisheng-cannot-select-intrinsic.log): a
    # generator and a compiler of other releases
    log = (
        "fatal error: error in backend: Cannot select: intrinsic"
        " %llvm.hivm.MOV.UB.TO.OUT.ALIGN.V2.DV\n"
    )
    assert _first(log)[0] == "class.install.compiler-cannot-lower-intrinsic"


def test_a_prebuilt_library_by_absolute_path_stays_the_dependency_pair() -> None:
    log = (
        "/usr/bin/ld: /opt/conda/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so:"
        " undefined reference to `ncclWaitSignal'\n"
    )
    assert _first(log)[0] == "class.install.prebuilt-library-needs-other-dependency"


def test_an_older_cmake_reading_a_newer_find_module_is_cmake_too_old() -> None:
    # kendryte/nncase#260 (triage_nineteenth c01): CMake 3.16's FindPackageHandleStandardArgs
    # reads the NAME_MISMATCHED keyword (3.17) of a bundled FindOpenMP.cmake as its message
    log = (
        "CMake Error at /usr/share/cmake-3.16/Modules/FindPackageHandleStandardArgs.cmake:146"
        " (message):\n  NAME_MISMATCHED (missing: REQUIRED_VARS VERSION_VAR)\n"
    )
    assert _first(log) == ("toolchain.cmake-too-old", "build")
    assert "{" not in explain_text(log)[0].cause


@pytest.mark.parametrize(
    "log",
    [
        # Ascend-VisionSDK docs/zh/faq.md (triage_fifteenth b17): the SDK's libssl first on
        # LD_LIBRARY_PATH, the system's libcurl and libldap bound to it
        "ImportError: /lib64/libcurl.so.4: symbol SSLv3_client_method version OPENSSL_1_1_0 not"
        " defined in file libssl.so.1.1 with link time reference\n",
        "symbol lookup error: /usr/lib64/libldap.so.2: undefined symbol: EVP_md2, version"
        " OPENSSL_3.0.0\n",
    ],
)
def test_a_system_library_missing_a_versioned_symbol_has_another_build_loaded(log: str) -> None:
    assert _first(log) == ("class.install.symbol-defined-twice", "install")
    # review s18a finding 10: one library and one symbol in the log; the text says either reading
    # (a copy first on LD_LIBRARY_PATH or a partial upgrade) and how to tell them apart
    first = explain_text(log)[0]
    assert "partial upgrade" in first.cause
    assert "LD_DEBUG=libs" in first.fix


def test_a_package_library_missing_a_symbol_is_not_another_build_of_a_system_one() -> None:
    log = (
        "ImportError: /opt/conda/lib/python3.10/site-packages/foo/_C.so: undefined symbol:"
        " _ZN3c105ErrorC2E, version libc10\n"
    )
    assert _first(log)[0] != "class.install.symbol-defined-twice"


def test_a_build_that_finds_no_gpu_is_no_device() -> None:
    # voxcraft/voxcraft-sim#47 (triage_twelfth b13): the CMakeLists stops without a GPU, run in
    # a `docker build` step
    log = "CMake Error at CMakeLists.txt:54 (message):\n  Nvidia GPU not found.  Abort.\n"
    assert _first(log) == ("cuda.runtime.no-device", "device_init")
    # review s18a finding 11: `docker build` takes no --gpus; the fix says what a build step does
    assert "CMAKE_CUDA_ARCHITECTURES" in explain_text(log)[0].fix


@pytest.mark.parametrize(
    "log",
    [
        # review s18a finding 2 (fp01): CMake indents a warning's text as it does a FATAL_ERROR's
        "-- The CXX compiler identification is GNU 11.4.0\n"
        "CMake Warning at CMakeLists.txt:42 (message):\n"
        "  NVIDIA GPU not found.  Building the CPU backend only.\n\n\n"
        "-- Configuring done\n[100%] Built target app\n",
        # review s18a finding 2 (fp02): a program's own notice at the margin, then it goes on
        "Loading model weights from ./ckpt ...\n"
        "CUDA GPU not found, running inference on CPU (this will be slow)\n"
        "Generated 128 tokens in 41.2 s\nDone.\n",
    ],
)
def test_a_notice_that_no_gpu_was_found_is_not_the_failure(log: str) -> None:
    assert "cuda.runtime.no-device" not in [d.signature_id for d in explain_text(log)]


def test_an_error_that_no_gpu_was_found_is_no_device() -> None:
    log = "error: NVIDIA GPU not found\n"
    assert _first(log) == ("cuda.runtime.no-device", "device_init")


@pytest.mark.parametrize(
    "log",
    [
        # review s18a finding 8 (fp06): autoconf's probe says "no" in its own test program
        "checking for strlcpy... \n"
        "conftest.c:42:1: error: implicit declaration of function 'strlcpy'"
        " [-Werror=implicit-function-declaration]\n"
        "no\nconfigure: creating ./config.status\n",
        # review s18a finding 8 (fp09): vendored code under a newer compiler
        "[ 40%] Building CXX object third_party/protobuf/CMakeFiles/libprotobuf.dir/src/google/"
        "protobuf/io/strtod.cc.o\n"
        "/src/third_party/protobuf/src/google/protobuf/io/strtod.cc:112:10: error: 'exp' may be"
        " used uninitialized [-Werror=maybe-uninitialized]\n",
    ],
)
def test_a_probe_or_vendored_code_is_not_the_projects_source(log: str) -> None:
    assert "class.build.source-out-of-step" not in [d.signature_id for d in explain_text(log)]


def test_a_vendored_library_linked_by_a_relative_path_is_a_prebuilt_one() -> None:
    # review s18a finding 8 (fp08): a library a project vendors (third_party/) is prebuilt,
    # whatever path the build names it by
    log = (
        "[ 90%] Linking CXX executable demo\n"
        "/usr/bin/ld: ../third_party/onnxruntime-linux-x64-1.16.3/lib/libonnxruntime.so:"
        " undefined reference to `__cxa_call_terminate@CXXABI_1.3.15'\n"
    )
    first = explain_text(log)[0].signature_id
    assert first == "class.install.prebuilt-library-needs-other-dependency"


@pytest.mark.parametrize("prefix", ["", "./", "../utils/src/aicpu/"])
def test_a_library_the_build_made_is_read_alike_whatever_its_relative_path(prefix: str) -> None:
    # review s18a finding 8 (ld1, ld2): with or without ./ or ../, a library named by a path
    # relative to the build that no vendored directory holds is one the build made; its
    # undefined reference is the project's own sources or link (intel/zlib pull 29,
    # david-cortes/approxcdf issue 3: source files the CMake lists left out; the lines are
    # tests/unit/test_triage_code_shapes.py's)
    log = f"/usr/bin/ld: {prefix}lib/libscatter_aicpu_kernel.so: undefined reference to `f()'\n"
    assert explain_text(log)[0].signature_id == "class.build.source-out-of-step"


@pytest.mark.parametrize(
    "log",
    [
        # c-koi/gmic-qt#3: GCC names the type the source uses without its include (the PR adds it)
        "src/HeadlessProcessor.cpp: In member function"
        " \u2018void HeadlessProcessor::onProcessingFinished()\u2019:\n"
        "src/HeadlessProcessor.cpp:184:14: error: invalid use of incomplete type"
        " \u2018class QDebug\u2019\n"
        "make: *** [.obj/HeadlessProcessor.o] Error 1\n",
        # jwilk-archive/pdf2djvu#146: GCC 11 refuses the project's header (fixed in d88c2307),
        # GCC's quotes in the C locale
        "In file included from debug.hh:23,\n                 from config.cc:27:\n"
        "system.hh:144:9: error: invalid use of incomplete type 'class File'\n",
    ],
)
def test_any_compiler_error_quoting_the_projects_code_is_the_source_out_of_step(log: str) -> None:
    # none of these words is one the rule lists: the form (a source line, `error:`, the code
    # quoted) says the compiler rejected the project's construct
    assert _first(log) == ("class.build.source-out-of-step", "build")


@pytest.mark.parametrize(
    "log",
    [
        # pyro-ppl/pyro#3349: a toolkit header's #error refuses the compiler, whatever it quotes
        "/opt/hostedtoolcache/Python/3.8.18/x64/lib/python3.8/site-packages/torch/include/c10/"
        "util/C++17.h:16:2: error: #error \"You're trying to build PyTorch with a too old"
        ' version of GCC. We need GCC 9 or later."\n',
        # STEllAR-GROUP/hpxcl#58: NVRTC's own built-in header, not the project's source
        '__nv_nvrtc_builtin_header.h(49099): error: expected a ";"\n',
        # CharlesShang/DCNv2#6: a header the build cannot find is the toolchain's (fatal error:)
        "DCNv2-master/src/cpu/vision.h:2:29: fatal error: torch/extension.h: No such file or"
        " directory\n",
    ],
)
def test_a_toolchains_refusal_on_a_source_line_is_not_the_projects_source(log: str) -> None:
    assert "class.build.source-out-of-step" not in [d.signature_id for d in explain_text(log)]


@pytest.mark.parametrize(
    "log",
    [
        # NVIDIA/nccl#1700: glibc 2.41's mathcalls.h declares cospi noexcept against CUDA's
        # math_functions.h (the system's header and the toolkit's, not the project's code)
        "/usr/include/x86_64-linux-gnu/bits/mathcalls.h(79): error: exception specification is"
        ' incompatible with that of previous function "cospi" (declared at line 2601 of'
        " /usr/local/cuda/bin/../targets/x86_64-linux/include/crt/math_functions.h)\n"
        "   extern double cospi (double __x) noexcept (true); extern double __cospi (double __x)"
        " noexcept (true);\n",
        # gpu-mode/lectures#10: torch's installed header under a host compiler nvcc does not
        # support (fixed by another torch and CUDA build, not by the project's code)
        "/home/blackroot/miniforge3/lib/python3.10/site-packages/torch/include/ATen/core/boxing/"
        "impl/boxing.h:41:104: error: expected primary-expression before \u2018>\u2019 token\n",
        # goxel#151 (guillaumechereau/goxel): the flags name an option this compiler lacks
        "cc1: error: unrecognized command line option \u2018-Wno-unknown-warning-option\u2019"
        " [-Werror]\n",
        # RemedyIT/axcioma#95: g++'s own refusal of an option, quoted
        "g++: error: unrecognized command-line option \u2018-m641\u2019; did you mean"
        " \u2018-m64\u2019?\n",
        # clang prints a #error's text alone, in the quotes the directive wrote (its
        # err_pp_error_directive is "%0"): pytorch/pytorch#120126's libtorch C++17.h check as
        # clang renders it (GCC's rendering there: "error: #error \"You're trying ...")
        "/home/ec2-user/libtorch/include/c10/util/C++17.h:13:2: error: \"You're trying to build"
        ' PyTorch with a too old version of GCC. We need GCC 9 or later."\n',
    ],
)
def test_an_error_in_a_file_the_project_does_not_own_is_not_its_source(log: str) -> None:
    # the quote-only form reads the project's files; a system, toolkit or installed package's
    # header, an option the compiler lacks and a #error's message are the toolchain's
    assert _first(log)[0] != "class.build.source-out-of-step"
    assert "class.build.source-out-of-step" not in [d.signature_id for d in explain_text(log)]


def test_a_located_error_in_the_projects_file_is_its_source_whatever_its_words() -> None:
    # Theano/Theano#665: nvcc refuses variable-length arrays in the project's generated
    # mod.cu, an error that quotes nothing ("This is indeed invalid in C ... Who wants to fix it?")
    log = (
        "mod.cu(1026): error: expression must have a constant value\n"
        "mod.cu(1027): error: expression must have a constant value\n"
    )
    assert _first(log) == ("class.build.source-out-of-step", "build")
    # coolshou/vncrepeater#1: the same kind of refusal located in the system's kernel header
    # (/usr/include/linux/tcp.h under g++) is the toolchain's, not the project's source
    system = (
        "/usr/include/linux/tcp.h:72: error: a function call cannot appear in a \n"
        "constant-expression\n"
    )
    assert "class.build.source-out-of-step" not in [d.signature_id for d in explain_text(system)]


def test_a_worded_error_in_a_toolkit_header_stays_the_source_out_of_step() -> None:
    # NVIDIA/TransformerEngine#560: the project's include order redeclares nv_bfloat16 in
    # CUDA 12.1's header (fixed by reordering userbuffers.cu's includes): the worded pattern
    # still reads a toolkit header, only the quote-only form does not
    log = (
        "/usr/local/cuda/include/cuda_fp16.hpp(2724): error: invalid redeclaration of type name"
        ' "nv_bfloat16" (declared at line 2837 of /usr/local/cuda/include/cuda_bf16.hpp)\n'
    )
    assert _first(log) == ("class.build.source-out-of-step", "build")


@pytest.mark.parametrize(
    ("log", "source"),
    [
        # jwilk-archive/pdf2djvu#146 (above): no vendor's stack in the log, the generic page
        (
            "In file included from debug.hh:23,\n                 from config.cc:27:\n"
            "system.hh:144:9: error: invalid use of incomplete type 'class File'\n",
            "https://gcc.gnu.org/gcc-13/porting_to.html",
        ),
        # hicann/ge@99bc5729 (above): a CANN build's path, CANN's own page of its API changes
        # (not another project's: outsider45 D9)
        (
            "/home/jenkins/jenkins/workspace/cann-manifest/runtime/include/dfx/base/err_msg.h:67:43"
            ":\nerror: format not a string literal and no format arguments[-Werror=format-security]"
            "\ncc1plus: all warnings being treated as errors\n",
            "https://www.hiascend.com/document/detail/zh/canncommercial/latest/API/ascendcopapi/"
            "atlasascendc_api_07_00200.html",
        ),
        # NVIDIA/cccl#2169 (above): CUDA's headers, CUDA's dropped features
        (
            "/usr/local/cuda-12.7/targets/x86_64-linux/include/nvtx3/nvtxDetail/nvtxInitDefs.h:473:"
            " multiple definition of `InclusiveScanKernel(int*)'; cub/test/CMakeFiles/cub.cpp14"
            ".test.block_scan_api.dir/catch2_test_block_scan_api.cu.o:/usr/local/cuda-12.7/targets/"
            "x86_64-linux/include/nvtx3/nvtxDetail/nvtxInitDefs.h:468: first defined here\n",
            "https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html"
            "#deprecated-or-dropped-features",
        ),
    ],
)
def test_a_compile_error_cites_the_vendor_page_only_where_the_log_names_the_vendor(
    log: str, source: str
) -> None:
    # outsider O14 D7: every compile error cited llama.cpp's CANN page
    first = explain_text(log)[0]
    assert first.signature_id == "class.build.source-out-of-step"
    assert first.source == source
