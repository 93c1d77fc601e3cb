"""With ``--target``, the verdict table said only what this machine can do: "torchtune  runs
here after installing CUDA 12.6.3", then further down "torchtune cannot run on the target". A
user who typed ``--target 910B:8`` read the first line as the answer for the 910B
(/work/notes/outsider22b.md, item 13). The table now says where each repo stands on the
target first, then on this machine; without a target it keeps its one verdict column."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
ASCENDC = str(ROOT / "tests/fixtures/repos/outsider22b/ascendc")  # CANN 9.0.0 (its SOURCE.md)
LLM_AWQ = str(ROOT / "tests/fixtures/repos/outsider22/llm-awq")  # CUDA kernels (its SOURCE.md)


def _table(capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    main(["check", ASCENDC, LLM_AWQ, *args])
    lines = capsys.readouterr().out.splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith("repo "))
    return [" ".join(line.split()) for line in lines[start : start + 3]]


def test_a_target_gets_its_own_column(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    head, ascendc, awq = _table(capsys, "--target", "910B:8")
    assert head == "repo on the target on this machine"
    assert ascendc.startswith("ascendc environment 1 ")
    assert awq.startswith("llm-awq cannot run (needs a GPU) ")


def test_without_a_target_the_table_is_this_machines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    assert _table(capsys)[0] == "repo verdict"
