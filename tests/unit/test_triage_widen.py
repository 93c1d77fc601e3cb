"""Widening long bounded repeats for the Hyperscan prefilter: only repeats are touched (never
braces that are characters), and the widened pattern matches wherever the pattern does, with
the same ends, so Hyperscan still names every pattern that matches."""

from __future__ import annotations

from typing import Any

import pytest
import re2

from bringup.triage.signatures import engine_options
from bringup.triage.widen import MIN_BOUND, widened

# The built-in aclnn refusal observer's head (src/bringup/kb/data/fallback/rules.toml:809), a
# real line it is written for (a parameter error, 161xxx: the CANN operator API reference's
# example, quoted in src/bringup/kb/data/codes/aclnn.toml:2) and one it is not (an inner error,
# 561xxx: flashserve/flash-linear-attention-npu#429, quoted in rules.toml:784).
ACLNN = rb"aclnn\w+GetWorkspaceSize failed(?:[^0-9\n]{0,80}\b1[0-9]{5}\b|[^0-9\n]{0,200}(?m:$))"
ACLNN_LINE = b"aclnnAddGetWorkspaceSize failed with aclnnStatus=161002\n"
INNER_LINE = b"aclnnRecurrentGatedDeltaRuleGetWorkspaceSize failed with aclnnStatus=561103.\n"


def test_a_long_bound_is_dropped_and_a_short_one_kept() -> None:
    assert widened(ACLNN) == (
        rb"aclnn\w+GetWorkspaceSize failed(?:[^0-9\n]{0,}\b1[0-9]{5}\b|[^0-9\n]{0,}(?m:$))"
    )
    assert widened(rb"\w{1,20}") == rb"\w{1,20}"
    assert widened(rb"\w{1,%d}" % MIN_BOUND) == rb"\w{1,}"
    assert widened(rb"a{3,400}?b") == rb"a{3,}?b"


@pytest.mark.parametrize(
    "pattern",
    [
        # constructed: braces that are characters, not repeats
        rb"[{0,400}]x",
        rb"[^]{0,400}]x",
        rb"[[:alpha:]{0,400}]x",
        rb"\{0,400}x",
        rb"\Q{0,400}\Ex",
        rb"a{400}",
        rb"a{,400}",
    ],
)
def test_braces_that_are_no_bounded_repeat_are_kept(pattern: bytes) -> None:
    assert widened(pattern) == pattern


def test_a_repeat_after_a_class_is_widened() -> None:
    # constructed: the class ends at its own "]", a "]" first in it is a character
    assert widened(rb"[]x]{0,99}[[:digit:]]{2,64}") == rb"[]x]{0,}[[:digit:]]{2,}"


def _ends(pattern: bytes, text: bytes) -> list[tuple[int, int]]:
    regex: Any = re2.compile(pattern, engine_options())
    return [match.span() for match in regex.finditer(text)]


def test_the_widened_pattern_matches_where_the_pattern_does() -> None:
    found = _ends(ACLNN, ACLNN_LINE)
    assert found, "the observer matches its own line"
    assert _ends(widened(ACLNN), ACLNN_LINE) == found
    assert _ends(ACLNN, INNER_LINE) == _ends(widened(ACLNN), INNER_LINE) == []
