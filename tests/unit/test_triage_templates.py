"""Fix templates and pattern specificity."""

from __future__ import annotations

from typing import Optional

import pytest

from bringup.triage.specificity import literal_count
from bringup.triage.templates import parse_placeholder, render, template_parts

TABLES = {"gcc": {"3.4.30": "GCC 12.1"}}


def facts(key: str) -> Optional[str]:
    return {"toolchain.libstdcxx.glibcxx_max": "3.4.28"}.get(key)


def no_facts(key: str) -> Optional[str]:
    return None


def test_render_fills_groups_tables_and_facts() -> None:
    template = "needs {v}[[ ({v:gcc})]][[; host stops at {fact:toolchain.libstdcxx.glibcxx_max}]]"
    assert (
        render(template, {"v": "3.4.30"}, facts, TABLES)
        == "needs 3.4.30 (GCC 12.1); host stops at 3.4.28"
    )


def test_optional_segments_vanish_when_a_value_is_unknown() -> None:
    template = "needs {v}[[ ({v:gcc})]][[; host stops at {fact:toolchain.libstdcxx.glibcxx_max}]]."
    assert render(template, {"v": "3.4.99"}, no_facts, TABLES) == "needs 3.4.99."


def test_required_placeholder_without_a_value_prints_a_question_mark() -> None:
    assert render("code {code}", {}, no_facts, {}) == "code ?"


def test_parts_and_placeholder_parsing() -> None:
    parts = template_parts("a {x} [[b {y:t} {fact:host.arch}]]")
    assert parts.required == ("x",)
    assert parts.optional == ("y:t", "fact:host.arch")
    assert parse_placeholder("fact:host.arch") is not None
    assert parse_placeholder("bad name") is None
    assert parse_placeholder("x:bad table") is None


@pytest.mark.parametrize(
    ("pattern", "count"),
    [
        ("EJ0001", 6),
        (r"error code is (?P<code>\d+)", 14),
        (r"a\.b", 3),
        ("[abc]x", 1),
        ("ab*", 1),
        ("(?i)out of memory", 13),
        (r"(?:x|y)z?", 2),
    ],
)
def test_literal_count(pattern: str, count: int) -> None:
    assert literal_count(pattern) == count
