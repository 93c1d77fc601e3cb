"""Running ladders of planted rung programs (bringup's own interpreter, no torch): a hang is
killed at its timeout and said so, a segfault ends one rung and not the ladder, garbage on
stdout is an error with the raw tail; requires, BLOCKED and the stop at the first failing
layer."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from bringup.ladder.model import LadderLayer, Level, Peaks, Rung, RungResult
from bringup.ladder.order import order
from bringup.ladder.progress import EventLadderReporter
from bringup.ladder.run import run_ladder
from bringup.report.events import Finished, RecordingReporter, Started

PASSING_DEVICE = 'print(\'{"count": 1, "names": ["planted"], "available": true}\')'
PROGRAMS = {
    "ok": PASSING_DEVICE,
    "hang": "import time\nprint('starting', flush=True)\ntime.sleep(600)",
    "segfault": "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)",
    "garbage": "print('Segmentation fault? no: just text')\nprint('<html>not json</html>')",
    "raises": textwrap.dedent(
        """
        import json
        print(json.dumps({"error": {"phase": "runtime", "type": "ImportError",
              "message": "libascend_hal.so: cannot open shared object file"}}))
        """
    ),
}


def planted(
    tmp_path: Path,
    rung_id: str,
    program: str,
    *,
    requires: tuple[str, ...] = (),
    layer: LadderLayer = "device_init",
    timeout: float = 30.0,
) -> Rung:
    script = tmp_path / f"{rung_id}.py"
    script.write_text(PROGRAMS[program] + "\n")
    return Rung(
        id=rung_id,
        title=program,
        backend="planted",
        layer=layer,
        judge="device",
        program=str(script),
        requires=requires,
        expected_s={"quick": 0.1},
        timeout_s={"quick": timeout},
    )


def ladder(
    tmp_path: Path, rungs: list[Rung], keep_going: bool = False, level: Level = "quick"
) -> dict[str, RungResult]:
    result = run_ladder(
        "planted",
        sys.executable,
        level,
        keep_going=keep_going,
        rungs=rungs,
        peaks=Peaks(),
        log_dir=tmp_path / "logs",
    )
    return {r.rung: r for r in result.results}


@pytest.mark.integration
def test_a_hanging_rung_is_killed_at_its_timeout_and_said_so(tmp_path: Path) -> None:
    results = ladder(
        tmp_path,
        [planted(tmp_path, "hangs", "hang", timeout=1.0), planted(tmp_path, "after", "ok")],
        keep_going=True,
    )
    hung = results["hangs"]
    assert (hung.verdict, hung.phase) == ("FAIL", "timeout")
    assert "killed at its timeout" in hung.reason
    assert 1.0 <= hung.seconds < 10
    assert results["after"].verdict == "PASS"
    assert "starting" in Path(str(hung.log_path)).read_text()


@pytest.mark.integration
def test_a_segfault_is_a_failed_rung_not_a_dead_ladder(tmp_path: Path) -> None:
    results = ladder(
        tmp_path,
        [planted(tmp_path, "crashes", "segfault"), planted(tmp_path, "after", "ok")],
        keep_going=True,
    )
    crashed = results["crashes"]
    assert (crashed.verdict, crashed.phase) == ("FAIL", "crash")
    assert "SIGSEGV (signal 11)" in crashed.reason
    assert results["after"].verdict == "PASS"


@pytest.mark.integration
def test_garbage_instead_of_json_is_an_error_with_the_raw_tail(tmp_path: Path) -> None:
    results = ladder(tmp_path, [planted(tmp_path, "babbles", "garbage")])
    babbled = results["babbles"]
    assert (babbled.verdict, babbled.phase) == ("ERROR", "output")
    assert "printed no JSON evidence" in babbled.reason
    assert babbled.details[-1] == "<html>not json</html>"
    assert babbled.argv[:2] == (sys.executable, "-I")


@pytest.mark.integration
def test_a_failing_prerequisite_blocks_and_the_ladder_stops_at_the_failing_layer(
    tmp_path: Path,
) -> None:
    rungs = [
        planted(tmp_path, "device", "raises"),
        planted(tmp_path, "ops", "ok", requires=("device",), layer="operator_execution"),
        planted(tmp_path, "independent", "ok", layer="memory"),
    ]
    stopped = ladder(tmp_path, rungs)
    assert stopped["device"].verdict == "FAIL"
    assert stopped["device"].reason.startswith("ImportError in runtime: libascend_hal.so")
    assert stopped["ops"].verdict == "BLOCKED"
    assert stopped["ops"].reason.startswith("device failed: ImportError in runtime")
    assert stopped["independent"].verdict == "BLOCKED"
    assert (
        "stopped at the first failing layer (device, device_init)" in stopped["independent"].reason
    )
    went_on = ladder(tmp_path, rungs, keep_going=True)
    assert went_on["ops"].verdict == "BLOCKED"
    assert went_on["independent"].verdict == "PASS"


def rung(rung_id: str, requires: tuple[str, ...] = ()) -> Rung:
    return Rung(
        id=rung_id,
        title="",
        backend="x",
        layer="memory",
        judge="memory",
        program="p",
        requires=requires,
    )


def test_rungs_run_after_what_they_require_otherwise_in_the_given_order() -> None:
    given = [rung("comm", ("ops",)), rung("device"), rung("ops", ("device",)), rung("memory")]
    assert [r.id for r in order(given)] == ["device", "ops", "comm", "memory"]


@pytest.mark.parametrize(
    ("rungs", "message"),
    [
        ([rung("a", ("missing",))], r"requires unknown rung\(s\): missing"),
        ([rung("a", ("b",)), rung("b", ("a",))], "cycle"),
    ],
)
def test_bad_rung_definitions_are_refused(rungs: list[Rung], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        order(rungs)


@pytest.mark.integration
def test_progress_goes_through_the_event_reporter(tmp_path: Path) -> None:
    recorder = RecordingReporter()
    printed: list[str] = []
    run_ladder(
        "planted",
        sys.executable,
        "quick",
        EventLadderReporter(recorder, lambda done: printed.append(done.rung)),
        rungs=[
            planted(tmp_path, "crashes", "segfault"),
            planted(tmp_path, "after", "ok", requires=("crashes",)),
        ],
        peaks=Peaks(),
        log_dir=tmp_path / "logs",
    )
    assert printed == ["crashes", "after"]
    started, finished = recorder.events
    assert isinstance(started, Started)
    assert started.stage.text == "rung crashes (~0 s)"
    assert isinstance(finished, Finished)
    assert finished.ok is False
