"""A failed command's last message is clipped to a limit, keeping its start and end (outsider13
D15); review32 LOW: a limit under 7 gave text longer than the limit (" ... " and a character
each side do not fit)."""

from __future__ import annotations

from bringup.commandmessages import clipped

# outsider13's no-network run of cmake_example (state-nonet2 01-cmake_example-install.log:11)
LINE = (
    "ERROR: Could not find a version that satisfies the requirement setuptools>=42"
    " (from versions: none)"
)


def test_no_limit_is_exceeded() -> None:
    for limit in range(-1, len(LINE) + 2):
        assert len(clipped(LINE, limit)) <= max(limit, 0)


def test_a_clip_keeps_the_start_and_the_end_at_spaces() -> None:
    short = clipped(LINE, 40)
    assert short.startswith("ERROR: Could")
    assert short.endswith("none)")
    assert " ... " in short
    assert clipped(LINE, 6) == "ERROR:"
    assert clipped(LINE, len(LINE)) == LINE
