"""Outsider 23 D9 (tests/data/outsider42/REPORT.md): ``check`` said "runs here", exit 0, after
``bringup up`` of dfm/extending-jax@371dca9 failed at pytest on an API newer jax removed; and
nothing warned of the open-ended ``jax>=0.4.16`` under imports of modules JAX's policy leaves
out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.run.history import History
from bringup.run.historyrows import StepRow
from bringup.scan import scan_stack
from bringup.scan.apipolicy import POLICIES, _importing
from cpuclock import cpu_seconds

HOST = "tests/fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver"

# extending-jax pyproject.toml:9 and src/kepler_jax/kepler_jax.py:8-12
PYPROJECT = '[project]\nname = "kepler_jax"\ndependencies = ["jax>=0.4.16", "jaxlib>=0.4.16"]\n'
KEPLER = (
    '# -*- coding: utf-8 -*-\n\n__all__ = ["kepler"]\n\nfrom functools import partial\n\n'
    "import numpy as np\n"
    "from jax import core, dtypes, lax\n"
    "from jax import numpy as jnp\n"
    "from jax.core import ShapedArray\n"
    "from jax.interpreters import ad, batching, mlir, xla\n"
    "from jax.lib import xla_client\n"
)

# outsider 23's `bringup up` of extending-jax: step 3's whole log (run 1, 03-*-pytest-tests.log)
LOG = """\
============================= test session starts ==============================
platform linux -- Python 3.13.0, pytest-9.2.0, pluggy-1.7.0
rootdir: /work/o23/repos/extjax-git
configfile: pyproject.toml
collected 0 items / 1 error

==================================== ERRORS ====================================
__________________ ERROR collecting tests/test_kepler_jax.py ___________________
ImportError while importing test module '/work/o23/repos/extjax-git/tests/test_kepler_jax.py'.
Hint: make sure your test modules/packages have valid Python names.
Traceback:
/root/.pyenv/versions/3.13.0/lib/python3.13/importlib/__init__.py:88: in import_module
    return _bootstrap._gcd_import(name[level:], package, level)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
tests/test_kepler_jax.py:9: in <module>
    from kepler_jax import kepler
../../state/envs/5dfc43daf538/env-1/lib/python3.13/site-packages/kepler_jax/__init__.py:5: in <module>
    from .kepler_jax import kepler
../../state/envs/5dfc43daf538/env-1/lib/python3.13/site-packages/kepler_jax/kepler_jax.py:12: in <module>
    from jax.lib import xla_client
