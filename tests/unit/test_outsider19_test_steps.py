"""Outsider19's test-step defects: D6, tests that mock NVML were said to need the NVIDIA driver
and their ``test`` extra (mockito) was never installed; D15, a test file named ``_on_gpu`` was
said to need nothing. Real lines at the commit named beside them; a CI job switched off with
``if: false`` installs nothing for the tests (``testdeps`` reads the CI once, through ``ci``)."""

from __future__ import annotations

from pathlib import Path

from bringup.model import file_source
from bringup.model.requirements import Component, Requirement, Step
from bringup.plan.stepneeds import repo_devices, uses_devices
from bringup.scan.ci import extract_ci
from bringup.scan.extraction import SourceFile
from bringup.scan.repo import scan_repo
from bringup.scan.stepfiles import StepFiles, device_of_tests
from bringup.scan.testmocks import mocked_line

# wookayin/gpustat@7a3b9644229681a752b560c6d4889929b9ea39d5 gpustat/test_gpustat.py:18-23 and
# :255-259: NVML's binding imported, and each of its calls answered by a mock
MOCKED = """import psutil
import pytest
from mockito import ANY, mock, unstub, when, when2

import gpustat
from gpustat.nvml import pynvml, pynvml_monkeypatch
def nvidia_driver_version(request: pytest.FixtureRequest):
    \"\"\"See NvidiaDriverMock.\"\"\"

    nvidia_mock: NvidiaDriverMock = request.param
    nvidia_mock(pynvml)
"""
# the same commit, gpustat/nvml.py:21: the binding imported and used as it is
UNMOCKED = "    import pynvml\n"
# the same commit, .github/workflows/ci.yml:1-2, :8-9, :45 and :61-63, :67-71 (the matrix's
# ``runs-on: ${{ matrix.os }}``, :11, written as one of its labels, :19): the tests' extra
# installed before pytest
CI = """name: "Run Tests"
on: [push, pull_request, workflow_dispatch]
jobs:
  unit-tests:
    runs-on: ubuntu-latest
    steps:
      - name: Install dependencies
        run: |
          pip install -e ".[test]"
          python -m gpustat --version

      - name: Run tests
        run: |
          pytest --color=yes -v -s
"""
# the same commit, README.md:45 (the command itself needs the driver)
DRIVER = Requirement(
    subject="nvidia_driver",
    spec=">=450.00",
    component="gpustat",
    source=file_source("README.md", 45),
)


def _test_step(files: dict[str, str], folder: str = "gpustat") -> Step:
    step = Step(
        name="pytest",
        kind="test",
        argv=("python", "-m", "pytest", folder),
        source=file_source("README.md", 1),
    )
    (found,) = device_of_tests([step], StepFiles(frozenset(files), files.get))
    return found


def test_tests_that_mock_the_device_library_need_no_device() -> None:
    step = _test_step({"gpustat/test_gpustat.py": MOCKED})
    assert step.needs.mocked_at == file_source("gpustat/test_gpustat.py", 11)
    component = Component(name="gpustat", path=".", role="other", requirements=(DRIVER,))
    assert not uses_devices(step, (step,))
    assert repo_devices(step, component) == ()


def test_a_device_library_used_unmocked_keeps_the_repo_s_device() -> None:
    step = _test_step({"gpustat/test_gpustat.py": MOCKED, "gpustat/test_nvml.py": UNMOCKED})
    assert step.needs.mocked_at is None
    assert mocked_line(UNMOCKED) is None
    # a mock beside it that names no device library says nothing of the device
    beside = "from unittest import mock\nmock.patch('os.getcwd')\nimport pynvml\n"
    assert mocked_line(beside) is None
    assert mocked_line('sys.modules["torch_npu"] = MagicMock()\n') == 1


def test_the_ci_s_tests_extra_is_installed_before_the_tests(tmp_path: Path) -> None:
    file = SourceFile(ref=".github/workflows/ci.yml", rel=".github/workflows/ci.yml", text=CI)
    (install,) = extract_ci(file).test_installs
    assert install.argv == ("pip", "install", "-e", ".[test]")
    for rel, text in {
        ".github/workflows/ci.yml": CI,
        "setup.py": "from setuptools import setup\nsetup(name='gpustat')\n",
        "gpustat/__init__.py": "",
        "gpustat/test_gpustat.py": MOCKED,
    }.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    steps = scan_repo(tmp_path, "gpustat").component.steps
    tests = [i for i, s in enumerate(steps) if s.kind == "test"]
    extra = [i for i, s in enumerate(steps) if s.argv == install.argv]
    assert tests
    assert extra
    assert extra[0] < tests[0]


def test_a_ci_job_switched_off_installs_nothing_for_the_tests() -> None:
    off = CI.replace("    runs-on: ubuntu-latest\n", "    if: false\n    runs-on: ubuntu-latest\n")
    file = SourceFile(ref=".github/workflows/ci.yml", rel=".github/workflows/ci.yml", text=off)
    assert extract_ci(file).test_installs == ()


# shangxt10/verl_mindspeedmm@da9e85342eef2a749fdc216f9af1f64963825801
# tests/checkpoint_engine/test_correctness_on_gpu.py:14-18, run only on GPU runners; the CPU job
# runs ``python_files = *_on_cpu.py`` (.github/workflows/cpu_unit_tests.yml:102-106)
ON_GPU = "import os\n\nimport pytest\nimport ray\nimport torch\n"


def test_a_test_file_named_for_its_device_needs_it() -> None:
    step = _test_step(
        {"tests/checkpoint_engine/test_correctness_on_gpu.py": ON_GPU}, "tests/checkpoint_engine"
    )
    assert (step.needs.devices, step.needs.device_kind) == (1, "gpu")
    npu = _test_step({"tests/x/test_correctness_on_npu.py": ON_GPU}, "tests/x")
    assert npu.needs.device_kind == "npu"
    cpu = _test_step({"tests/x/test_schema_on_cpu.py": ON_GPU}, "tests/x")
    assert cpu.needs.devices == 0
