"""The outsider26 re-test of outsider 7's report (/work/notes/outsider26-retest.md), on the
repos' own lines: databricks/megablocks@78eea65 (tests/fixtures/repos/outsider26b/megablocks)
and momo609/mindspeed@7e624cf (tests/fixtures/repos/outsider7/mindspeed, its version tables;
SOURCE.md beside each), and examples/six-repos.

- #14: ``check --json`` verdicts carry where each repo stands on the target, in the words and
  codes of the text's ``on the target`` column, and every other fact of the table's row.
- N4: a conflict the text numbers is in ``conflicts`` of ``check --json`` and ``solve --json``
  (not only a sentence in ``set_aside`` beside ``conflicts: []``).
- N5: a row points at the "Why two environments" items as what keeps it apart from the other
  repos, not as "conflict 1, 2, 3".
- #16/N9: ``--what-if`` values that each keep a repo out each give their reason, and a
  verdict kept is not said twice ("still needs other hardware, now needs other hardware")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bringup.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
MEGABLOCKS = ROOT / "tests/fixtures/repos/outsider26b/megablocks"
MINDSPEED = ROOT / "tests/fixtures/repos/outsider7/mindspeed"
SIX = ROOT / "examples/six-repos"
NPU_SMI_CUT = ROOT / "tests/fixtures/commands/npu-smi/910b1-23.0.3-cut.txt"


def _flat(text: str) -> str:
    return " ".join(text.split())


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


@pytest.fixture(autouse=True)
def _wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    monkeypatch.setenv("NO_COLOR", "1")


def _table(text: str) -> dict[str, list[str]]:
    """The verdict table's rows as printed (400 columns: one line per row), split on the
    runs of spaces between its columns."""
    lines = text.splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith("repo "))
    rows = {}
    for line in lines[start + 1 :]:
        if not line.strip():
            break
        cells = re.split(r"\s{2,}", line.strip())
        rows[cells[0]] = cells[1:]
    return rows


@pytest.mark.parametrize("target", ["910B:8", "A100:8"])
def test_json_rows_say_what_the_table_says(capsys: pytest.CaptureFixture[str], target: str) -> None:
    """#14: with a named target, each verdict's ``on_target`` (status code and text) and
    ``here`` are the two cells of its row in the text, word for word."""
    repos = (str(MINDSPEED), str(MEGABLOCKS))
    text_code, text = _run(capsys, "check", *repos, "--target", target)
    json_code, out = _run(capsys, "check", *repos, "--target", target, "--json")
    assert text_code == json_code
    rows = _table(text)
    verdicts = json.loads(out)["data"]["verdicts"]
    assert {v["component"] for v in verdicts} == set(rows)
    for verdict in verdicts:
        on_target, here = rows[verdict["component"]]
        assert verdict["on_target"]["text"] == on_target
        assert verdict["here"] == here
        assert here.startswith(verdict["reason"])
    codes = {v["component"]: v["on_target"]["status"] for v in verdicts}
    if target == "910B:8":  # megablocks needs a GPU (setup.py:110's CUDA extension)
        assert codes == {"mindspeed": "environment", "megablocks": "cannot_run"}
    else:  # requirements.txt:2's triton against torch 2.7.0's own triton pin, set aside
        assert codes == {"mindspeed": "cannot_run", "megablocks": "environment_once_resolved"}
        megablocks = next(v for v in verdicts if v["component"] == "megablocks")
        assert megablocks["on_target"]["conflicts"] == [1]
        assert megablocks["on_target"]["environment"] == 1


def test_the_target_driver_change_is_a_code_and_its_versions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """#14 with a pasted report (vllm-ascend#750's npu-smi, driver 23.0.3): the column's
    "environment 1 after changing the Ascend driver 23.0.3 to >= 25.5.1" is a status code
    and the change, as data; the cut table's NPU count is said unknown, not 1."""
    _code, text = _run(capsys, "check", str(MINDSPEED), "--target", str(NPU_SMI_CUT))
    _code, out = _run(capsys, "check", str(MINDSPEED), "--target", str(NPU_SMI_CUT), "--json")
    (verdict,) = json.loads(out)["data"]["verdicts"]
    on_target = verdict["on_target"]
    assert on_target["status"] == "environment_after_driver_change"
    assert on_target["driver"] == {"subject": "ascend_driver", "have": "23.0.3", "need": ">=25.5.1"}
    assert on_target["text"] in _flat(text)
    assert "the target's NPU count is unknown: the npu-smi table is cut off at line 8" in _flat(
        text
    )


