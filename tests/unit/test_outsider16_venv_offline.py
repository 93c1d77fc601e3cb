"""``uv venv --seed`` takes pip from the index; where it cannot (no index answers, or the
one that does holds only a pip too new for the environment's Python), the interpreter's own
``venv`` seeds pip from the wheel ``ensurepip`` ships, as pip's users make environments
offline (outsider16 D14: ``PIP_INDEX_URL=http://127.0.0.1:9/ bringup up`` of a Python 3.8
repo failed with uv's resolver text below, taken from his run's log
/work/outsider16/st6/runs/000001/env-1-create-again-1.log, uv 0.13)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

from bringup.model.resolution import Environment, Pin
from bringup.model.snapshot import PythonInstall, Snapshot
from bringup.model.source import Source
from bringup.process import Completed
from bringup.run.environments import EnvironmentSpec, environment_spec, make_environment
from bringup.run.indexes import index_settings

UV_SAID = "\n".join(
    (
        "error: Failed to install seed packages into virtual environment",
        "  cause: No solution found when resolving: `pip`, `setuptools`, `wheel`",
        "  cause: Because pip==26.2.1 requires Python >=3.10 and only pip==26.2.1 is available,"
        " we can conclude that all versions of pip cannot be used.",
        "         And because you require pip, we can conclude that your requirements are"
        " unsatisfiable.",
        "",
    )
)
SOURCE = Source(kind="command", ref="/py38/bin/python3.8 --version")


class _OldPythonIndex:
    """uv cannot seed (the index's pip needs Python >= 3.10); the stdlib venv can; installs
    work. ``venv_ok``: whether the interpreter's venv works (no ensurepip: it does not)."""

    def __init__(self, venv_ok: bool = True) -> None:
        self.argvs: list[list[str]] = []
        self.venv_ok = venv_ok

    def run(self, argv: Sequence[str], **kw: object) -> Completed:
        self.argvs.append(list(argv))
        log = kw["log_path"]
        assert isinstance(log, Path)
        if argv[1:2] == ["venv"] and "--seed" in argv:
            log.write_text(UV_SAID, encoding="utf-8")
            return Completed(argv=tuple(argv), returncode=2)
        if argv[1:3] == ["-m", "venv"]:
            if not self.venv_ok:
                log.write_text("No module named ensurepip\n", encoding="utf-8")
                return Completed(argv=tuple(argv), returncode=1)
            Path(argv[-1]).mkdir(parents=True)
        log.write_text("ok\n", encoding="utf-8")
        return Completed(argv=tuple(argv), returncode=0)


def _spec() -> EnvironmentSpec:
    python = PythonInstall(path="/py38/bin/python3.8", version="3.8.20", origin="uv", source=SOURCE)
    snapshot = Snapshot(taken_at="2026-12-06T00:00:00Z", origin="replay", pythons=(python,))
    pins = (
        Pin(subject="python", version="3.8.20", origin="installed", source=SOURCE, installed=True),
        Pin(subject="tqdm", version="4.67.1", origin="index", source=SOURCE),
    )
    env = Environment(index=1, components=("sd",), pins=pins)
    return dataclasses.replace(environment_spec(env, snapshot, ()), seed=True)


def test_uv_unable_to_seed_gives_way_to_the_interpreters_own_venv(tmp_path: Path) -> None:
    settings = index_settings({}, [], offline=False)
    runner = _OldPythonIndex()
    made = make_environment(
        _spec(), tmp_path / "env-1", settings, runner, log_dir=tmp_path, uv="uv"
    )
    assert made.ok, made.error
    assert runner.argvs[1] == ["/py38/bin/python3.8", "-m", "venv", str(tmp_path / "env-1")]
    assert runner.argvs[2][:3] == ["uv", "pip", "install"]
    # uv's log keeps why it could not seed; the venv's log is beside it
    assert "requires Python >=3.10" in (tmp_path / "env-1-create-1.log").read_text()
    assert (tmp_path / "env-1-create-1-venv.log").is_file()


def test_both_failing_says_uvs_failure(tmp_path: Path) -> None:
    settings = index_settings({}, [], offline=False)
    runner = _OldPythonIndex(venv_ok=False)
    made = make_environment(
        _spec(), tmp_path / "env-1", settings, runner, log_dir=tmp_path, uv="uv"
    )
    assert not made.ok
    assert made.error is not None
    assert made.error.startswith("`uv venv --seed ...`")
    assert not (tmp_path / "env-1").exists()
