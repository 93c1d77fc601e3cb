"""Patterns applied to untrusted text stay linear on long runs of one character class.

Each pattern once began with a repetition that Python's ``re`` retried at every position of a
long run (or two adjacent repetitions over the same class), quadratic in the run's length: a
million-character run took hours. Each check reads a million-character run and its answer;
the time is not measured here (bench/ does that), a regression simply does not finish.
"""

from __future__ import annotations

import pytest

from bringup.backends.ascend.parse import _PAIR
from bringup.backends.cuda.parse import _SMI_MEMORY
from bringup.errors import InputError
from bringup.probe.importers.free_form import _LIST_SEPARATOR, _SPLIT_LABEL
from bringup.probe.importers.packed import _REPOSITORY_TAG
from bringup.probe.importers.values import stated
from bringup.scan.builton import _COMMENT, _FUNCTION, _HEREDOC, _ONE_LINE_FUNCTION, _code_lines
from bringup.scan.commandneeds import _PLACEHOLDER
from bringup.scan.platforms import _ON_LINUX
from bringup.scan.prose_hedges import recommended
from bringup.scan.refusedreleases import _NEGATED_AFTER, broken_before, refused_after
from bringup.scan.scopelayout import _PROJECT
from bringup.scan.tablecells import SEPARATOR
from bringup.tomlfile import parse_toml
from cpuclock import cpu_seconds

MILLION = 1_000_000
SPACES, DIGITS, LETTERS = " " * MILLION, "7" * MILLION, "a" * MILLION


def test_a_leading_run_is_tried_once_not_at_each_of_its_positions() -> None:
    assert (
        _PLACEHOLDER.sub(r"\1", "pip install" + SPACES + "x <  y>")
        == "pip install" + SPACES + "x<y>"
    )
    assert _PAIR.findall(DIGITS + " 3 / 4") == [("3", "4")]
    assert _PAIR.findall("1" + SPACES + "2/5") == [("2", "5")]
    assert _SMI_MEMORY.search(DIGITS + " 10MiB / 80MiB") is not None
    assert _SMI_MEMORY.search(DIGITS + "MiB") is None
    assert _SPLIT_LABEL.split("cpu" + SPACES + "x and gpu") == ["cpu" + SPACES + "x", "gpu"]
    assert _LIST_SEPARATOR.split("a" + SPACES + "b , c") == ["a" + SPACES + "b", "c"]
    assert _REPOSITORY_TAG.sub(r"\1_", LETTERS + " image:v1.0") == LETTERS + " image_v1.0"
    # review: ^\s* with MULTILINE crossed newlines, re-reading every blank line after each start
    assert _PROJECT.search("\n" * MILLION + "project(x)") is not None


def test_two_adjacent_runs_over_the_same_class_are_one() -> None:
    assert SEPARATOR.match(SPACES + "x") is None
    assert SEPARATOR.match(SPACES + "| :--") is not None
    assert _NEGATED_AFTER.match(SPACES + "x") is None
    assert _NEGATED_AFTER.match(SPACES + "is not supported") is not None
    # outsider17 D1: the releases listed after a release, each run bounded
    assert not refused_after(SPACES + "x", 0)
    assert not refused_after("1 " * (MILLION // 2) + "x", 0)
    assert refused_after(" and 2.1.1 break the build", 0)
    assert not broken_before("x" + SPACES, MILLION + 1)
    assert stated("CANN ", SPACES + "x")
    assert not stated("CANN ", SPACES + "+ required")
    assert not recommended("8.0" + SPACES + "x", 3)
    assert recommended("8.0" + SPACES + "(Recommended)", 3)
    # three runs of blanks once met when a build script's line has no ``(`` or ``{``
    assert _FUNCTION.match("main" + SPACES + "x") is None
    assert _FUNCTION.match("main" + SPACES + "()" + SPACES + "{" + SPACES) is not None
    assert _ONE_LINE_FUNCTION.match("f() {" + SPACES + "x") is None
    assert _COMMENT.sub("", "x" + " #" * MILLION) == "x"
    assert _HEREDOC.search("<<" * MILLION) is None
    # review 2 finding 2: "在Linux" then spaces, OS and 环境 absent, was two touching \s*
    assert _ON_LINUX.search("在Linux" + SPACES + "x") is None
    assert _ON_LINUX.search("在" + SPACES + "Linux" + SPACES + "OS" + SPACES + "x") is None
    assert _ON_LINUX.search("在Linux" + SPACES + "上") is not None


def test_a_dotted_key_of_too_many_parts_is_refused_before_tomllib_reads_it() -> None:
    for text in (
        "a." * MILLION + "a = 1",
        "[" + '"a".' * MILLION + "b]",
        "x = {" + "a . " * 300 + "b = 1}",
    ):
        with pytest.raises(InputError, match="dotted key of") as raised:
            parse_toml("ok = 1\n" + text, "f.toml")
        assert raised.value.line == 2
    assert parse_toml('v = "' + "1." * MILLION + '"\n[a.b]\nc.d = 1', "f.toml")["a"] == {
        "b": {"c": {"d": 1}}
    }


def test_a_line_of_many_numbers_with_dots_is_no_dotted_key() -> None:
    """Every dot of a long line was counted as a key's: an array of 300 floats on one line
    (valid TOML) was refused as "a dotted key of 301 parts"; found by review."""
    floats = ", ".join(["1.5"] * 300)
    assert len(parse_toml(f"v = [{floats}]\n", "f.toml")["v"]) == 300
    assert parse_toml(f"t = {{ a.b = [{floats}], c = 2.5 }}\n", "f.toml")["t"]["c"] == 2.5


def test_a_long_continued_command_is_joined_once() -> None:
    # review 4 finding 9 (constructed): 80,000 continued lines (0.8 MB) took 3.4 s joined by
    # repeated concatenation
    text = "cmake -DA=ON \\\n" + "  -DX=1 \\\n" * 80_000 + "  ..\n"
    started = cpu_seconds()
    lines = _code_lines(text)
    assert cpu_seconds() - started < 1.5
    assert len(lines) == 1
    assert lines[0].startswith("cmake -DA=ON  -DX=1  -DX=1")
    assert lines[0].endswith("-DX=1  ..")
