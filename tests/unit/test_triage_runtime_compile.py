"""A kernel compiled while the job runs (torch.compile, Triton's JIT, TileLang, cupy's NVRTC)
fails in the job: its compiler errors are ``operator_execution``, not the project's ``build``
(the layer rule of the triage labels; twentieth b03, f01, eighteenth f11, seventh 01). A C++
extension torch's cpp_extension builds at first use is built with the host's toolchain, and
stays ``build`` (twenty-second b01)."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text
from bringup.triage.explain import scan_log
from bringup.triage.runtimecompile import RUNTIME_COMPILE

# triton-lang/triton#7838: the AMD launcher C source Triton's driver.py generates and compiles
# at the first launch, rejected by clang.
TRITON_LAUNCHER = (
    "__triton_launcher.c:170:5: error: no matching function for call to 'PyFloat_Pack2'\n"
    "  170 |     PyFloat_Pack2(f, (unsigned char*)&result, 1);\n"
)
# vllm-project/speculators#993: triton-ascend compiling a fused loss kernel during training.
TRITON_ASCEND = (
    'File "src/speculators/losses/fused.py", line 253, in forward\n'
    "triton.compiler.errors.MLIRCompilationError:\n"
    "[ConvertLinalgRToBinary] encounters error:\n"
    'loc("src/speculators/losses/fused.py":92:0): error: Failed to run BiShengHIR pipeline\n'
)
# sgl-project/sglang#1522: an AWQ model's marlin op traced by --enable-torch-compile.
TORCH_COMPILE = (
    "Exception: Capture cuda graph failed\n"
    "_C::gptq_marlin_gemm() Expected a value of type '__torch__.torch.classes._core_C.ScalarType"
    " (of Python compilation unit at: 0)' for argument '_7' but instead found type"
    " 'FakeScriptObject'.\n"
)
# tile-ai/tilelang-ascend#73: the example's generated kernel, written to a temporary file and
# compiled by the running script.
TILELANG = (
    "/tmp/tmp8_7f4g4h.cpp:42:97: error: use of undeclared identifier 'cid_'\n"
    "1 error generated.\n"
    "Traceback (most recent call last):\n"
    '  File "/home/ma-user/work/tilelang-ascend/examples/gemm/example_gemm_intrinsic.py",'
    " line 116, in <module>\n"
)
# BlackHolePerturbationToolkit/FastEMRIWaveforms@c4680f150435aa2f643d9dd57cc9ee0ce98767a8:
# docs/source/user/install.md, the cuda12x backend's example output (cupy compiling a kernel
# with NVRTC).
CUPY = (
    "cupy_backends.cuda.libs.nvrtc.NVRTCError: NVRTC_ERROR_COMPILATION (6)\n"
    "cupy.cuda.compiler.CompileException: /work/scratch/.../few2.0rc1/lib/python3.12/"
    "site-packages/cupy/_core/include/cupy/_cuda/cuda-12.4/cuda_fp16.h(129): catastrophic"
    ' error: cannot open source file "vector_types.h"\n'
)


# triton-lang/triton-ascend@e01fa772f9cfc65735de00d62671dae9354f03c2 (its commit message): the
# Ascend adapter IR stage of the JIT rejecting an op, located in the stage's temporary file.
TRITON_ASCEND_STAGE = (
    "/tmp/tmp37g8hvgl/kernel.ttadapter.mlir:15:10: error: Dialect `tt' not found for custom op"
    " 'tt.unsplat' \n"
    "    %0 = tt.unsplat %extracted_slice : tensor<1xi8> loc(#loc4)\n"
)


# CSAILVision/unifiedparsing#12 (toolchain.ninja-missing's sample): torch's cpp_extension.load
# building an extension at its first import (torch/utils/cpp_extension.py, _jit_compile).
JIT_EXTENSION = (
    '  File ".../python3.6/site-packages/torch/utils/cpp_extension.py", line 814, in _jit_compile\n'
    "    with_cuda=with_cuda)\n"
    "RuntimeError: Ninja is required to load C++ extensions\n"
)


# mindspore-ai/docs@7043271ae11fd774b0dbfb177a6257ba3afbefbf:
# tutorials/source_en/debug/error_analysis/mindrt_debug.md ("Operator Compilation Errors"): a
# network's graph compiled at its first run, whose operator-compile process died or hung.
MINDSPORE_GRAPH = (
    ">       result = self._graph_executor.compile(obj, args_list, phase, self._use_vm_mode())\n"
    "E       RuntimeError: Response is empty\n"
    "E       mindspore/ccsrc/backend/common/session/kernel_build_client.h:100 Response\n"
)


@pytest.mark.parametrize(
    "log",
    [
        MINDSPORE_GRAPH,
        TRITON_LAUNCHER,
        TRITON_ASCEND,
        TRITON_ASCEND_STAGE,
        TORCH_COMPILE,
        TILELANG,
        CUPY,
    ],
)
def test_a_compile_in_the_running_job_is_the_operation(log: str) -> None:
    assert explain_text(log)[0].layer == "operator_execution"


# Ascend/pytorch@3a189cdf3ebb30613ddd7c9da5d460327d2ac121 (its commit message): the JIT build of a
# test extension, the CI's CANN without the ACL headers.
JIT_HEADER = (
    "In file included from pluggable_allocator_extensions.cpp:5:\n"
    "torch_npu/include/third_party/acl/inc/acl/acl_base.h:14:10:\n"
    "  fatal error: acl/acl_base_rt.h: No such file or directory\n"
    "subprocess.CalledProcessError: Command '['ninja', '-v', '-j', '16']' returned non-zero exit"
    " status 1.\n"
    "RuntimeError: Error building extension 'pluggable_allocator_extensions'\n"
)


@pytest.mark.parametrize("log", [JIT_EXTENSION, JIT_HEADER])
def test_a_cpp_extension_built_at_first_use_is_the_build(log: str) -> None:
    assert explain_text(log)[0].layer == "build"


def test_a_stage_file_of_the_ascend_backend_names_its_compile() -> None:
    # triton-ascend compiles a kernel only when the job first calls it (its JIT): the
    # operation's failure, though nothing else in the log shows the job running
    for log in (TRITON_ASCEND_STAGE, TRITON_ASCEND_STAGE.replace("/tmp/tmp37g8hvgl/", "")):
        # the second is constructed: the stage file named without the JIT's temporary
        # directory (as a reporter trims it), so only the signature's layer says where
        (first, *_) = explain_text(log)
        assert (first.signature_id, first.layer) == (
            "ascend.build.triton-ascend-mlir-compile",
            "operator_execution",
        )


@pytest.mark.parametrize(
    "log",
    [
        # Ascend/AscendNPU-IR@efcd21f24d7964a19edabc0ee60f1ddf26cb1b12 (its commit message): the
        # verifier of an op of the NPU IR's own dialect, which the compiler's pass made
        "error: 'hivm.hir.copy' op Unsupported copy from cbuf to cbuf!\n",
        # Ascend/AscendNPU-IR@68b49790e98d9bac36ff43b2438c2b66b955bb63 (its commit message): the
        # NPU IR's kernel-argument attribute that one release of the compiler wrote and another
        # cannot read
        "error: expected ::mlir::hacc::KernelArgType to be one of: ffts_base_address, input,"
        " output, input_and_output, workspace, sync_block_lock, tiling_key, tiling_data,"
        " tiling_struct, mesh_arg, sanitizer_addr\n"
        " error: failed to parse HACC_KernelArgTypeAttr parameter 'arg_type' which is to be a"
        " `::mlir::hacc::KernelArgType`\n",
    ],
)
def test_an_error_on_the_npu_irs_own_dialects_is_the_backends_compile(log: str) -> None:
    (first, *_) = explain_text(log)
    assert (first.signature_id, first.layer) == (
        "ascend.build.triton-ascend-mlir-compile",
        "operator_execution",
    )


def test_an_mlir_error_on_another_dialect_is_not_the_ascend_backends() -> None:
    # constructed: the same verifier form on an upstream dialect (Triton's own `tt`) names no
    # NPU IR compile
    log = "error: 'tt.load' op operand #0 must be ptr or tensor of ptr values\n"
    assert all(
        d.signature_id != "ascend.build.triton-ascend-mlir-compile" for d in explain_text(log)
    )


@pytest.mark.parametrize(
    "line",
    [
        # facebookresearch/chameleon#39: Triton 2.x handing its PTX to ptxas on a V100
        "ptxas /tmp/compile-ptx-src-ac38de, line 521; error   : Feature 'cvt.bf16.f32' requires"
        " .target sm_80 or higher",
        # Ascend/torchair@fced8842d149f16b587c2c867d427e4b766831ca:experimental/_inductor_npu_ext/
        # docs/manuals.md (its "Kernel load failed" example)
        "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:",
    ],
)
def test_the_compiles_lines_are_marked(line: str) -> None:
    assert RUNTIME_COMPILE in scan_log(f"{line}\n".encode()).findings.marks


def test_a_mark_after_an_exception_in_a_later_block_is_read() -> None:
    """Line rules stop once an exception explains the log; a mark is read wherever it is."""
    first = "Traceback (most recent call last):\nRuntimeError: boom\n"
    log = first + "x\n" * (200 << 10) + TRITON_LAUNCHER
    assert RUNTIME_COMPILE in scan_log(log.encode()).findings.marks


def test_a_project_build_stays_build() -> None:
    # vllm-project/vllm-ascend#439: pip building vLLM from source on a host without g++.
    log = (
        "      running build_ext\n"
        "      -- The CXX compiler identification is unknown\n"
        "      CMake Error at CMakeLists.txt:14 (project):\n"
        "        No CMAKE_CXX_COMPILER could be found.\n"
        "      Traceback (most recent call last):\n"
        '        File "/tmp/pip-build-env-ae3seyx3/overlay/lib/python3.10/site-packages/'
        'setuptools/build_meta.py", line 438, in build_wheel\n'
    )
    assert RUNTIME_COMPILE not in scan_log(log.encode()).findings.marks
    assert explain_text(log)[0].layer == "build"


# Review 4, finding 1 (constructed input, a negative case: each line is one that an ordinary build
# log holds, put before the same vllm-ascend#439 CMake failure; none is a compile in a running job).
BUILD_FAILURE = (
    "      running build_ext\n"
    "      -- The CXX compiler identification is unknown\n"
    "      CMake Error at CMakeLists.txt:14 (project):\n"
    "        No CMAKE_CXX_COMPILER could be found.\n"
)


PATHS_ALONE = [
    # pip printing a failed source build of triton: the files it copies into the wheel
    "      copying triton/compiler/compiler.py -> build/lib.linux-x86_64-cpython-310/"
    "triton/compiler",
    # a warning whose path is torch.compile's
    "      /usr/lib/python3/site-packages/torch/_dynamo/variables/functions.py:700: "
    "UserWarning: foo",
]


@pytest.mark.parametrize(
    "line",
    [
        *PATHS_ALONE,
        # a setup.py probe for a header, compiling a temporary file
        "/tmp/tmpabcd1234.c:1:10: fatal error: omp.h: No such file or directory",
    ],
)
def test_a_build_with_compile_looking_lines_stays_build(line: str) -> None:
    assert explain_text(f"{line}\n{BUILD_FAILURE}")[0].layer == "build"


@pytest.mark.parametrize("line", PATHS_ALONE)
def test_a_path_alone_is_no_compile(line: str) -> None:
    assert RUNTIME_COMPILE not in scan_log(f"{line}\n".encode()).findings.marks


# MegEngine/mgeconvert#107: MegEngine's NVRTC kernel, compiled while a converted model ran; the
# maintainers' answer: fixed in MegEngine 1.12.0 (the caller passes NVRTC its include path).
NVRTC_INCLUDE = (
    "05 09:32:46[mgb] ERR error occurred in computing sequence; synchronizing all comp nodes and"
    " releasing vars now ...\n"
    "RuntimeError: nvrtc compile error: default_program(2): catastrophic error: cannot open source"
    ' file "cuda_fp16.h"\n'
)


@pytest.mark.parametrize("log", [TORCH_COMPILE, NVRTC_INCLUDE])
def test_a_compile_in_the_job_that_only_words_place_is_the_code_it_compiled(log: str) -> None:
    first, second = explain_text(log)[:2]
    assert (first.signature_id, first.layer) == ("class.code.project-bug", "operator_execution")
    assert second.signature_id.startswith("evidence.")  # the place it was read from, kept


@pytest.mark.parametrize(
    ("log", "named"),
    [
        (TRITON_ASCEND, "ascend.build.triton-ascend-mlir-compile"),  # a signature names it
        (CUPY, "traceback.operator.cuda"),  # a traceback rule reads it: not words alone
        (JIT_HEADER, "ascend.build.cann-header-missing"),  # the project's build, not the job's
    ],
)
def test_a_compile_that_a_rule_names_keeps_that_rule(log: str, named: str) -> None:
    assert explain_text(log)[0].signature_id == named


# review37 HIGH 3: a write refused by the user's disk quota while triton wrote its cache (the
# frame's path: triton's runtime/jit.py; the words: errno(3) EDQUOT "Disk quota exceeded") was
# made the project's bug; the disk is the environment's part, named by its own entry.
QUOTA = (
    '  File "/opt/conda/lib/python3.10/site-packages/triton/runtime/jit.py", line 600, in run\n'
    "Disk quota exceeded while writing /home/u/.triton/cache/abc/kernel.cubin\n"
)


def test_a_disk_quota_spent_in_a_compile_of_the_job_is_the_disk() -> None:
    assert explain_text(QUOTA)[0].signature_id == "host.disk-full"
