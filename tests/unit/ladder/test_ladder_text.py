"""What ``bringup ladder`` prints for a rung: the PASS line as the issue shows it, and for a
failure the phase, the evidence tail, the diagnosis and the re-run command."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.ladder import default_backend, rung_lines
from bringup.cli.main import main
from bringup.ladder.model import RungResult
from bringup.ladder.run import backend_rungs, diagnose, rung_argv

OOM = (
    "RuntimeError: NPU out of memory. Tried to allocate 5.03 GiB (NPU 3; 60.96 GiB total "
    "capacity; 49.47 GiB already allocated; 49.47 GiB current active; 1.32 GiB free; 57.55 GiB "
    "reserved in total by PyTorch)"
)  # https://github.com/xingchensong/TouchNet/issues/100


def test_a_passing_rung_is_one_line_with_its_time_and_expected_time() -> None:
    result = RungResult(
        rung="device-init",
        title="",
        layer="device_init",
        verdict="PASS",
        reason="1 device(s) through torch 2.13.0+cpu",
        seconds=0.4,
        expected_s=3.0,
    )
    assert rung_lines(result) == [
        "[ PASS ]    device-init      0.4 s   (~3 s)  1 device(s) through torch 2.13.0+cpu"
    ]


def test_a_failing_rung_says_phase_evidence_diagnosis_and_how_to_rerun_it() -> None:
    memory = next(r for r in backend_rungs("ascend") if r.id == "memory")
    argv = rung_argv(memory, "/envs/npu/bin/python", "quick")
    result = RungResult(
        rung="memory",
        title=memory.title,
        layer="memory",
        verdict="FAIL",
        reason="RuntimeError in allocate: NPU out of memory",
        phase="allocate",
        seconds=12.0,
        argv=argv,
        evidence_tail=OOM,
        diagnosis=diagnose(OOM),
    )
    text = "\n".join(rung_lines(result))
    assert text.startswith("[ FAIL ]    memory")
    assert "phase: allocate" in text
    assert "NPU out of memory. Tried to allocate 5.03 GiB" in text
    assert "diagnosis: NPU out of memory (memory, " in text
    program = Path(argv[2])
    assert program.name == "torch_rungs.py"
    assert program.is_file()
    assert text.endswith(
        f"re-run: /envs/npu/bin/python -I {program} memory --device npu --runtime torch_npu "
        "--level quick --budget 60"
    )


def test_the_default_backend_follows_the_device_nodes(tmp_path: Path) -> None:
    assert default_backend(tmp_path) == "cpu"
    (tmp_path / "nvidia0").touch()
    assert default_backend(tmp_path) == "cuda"
    (tmp_path / "davinci0").touch()
    assert default_backend(tmp_path) == "ascend"


def test_list_shows_each_rung_with_its_expected_time_per_level(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["ladder", "--backend", "cuda", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["rung", "layer", "quick", "standard", "long", "requires"]
    assert lines[3].split() == [
        "communication",
        "communication",
        "~15",
        "s",
        "~30",
        "s",
        "~120",
        "s",
        "operators",
    ]


def test_a_blocked_rung_is_marked_blocked_as_the_readme_names_it() -> None:
    """Outsider O8 #21: ``[ BLKD ]`` was printed where the README documents ``BLOCKED``; every
    mark is the verdict word, and the rung names line up whatever the mark."""
    blocked = RungResult(
        rung="operators",
        title="",
        layer="operator_execution",
        verdict="BLOCKED",
        reason="device-init did not pass",
    )
    passed = RungResult(
        rung="device-init", title="", layer="device_init", verdict="PASS", reason="ok"
    )
    first = rung_lines(blocked)[0]
    assert first.startswith("[ BLOCKED ] operators")
    assert first.index("operators") == rung_lines(passed)[0].index("device-init")


@pytest.mark.parametrize(
    ("backend", "legend"),
    [
        ("cpu", "times: a range (2-7 s) was measured, fastest to slowest; ~ is an estimate"),
        ("ascend", "times: ~ is an estimate; none of these was measured"),
    ],
)
def test_the_list_names_a_measured_range_only_where_one_was_measured(
    backend: str, legend: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Outsider O8 #21: ``ladder --backend ascend --list`` shows only ``~`` estimates but
    ended with "a range (2-7 s) was measured"."""
    assert main(["ladder", "--backend", backend, "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == legend
    assert any(
        "-" in cell and cell[0].isdigit() for line in lines[1:-1] for cell in line.split()
    ) == (backend == "cpu")
