"""Pasted reports (real issue bodies, collect_env outputs, pip lists) import into exactly their
golden snapshots, and cite the line of the pasted file for every fact."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bringup.backends.ascend import keys as ascend_keys
from bringup.backends.cuda import keys as cuda_keys
from bringup.model import keys
from bringup.probe import importers
from bringup.probe.importers import import_report
from conftest import FIXTURES, Golden

REPORTS = sorted((FIXTURES / "reports").glob("*.txt"))
NAMED_BY_BRINGUP = (keys.OS_ID, keys.OS_VERSION_ID, ascend_keys.ASCEND_CHIP, keys.ARCH)
"""Values bringup spells its own way (os-release IDs, chip families), not as the line does."""


def _imported(name: str) -> tuple[str, object]:
    path = FIXTURES / "reports" / name
    text = path.read_text(encoding="utf-8")
    return text, import_report(text, f"reports/{name}", taken_at="2026-01-01T00:00:00+00:00")


@pytest.mark.parametrize("report", REPORTS, ids=lambda p: p.stem)
def test_report_golden(report: Path, golden: Golden) -> None:
    snapshot = import_report(
        report.read_text(encoding="utf-8"),
        f"reports/{report.name}",
        taken_at="2026-01-01T00:00:00+00:00",
    )
    assert snapshot.origin == "report"
    golden.check(snapshot, report.with_suffix(".expected.json"))


@pytest.mark.parametrize("report", REPORTS, ids=lambda p: p.stem)
def test_every_fact_cites_a_line_that_holds_its_value(report: Path) -> None:
    lines = report.read_text(encoding="utf-8").splitlines()
    snapshot = import_report("\n".join(lines), report.name, taken_at="t")
    for fact in snapshot.facts:
        assert fact.source.kind == "report"
        assert fact.source.line is not None
        if (
            fact.ok
            and isinstance(fact.value, str)
            and fact.key
            not in (ascend_keys.ASCEND_NPU_SMI, cuda_keys.NVIDIA_SMI, *NAMED_BY_BRINGUP)
        ):
            assert fact.value.lower() in lines[fact.source.line - 1].lower(), fact


def test_issue_body_mixing_npu_smi_and_install_info() -> None:
    from bringup.model import Snapshot

    _, snapshot = _imported("vllm-ascend-4621-issue-body.txt")
    assert isinstance(snapshot, Snapshot)
    (device,) = snapshot.devices("ascend")
    assert (device.name, device.family, device.memory_total_mib) == ("910B2C", "910B", 65536)
    (toolkit,) = snapshot.toolkits
    assert (toolkit.kind, toolkit.version, toolkit.arch) == ("cann-toolkit", "8.3.RC2", "x86_64")
    assert toolkit.source.line == 16


def test_collect_env_with_nvidia_smi_keeps_both() -> None:
    from bringup.model import Snapshot

    _, snapshot = _imported("pytorch-43058-v100-issue-body.txt")
    assert isinstance(snapshot, Snapshot)
    assert snapshot.value(cuda_keys.NVIDIA_DRIVER) == "418.67"
    assert snapshot.value(cuda_keys.NVIDIA_DRIVER_CUDA) == "10.1"
    assert snapshot.value(cuda_keys.NVIDIA_DEVICE_COUNT) == 2  # the cut table does not say 0
    assert [d.name for d in snapshot.devices("nvidia")] == ["Tesla V100-PCIE-16GB"] * 2
    cudnn = snapshot.fact(cuda_keys.CUDA_CUDNN)
    assert cudnn is not None
    assert cudnn.status == "unknown"
    assert "Could not collect" in (cudnn.reason or "")
    (python,) = snapshot.pythons
    assert {p.name: p.version for p in python.packages or ()} == {
        "numpy": "1.19.1",
        "torch": "1.6.0",
    }


def test_text_with_nothing_readable_is_one_unparsed_fact() -> None:
    snapshot = import_report("hello\nworld\n", "notes.txt", taken_at="t")
    (fact,) = snapshot.facts
    assert fact.status == "unparsed"
    # an issue body's first line is prose as often as not: the lines are counted instead
    assert "none of its 2 lines is one of these" in (fact.reason or "")


def test_generic_readers_import_no_accelerator_backend() -> None:
    """What a vendor's reports call its facts is its backend's ``ReportTerms``: the readers of
    ``probe/importers`` ask the registry and import no accelerator backend's module."""
    from bringup import backends

    package = Path(importers.__file__).parent
    vendors = [f"bringup.backends.{b.name}" for b in backends.registered() if b.vendor]
    imported = {
        (path.name, node.module)
        for path in package.glob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and node.module
    }
    assert vendors
    assert [(f, m) for f, m in imported if m.startswith(tuple(vendors))] == []
