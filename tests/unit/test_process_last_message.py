"""A failed command is described by its last message with the lines it was wrapped onto: ``up``
said only "that your requirements are unsatisfiable." for uv's resolver error, the reason (no
torch 2.14.0) a line above it (session-23 outside tester, D24)."""

from __future__ import annotations

from pathlib import Path

from bringup.process import Completed

LOG = Path(__file__).resolve().parents[1] / "data" / "outsider23o" / "uv_no_solution_autoawq.log"


def test_a_wrapped_error_is_described_whole() -> None:
    output = "\n".join(LOG.read_text(encoding="utf-8").splitlines()[1:])
    done = Completed(argv=("uv",), returncode=1, stdout="", stderr=output, duration_s=0.1)
    described = done.describe()
    assert described.startswith(
        "exit status 1: cause: Because there is no version of torch==2.14.0"
    )
    assert described.endswith("that your requirements are unsatisfiable.")


def test_a_traceback_is_described_by_its_last_line() -> None:
    # constructed: the shape of a Python traceback's end
    output = (
        '  File "x.py", line 1, in <module>\n'
        "    import awq_ext\n"
        "ModuleNotFoundError: No module named 'awq_ext'"
    )
    done = Completed(argv=("python",), returncode=1, stdout="", stderr=output, duration_s=0.1)
    assert done.describe() == "exit status 1: ModuleNotFoundError: No module named 'awq_ext'"


HINTED = LOG.parents[1] / "outsider11" / "uv_offline_cache_miss_hint.log"


def test_advice_after_the_error_does_not_stand_for_it() -> None:
    """outsider11 #19: uv ends with "hint: `nvidia-cusparselt-cu13` (v0.8.0) was included
    because `torch` ... depends on" it; the failure is the "error:" and its "cause:" above."""
    output = "\n".join(HINTED.read_text(encoding="utf-8").splitlines()[1:])
    done = Completed(argv=("uv",), returncode=1, stdout="", stderr=output, duration_s=0.1)
    described = done.describe()
    assert described.startswith(
        "exit status 1: error: Failed to download `nvidia-cusparselt-cu13==0.8.0` cause: "
        "Network connectivity is disabled"
    )
    assert "hint" not in described


def test_output_of_advice_alone_is_described_by_it() -> None:
    # constructed: nothing but a hint
    done = Completed(
        argv=("uv",), returncode=2, stdout="", stderr="hint: try --offline", duration_s=0.1
    )
    assert done.describe() == "exit status 2: hint: try --offline"


NO_NETWORK = LOG.parents[1] / "outsider13" / "uv_seed_no_network.log"


def test_a_long_message_keeps_what_failed_and_why_each_cut_at_a_space() -> None:
    """outsider13 D15: uv's chain of causes was cut at 300 characters mid-word ("Failed to
    fetch: http://127.0.0.1:9/setuptoo"), its last cause (the connection refused) lost."""
    output = NO_NETWORK.read_text(encoding="utf-8")
    done = Completed(argv=("uv",), returncode=2, stdout="", stderr=output, duration_s=0.1)
    described = done.describe()
    assert len(described) <= len("exit status 2: ") + 300
    assert described.startswith("exit status 2: error: Failed to install seed packages")
    assert described.endswith("cause: Connection refused (os error 111)")
    assert " ... " in described
    kept = described.removeprefix("exit status 2: ").replace(" ... ", " ")
    assert all(word in output.split() for word in kept.split())
