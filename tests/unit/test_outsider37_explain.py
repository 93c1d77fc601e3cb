"""Outsider 18's explain defects (tests/data/outsider37/REPORT.md): each log keeps only the real
lines the failure needs, with the log they come from beside them."""

from __future__ import annotations

from bringup.triage import explain_text

# tests/data/outsider37/logs/U1-tensornvme-up-step2.log:77-93 (bringup's own `up` of
# hpcaitech/TensorNVMe on a host without DNS: CMake's ExternalProject clones liburing)
CLONE_WITHOUT_DNS = (
    "  [ 25%] Performing download step (git clone) for 'extern_uring'\n"
    "  Cloning into 'liburing'...\n"
    "  fatal: unable to access 'https://github.com/axboe/liburing.git/': Could not resolve host:"
    " github.com\n"
    "  -- Had to git clone more than once: 3 times.\n"
    "  CMake Error at extern_uring-prefix/tmp/extern_uring-gitclone.cmake:39 (message):\n"
    "    Failed to clone repository: 'https://github.com/axboe/liburing.git'\n"
    "\n"
    "  make[3]: *** [3rd/CMakeFiles/extern_uring.dir/build.make:98: 3rd/extern_uring-prefix/src"
    "/extern_uring-stamp/extern_uring-download] Error 1\n"
    "  make: *** [Makefile:124: extern_uring] Error 2\n"
)


def test_a_clone_the_build_makes_without_dns_is_the_download_not_the_compiler() -> None:
    # outsider 18's D8: "A compiler or CMake error" was named first, the network line never
    first = explain_text(CLONE_WITHOUT_DNS)[0]
    assert first.signature_id == "class.install.download-failed"
    assert "Could not resolve host: github.com" in first.evidence[0].text


# tests/data/outsider37/logs/L6-tilelang-ascend-1184-pto-copy.log:15-19
# (https://github.com/tile-ai/tilelang-ascend/issues/1184: the PTO backend's copy_gm_to_ub)
GENERATED_KERNEL_REFUSED = (
    '  File "/usr/local/python3.11.15/lib/python3.11/site-packages/tilelang/jit/adapter/cython/'
    'adapter.py", line 266, in __init__\n'
    "    self.lib_generator.compile_lib()\n"
    '  File "/usr/local/python3.11.15/lib/python3.11/site-packages/tilelang/jit/adapter/libgen.py",'
    " line 166, in compile_lib\n"
    '    raise RuntimeError(f"Compilation Failed! {command}")\n'
    "RuntimeError: Compilation Failed! ['bisheng', '--cce-aicore-arch=dav-c220', '-DMEMORY_BASE',"
    " '-O2', '-std=gnu++17', '-xcce', '-mllvm', '-cce-aicore-stack-size=0x8000', '-mllvm'\n"
)


def test_a_generated_kernel_the_compiler_refused_is_no_operator_failing_on_the_npu() -> None:
    # outsider 18's D9: "An operator failed when torch_npu ran it on the NPU" (nothing ran)
    first = explain_text(GENERATED_KERNEL_REFUSED)[0]
    assert first.signature_id == "class.operator.generated-kernel-compile-failed"
    assert "bisheng" in first.evidence[0].text


# tests/data/outsider37/logs/L5-llamacpp-10161-range-tiling.log:2-7
# (https://github.com/ggml-org/llama.cpp/issues/10161: ggml-cann sizes arange in double)
RANGE_SIZED_IN_DOUBLE = (
    "/owner/ninth/llama.cpp/ggml/src/ggml-cann.cpp:61: CANN error: E89999: Inner Error!\n"
    "E89999: [PID: 2277481] 2024-11-04-17:38:30.068.533 op[Range], outSize from framework (OFF) is"
    " 1, but outSize from tiling (OFT) is 64,which maybe calc OFF by double, but calc OFT by"
    " floatplease use float to calc OFF while you wanner input's dtype is float"
    "[FUNC:CalculateOutputNum][FILE:range.cc][LINE:113]\n"
    "        TraceBack (most recent call last):\n"
    "       op[Range], calculate output_total_num value fail.[FUNC:AppendTilingArgs]"
    "[FILE:range.cc][LINE:182]\n"
    "       op[Range], append tiling args fail.[FUNC:Tiling4Range][FILE:range.cc][LINE:255]\n"
    "       Tiling failed\n"
)


def test_an_operator_check_that_names_its_remedy_is_the_line_shown() -> None:
    # outsider 18's D11: the bare "Tiling failed" was shown, not the operator's own reason
    first = explain_text(RANGE_SIZED_IN_DOUBLE)[0]
    assert first.signature_id == "class.operator.npu-kernel-refuses-inputs"
    assert "calc OFF by double" in first.evidence[0].text
