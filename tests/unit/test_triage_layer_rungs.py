"""The rung a failure names in words of its own when no signature names it (issue 15): the
fallback's ``[[evidence]]`` entries place it by those words. Each line is a real one, its public
source beside it; each rule is tested both ways."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text


def _layer(log: str) -> str:
    first = explain_text(log)[0]
    return first.layer


@pytest.mark.parametrize(
    "log",
    [
        # Snapchat/djinni#97 (its title), GCC's diagnostic for a field of an undefined type
        "error: field 'counter' has incomplete type\n",
        # eclipse-zenoh/zenoh-cpp#93 (its title), Clang's for a name no header declared
        "error: unknown type name 'nullptr_t'; did you mean 'std::nullptr_t'?\n",
    ],
)
def test_a_compiler_diagnostic_without_its_location_is_the_build(log: str) -> None:
    # GCC's and Clang's own diagnostic wordings name the compiler as surely as a source location
    assert _layer(log) == "build"


def test_a_python_exception_in_the_same_words_is_not_the_build() -> None:
    # pytorch/pytorch#8694 (torch.cat given numpy arrays): "TypeError:" is no compiler's
    # "error:" (no word boundary inside the name), so the build's words do not place it
    log = (
        "Traceback (most recent call last):\n"
        '  File "<stdin>", line 1, in <module>\n'
        "TypeError: expected Variable as element 0 in argument 0, but got tuple\n"
    )
    assert _layer(log) == "operator_execution"


def test_nvrtc_compiling_a_kernel_the_job_generated_is_the_operation() -> None:
    # NVIDIA/Fuser#1499: nvFuser generates a kernel and NVRTC compiles it while the job runs;
    # the layer rule has a kernel compiled on the fly as operator_execution, not the build
    log = (
        "Compile Error:\n"
        "    CUDA NVRTC compile error: __tmp_kernel_pointwise_f151_c1_r0_g6.cu(9484): error:"
        ' identifier "i20" is undefined\n'
    )
    assert _layer(log) == "operator_execution"


def test_nvcc_compiling_the_projects_kernel_file_is_the_build() -> None:
    # ggml-org/llama.cpp#6255: the same compiler error in the project's own .cu under make
    log = (
        'ggml-cuda.cu(11665): error: identifier "cudaHostRegisterReadOnly" is undefined\n'
        "\n"
        '1 error detected in the compilation of "ggml-cuda.cu".\n'
        "make: *** [Makefile:465: ggml-cuda.o] Error 1\n"
    )
    assert _layer(log) == "build"
