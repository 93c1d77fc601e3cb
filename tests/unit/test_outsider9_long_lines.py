"""A failure at the end of a line longer than the line limit (outsider9 #12): the line kept its
first megabyte and the rest was skipped without a word, so a 4 MB line of joined progress bars
ending in the failure gave "no failure found", exit 1. An overlong line is read at both ends and
each cut is told (path:line, bytes not read), in text and JSON.

The failure line: https://github.com/vllm-project/vllm-ascend/issues/3037 (log line 7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.triage.blocks import CUT_MARK, Cut, iter_blocks
from bringup.triage.parallel import scan_file

FAILURE = (
    "(EngineCore_DP0 pid=931761) ERROR 09-19 07:42:16 [core.py:720] RuntimeError: Worker failed "
    "with error 'ACL stream synchronize failed, error code:507035', please check the stack "
    "trace above for the root cause"
)
BAR = "Processed prompts:  37%|███▋      | 37/100 [00:12<00:21,  2.95it/s]\r"


def _log(path: Path, bars: int) -> Path:
    """Two short lines, then one line of ``bars`` progress bars joined by CR that ends in the
    failure."""
    path.write_text(f"start\nloading\n{BAR * bars}{FAILURE}\n", encoding="utf-8")
    return path


def test_the_end_of_an_overlong_line_is_read_and_the_cut_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = _log(tmp_path / "long.log", 60_000)  # about 4.4 MB on one line
    assert main(["explain", str(log)]) == 0
    out = " ".join(capsys.readouterr().out.split())  # unwrapped
    assert "507035" in out
    assert f"1 line too long to read whole, its middle not read: {log}:3 (" in out
    assert main(["explain", str(log), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["data"]
    length = len((BAR * 60_000 + FAILURE).encode("utf-8"))
    assert data["cut_lines"] == [{"line": 3, "skipped_bytes": length - (1 << 20)}]


def test_blocks_keep_both_ends_and_count_every_line(tmp_path: Path) -> None:
    log = _log(tmp_path / "long.log", 400)
    data = log.read_bytes()
    cuts: list[Cut] = []
    with log.open("rb") as stream:
        blocks = list(iter_blocks(stream, block_bytes=4096, max_line_bytes=8192, cuts=cuts))
    joined = b"".join(blocks)
    assert joined.count(b"\n") == data.count(b"\n")
    long = joined.split(b"\n")[2]
    assert long == data.split(b"\n")[2][:4096] + CUT_MARK + data.split(b"\n")[2][-4096:]
    assert cuts == [Cut(3, len(data.split(b"\n")[2]) - 8192)]


def test_a_file_scanned_in_ranges_tells_each_cut_at_its_line(tmp_path: Path) -> None:
    log = tmp_path / "ranges.log"
    with log.open("w", encoding="utf-8") as out:
        for _ in range(3):
            out.write("ok\n" * 2000 + BAR * 400 + FAILURE + "\n")
    result = scan_file(
        log, processes=3, block_bytes=4096, max_line_bytes=8192, parallel_min_bytes=1
    )
    assert [c.line for c in result.cut] == [2001, 4002, 6003]
