"""The live probe on whatever machine runs the tests: only invariants that hold anywhere (the
versions this machine has are shown in the issue's note, not asserted)."""

from __future__ import annotations

import platform
import shutil
import time

import pytest

from bringup.backends.ascend import keys as ascend_keys
from bringup.backends.cuda import keys as cuda_keys
from bringup.model import keys
from bringup.probe.live import take_snapshot


@pytest.mark.integration
def test_live_probe_invariants() -> None:
    if platform.system() != "Linux":
        pytest.skip("the probe reads Linux host files")
    if shutil.which("python3") is None and shutil.which("python") is None:
        pytest.skip("no python3 on PATH to inspect")
    started = time.monotonic()
    snapshot = take_snapshot(budget_s=15)
    elapsed = time.monotonic() - started
    assert elapsed < 16
    assert snapshot.origin == "live"
    assert snapshot.value(keys.ARCH) in ("x86_64", "aarch64")
    assert snapshot.value(keys.PYTHON_DEFAULT) is not None
    assert snapshot.pythons
    assert not [f for f in snapshot.facts if f.key.startswith("probe.")], "a collector broke"
    for fact in snapshot.facts:
        assert fact.ok or fact.reason, f"{fact.key} is {fact.status} without a reason"
    for key in (
        cuda_keys.NVIDIA_DRIVER,
        ascend_keys.ASCEND_NPU_SMI,
        cuda_keys.CUDA_ACTIVE,
        keys.GLIBC,
    ):
        assert snapshot.fact(key) is not None, f"{key} was never looked at"