E   ImportError: cannot import name 'xla_client' from 'jax.lib' (/work/o23/state/envs/5dfc43daf538/env-1/lib/python3.13/site-packages/jax/lib/__init__.py)
=========================== short test summary info ============================
ERROR tests/test_kepler_jax.py
!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!
============================== 1 error in 10.13s ===============================
"""  # noqa: E501


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "extjax"
    (repo / "src" / "kepler_jax").mkdir(parents=True)
    (repo / "pyproject.toml").write_text(PYPROJECT)
    (repo / "src" / "kepler_jax" / "__init__.py").write_text("")
    (repo / "src" / "kepler_jax" / "kepler_jax.py").write_text(KEPLER)
    return repo


def _record(state: Path, repo: Path, status: str, log: Path) -> None:
    state.mkdir(exist_ok=True)
    with History(state / "history.sqlite3") as history:
        run = history.start_run(
            stack="k", paths=(str(repo.resolve()),), snapshot_id=None, argv=("up",),
            resolution=b"{}", plan=b"{}",
        )  # fmt: skip
        history.add_step(
            StepRow(
                run_id=run, order=3, component=repo.name, name="pytest tests", kind="test",
                argv=("python", "-m", "pytest", "tests"), status=status,
                exit_code=2 if status == "failed" else 0, log_path=str(log),
            )
        )  # fmt: skip
        history.finish_run(run, status)


def test_check_says_the_last_up_here_failed_and_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    repo, state, log = _repo(tmp_path), tmp_path / "state", tmp_path / "03-pytest.log"
    log.write_text(LOG)
    monkeypatch.setenv("BRINGUP_STATE_DIR", str(state))
    _record(state, repo, "failed", log)
    assert main(["check", str(repo)]) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert "The last bringup up here failed" in out
    assert "extjax: run 1" in out
    assert "failed at step 3 (pytest tests), exit 2" in out
    assert "jax.lib does not provide xla_client" in out
    assert main(["check", str(repo), "--json"]) == 1
    last = json.loads(capsys.readouterr().out)["data"]["last_up"]
    assert [(f["component"], f["order"], f["status"]) for f in last] == [("extjax", 3, "failed")]
    # a recorded host is another machine's: its answer is the repos' alone
    main(["check", str(repo), "--snapshot", HOST])
    assert "The last bringup up" not in capsys.readouterr().out
    # a later run that passed speaks for the checkout now
    _record(state, repo, "passed", log)
    main(["check", str(repo)])
    assert "The last bringup up" not in capsys.readouterr().out


def test_an_open_ended_jax_under_imports_its_policy_leaves_out_is_a_risk(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    notes = [f for f in scan_stack([str(repo)]).findings if f.kind == "note" and f.subject == "jax"]
    assert len(notes) == 1
    assert "jax >=0.4.16" in notes[0].message
    assert "imports jax.core" in notes[0].message
    assert "api_compatibility" in notes[0].message
    assert [(s.ref.rsplit("/", 1)[-1], s.line) for s in notes[0].sources] == [
        ("kepler_jax.py", 8),
        ("pyproject.toml", 3),
    ]


@pytest.mark.parametrize(
    ("spec", "imports", "noted"),
    [
        ("jax>=0.4.16,<0.4.31", KEPLER, False),  # bounded: the release range was chosen
        ("jax==0.4.16", KEPLER, False),
        ("jax>=0.4.16", "import jax\nimport jax.numpy as jnp\nfrom jax import lax\n", False),
        ("jax", "import jax.experimental.pallas as pl\n", True),  # no version at all
    ],
)
def test_only_an_open_end_with_an_uncovered_import_is_noted(
    tmp_path: Path, spec: str, imports: str, noted: bool
) -> None:
    repo = _repo(tmp_path)
    (repo / "pyproject.toml").write_text(f'[project]\nname = "k"\ndependencies = ["{spec}"]\n')
    (repo / "src" / "kepler_jax" / "kepler_jax.py").write_text(imports)
    found = [f for f in scan_stack([str(repo)]).findings if f.subject == "jax"]
    assert bool(found) == noted


def test_a_damaged_history_is_warned_and_the_verdicts_stand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The history is what check adds to its reading, not its input: a damaged one was exit 2
    ("not a usable history database") for a check that never needed it."""
    repo, state = _repo(tmp_path), tmp_path / "state"
    state.mkdir()
    (state / "history.sqlite3").write_text("garbage, not a database\n")
    monkeypatch.setenv("BRINGUP_STATE_DIR", str(state))
    assert main(["check", str(repo)]) == 0
    said = capsys.readouterr()
    assert "not a usable history database" in said.err
    assert "the last bringup up is not read" in said.err
    assert "The last bringup up" not in said.out


def test_a_history_damaged_past_its_first_page_is_warned_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """review43 M1: a history whose header opens but whose tables' pages are damaged (a disk
    fault, a copy cut short) fails at the first query with SQLite's "database disk image is
    malformed", which is no StackError: check crashed, exit 3, "this is a bug in bringup"."""
    repo, state, log = _repo(tmp_path), tmp_path / "state", tmp_path / "03-pytest.log"
    log.write_text(LOG)
    _record(state, repo, "failed", log)
    database = state / "history.sqlite3"
    data = database.read_bytes()
    page = int.from_bytes(data[16:18], "big")  # the page size, at offset 16 of SQLite's header
    database.write_bytes(data[:page] + b"\xde" * (len(data) - page))
    monkeypatch.setenv("BRINGUP_STATE_DIR", str(state))
    assert main(["check", str(repo)]) == 0
    said = capsys.readouterr()
    assert "malformed" in said.err
    assert "the last bringup up is not read" in said.err


def test_a_long_import_line_is_read_in_linear_time(tmp_path: Path) -> None:
    """review43 H1: ``from jax import`` then many names, none a module the policy leaves out,
    backtracked exponentially: the list's repeated run of words and blanks split the blank after
    each comma two ways; the two lines of 26 names took 12.9 s of CPU at the parent commit,
    under 0.01 s now (bound 1.0 s). The names with their aliases are still read before it."""
    names = ", ".join(f"name{i} as n{i}" if i % 3 else f"name{i}" for i in range(26))
    pattern = _importing(POLICIES[0])
    started = cpu_seconds()
    assert pattern.search(f"from jax import {', '.join(['lax'] * 26)}") is None
    assert pattern.search(f"from jax import {names}") is None
    assert cpu_seconds() - started < 1.0
    repo = _repo(tmp_path)
    (repo / "src" / "kepler_jax" / "kepler_jax.py").write_text(
        f"from jax import {names}, core as jcore\n"
    )
    assert [f for f in scan_stack([str(repo)]).findings if f.subject == "jax"]
