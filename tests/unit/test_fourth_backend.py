"""A fourth backend added from the test suite alone: the fake ROCm backend of
``tests/plugins/bringup_fake_rocm`` is declared by an installed distribution's entry point
(group ``bringup.backends``), as a third-party package would, and a recorded MI300X host and
two repos whose READMEs need ROCm and an MI-series GPU flow through probe (replay), scan,
solve, plan and report."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bringup import backends, subjects
from bringup.cli.ladder import default_backend
from bringup.cli.main import main
from bringup.ladder.run import ladder_backends
from bringup.probe.importers import UNREAD, import_report
from bringup.probe.redact import Redactor
from bringup.scan.linked import linked_in, provider
from bringup.triage.codediagnoses import next_steps
from bringup.versions import InvalidVersion, SpecifierSet, Version

ROOT = Path(__file__).parent.parent.parent
HOST = "tests/fixtures/hosts/linux-x86_64-ubuntu22-rocm6-mi300x"
STACK = "tests/fixtures/repos/rocm-stack"


@pytest.fixture
def rocm_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A ``fake-rocm`` distribution on ``sys.path``: its metadata declares the entry point."""
    info = tmp_path / "fake_rocm-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fake-rocm\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[bringup.backends]\nrocm = bringup_fake_rocm:BACKEND\n")
    monkeypatch.syspath_prepend(str(ROOT / "tests" / "plugins"))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(ROOT)
    backends.reset()
    yield
    monkeypatch.undo()
    backends.reset()


def _json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, Any]:
    code = main([*argv, "--json"])
    document = json.loads(capsys.readouterr().out)
    assert isinstance(document, dict)
    return code, document["data"]


def test_entry_point_registers_the_backend_and_its_subjects(rocm_installed: None) -> None:
    assert backends.backend_names() == ("cpu", "ascend", "cuda", "rocm")
    assert backends.backend("rocm").vendor == "amd"
    assert subjects.scheme_for("rocm") == "rocm"
    assert subjects.display_name("rocm") == "ROCm"
    assert subjects.scope_of("amd_gpu_count") == "hardware"
    assert subjects.block_scope("amd_gpu_count") == "device"
    assert subjects.examples()[-7:-5] == ("rocm", "amd_gpu_count")
    assert backends.backend("rocm").activation("/opt/rocm-6.1.2").variables == {
        "ROCM_PATH": "/opt/rocm-6.1.2"
    }


