"""A manifest's values are located in bounded time whatever its lines hold (scan/tomlpos.py)."""

from __future__ import annotations

from bringup.scan.tomlpos import locate
from cpuclock import cpu_seconds


def test_a_long_run_of_spaces_after_a_bracket_is_read_in_bounded_time() -> None:
    # review31: the header pattern tried every split of the spaces (2,000: 13 s); a line in a
    # multi-line string of a repo's own bringup.toml is read as a header candidate too
    text = (
        'notes = """\n[' + " " * 50_000 + '\n"""\n'
        '[[requirements]]\nsubject = "cuda"\nspec = ">=12.1"\n'
    )
    started = cpu_seconds()
    where = locate(text, ["requirements", 0, "spec"])
    assert cpu_seconds() - started < 2
    assert where is not None
    assert where.line == 6
