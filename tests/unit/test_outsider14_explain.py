"""Outsider O14's explain defects, each read as a class on the tester's log and on another
public log of the same class (its source beside it)."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

HIASCEND = "https://www.hiascend.com/"


def test_a_generic_readings_source_follows_the_logs_vendor() -> None:
    # O14 D9: an Ascend kernel's launch failure cited CUDA's runtime reference. Lines from
    # https://github.com/vllm-project/vllm-ascend/issues/5493 (the master node's log).
    ascend = (
        "        #### KernelLaunch failed: /usr/local/Ascend/ascend-toolkit/8.3.RC2/opp/built-in/"
        "op_impl/ai_core/tbe//kernel/ascend910b/slice/Slice_ee29dafe4fe21e12bb8d56ae91626cba"
        "_high_performance.o\n"
        "        Kernel Run failed. opType: 32, Slice\n"
    )
    first = explain_text(ascend)[0]
    assert first.signature_id == "line.operator.failure"
    assert first.source.startswith(HIASCEND)
    # A CUDA start-up failure is CUDA's, not the NPU's ("driver" in the NPU rule's words), and
    # cites no CANN page: https://hpc-community.unige.ch/t/4121
    cuda = "RuntimeError: CUDA driver initialization failed, you might not have a CUDA gpu.\n"
    first = explain_text(cuda)[0]
    assert (first.signature_id, first.title) == (
        "traceback.device-init.cuda",
        "CUDA could not be initialised",
    )
    assert not first.source.startswith(HIASCEND)


def test_an_interrupted_run_says_it_was_stopped() -> None:
    # O14 D16: the tester's own Ctrl-C was "no failure found".
    tester = 'Traceback (most recent call last):\n  File "x.py", line 1\nKeyboardInterrupt\n'
    # https://github.com/nagadomi/nunif/issues/26 (innermost frames kept)
    nunif = (
        "Traceback (most recent call last):\n"
        '  File "C:\\nunif\\train.py", line 22, in <module>\n'
        "    main()\n"
        '  File "F:\\1\\envs\\nunif\\lib\\site-packages\\torch\\cuda\\amp\\grad_scaler.py", line'
        " 287, in <genexpr>\n"
        '    if not sum(v.item() for v in optimizer_state["found_inf_per_device"].values()):\n'
        "KeyboardInterrupt\n"
    )
    for log in (tester, nunif):
        first = explain_text(log)[0]
        assert first.signature_id == "traceback.operator.interrupted"
        assert "interrupted" in first.title


# O14 D14: the tester's own pytest run (scikit_build_example's test_add, its up log's lines).
TESTER_PYTEST = """\
=================================== FAILURES ===================================
___________________________________ test_add ___________________________________

    def test_add():
>       assert m.add(1, 2) == 3
E       assert -1 == 3

tests/test_basic.py:11: AssertionError
=========================== short test summary info ============================
FAILED tests/test_basic.py::test_add - assert -1 == 3
========================= 1 failed, 2 passed in 0.12s ==========================
"""
# https://github.com/pytorch/helion/pull/628 (CI's summary line and the comparison under it)
HELION = """\
FAILED test/test_examples.py::TestExamples::test_rms_norm_bwd_dx - AssertionError: Tensor-likes\
 are not close!

Mismatched elements: 1 / 2048 (0.0%)
Greatest absolute difference: 0.00146484375 at index (29, 19) (up to 0.001 allowed)
"""
# https://github.com/cheind/py-motmetrics/issues/51 (numpy.testing's comparison, quoted with "> ")
MOTMETRICS = """\
>       np.testing.assert_allclose(summary, expected, atol=1e-3)
E       AssertionError:
E       Not equal to tolerance rtol=1e-07, atol=0.001
E
E       (shapes (2, 15), (3, 15) mismatch)

> motmetrics/tests/test_metrics.py:143: AssertionError
"""
# https://github.com/NVIDIA/CUDALibrarySamples/issues/86 (unittest's FAIL, then its traceback)
UNITTEST = """\
FAIL: test_einsum_equivalent_results_8_test_7 (__main__.EinsumTest)
----------------------------------------------------------------------
Traceback (most recent call last):
  File "/home/xxx/download/CUDALibrarySamples/cuTENSOR/python/cutensor/torch/einsum_test.py",\
 line 162, in test_einsum_equivalent_results
    torch.testing.assert_allclose(cutensor_rslt, torch_rslt, rtol=5e-3, atol=6e-3)
