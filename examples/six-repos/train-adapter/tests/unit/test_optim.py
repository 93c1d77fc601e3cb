"""FusedAdam on whatever device torch has; the NPU path only where an NPU is available."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from train_adapter.optim import FusedAdam, expected_first_step  # noqa: E402


def test_first_step_moves_by_the_learning_rate() -> None:
    param = torch.nn.Parameter(torch.tensor([1.0, -2.0]))
    param.grad = torch.tensor([0.5, -3.0])
    FusedAdam([param], lr=0.1).step()
    expected = [1.0 + expected_first_step(0.1, 0.5), -2.0 + expected_first_step(0.1, -3.0)]
    assert param.detach().tolist() == pytest.approx(expected, abs=1e-6)


@pytest.mark.skipif(not hasattr(torch, "npu") or not torch.npu.is_available(), reason="needs an NPU")
def test_step_on_npu_matches_cpu() -> None:
    cpu = torch.nn.Parameter(torch.linspace(-1, 1, 64))
    npu = torch.nn.Parameter(cpu.detach().clone().to("npu"))
    for p in (cpu, npu):
        p.grad = torch.ones_like(p) * 0.25
        FusedAdam([p], lr=0.01).step()
    assert npu.detach().cpu().tolist() == pytest.approx(cpu.detach().tolist(), abs=1e-6)
