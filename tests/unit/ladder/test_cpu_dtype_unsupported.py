"""outsider15 D7: on the CPU, an op this torch build has no kernel for in a dtype is "not
supported by this torch", not an operator failure. The real message: torch 1.7.1's CPU conv2d
in fp16, ``RuntimeError: "unfolded2d_copy" not implemented for 'Half'`` (``bringup ladder``
on NVlabs/stylegan2-ada-pytorch's environment, torch 1.7.1, /work/outsider15/lad.json)."""

from __future__ import annotations

from typing import Any

import pytest

from bringup.kb import load_knowledge_base
from bringup.ladder.judge import judge
from bringup.ladder.model import Peaks
from bringup.ladder.peaks import peaks_from
from bringup.ladder.programs.rung_operators import check_op
from bringup.ladder.run import backend_rungs

MESSAGE = "\"unfolded2d_copy\" not implemented for 'Half'"


class _Tensor:
    def to(self, *_args: Any, **_kwargs: Any) -> _Tensor:
        return self

    def double(self) -> _Tensor:
        return self


class _Torch:
    float32, float16, bfloat16 = "f32", "f16", "bf16"


class _Conv:
    """Runs once (the float64 reference), then raises as the dtype's missing kernel does."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, *_inputs: Any) -> Any:
        self.calls += 1
        if self.calls > 1:
            raise RuntimeError(MESSAGE)
        return _Tensor()


def _op(device: str) -> dict[str, Any]:
    return check_op(_Torch(), device, "conv2d", "fp16", (_Conv(), (_Tensor(), _Tensor())))


def test_a_missing_cpu_kernel_is_unsupported_a_devices_is_an_error() -> None:
    assert _op("cpu") == {"op": "conv2d", "dtype": "fp16", "unsupported": MESSAGE}
    assert "error" in _op("cuda")


@pytest.fixture(scope="module")
def peaks() -> Peaks:
    return peaks_from(load_knowledge_base(env={}, use_cache=False))


def test_the_cpu_rung_passes_with_a_note(peaks: Peaks) -> None:
    fine = {"finite": True, "max_abs_error": 1e-7, "max_abs_reference": 3.6}
    ops = [{"op": "conv2d", "dtype": "fp32", **fine}, {"op": "matmul", "dtype": "fp16", **fine}]
    unsupported = {"op": "conv2d", "dtype": "fp16", "unsupported": MESSAGE}
    evidence = {
        "device": "cpu",
        "dtypes": {d: {"supported": True} for d in ("fp32", "fp16", "bf16")},
        "ops": [*ops, unsupported],
        "timed": {"dtype": "fp32", "side": 512, "iterations": 5, "seconds": 0.5, "tflops": 0.003},
    }
    rung = next(r for r in backend_rungs("cpu") if r.id == "operators")
    verdict = judge(rung, evidence, peaks)
    assert verdict.verdict == "PASS"
    assert any("conv2d in fp16 not supported by this torch on the CPU" in n for n in verdict.notes)
    # the same op raising any other error still fails
    evidence["ops"] = [*ops, {"op": "conv2d", "dtype": "fp16", "error": {"type": "RuntimeError"}}]
    assert judge(rung, evidence, peaks).verdict == "FAIL"
