"""Each input an outsider broke bringup with (issue 17), run through the CLI as they ran it:
the message it gives now and its exit code."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bringup.cli.main import main
from bringup.errors import InputError
from bringup.report.console import console
from bringup.report.progress import TerminalProgress, terminal_progress
from bringup.report.sanitize import printable
from bringup.scan import contradictions
from bringup.scan.walk import walk_repo
from bringup.versions import InvalidSpecifier, InvalidVersion, SpecifierSet, Version

ROOT = Path(__file__).resolve().parents[2]
STACK = ROOT / "examples" / "six-repos"
HOST = ROOT / "tests" / "fixtures" / "hosts" / "linux-aarch64-ascend-910b-two-cann-toolkits"
HUGE = "9" * 5000
"""More digits than Python's int-string limit (4,300): ``int()`` of it raises ValueError."""


@pytest.mark.parametrize("scheme", ["pep440", "numeric", "ascend", "name"])
def test_a_huge_version_is_refused_as_too_long(scheme: str) -> None:
    with pytest.raises(InvalidVersion, match="not a version: too long"):
        Version(f"{HUGE}.0", scheme)


@pytest.mark.parametrize("scheme", ["pep440", "numeric", "ascend"])
def test_a_huge_version_in_a_specifier_is_refused_as_too_long(scheme: str) -> None:
    with pytest.raises(InvalidSpecifier, match="too long"):
        SpecifierSet(f">=1.0,<{HUGE}", scheme)


def test_kb_why_with_a_huge_version_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kb", "why", f"python=={HUGE}"]) == 2
    err = capsys.readouterr().err
    assert "not a version: too long (5000 characters" in err
    assert len(err) < 500


def test_what_if_with_a_huge_count_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(STACK), "--what-if", f"npus={HUGE}"]) == 2
    err = capsys.readouterr().err
    assert "--what-if npus: not a version: too long" in err
    assert len(err) < 500


def test_a_huge_version_in_a_readme_is_a_finding_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "README.md").write_text(f"# r\n\nRequires GCC >= {HUGE}.0\n", encoding="utf-8")
    assert main(["scan", str(repo), "--json"]) == 0
    findings = json.loads(capsys.readouterr().out)["data"]["findings"]
    [finding] = [f for f in findings if "too long" in f["message"]]
    assert finding["kind"] == "invalid"
    assert finding["sources"][0]["ref"].endswith("README.md")
    assert finding["sources"][0]["line"] == 3


_SPEC_PARTS = {
    "numeric": ["7", "7.5", "9", "9.3.1", "11", "12.2.0"],
    "ascend": ["7.0", "7.0.RC1", "8.0.RC2", "8.0.0", "8.1.RC1", "6.3.RC2"],
    "pep440": ["3.8", "3.9", "3.10", "3.11.7", "2.1.0.post3", "2.2.0rc1", "2.1.0+cpu"],
}


@settings(max_examples=300, deadline=None)
@given(data=st.data(), scheme=st.sampled_from(sorted(_SPEC_PARTS)))
def test_contradiction_sides_admit_what_every_spec_admits(data: st.DataObject, scheme: str) -> None:
    """The bisection over sorted probes answers what checking every spec against every
    probe answers (the pairwise check it replaced, 6.6 s for 4,000 GCC mentions)."""
    versions = _SPEC_PARTS[scheme]
    operators = ["==", "!=", ">=", "<=", ">", "<", "~="]
    clause = st.builds(
        lambda o, v: f"{o}{v}", st.sampled_from(operators), st.sampled_from(versions)
    )
    specs = data.draw(st.lists(st.lists(clause, min_size=1, max_size=3).map(",".join), max_size=6))
    probes = contradictions._probes(versions, scheme)
    readable = [s for s in specs if contradictions._specifier(s, scheme) is not None]
    expected = [
        all(contradictions._specifier(s, scheme).contains(p) for s in readable)  # type: ignore[union-attr]
        for p in probes
    ]
    assert contradictions._admitted(specs, probes) == expected


def test_scan_refuses_the_root_directory(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scan", "/"]) == 2
    err = capsys.readouterr().err
    assert "/: not scanned: the root directory, not a repo" in err
    assert "--force" in err


def test_check_refuses_a_home_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "README.md").write_text("# my notes\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--snapshot", str(HOST)]) == 2
    assert "not scanned: a home directory, not a repo" in capsys.readouterr().err
    assert main(["scan", ".", "--force", "--json"]) == 0


def test_a_walk_past_its_file_budget_stops_with_a_message(tmp_path: Path) -> None:
    for n in range(5):
        sub = tmp_path / f"d{n}"
        sub.mkdir()
        (sub / "a.txt").write_text("x", encoding="utf-8")
    with pytest.raises(InputError, match="stopped after 3 files: this is more than one repo"):
        walk_repo(tmp_path, budget=3)