AssertionError: Tensor-likes are not close!
"""


def test_a_failed_test_assertion_is_a_test_failure_not_a_silent_job() -> None:
    for log in (TESTER_PYTEST, HELION, MOTMETRICS, UNITTEST):
        first = explain_text(log)[0]
        assert first.signature_id == "class.operator.test-assertion-failed", log
        assert "ASCEND_" not in first.fix
        assert "CUDA_LAUNCH" not in first.fix
    told = explain_text(TESTER_PYTEST)[0]
    assert told.evidence[0].text == "tests/test_basic.py:11: AssertionError"


# O14 D8: torch's own library missing a symbol is two torch installs mixed (or a broken one), not
# an extension of another ABI. The ImportError line of each thread.
@pytest.mark.parametrize(
    "line",
    [
        # https://github.com/pytorch/pytorch/issues/14087 (the tester's log)
        "ImportError: /home/shobjain/python27/local/lib/python2.7/site-packages/torch/_C.so: "
        "undefined symbol: _ZN5torch3jit5Value13setUniqueNameERKNSt7__cxx1112basic_stringIcSt11"
        "char_traitsIcESa",
        # https://github.com/hijkzzz/alpha-zero-gomoku/issues/28 (libtorch beside pytorch)
        "ImportError: /home/jinxiaoyang/anaconda3/envs/multiAlphaGomoku/lib/python3.6/site-packages"
        "/torch/lib/libtorch_cpu.so: undefined symbol: _ZNK3c1010TensorImpl23shallow_copy_and_"
        "detachERKNS_15VariableVersionEb",
    ],
)
def test_torchs_own_library_missing_a_symbol_is_two_torch_installs(line: str) -> None:
    first = explain_text(line)[0]
    assert first.signature_id == "python.torch-own-undefined-symbol"
    assert "Install the variant whose cxx11abi" not in first.fix


def test_a_cuda_librarys_symbol_missing_from_torch_is_not_a_second_torch() -> None:
    # https://github.com/pytorch/pytorch/issues/90673: conda's libcusparse 12 under a libtorch
    # built for cuSPARSE 11.7; the symbol is cuSPARSE's, not torch's.
    line = (
        "ImportError: /fsx/conda/envs/test_libcusparse/lib/python3.10/site-packages/torch/lib/"
        "libtorch_cuda_cu.so: undefined symbol: cusparseSpSM_analysis, version libcusparse.so.11"
    )
    told = {d.signature_id for d in explain_text(line)}
    assert "python.torch-own-undefined-symbol" not in told


# O14 D7: a CMake configure error on a Python binding tool's command is configuration, not the
# project's source failing to compile, and cites the tool's page.
@pytest.mark.parametrize(
    "log",
    [
        # the tester's own up log (scikit_build_example, pybind11 3.1.0, CMake 3.25)
        "      -- Found PythonInterp: /work/outsider14/state/envs/28a8667e9ad5/env-1/bin/python"
        ' (found suitable version "3.13", minimum required is "3.9")\n'
        "      -- Found pybind11: /work/outsider14/state/envs/28a8667e9ad5/env-1/lib/python3.13/"
        'site-packages/pybind11/include (found version "3.1.0")\n'
        "      CMake Error at CMakeLists.txt:17 (python_add_library):\n"
        '        Unknown CMake command "python_add_library".\n',
        # https://github.com/CMU-Perceptual-Computing-Lab/openpose/issues/1068
        "CMake Error at python/openpose/CMakeLists.txt:6 (pybind11_add_module):\n"
        '  Unknown CMake command "pybind11_add_module".\n',
    ],
)
def test_an_undefined_binding_command_is_configuration_not_source(log: str) -> None:
    first = explain_text(log)[0]
    assert first.signature_id == "class.build.cmake-binding-command-undefined"
    assert first.layer == "build"
    assert "does not compile" not in first.title
    assert "llama.cpp" not in first.source
