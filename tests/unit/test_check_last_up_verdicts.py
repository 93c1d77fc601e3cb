"""``check --json`` after a failed ``bringup up`` (outsider 23 D9's extending-jax): the reason was
only in ``data.last_up``, each verdict still "runs here", so a script reading the verdicts was
misled; each verdict now carries its repo's failure. And a failure recorded at another commit of
the checkout (the repo moved on since) is said stale and no longer decides the exit: ``up``
keeps each step's commit with its inputs."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from test_outsider42_lastup import LOG, _repo

from bringup.cli.main import main
from bringup.process import SubprocessRunner
from bringup.run.fingerprint import git_changes, git_head, input_parts
from bringup.run.history import History
from bringup.run.historyrows import StepRow


def _record(
    state: Path, repo: Path, log: Path, commit: str | None = None, changes: str | None = None
) -> None:
    state.mkdir(exist_ok=True)
    with History(state / "history.sqlite3") as history:
        run = history.start_run(
            stack="k", paths=(str(repo.resolve()),), snapshot_id=None, argv=("up",),
            resolution=b"{}", plan=b"{}",
        )  # fmt: skip
        parts = input_parts(
            tree="git:0", environment="e", cwd=str(repo), activation=(), before="",
            commit=commit, changes=changes,
        )  # fmt: skip
        history.add_step(
            StepRow(
                run_id=run, order=3, component=repo.name, name="pytest tests", kind="test",
                argv=("python", "-m", "pytest", "tests"), status="failed", exit_code=2,
                log_path=str(log), parts=parts,
            )
        )  # fmt: skip
        history.finish_run(run, "failed")


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t", *args],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    return done.stdout.strip()


def test_each_verdict_carries_its_repos_failed_last_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    repo, state, log = _repo(tmp_path), tmp_path / "state", tmp_path / "03-pytest.log"
    log.write_text(LOG)
    _record(state, repo, log)
    monkeypatch.setenv("BRINGUP_STATE_DIR", str(state))
    assert main(["check", str(repo), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)["data"]
    (verdict,) = data["verdicts"]
    assert verdict["component"] == "extjax"
    assert verdict["last_up"]["run_id"] == 1
    assert verdict["last_up"]["status"] == "failed"
    assert verdict["last_up"]["stale"] is False
    assert "failed at step 3 (pytest tests), exit 2" in verdict["last_up"]["text"]
    assert data["last_up"] == [verdict["last_up"]]
    # another machine's answer reads no history: null, as on_target is without a target
    main(
        [
            "check",
            str(repo),
            "--json",
            "--snapshot",
            "tests/fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver",
        ]
    )
    assert [v["last_up"] for v in json.loads(capsys.readouterr().out)["data"]["verdicts"]] == [None]


def test_a_failure_at_another_commit_is_stale_and_decides_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    repo, state, log = _repo(tmp_path), tmp_path / "state", tmp_path / "03-pytest.log"
    log.write_text(LOG)
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "first")
    first = _git(repo, "rev-parse", "HEAD")
    assert git_head(repo, SubprocessRunner()) == first
    _record(state, repo, log, commit=first)
    monkeypatch.setenv("BRINGUP_STATE_DIR", str(state))
    assert main(["check", str(repo)]) == 1  # the same commit: the failure stands
    assert "The last bringup up here failed:" in capsys.readouterr().out
    (repo / "src" / "kepler_jax" / "kepler_jax.py").write_text("import jax\n")
    _git(repo, "commit", "-qam", "the fix")
    assert main(["check", str(repo)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert (
        "failed at another commit of the checkout, or with other uncommitted changes (stale" in out
    )
    assert f"at commit {first[:12]}; the checkout is now at" in out
    assert main(["check", str(repo), "--json"]) == 0
    (verdict,) = json.loads(capsys.readouterr().out)["data"]["verdicts"]
    assert verdict["last_up"]["stale"] is True
    assert verdict["last_up"]["commit"] == first
    assert verdict["last_up"]["now"] == _git(repo, "rev-parse", "HEAD")


def test_a_failure_recorded_without_its_commit_still_stands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run of an older bringup kept no commit: nothing says it is stale."""
    repo, state, log = _repo(tmp_path), tmp_path / "state", tmp_path / "03-pytest.log"
    log.write_text(LOG)
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "first")
    _record(state, repo, log)
    monkeypatch.setenv("BRINGUP_STATE_DIR", str(state))
    assert main(["check", str(repo)]) == 1


def test_git_head_is_none_outside_a_work_trees_top(tmp_path: Path) -> None:
    assert git_head(tmp_path, SubprocessRunner()) is None
    assert "commit" not in input_parts(tree="t", environment="e", cwd=".", activation=(), before="")


def test_a_failure_with_other_uncommitted_changes_is_stale(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """review44a: the commit alone was compared, so a fix edited but not committed left the
    failure standing (exit 1) where a committed one made it stale: ``up`` runs the step again
    either way. The tracked files' uncommitted changes are kept and compared too; a build's
    untracked outputs are not (they would make every failed build stale)."""
    repo, state, log = _repo(tmp_path), tmp_path / "state", tmp_path / "03-pytest.log"
    log.write_text(LOG)
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "first")
    first = _git(repo, "rev-parse", "HEAD")
    source = repo / "src" / "kepler_jax" / "kepler_jax.py"
    source.write_text("import jax  # tried\n")  # the run failed with this edit in place
    _record(state, repo, log, commit=first, changes=git_changes(repo, SubprocessRunner()))
    monkeypatch.setenv("BRINGUP_STATE_DIR", str(state))
    (repo / "build").mkdir()
    (repo / "build" / "out.o").write_bytes(b"\0")  # the build's untracked output
    assert main(["check", str(repo)]) == 1  # the same commit and edits: the failure stands
    assert "The last bringup up here failed:" in capsys.readouterr().out
    source.write_text("import jax  # fixed\n")  # the fix, not committed
    assert main(["check", str(repo)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "or with other uncommitted changes (stale" in out
    assert f"at commit {first[:12]}; the checkout's uncommitted changes are others now" in out
    assert main(["check", str(repo), "--json"]) == 0
    (verdict,) = json.loads(capsys.readouterr().out)["data"]["verdicts"]
    assert verdict["last_up"]["stale"] is True
    assert verdict["last_up"]["edited"] is True
    assert "now" not in verdict["last_up"]


def test_git_changes_reads_tracked_edits_alone(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    assert git_changes(repo, SubprocessRunner()) is None  # no git work tree
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "first")
    clean = git_changes(repo, SubprocessRunner())
    assert clean is not None
    (repo / "untracked.txt").write_text("x\n")
    assert git_changes(repo, SubprocessRunner()) == clean
    (repo / "src" / "kepler_jax" / "kepler_jax.py").write_text("import jax\n")
    assert git_changes(repo, SubprocessRunner()) not in (None, clean)