def test_progress_shows_on_a_terminal_only_after_a_second() -> None:
    now = [0.0]
    stream = io.StringIO()
    progress = TerminalProgress(stream, clock=lambda: now[0])
    progress(10, "/repo/a")
    assert stream.getvalue() == ""
    now[0] = 1.5
    progress(2000, "/repo/\x1b]0;b")
    assert "scanning: 2,000 files seen, in /repo/\u241b]0;b" in stream.getvalue()
    progress.done()
    assert stream.getvalue().endswith("\r\x1b[K")
    assert terminal_progress(io.StringIO()) is None


def test_a_folder_holding_one_repo_is_that_repo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(STACK / "ascend-comm", tmp_path / "ascend-comm")
    assert main(["scan", str(tmp_path), "--json"]) == 0
    [component] = json.loads(capsys.readouterr().out)["data"]["components"]
    assert component["name"] == "ascend-comm"


def test_the_same_repo_given_twice_is_one_repo(capsys: pytest.CaptureFixture[str]) -> None:
    repo = str(STACK / "ascend-comm")
    assert main(["scan", repo, repo + "/", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["data"]["components"]) == 1


def test_check_of_one_repo_after_scan_write_names_what_it_also_needs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stack = tmp_path / "stack"
    shutil.copytree(STACK, stack)
    assert main(["scan", str(stack), "--write"]) == 0
    infer = stack / "infer-adapter"
    assert 'depends_on = ["ascend-ops"]' in (infer / "bringup.toml").read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["check", str(infer), "--snapshot", str(HOST), "--json"]) in (0, 1)
    envelope = json.loads(capsys.readouterr().out)
    notes = [f for f in envelope["data"]["scan_findings"] if "not given" in f["message"]]
    assert [n["message"].split(" (")[0] for n in notes] == ["also needs 'ascend-ops'"]
    assert notes[0]["sources"][0]["line"] == 10


def test_a_symlink_loop_is_reported_as_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    assert main(["scan", str(tmp_path / "a")]) == 2
    assert "a symlink loop" in capsys.readouterr().err


OSC = "\x1b]0;"
"""An unterminated operating-system command: the terminal takes what follows as a title."""


@pytest.fixture
def hostile_repo(tmp_path: Path) -> Path:
    """A repo whose directory name, README code block and prose hold terminal escapes."""
    root = tmp_path / f"ops{OSC}dir"
    root.mkdir()
    (root / "README.md").write_text(
        f"# ops\n\nRequires CANN >= 8.0.RC1 {OSC}prose\n\n```bash\n"
        f"pip install torch{OSC}cmd\npytest tests\n```\n",
        encoding="utf-8",
    )
    (root / "requirements.txt").write_text("torch>=2.1\n", encoding="utf-8")
    return root