def test_a_conflict_the_text_numbers_is_in_both_jsons(capsys: pytest.CaptureFixture[str]) -> None:
    """N4: megablocks on an A100:8, "Conflicts 1. no torch and triton satisfies all of
    megablocks's lines": ``conflicts`` of check and solve hold it, with its items."""
    repo = str(MEGABLOCKS)
    _code, text = _run(capsys, "check", repo, "--target", "A100:8")
    assert "1. no torch and triton satisfies all of megablocks's lines" in text
    for command in ("check", "solve"):
        _code, out = _run(capsys, command, repo, "--target", "A100:8", "--json")
        conflicts = json.loads(out)["data"]["conflicts"]
        assert [(c["number"], c["components"]) for c in conflicts] == [(1, ["megablocks"])]
        refs = {
            (i["source"]["ref"].rsplit("/", 1)[-1], i["source"].get("line"))
            for i in conflicts[0]["items"]
        }
        assert ("requirements.txt", 2) in refs
    check_conflict = json.loads(_run(capsys, "check", repo, "--target", "A100:8", "--json")[1])
    assert check_conflict["data"]["conflicts"][0]["heading"] in text


def test_rows_name_environment_splits_apart_from_conflicts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """N5: six-repos' "Why two environments" items 1-3 keep infer-adapter apart from
    ascend-ops and train-adapter; its row says so, not "conflict 1, 2, 3", and ``--json``
    carries them as splits (role ``split``), the same numbers."""
    _code, text = _run(capsys, "check", str(SIX))
    rows = _table(text)
    assert rows["infer-adapter"][0].endswith("kept apart from ascend-ops, train-adapter (1, 2, 3)")
    assert "conflict 1" not in text
    _code, out = _run(capsys, "check", str(SIX), "--json")
    data = json.loads(out)["data"]
    infer = next(v for v in data["verdicts"] if v["component"] == "infer-adapter")
    assert (infer["splits"], infer["conflicts"]) == ([1, 2, 3], [])
    assert infer["apart_from"] == ["ascend-ops", "train-adapter"]
    assert [c["role"] for c in data["conflicts"]] == ["split", "split", "split"]
    for conflict in data["conflicts"]:
        assert f"{conflict['number']}. {conflict['heading']}" in text


def test_each_what_if_gives_its_own_reason(capsys: pytest.CaptureFixture[str]) -> None:
    """#16: the driver (CANN 9.0.0's row needs >= 25.5.1) and Python 3.11 (the repo's
    Python3.10.x, installation.md:9) each keep mindspeed out: both reasons are said, in the
    change line, under "cannot run" and in ``conflicts``; N9: "still needs other hardware"
    is not followed by the same words again."""
    argv = [
        "solve",
        str(MINDSPEED),
        "--what-if",
        "ascend_driver=24.1.0",
        "--what-if",
        "python=3.11",
    ]
    assert main(argv) == 1
    text = _flat(capsys.readouterr().out)
    change = text.split("mindspeed: ", 1)[1].split(" no environments on this host")[0]
    assert "(--what-if ascend_driver=24.1.0)" in change
    assert "(--what-if python=3.11)" in change
    assert "still needs other hardware, now: chip 910B" in change
    assert "now needs other hardware" not in text
    assert main([*argv, "--json"]) == 1
    data = json.loads(capsys.readouterr().out)["data"]
    asked = [
        item["source"]["ref"]
        for c in data["conflicts"]
        for item in c["items"]
        if item["kind"] == "host"
    ]
    assert [c["role"] for c in data["conflicts"]] == ["blocked", "blocked"]
    assert sorted(asked) == ["--what-if ascend_driver=24.1.0", "--what-if python=3.11"]
    assert len(data["resolution"]["unplaced"][0]["also"]) == 1


def test_a_what_if_that_adds_nothing_gives_no_second_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The other side of #16: python=3.10 holds for mindspeed's lines, so the driver alone
    keeps it out and one reason is said."""
    argv = ["solve", str(MINDSPEED), "--what-if", "ascend_driver=24.1.0", "--what-if"]
    assert main([*argv, "python=3.10", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)["data"]
    assert len(data["conflicts"]) == 1
    assert "also" not in data["resolution"]["unplaced"][0]
