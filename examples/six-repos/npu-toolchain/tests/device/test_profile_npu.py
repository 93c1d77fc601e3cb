"""msprof on a real NPU: profiling a short program leaves a PROF_* directory behind."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from npu_toolchain.devices import npu_count
from npu_toolchain.profiler import ProfilerError, find_msprof, profile

if npu_count() < 1:
    pytest.skip("needs one NPU (no /dev/davinci* device)", allow_module_level=True)


def test_profile_leaves_a_prof_directory(tmp_path: Path) -> None:
    try:
        find_msprof()
    except ProfilerError as error:
        pytest.skip(str(error))
    assert profile([sys.executable, "-c", "print('hello')"], tmp_path, timeout=600) == 0
    assert any(p.name.startswith("PROF_") for p in tmp_path.rglob("PROF_*"))
