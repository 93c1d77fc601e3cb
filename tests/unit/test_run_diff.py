"""``bringup diff`` names exactly what changed: between the two recorded hosts, every fact
whose recorded value differs and none that is the same; between a host and a copy with the
driver upgraded, only the driver."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import msgspec

from bringup.cli.main import main
from bringup.probe.replay import load_host
from bringup.run.diff import diff_runs, diff_snapshots

HOSTS = Path(__file__).parents[1] / "fixtures" / "hosts"
ASCEND = HOSTS / "linux-aarch64-ascend-910b-two-cann-toolkits"
CUDA = HOSTS / "linux-x86_64-debian12-cuda13-toolkit-no-driver"


def _recorded_facts(host: Path) -> dict[str, object]:
    """The facts as the committed expected snapshot records them (key -> value or status)."""
    data = json.loads((host / "snapshot.expected.json").read_text(encoding="utf-8"))
    return {f["key"]: f.get("value", f.get("status")) for f in data["facts"]}


def test_between_the_two_recorded_hosts_exactly_the_differing_facts() -> None:
    changes = diff_snapshots(load_host(ASCEND), load_host(CUDA))
    named = {c.key for c in changes if c.area == "fact"}
    before, after = _recorded_facts(ASCEND), _recorded_facts(CUDA)
    differing = {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}
    assert named == differing
    arch = next(c for c in changes if c.key == "host.arch")
    assert (arch.before, arch.after) == ("aarch64", "x86_64")
    toolkits = {(c.key, c.before, c.after) for c in changes if c.area == "toolkit"}
    assert ("cann-toolkit /usr/local/Ascend/ascend-toolkit/8.3.RC1", "8.3.RC1", None) in toolkits


def test_a_driver_upgrade_is_the_only_change(tmp_path: Path) -> None:
    copy = tmp_path / "host"
    shutil.copytree(ASCEND, copy, symlinks=True)
    info = copy / "files" / "usr" / "local" / "Ascend" / "driver" / "version.info"
    info.write_text(info.read_text(encoding="utf-8").replace("24.1.rc3", "25.0.rc1"))
    changes = diff_snapshots(load_host(ASCEND), load_host(copy))
    assert [(c.area, c.key, c.before, c.after) for c in changes] == [
        ("fact", "ascend.driver.version", "24.1.rc3", "25.0.rc1")
    ]


def test_the_same_host_twice_is_no_change_and_exit_0(capsys: object) -> None:
    assert main(["diff", str(ASCEND), str(ASCEND), "--json"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert msgspec.json.decode(out)["data"]["changes"] == []


def test_step_outcomes_between_runs() -> None:
    before = [("ops", "build", "passed"), ("ops", "test", "failed"), ("comm", "test", "passed")]
    after = [("ops", "build", "reused"), ("ops", "test", "passed"), ("new", "test", "skipped")]
    changes = [(c.key, c.before, c.after) for c in diff_runs(before, after)]
    assert changes == [
        ("comm: test", "passed", None),
        ("new: test", None, "skipped"),
        ("ops: test", "failed", "passed"),
    ]
