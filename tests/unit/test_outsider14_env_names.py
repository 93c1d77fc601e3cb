"""An environment number several stacks have is not taken silently (outsider14 D17:
``bringup env print 42`` listed "known: env-1 (sbe2), env-1 (sbe)", and ``env print 1`` took
sbe2's without a word)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.env import find_environment
from bringup.errors import InputError
from bringup.run.history import EnvironmentRow, History
from bringup.run.state import StateLayout


def _two_stacks(state: Path) -> None:
    with History(StateLayout(state).database) as history:
        for stack, repo in (("aaaa", "sbe"), ("bbbb", "sbe2")):
            history.save_environment(
                EnvironmentRow(
                    stack=stack,
                    index=1,
                    path=str(state / "envs" / stack / "env-1"),
                    python="3.11.7",
                    fingerprint=stack,
                    components=(repo,),
                    created_at="2026-12-06T13:00:00+00:00",
                )
            )


def test_a_number_two_stacks_have_takes_the_newest_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _two_stacks(tmp_path / "state")
    row = find_environment("1", tmp_path / "state")
    said = capsys.readouterr().err
    assert "names 2 environments" in said
    assert f"taking the newest, env-1 ({row.components[0]})" in said
    assert "name a repo to take another" in said


def test_a_repo_name_takes_its_own_without_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _two_stacks(tmp_path / "state")
    assert find_environment("sbe", tmp_path / "state").components == ("sbe",)
    assert find_environment("sbe2", tmp_path / "state").components == ("sbe2",)
    assert capsys.readouterr().err == ""
    with pytest.raises(InputError, match=r"known: env-1 \(sbe\d?\), env-1 \(sbe\d?\)"):
        find_environment("42", tmp_path / "state")
