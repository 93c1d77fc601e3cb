"""An index that does not answer, beside other indexes and find-links in the user's pip
settings, does not stop the environment: pip warns and reads the others, uv stops at the first
(outsider14 D12: ``PIP_INDEX_URL=http://127.0.0.1:9/`` with pip.conf's ``extra-index-url`` and
``find-links``: ``python -m venv x && x/bin/pip install pybind11`` worked, ``up`` failed at
``uv venv --seed`` with the error chain below, uv 0.13's as it printed it on this machine)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Optional

from bringup.model.resolution import Environment, Pin
from bringup.model.snapshot import PythonInstall, Snapshot
from bringup.model.source import Source
from bringup.process import Completed
from bringup.redaction import redact_secrets
from bringup.report.up_text import environment_line
from bringup.run.environments import (
    FINGERPRINT_FILE,
    EnvironmentSpec,
    environment_spec,
    make_environment,
)
from bringup.run.indexes import index_settings, past_unreachable
from bringup.run.outcome import EnvironmentOutcome

UV_SAID = """\
error: Failed to install seed packages into virtual environment
  cause: Failed to fetch: http://127.0.0.1:9/setuptools/
  cause: error sending request for url (http://127.0.0.1:9/setuptools/)
  cause: client error (Connect)
  cause: tcp connect error
  cause: Connection refused (os error 111)
"""
PIP_CONF = "[global]\nfind-links = /opt/wheels\nextra-index-url = file:///opt/pypi/simple\n"
SOURCE = Source(kind="command", ref="/py311/bin/python3 --version")


class _DeadIndex:
    """Fails every uv command while ``UV_DEFAULT_INDEX`` is the dead index, as uv does."""

    def __init__(self) -> None:
        self.envs: list[Mapping[str, Optional[str]]] = []

    def run(self, argv: Sequence[str], **kw: object) -> Completed:
        env: Mapping[str, Optional[str]] = kw["env"]  # type: ignore[assignment]
        self.envs.append(env)
        if "venv" in argv[1:3]:
            Path(argv[-1]).mkdir(parents=True, exist_ok=True)
        dead = env.get("UV_DEFAULT_INDEX") == "http://127.0.0.1:9/"
        log = kw["log_path"]
        assert isinstance(log, Path)
        log.write_text(UV_SAID if dead else "ok\n", encoding="utf-8")
        return Completed(argv=tuple(argv), returncode=2 if dead else 0)


def _spec() -> EnvironmentSpec:
    python = PythonInstall(
        path="/py311/bin/python3", version="3.11.7", origin="pyenv", source=SOURCE
    )
    snapshot = Snapshot(taken_at="2026-12-06T00:00:00Z", origin="replay", pythons=(python,))
    pins = (
        Pin(subject="python", version="3.11.7", origin="installed", source=SOURCE, installed=True),
        Pin(subject="pybind11", version="3.0.1", origin="index", source=SOURCE),
    )
    return environment_spec(Environment(index=1, components=("sbe2",), pins=pins), snapshot, ())


def test_a_dead_default_index_gives_way_to_the_extra_index_and_find_links(tmp_path: Path) -> None:
    settings = index_settings(
        {"PIP_INDEX_URL": "http://127.0.0.1:9/"}, [("/etc/pip.conf", PIP_CONF)], offline=False
    )
    spec = _spec()
    runner = _DeadIndex()
    path = tmp_path / "env-1"
    made = make_environment(spec, path, settings, runner, log_dir=tmp_path, uv="uv")
    assert made.ok, made.error
    assert made.detour == "http://127.0.0.1:9"
    assert "Connection refused" in (tmp_path / "env-1-create-1.log").read_text(encoding="utf-8")
    assert made.log_path is None or "-again-" in made.log_path
    last = runner.envs[-1]
    assert last["UV_DEFAULT_INDEX"] == "file:///opt/pypi/simple"
    assert last["UV_FIND_LINKS"] == "/opt/wheels"
    # stamped as made for the settings the user has: the next ``up`` reuses it
    stamped = (path / FINGERPRINT_FILE).read_text(encoding="utf-8").split()[0]
    assert stamped == spec.fingerprint(settings)
    line = environment_line(
        EnvironmentOutcome(
            index=1,
            components=("sbe2",),
            python="3.11.7",
            path=str(path),
            status="created",
            detour=made.detour,
        )
    )
    assert "the index http://127.0.0.1:9 did not answer" in line


def test_a_dead_index_alone_stays_a_failure() -> None:
    settings = index_settings({"PIP_INDEX_URL": "http://127.0.0.1:9/"}, [], offline=False)
    assert past_unreachable(settings) is None
    only_links = index_settings(
        {"PIP_INDEX_URL": "http://127.0.0.1:9/", "PIP_FIND_LINKS": "/opt/wheels"}, [], offline=False
    )
    fallback = past_unreachable(only_links)
    assert fallback is not None
    assert "--no-index" in fallback.args
    assert fallback.env["UV_DEFAULT_INDEX"] is None


class _DeadPrivateIndex(_DeadIndex):
    """The dead index with a user and password: uv names it without them (uv 0.13.9 on this
    machine, ``uv venv --seed --default-index http://alice:s3cret@127.0.0.1:9/simple``: "Failed
    to fetch: http://127.0.0.1:9/simple/pip/")."""

    def run(self, argv: Sequence[str], **kw: object) -> Completed:
        env: Mapping[str, Optional[str]] = kw["env"]  # type: ignore[assignment]
        done = super().run(argv, **kw)
        if "alice:s3cret@127.0.0.1:9" in (env.get("UV_DEFAULT_INDEX") or ""):
            log = kw["log_path"]
            assert isinstance(log, Path)
            log.write_text(UV_SAID.replace(":9/", ":9/simple/"), encoding="utf-8")
            return Completed(argv=tuple(argv), returncode=2)
        return done


def test_a_dead_index_with_a_password_gives_way_too(tmp_path: Path) -> None:
    """uv's error names the index without its credentials: the log is read for the address
    without them (review33: a private mirror's dead index never gave way)."""
    settings = index_settings(
        {"PIP_INDEX_URL": "http://alice:s3cret@127.0.0.1:9/simple"},
        [("/etc/pip.conf", PIP_CONF)],
        offline=False,
    )
    made = make_environment(
        _spec(), tmp_path / "env-1", settings, _DeadPrivateIndex(), log_dir=tmp_path, uv="uv"
    )
    assert made.ok, made.error
    assert made.detour
    line = environment_line(
        EnvironmentOutcome(
            index=1,
            components=("sbe2",),
            python="3.11.7",
            path=str(tmp_path / "env-1"),
            status="created",
            detour=redact_secrets(made.detour),
        )
    )
    assert "127.0.0.1:9/simple did not answer" in line
    assert "s3cret" not in line
