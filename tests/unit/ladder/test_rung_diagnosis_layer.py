"""The diagnosis a rung shows is of its layer, one before it, or the install's: a build's cause
(with a build's fix) or a later layer's does not explain a rung that builds nothing and stopped
at its own layer (outsider24 D13: "...or set SOC_VERSION when building on a CPU-only host" shown
for device init)."""

from __future__ import annotations

from bringup.ladder.run import diagnose

# vllm-project/vllm-ascend@5e3907448c53a8d48a89b06635427b83ccfc7756 setup.py:138-139, the
# message as setup.py prints it (tests/fixtures/logs/ascend.install.soc-version-undetected)
SETUP = (
    "Could not determine chip type automatically via 'npu-smi'. This can happen in a CPU-only "
    "environment. Please set the 'SOC_VERSION' environment variable to specify the target chip"
)
# https://github.com/xingchensong/TouchNet/issues/100 (as tests/unit/ladder/test_ladder_text.py)
OOM = (
    "RuntimeError: NPU out of memory. Tried to allocate 5.03 GiB (NPU 3; 60.96 GiB total "
    "capacity; 49.47 GiB already allocated; 49.47 GiB current active; 1.32 GiB free; 57.55 GiB "
    "reserved in total by PyTorch)"
)


def test_a_build_cause_is_no_rung_diagnosis() -> None:
    found = diagnose(SETUP)
    assert found is not None
    assert (found.signature_id, found.layer) == ("ascend.install.soc-version-undetected", "build")
    assert diagnose(SETUP, "device_init") is None


def test_a_later_layers_cause_is_not_an_earlier_rungs() -> None:
    memory = diagnose(OOM, "memory")
    assert memory is not None
    assert memory.layer == "memory"
    assert diagnose(OOM, "device_init") is None
