"""A hung tool costs the probe its budget, not a hang: a real subprocess, a fake ``npu-smi``
that sleeps 60 s, and a probe that still finishes with a ``timed_out`` fact."""

from __future__ import annotations

import stat
import time
from pathlib import Path

from bringup.model import keys
from bringup.probe.live import take_snapshot


def _fake_npu_smi(directory: Path) -> None:
    program = directory / "npu-smi"
    program.write_text("#!/bin/sh\nsleep 60\n", encoding="utf-8")
    program.chmod(program.stat().st_mode | stat.S_IXUSR)


def test_sleeping_npu_smi_times_out_within_the_budget(tmp_path: Path) -> None:
    _fake_npu_smi(tmp_path)
    started = time.monotonic()
    snapshot = take_snapshot(env={"PATH": f"{tmp_path}:/usr/bin:/bin"}, budget_s=1.5)
    elapsed = time.monotonic() - started
    assert elapsed < 1.5 + 2.0, f"probe took {elapsed:.1f} s with a 1.5 s budget"
    fact = snapshot.fact(keys.ASCEND_NPU_SMI)
    assert fact is not None
    assert fact.status == "timed_out"
    assert "timed out after" in (fact.reason or "")
    assert fact.source.ref == f"{tmp_path}/npu-smi info"
    # the rest of the snapshot is still there
    assert snapshot.value(keys.ARCH) is not None


def test_per_command_timeout_is_shorter_than_the_budget(tmp_path: Path) -> None:
    _fake_npu_smi(tmp_path)
    started = time.monotonic()
    snapshot = take_snapshot(env={"PATH": f"{tmp_path}:/usr/bin:/bin"}, budget_s=10, timeout_s=0.5)
    assert time.monotonic() - started < 4
    fact = snapshot.fact(keys.ASCEND_NPU_SMI)
    assert fact is not None
    assert fact.status == "timed_out"
