"""An environment is reused only while it holds what ``up`` installed into it, and ``diff``
says what left it: outsider15 D13 (/work/outsider15/repro.sh, "D13"): ``uv pip uninstall tqdm``
from stylegan2-ada-pytorch's environment 1 (tqdm is NVlabs/stylegan2-ada-pytorch README.md:67's
requirement), then ``diff`` said "0 changes" and ``up`` "environment 1: reused", tqdm still
gone. The site-packages entries below are those of the tester's env-1
(/work/outsider15/st2/envs/*/env-1/lib/python3.7/site-packages, tqdm's version made up)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bringup.model.resolution import Environment, Pin
from bringup.model.snapshot import PythonInstall, Snapshot
from bringup.model.source import Source
from bringup.process import Completed
from bringup.run.environments import EnvironmentSpec, Made, environment_spec, make_environment
from bringup.run.indexes import IndexSettings
from bringup.run.installed import held, removed

_ENTRIES = (
    "click-8.1.8.dist-info",
    "numpy-1.21.6.dist-info",
    "pyspng-0.1.4.dist-info",
    "torch-1.7.1.dist-info",
    "tqdm-4.67.1.dist-info",
)


class _Installs:
    """``uv venv PATH`` makes the folder; ``uv pip install`` leaves the tester's entries."""

    def __init__(self) -> None:
        self.made = 0

    def run(self, argv: Sequence[str], **_: object) -> Completed:
        if "venv" in argv[1:3]:
            self.made += 1
            site = Path(argv[-1]) / "lib" / "python3.7" / "site-packages"
            site.mkdir(parents=True)
            (Path(argv[-1]) / "pyvenv.cfg").write_text("version = 3.7.16\n", encoding="utf-8")
            for entry in _ENTRIES:
                (site / entry).mkdir()
        return Completed(argv=tuple(argv), returncode=0)


def _spec() -> EnvironmentSpec:
    source = Source(kind="command", ref="/py37/bin/python3 --version")
    python = PythonInstall(
        path="/py37/bin/python3", version="3.7.16", origin="pyenv", source=source
    )
    snapshot = Snapshot(taken_at="2026-12-06T00:00:00Z", origin="replay", pythons=(python,))
    pins = (
        Pin(subject="python", version="3.7.16", origin="installed", source=source, installed=True),
        Pin(subject="tqdm", version="4.67.1", origin="release", source=source),
    )
    return environment_spec(Environment(index=1, components=("sg2",), pins=pins), snapshot, ())


def test_an_environment_missing_what_was_installed_is_made_again(tmp_path: Path) -> None:
    spec = _spec()
    path = tmp_path / "envs" / "env-1"
    runner = _Installs()

    def make() -> Made:
        return make_environment(spec, path, IndexSettings(), runner, log_dir=tmp_path, uv="uv")

    make()
    assert make().reused
    (path / "lib" / "python3.7" / "site-packages" / "tqdm-4.67.1.dist-info").rmdir()
    assert removed(path) == ["tqdm 4.67.1"]
    again = make()
    assert not again.reused
    assert "no longer held tqdm 4.67.1" in again.replaced
    assert runner.made == 2
    assert removed(path) == []


def test_what_a_step_of_the_plan_removed_is_no_removal(tmp_path: Path) -> None:
    path = tmp_path / "envs" / "env-1"
    runner = _Installs()
    make_environment(_spec(), path, IndexSettings(), runner, log_dir=tmp_path, uv="uv")
    (path / "lib" / "python3.7" / "site-packages" / "tqdm-4.67.1.dist-info").rmdir()
    after_the_steps = held(path)  # what the last step recorded: tqdm gone by the plan
    again = make_environment(
        _spec(), path, IndexSettings(), runner, log_dir=tmp_path, uv="uv", kept=after_the_steps
    )
    assert again.reused
    assert runner.made == 1


def test_an_upgrade_by_a_step_is_no_removal(tmp_path: Path) -> None:
    spec = _spec()
    path = tmp_path / "envs" / "env-1"
    make_environment(spec, path, IndexSettings(), _Installs(), log_dir=tmp_path, uv="uv")
    site = path / "lib" / "python3.7" / "site-packages"
    (site / "numpy-1.21.6.dist-info").rename(site / "numpy-1.21.7.dist-info")
    assert removed(path) == []


def test_diff_says_what_left_an_environment_since_the_run(tmp_path: Path) -> None:
    from bringup.cli.diff import Side, _held_at, _held_now
    from bringup.model.snapshot import Snapshot
    from bringup.run.history import EnvironmentRow, History, StepRow
    from bringup.run.installed import held

    path = tmp_path / "envs" / "env-1"
    make_environment(_spec(), path, IndexSettings(), _Installs(), log_dir=tmp_path, uv="uv")
    with History(tmp_path / "history.sqlite3") as history:
        run = history.start_run(
            stack="s", paths=("/r",), snapshot_id=None, argv=("up",), resolution=b"{}", plan=b"{}"
        )
        history.save_environment(
            EnvironmentRow(
                stack="s",
                index=1,
                path=str(path),
                python="3.7.16",
                fingerprint="f",
                components=("sg2",),
                created_at="2026-12-06T00:00:00Z",
            )
        )
        assert _held_at(history, run, "s") == {"environment 1": (str(path), held(path))}
        history.add_step(
            StepRow(
                run_id=run,
                order=1,
                component="sg2",
                name="test",
                kind="test",
                argv=("python", "-c", "import tqdm"),
                status="passed",
                environment=1,
                installed=held(path),
            )
        )
        before = Side(
            "run 1", Snapshot(taken_at="x", origin="replay"), [], _held_at(history, run, "s")
        )
    assert _held_now(before) == []
    (path / "lib" / "python3.7" / "site-packages" / "tqdm-4.67.1.dist-info").rmdir()
    [change] = _held_now(before)
    assert (change.key, change.before, change.after) == ("environment 1 tqdm", "4.67.1", None)
