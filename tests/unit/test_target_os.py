"""A pasted report of a host bringup does not plan for (outsider 23b D10, D18): collect_env
of a Windows and a macOS machine was accepted as ``--target`` and Linux environments (venvs,
CANN installers) were planned for it with no word. The OS is read (``host.os.id``), every
repo cannot run on such a target, and the exit code follows. A Linux report that says nothing
of NPUs gets a line that the NPU repos are planned for it unverified."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bringup.cli.main import main
from bringup.probe.importers import import_report

ROOT = Path(__file__).parent.parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
HOST = FIXTURES / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
NPU_REPO = str(FIXTURES / "repos" / "two-kinds" / "vllm-ascend")

# https://github.com/pytorch/pytorch/issues/51858 (collect_env, the first lines)
WINDOWS = """\
Collecting environment information...
PyTorch version: 2.0.1+cu117
Is debug build: False
CUDA used to build PyTorch: 11.7
ROCM used to build PyTorch: N/A

OS: Microsoft Windows 11 Pro
GCC version: Could not collect
Clang version: Could not collect
CMake version: Could not collect
Libc version: N/A

Python platform: Windows-10-10.0.22621-SP0
Is CUDA available: True
CUDA runtime version: 11.7.64
GPU models and configuration: GPU 0: NVIDIA GeForce GTX 1050 Ti
"""

# https://github.com/vllm-project/vllm/pull/18285 (collect_env, the first lines)
MACOS = """\
Collecting environment information...
PyTorch version: 2.7.0
Is debug build: False
CUDA used to build PyTorch: None
ROCM used to build PyTorch: N/A

OS: macOS xx.xx.xx (arm64)
GCC version: Could not collect
Clang version: 15.0.0 (clang-1500.3.9.4)
CMake version: version 4.0.2
Libc version: N/A

Python platform: macOS-xx.xx.xx-arm64-arm-64bit
Is CUDA available: False
CUDA runtime version: No CUDA
GPU models and configuration: No CUDA
"""


def _check(capsys: pytest.CaptureFixture[str], report: Path) -> tuple[int, dict[str, Any]]:
    code = main(["check", NPU_REPO, "--snapshot", str(HOST), "--target", str(report), "--json"])
    return code, json.loads(capsys.readouterr().out)["data"]["design"]


@pytest.mark.parametrize(
    ("text", "os_id", "named"), [(WINDOWS, "windows", "Windows"), (MACOS, "macos", "macOS")]
)
def test_a_target_that_runs_another_os_is_said_to_be_unsupported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, os_id: str, named: str
) -> None:
    report = tmp_path / "report.txt"
    report.write_text(text, encoding="utf-8")
    facts = {f.key: f.value for f in import_report(text, str(report)).facts if f.ok}
    assert facts["host.os.id"] == os_id
    code, design = _check(capsys, report)
    assert code == 1
    assert design["environments"] == []
    (elsewhere,) = design["elsewhere"]
    assert elsewhere["reason"]["kind"] == "platform"
    assert (
        elsewhere["text"] == f"vllm-ascend cannot run on the target (it runs {named}: {report}:7)"
    )
    main(["check", NPU_REPO, "--snapshot", str(HOST), "--target", str(report)])
    screen = " ".join(capsys.readouterr().out.split())
    assert f"cannot run (the target runs {named})" in screen
    assert "bringup plans for Linux hosts only" in screen


def test_a_linux_report_that_says_nothing_of_npus_plans_them_unverified(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The macOS report with its OS line made a Linux one (constructed from the real report):
    no word of NPUs in it, so the NPU repo's environment is planned unverified, and said."""
    report = tmp_path / "report.txt"
    report.write_text(MACOS.replace("macOS xx.xx.xx (arm64)", "Ubuntu 22.04.4 LTS (x86_64)"))
    _code, design = _check(capsys, report)
    assert [env["components"] for env in design["environments"]] == [["vllm-ascend"]]
    main(["check", NPU_REPO, "--snapshot", str(HOST), "--target", str(report)])
    screen = " ".join(capsys.readouterr().out.split())
    assert "the target's NPU count is unknown" in screen
    assert "vllm-ascend needs NPUs: planned for it unverified" in screen