@pytest.mark.parametrize("command", ["scan", "check"])
def test_no_escape_from_a_repo_reaches_the_terminal(
    command: str, hostile_repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = ["--snapshot", str(HOST)] if command == "check" else []
    assert main([command, str(hostile_repo), *extra]) in (0, 1)
    out, err = capsys.readouterr()
    assert "\x1b" not in out + err
    assert "ops\u241b]0;dir" in out


def test_no_escape_from_a_log_name_reaches_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / f"run{OSC}name.log"
    log.write_text(f"ImportError: libhccl.so: cannot open shared object file {OSC}x\n")
    assert main(["explain", str(log)]) == 0
    out, err = capsys.readouterr()
    assert "\x1b" not in out + err
    assert "run\u241b]0;name.log" in out


def test_printable_keeps_length_and_line_ends() -> None:
    text = "a\x1b[2Jb\rc\x9bd\u202ee\tf\n"
    shown = printable(text)
    assert len(shown) == len(text)
    assert shown == "a\u241b[2Jb\u240dc\ufffdd\ufffde\tf\n"


def test_no_color_drops_bold_and_dim_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm-256color")
    styled = io.StringIO()
    console(styled).print("[bold]a[/bold]")
    assert "\x1b[1m" in styled.getvalue()
    monkeypatch.setenv("NO_COLOR", "1")
    plain = io.StringIO()
    console(plain).print("[bold]a[/bold] [dim]b[/dim] [italic red]c[/italic red]")
    assert plain.getvalue() == "a b c\n"


def _envelope_alone(out: str) -> dict[str, object]:
    """The one JSON document stdout holds (anything else fails ``json.loads``)."""
    envelope = json.loads(out)
    assert isinstance(envelope, dict)
    return envelope


@pytest.mark.parametrize(
    ("argv", "code", "kind"),
    [
        (["check", "--json", "--nosuch"], 2, "usage"),
        (["kb", "why", "--json", f"python=={HUGE}"], 2, "input"),
        (["scan", "--json", "/nonexistent/repo"], 2, "input"),
        (["solve", "--json", str(STACK), "--what-if", "npus=x"], 2, "input"),
    ],
)
def test_every_failure_under_json_is_one_envelope_with_an_error(
    argv: list[str], code: int, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == code
    envelope = _envelope_alone(capsys.readouterr().out)
    assert envelope["exit_code"] == code
    assert envelope["data"] is None
    error = envelope["error"]
    assert isinstance(error, dict)
    assert error["kind"] == kind
    assert error["message"]


def test_a_bad_manifest_under_json_is_located_in_the_envelope(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bringup.toml").write_text('name = "x"\nfrobnicate = 1\n', encoding="utf-8")
    assert main(["scan", str(tmp_path), "--json"]) == 2
    error = _envelope_alone(capsys.readouterr().out)["error"]
    assert isinstance(error, dict)
    assert error["file"] == str(tmp_path / "bringup.toml")
    assert (error["line"], error["column"]) == (2, 1)


def test_a_bug_and_an_interrupt_under_json_are_envelopes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bringup.scan import stack

    def broken(raw: object, force: bool) -> object:
        raise ZeroDivisionError("planted")

    monkeypatch.setattr(stack, "_targets", broken)
    assert main(["scan", str(STACK), "--json"]) == 3
    out, err = capsys.readouterr()
    assert _envelope_alone(out)["error"] == {
        "kind": "internal",
        "message": "this is a bug in bringup: ZeroDivisionError('planted')",
        "file": None,
        "line": None,
        "column": None,
        "hint": None,
    }
    assert "Traceback" in err

    def interrupted(raw: object, force: bool) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(stack, "_targets", interrupted)
    assert main(["scan", str(STACK), "--json"]) == 130
    envelope = _envelope_alone(capsys.readouterr().out)
    assert envelope["exit_code"] == 130


def test_an_interrupt_another_error_wraps_is_an_interrupt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Python 3.9-3.11 wrap what ``__set_name__`` raises during class creation: a Ctrl-C then
    reached ``main`` as ``RuntimeError: Error calling __set_name__ on 'cached_property'
    instance 'message' in 'InvalidMarker'`` and was reported as a bug (CI of 87a8243d)."""
    from bringup.errors import Terminated
    from bringup.scan import stack

    def wrapped(stop: type[KeyboardInterrupt]) -> object:
        def targets(raw: object, force: bool) -> object:
            try:
                raise stop
            except KeyboardInterrupt as error:
                raise RuntimeError("Error calling __set_name__") from error

        return targets

    monkeypatch.setattr(stack, "_targets", wrapped(KeyboardInterrupt))
    assert main(["scan", str(STACK)]) == 130
    assert capsys.readouterr().err == "ERROR: interrupted\n"
    monkeypatch.setattr(stack, "_targets", wrapped(Terminated))
    assert main(["scan", str(STACK)]) == 143
    assert capsys.readouterr().err == "ERROR: terminated (SIGTERM)\n"


def test_a_closed_pipe_ends_quietly_with_0() -> None:
    """``bringup kb show | head -1``: the reader goes away; exit 0 for what was written."""
    for argv in (["kb", "show"], ["kb", "show", "--json"]):
        read_end, write_end = os.pipe()
        os.close(read_end)
        try:
            run = subprocess.run(
                [sys.executable, "-m", "bringup", *argv],
                stdout=write_end,
                stderr=subprocess.PIPE,
                check=False,
            )
        finally:
            os.close(write_end)
        assert (run.returncode, run.stderr) == (0, b"")


def test_explain_on_an_empty_file_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "empty.log"
    log.write_bytes(b"")
    assert main(["explain", str(log)]) == 2
    assert "empty: no log lines to explain" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv", [["explain", "{fifo}"], ["check", str(STACK), "--snapshot", "{fifo}"]]
)
def test_a_fifo_with_no_writer_does_not_block(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert main([a.format(fifo=fifo) for a in argv]) == 2
    assert str(fifo) in capsys.readouterr().err


def test_explain_refuses_a_device(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "/dev/zero"]) == 2
    assert "/dev/zero: a device, not a file" in capsys.readouterr().err


def test_a_bom_at_the_start_of_a_manifest_is_accepted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bringup.toml").write_bytes(b'\xef\xbb\xbfname = "bommed"\n')
    (tmp_path / "README.md").write_text("# r\n", encoding="utf-8")
    assert main(["scan", str(tmp_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["data"]["components"][0]["name"] == "bommed"


@pytest.mark.parametrize("flag", ["-v", "--verbose"])
def test_verbose_shows_the_traceback_of_an_error(
    flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["kb", "why", flag, "python==x"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" in err
    assert "ERROR:" in err
    assert main([flag, "kb", "why", "python==x"]) == 2
    assert "Traceback" in capsys.readouterr().err


@pytest.mark.parametrize("typed", ["torch-npu", "TORCH_NPU", "Torch.NPU", "torch_npu"])
def test_kb_why_reads_a_package_name_as_pep_503_does(
    typed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["kb", "why", f"{typed}==2.1.0", "--json"]) in (0, 1)
    assert "torch_npu" in capsys.readouterr().out


def test_kb_why_with_the_same_pin_twice_answers_for_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["kb", "why", "torch_npu==2.1.0", "--json"]) in (0, 1)
    alone = json.loads(capsys.readouterr().out)["data"]
    assert main(["kb", "why", "torch_npu==2.1.0", "torch-npu==2.1.0", "--json"]) in (0, 1)
    assert json.loads(capsys.readouterr().out)["data"] == alone
    assert main(["kb", "why", "torch_npu==2.1.0", "torch_npu==2.2.0"]) == 2
    assert "two versions of torch_npu" in capsys.readouterr().err
