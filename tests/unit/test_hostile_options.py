"""Time limits on the command line: ``nan`` passed every comparison a range makes (``up
--timeout nan`` would run each step with no limit, its output polled without a pause), and
``inf`` or ``1e308`` reached the thread waits, which refuse them (``probe --budget inf``:
``OverflowError``, exit 3). Each is a usage error before anything runs. An empty PATH (an
unset ``"$REPO"``) is bad input, not the working directory ``Path("")`` stands for."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main

STACK = Path(__file__).parents[2] / "examples" / "six-repos"


@pytest.mark.parametrize("value", ["nan", "NaN", "inf", "-inf", "1e308", "0"])
def test_probe_refuses_a_budget_that_is_not_a_usable_number(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["probe", "--budget", value, "--json"]) == 2
    assert "--budget" in capsys.readouterr().err


@pytest.mark.parametrize("value", ["nan", "inf", "1e308"])
def test_up_refuses_a_timeout_that_is_not_a_usable_number(
    value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["up", str(STACK), "--timeout", value, "--state", str(tmp_path)]
    assert main(argv) == 2
    assert "--timeout" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # refused before any environment or history


def test_a_time_limit_in_range_is_taken() -> None:
    from bringup.cli.options import MAX_SECONDS

    host = Path(__file__).parents[1] / "fixtures" / "hosts" / "linux-x86_64-ubuntu22-rocm6-mi300x"
    assert main(["probe", "--replay", str(host), "--budget", str(MAX_SECONDS), "--json"]) == 0


@pytest.mark.parametrize("command", ["scan", "check", "solve"])
def test_an_empty_path_is_bad_input_not_the_working_directory(
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (tmp_path / "requirements.txt").write_text("torch\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # what Path("") would have scanned
    assert main([command, "", "--json"]) == 2
    assert '"message": "an empty path"' in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["kb", "why", "torch_npu=="], "'torch_npu==' is not a pin"),
        (["kb", "why", "torch_npu==="], "'torch_npu===' is not a pin"),
        (["kb", "why", "torch_npu==2.1.0", "--chip", ""], "--chip: an empty chip family"),
    ],
)
def test_kb_why_names_a_pin_without_a_version(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """It said "'=' is not a version": the second '=' of '==' was read as the version."""
    assert main(argv) == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize("target", ["910B", "910B:-1", "910B:1.5", ""])
def test_a_target_that_is_neither_chip_count_nor_a_file_says_both(
    target: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each was read as a file name ('cannot read: No such file or directory'); '' was the
    working directory ('. is not a recorded host')."""
    assert main(["check", str(STACK), "--target", target]) == 2
    assert "not CHIP:COUNT" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["check", "solve"])
def test_a_bad_target_is_refused_before_the_repos_are_read(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``check --target 999Z:abc`` was refused 5 s later, after the scan (outsider19 D16)."""
    import bringup.workflow

    def gather(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the repos were read before --target was checked")

    monkeypatch.setattr(bringup.workflow, "gather", gather)
    assert main([command, str(STACK), "--target", "999Z:abc"]) == 2
    assert "not CHIP:COUNT" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (["explain", "--list", "--kb", ""], "--kb"),
        (["kb", "show", "--kb-extra", ""], "--kb-extra"),
        (["kb", "show", "--kb", ""], "--kb"),
    ],
)
def test_an_empty_knowledge_base_path_is_bad_input_not_the_working_directory(
    argv: list[str],
    option: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--kb ""`` read the working directory's *.toml as the knowledge base."""
    monkeypatch.chdir(tmp_path)  # what Path("") would have read
    assert main([*argv, "--json"]) == 2
    out = capsys.readouterr().out
    assert f'"message": "{option}: an empty path"' in out
