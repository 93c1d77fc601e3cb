"""Steps' commands in ``up``/``history`` text: a ``python -c`` script of several lines was a
shell-quoted one-liner (``python3 -c 'import time\\nf=open('"'"'out.dat'"'"'...``, outside
tester 23b, D19). The step below is the tester's ``slow`` repo's bringup.toml (constructed
by the tester); the single-line argvs are real README commands."""

from __future__ import annotations

import shlex

import pytest

from bringup.report.commandline import command_line, quoted, script_lines, shown_step
from bringup.report.console import print_document
from bringup.report.history_text import run_document
from bringup.run.history import RunRow, StepRow

SCRIPT = (
    "import time\nf=open('out.dat','w')\nfor i in range(3):\n"
    "  f.write('x'*1000+'\\n'); f.flush(); time.sleep(1)\nf.close()"
)


@pytest.mark.parametrize(
    "arg",
    [
        "pytest",
        "tests/unit",
        "--nproc_per_node=2",
        "print('after ok')",
        "import torch; print(torch.__version__)",
        'echo "$HOME"',
        "it's $HOME",
        "-DCMAKE_BUILD_TYPE=Release",
        SCRIPT,
        "",
    ],
)
def test_each_word_reads_back_as_the_argument(arg: str) -> None:
    assert shlex.split(quoted(arg)) == [arg]


def test_the_plainest_quoting_that_reads_back() -> None:
    assert quoted("pytest") == "pytest"
    assert quoted("print('after ok')") == "\"print('after ok')\""
    assert quoted("a b") == "'a b'"
    assert quoted("it's $HOME") == shlex.quote("it's $HOME")  # $ expands in double quotes


def test_a_script_is_its_first_line_and_a_count_then_written_out() -> None:
    argv = ("python3", "-c", SCRIPT)
    assert command_line(argv) == "python3 -c 'import time'… (+4 lines)"
    assert script_lines(argv) == SCRIPT.splitlines()
    assert script_lines(("python3", "-c", "print('after ok')\n")) == []
    # scan and check text say where the left-out lines are (review25 L4)
    assert shown_step(argv, "scan --json").endswith("(+4 lines) (whole script: scan --json)")
    assert shown_step(("pytest", "tests"), "scan --json") == "pytest tests"


def test_a_shown_command_is_always_one_line() -> None:
    """review24 L1: ``splitlines`` split at a form feed (shown as two lines, not what runs)
    and left one trailing newline raw inside the one line. Constructed argvs."""
    assert command_line(("echo", "a\x0cb")) == "echo $'a\\x0cb'"
    assert command_line(("python3", "-c", "print(1)\n")) == "python3 -c $'print(1)\\n'"
    # UTF-8 bytes read back in any locale; a bidi override would print as a stand-in
    # (review25 L1, L2); a CRLF script's lines lose the carriage return (L3)
    assert command_line(("echo", "a\u2028b")) == "echo $'a\\xe2\\x80\\xa8b'"
    assert command_line(("echo", "a\u202eb")) == "echo $'a\\xe2\\x80\\xaeb'"
    crlf = ("python3", "-c", "import os\r\nprint(1)\r\n")
    assert command_line(crlf) == "python3 -c 'import os'… (+1 lines)"
    assert script_lines(crlf) == ["import os", "print(1)"]
    assert command_line(("python3", "-c", "a\x1bb\nc")) == "python3 -c $'a\\x1bb'… (+1 lines)"
    assert script_lines(("echo", "a\x0cb")) == []
    assert script_lines(("python3", "-c", "import a\nprint(2)\n")) == ["import a", "print(2)"]


def _step(order: int, argv: tuple[str, ...], status: str) -> StepRow:
    return StepRow(
        run_id=1,
        order=order,
        component="slow",
        name=f"step{order}",
        kind="build",
        argv=argv,
        status=status,
        duration_s=3.1,
    )


def test_history_shows_the_script_under_the_table_as_written(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    run = RunRow(
        id=1, stack="s", paths=("slow",), started_at="2026-12-04T19:13:27", status="passed", argv=()
    )
    steps = [
        _step(1, ("python3", "-c", SCRIPT), "passed"),
        _step(2, ("python3", "-c", "print('after ok')"), "passed"),
    ]
    print_document(run_document(run, steps))
    shown = capsys.readouterr().out
    assert "python3 -c 'import time'… (+4 lines)" in shown
    assert "python3 -c \"print('after ok')\"" in shown
    assert "'\"'\"'" not in shown
    script = shown[shown.index("step 1's script") :]
    assert "| f=open('out.dat','w')\n" in script
    assert "|   f.write('x'*1000+'\\n'); f.flush(); time.sleep(1)\n" in script


def test_a_deep_scope_name_is_elided_in_the_scan_header() -> None:
    """A sub-project 120 directories down (the tester's hostile tree, rebuilt) printed 1,500
    characters after "also, for"."""
    from bringup.report.scan_text import SCOPE_WIDTH, elided

    deep = "/".join(f"level{n}" for n in range(1, 121))
    shown = elided(deep)
    assert shown.startswith("level1/…/")
    assert shown.endswith("/level119/level120")
    assert len(shown) <= SCOPE_WIDTH
    assert elided("tests/cpu") == "tests/cpu"
    assert len(elided("x" * 300)) == SCOPE_WIDTH