def test_plugin_backend_adds_its_rungs_to_the_ladder(
    rocm_installed: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "rocm" in ladder_backends()
    code, data = _json(["ladder", "--backend", "rocm", "--list"], capsys)
    assert code == 0
    assert [rung["id"] for rung in data["rungs"]] == [
        "device-init",
        "operators",
        "communication",
        "memory",
    ]


def test_plugin_backend_names_its_device_nodes_and_its_tools(
    rocm_installed: None, tmp_path: Path
) -> None:
    assert default_backend(tmp_path) == "cpu"
    (tmp_path / "kfd").touch()  # the ROCm kernel driver's node, present on AMD GPU hosts
    assert default_backend(tmp_path) == "rocm"
    steps = next_steps()
    assert "(npu-smi info / nvidia-smi / rocm-smi)" in steps["device_init"]
    assert "or HIP_LAUNCH_BLOCKING=1 (GPU)" in steps["operator_execution"]


def test_a_probe_records_the_plugin_backend_variables(rocm_installed: None) -> None:
    env = {"HIP_VISIBLE_DEVICES": "0,1", "ROCM_PATH": "/opt/rocm", "ROCR_X": "1", "HCCL_X": "2"}
    assert Redactor(hostname=None, username=None).environment(env) == {
        "HCCL_X": "2",
        "HIP_VISIBLE_DEVICES": "0,1",
        "ROCM_PATH": "/opt/rocm",  # what its activation sets
    }


def test_plugin_backend_reads_its_tool_in_a_pasted_report(rocm_installed: None) -> None:
    pasted = (ROOT / HOST / "out" / "002-rocm-smi.txt").read_text()
    snapshot = import_report(f"my machine:\n{pasted}", "issue.md")
    assert [(d.vendor, d.family) for d in snapshot.accelerators] == [("amd", "MI300X")] * 2
    assert snapshot.accelerators[0].source.line == 6  # the first GPU[0] line, after ours


ROCM_COLLECT_ENV = "tests/fixtures/reports/pytorch-44106-rocm-collect-env.txt"


def test_plugin_backend_reads_its_fields_in_a_pasted_collect_env(rocm_installed: None) -> None:
    # PyTorch's collect_env on a ROCm build: its ROCm lines are the plug-in's terms
    snapshot = import_report((ROOT / ROCM_COLLECT_ENV).read_text(), "issue.md")
    hip = snapshot.fact("rocm.hip.version")
    assert hip is not None
    assert (hip.value, hip.source.line) == ("3.18.2", 18)
    assert snapshot.value("rocm.miopen.version") == "2.6.0"
    assert snapshot.value("python.torch.rocm_version") == "3.7.20315"
    assert not [f for f in snapshot.facts if f.key == UNREAD]
    # the ROCm line is a field now, no longer "PyTorch: 3.7.20315" read as torch's version
    assert [f.source.line for f in snapshot.facts if f.key == "python.package.torch"] == [2, 23]


def test_without_the_plugin_its_collect_env_fields_are_unread() -> None:
    snapshot = import_report((ROOT / ROCM_COLLECT_ENV).read_text(), "issue.md")
    assert snapshot.fact("rocm.hip.version") is None
    unread = {f.source.line for f in snapshot.facts if f.key == UNREAD}
    assert {18, 19} <= unread  # the HIP and MIOpen lines: seen, not understood


MIXED_WORKER = "tests/fixtures/reports/gpustack-worker-mixed-amd-nvidia.txt"


def test_plugin_backend_claims_its_devices_in_gpustack_json(rocm_installed: None) -> None:
    snapshot = import_report((ROOT / MIXED_WORKER).read_text(), "worker.json")
    assert [(d.vendor, d.name) for d in snapshot.accelerators] == [
        ("amd", "AMD Radeon RX 7800 XT"),
        ("nvidia", "NVIDIA Device 2702 (VGA compatible)"),
    ]
    assert snapshot.value("rocm.device_count") == 1
    assert snapshot.value("nvidia.device_count") == 1


def test_without_the_plugin_a_device_of_its_vendor_is_left_out() -> None:
    snapshot = import_report((ROOT / MIXED_WORKER).read_text(), "worker.json")
    assert [d.vendor for d in snapshot.accelerators] == ["nvidia"]
    assert snapshot.value("nvidia.device_count") == 1


def test_without_the_plugin_rocm_is_not_a_subject() -> None:
    backends.reset()
    assert "rocm" not in backends.backend_names()
    assert subjects.subject("rocm") is None


def test_the_plugin_registers_its_version_scheme(rocm_installed: None) -> None:
    assert Version("6.1.2-119", "rocm") > Version("6.1.2", "rocm") > Version("6.1", "rocm")
    assert Version("6.1.2-119", "rocm") in SpecifierSet("==6.1.*", "rocm")


def test_without_the_plugin_its_scheme_is_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    backends.reset()
    with pytest.raises(InvalidVersion, match="a known scheme"):
        Version("6.1.2", "rocm")


def test_replayed_host_shows_the_gpus_and_the_toolkit(
    rocm_installed: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, snapshot = _json(["probe", "--replay", HOST], capsys)
    assert code == 0
    devices = snapshot["accelerators"]
    assert isinstance(devices, list)
    assert [(d["vendor"], d["family"]) for d in devices] == [("amd", "MI300X")] * 2
    assert snapshot["toolkits"] == [
        {
            "kind": "rocm",
            "version": "6.1.2",
            "path": "/opt/rocm",
            "source": {"kind": "file", "ref": "/opt/rocm/.info/version"},
            "active": True,
        }
    ]


def test_scan_reads_the_readme_in_the_plugin_words(
    rocm_installed: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data = _json(["scan", f"{STACK}/hip-kernels"], capsys)
    assert code == 0
    (component,) = data["components"]
    read = [(r["subject"], r["spec"], r["source"]["line"]) for r in component["requirements"]]
    assert read == [("rocm", ">=6.0", 7), ("chip", "MI300X,MI250X", 8)]


def test_a_library_the_plugin_names_is_linked_from_its_toolkit(rocm_installed: None) -> None:
    assert linked_in("-lamdhip64 -lcudart") == [
        ("rocm", "the HIP runtime, part of ROCm", "-lamdhip64"),
        ("cuda", "the CUDA runtime", "-lcudart"),
    ]
    assert provider("libamdhip64.so") == ("rocm", "the HIP runtime, part of ROCm")


def test_without_the_plugin_its_library_names_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    backends.reset()
    assert provider("libamdhip64.so") is None
    assert provider("libcudart.so.12") == ("cuda", "the CUDA runtime")


def test_without_the_plugin_the_readme_says_nothing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    backends.reset()
    code, data = _json(["scan", f"{STACK}/hip-kernels"], capsys)
    assert code == 0
    (component,) = data["components"]
    assert component.get("requirements", []) == []


def test_check_gives_each_repo_its_verdict(
    rocm_installed: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data = _json(["check", STACK, "--snapshot", HOST], capsys)
    assert code == 1  # one repo cannot run here
    verdicts = {v["component"]: v for v in data["resolution"]["verdicts"]}
    assert verdicts["hip-kernels"] == {
        "component": "hip-kernels",
        "status": "runs",
        "environment": 1,
    }
    solver = verdicts["mi250-solver"]
    assert solver["status"] == "needs_hardware"
    assert [(o["kind"], o["subject"], o["detail"]) for o in solver["obstacles"]] == [
        ("hardware", "chip", "MI250X"),
        ("conflict", "rocm", ">=5.7,<6.0"),
    ]
    (environment,) = data["resolution"]["environments"]
    (pin,) = environment["pins"]
    assert (pin["subject"], pin["version"], pin["installed"]) == ("rocm", "6.1.2", True)
    tier = data["plan"]["tier"]
    assert tier == {"level": 2, "devices": [{"vendor": "amd", "count": 2, "chips": ["MI300X"]}]}


def test_check_report_names_the_backend_and_the_verdicts(
    rocm_installed: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", STACK, "--snapshot", HOST]) == 1
    screen = capsys.readouterr().out
    assert "2 x amd MI300X: tier 2" in " ".join(screen.split())
    assert "One environment, planned for the hardware the repos ask for" in screen
    assert "mi250-solver  needs other hardware: chip MI250X" in screen
    assert main(["check", STACK, "--snapshot", HOST, "--details"]) == 1
    text = capsys.readouterr().out
    assert "Plan (2 x amd MI300X: tier 2), in bring-up order" in text
    assert "hip-kernels   runs here [environment 1]" in text
    assert "mi250-solver  needs other hardware: chip MI250X" in text
    assert "ROCm  6.1.2          6.1.2" in text
