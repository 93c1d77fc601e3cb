"""outsider10 #2: nnabla-ext-cuda "runs here" (exit 0) on a host with no GPU and no cuDNN, the
cuDNN its CMake requires listed as "not checked"; its CUDA tests, which run in nnabla's CUDA
context, "need no device". Real lines from sony/nnabla-ext-cuda@fcb922aa
(build-tools/cmake/get_cuda_version.cmake:15-16, python/test/cuda/test_large_blocks.py:17-35)."""

from __future__ import annotations

from pathlib import Path

from bringup.model import file_source
from bringup.model.requirements import Step
from bringup.scan.repo import scan_repo
from bringup.scan.stepfiles import StepFiles, device_of_tests
from bringup.solve import SolveOptions, solve
from solve_inputs import catalogue, host

# build-tools/cmake/get_cuda_version.cmake:15-16
CMAKE = """cmake_minimum_required(VERSION 3.5)
find_package(CUDA REQUIRED)
find_package(cuDNN REQUIRED)
"""
# python/test/cuda/test_large_blocks.py:17-20, 33-35
LARGE_BLOCKS = """import pytest
import numpy as np
import nnabla as nn
import nnabla.functions as F
    v.d = x
    from nnabla.ext_utils import get_extension_context
    with nn.context_scope(get_extension_context('cuda')):
"""


def test_a_need_nothing_here_checks_leaves_the_verdict_unverified(tmp_path: Path) -> None:
    (tmp_path / "CMakeLists.txt").write_text(CMAKE)
    component = scan_repo(tmp_path, "nnabla-ext-cuda").component
    assert "cudnn" in {r.subject for r in component.requirements}
    resolution = solve([component], host(), [], catalogue({"cuda": ["12.8.1"]}), SolveOptions())
    [verdict] = resolution.verdicts
    assert verdict.status == "unverified"
    assert {o.subject for o in verdict.obstacles if o.kind == "unchecked"} == {"cudnn"}


def test_a_test_in_a_frameworks_device_context_needs_that_device() -> None:
    files = {"python/test/cuda/test_large_blocks.py": LARGE_BLOCKS}
    step = Step(
        name="pytest",
        kind="test",
        argv=("python", "-m", "pytest", "python/test/cuda/test_large_blocks.py"),
        source=file_source("python/test/cuda/test_large_blocks.py", 1),
    )
    (found,) = device_of_tests([step], StepFiles(frozenset(files), files.get))
    assert (found.needs.devices, found.needs.device_kind) == (1, "gpu")
    # constructed: the CPU context puts no work on a device
    cpu = {"python/test/cuda/test_large_blocks.py": LARGE_BLOCKS.replace("'cuda'", "'cpu'")}
    (found,) = device_of_tests([step], StepFiles(frozenset(cpu), cpu.get))
    assert found.needs.devices == 0
