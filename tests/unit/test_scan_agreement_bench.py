"""bench/scan_agreement.py: a second truth is scored against the first of its repo and commit."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bench_modules import bench_module

FIRST = """repo = "hicann/shmem"
commit = "643bfb73b50d88042234d3f5e0c7c9841cdedbbe"
[[requirement]]
subject = "cann"
spec = ">=8.3.RC1"
where = ["README.md:40"]
[[requirement]]
subject = "cmake"
spec = ">=3.19"
where = ["docs/quickstart.md:12"]
"""

SECOND = """repo = "hicann/shmem"
commit = "643bfb73b50d88042234d3f5e0c7c9841cdedbbe"
[[requirement]]
subject = "cann"
spec = ">=8.3.RC1"
where = ["README.md:40"]
[[requirement]]
subject = "make"
spec = "any"
where = ["scripts/build.sh:20"]
"""


def test_the_second_truth_meets_the_first_of_its_repo_and_commit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = bench_module("scan_agreement")
    (tmp_path / "data" / "scan_eval9" / "truth").mkdir(parents=True)
    (tmp_path / "data" / "scan_eval9" / "truth" / "shmem.toml").write_text(FIRST)
    split = '[[scan]]\nset = "scan_eval9"\nheld_out = []\ntuning = ["shmem"]\n'
    (tmp_path / "data" / "heldout.toml").write_text(split)
    (tmp_path / "second").mkdir()
    (tmp_path / "second" / "shmem.toml").write_text(SECOND)
    (tmp_path / "second" / "other.toml").write_text('repo = "a/b"\ncommit = "0"\n')
    firsts = bench.first_truths(tmp_path / "data")
    assert list(firsts) == [("hicann/shmem", "643bfb73b50d88042234d3f5e0c7c9841cdedbbe")]
    argv = sys.argv
    sys.argv = ["scan_agreement", str(tmp_path / "second"), "--data", str(tmp_path / "data")]
    try:
        assert bench.main() == 0
    finally:
        sys.argv = argv
    out = capsys.readouterr().out
    assert "other.toml: no first truth of a/b at that commit" in out
    assert "ALL (second writer)          recall 1/2 = 50.0%   precision 1/2 = 50.0%" in out


def test_a_held_out_repo_is_counted_never_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = bench_module("scan_agreement")
    (tmp_path / "data" / "scan_eval9" / "truth").mkdir(parents=True)
    (tmp_path / "data" / "scan_eval9" / "truth" / "shmem.toml").write_text(FIRST)
    split = '[[scan]]\nset = "scan_eval9"\nheld_out = ["shmem"]\ntuning = []\n'
    (tmp_path / "data" / "heldout.toml").write_text(split)
    (tmp_path / "second").mkdir()
    (tmp_path / "second" / "shmem.toml").write_text(SECOND)
    argv = sys.argv
    sys.argv = ["scan_agreement", str(tmp_path / "second"), "--data", str(tmp_path / "data")]
    try:
        assert bench.main() == 0
    finally:
        sys.argv = argv
    out = capsys.readouterr().out
    assert "shmem" not in out
    assert "1 held-out repos: in the totals only" in out
    assert "ALL (second writer)          recall 1/2" in out
