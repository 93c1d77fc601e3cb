"""Review 44b: the shell readers merged in o27 (``probeloops``, ``shellarms``) and the ``fi``
test of ``shellmacos`` tried every split of a long run of spaces or blank lines (a lazy group
before ``\\s*``, two ``\\s*`` with only optional parts between, ``^\\s*`` over blank lines): a
hostile or generated script of one 20,000-character line took ~16 s to scan. The class: a
pattern whose two whitespace runs can share the same characters; each is now taken whole."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from bringup.scan import probeloops, shellarms, shellmacos

_LONG = 30_000
_SECONDS = 1.5  # each took several seconds (up to a minute) at this length before


def _quick(call: Callable[..., Any], *args: Any) -> Any:
    start = time.perf_counter()
    result = call(*args)
    assert time.perf_counter() - start < _SECONDS
    return result


def test_loop_head_with_a_long_run_of_spaces_is_read_in_linear_time() -> None:
    texts = ["for dep in git" + " " * _LONG + "curl", 'command -v "$dep" || exit 1']
    assert _quick(probeloops.looped_probes, texts, 1, "\n".join(texts)) == ["git", "curl"]


def test_loop_head_words_stop_at_do() -> None:
    texts = ['for cmd in git curl ; do command -v "$cmd" >/dev/null || exit 4; done']
    assert probeloops.looped_probes(texts, 0, texts[0]) == ["git", "curl"]


def test_array_assignment_after_many_blank_lines_is_found_in_linear_time() -> None:
    script = "\n" * _LONG + "# deps\n" + 'deps=("docker")\nfor dep in "${deps[@]}"; do\n'
    script += '  if ! command -v "$dep" &> /dev/null; then exit 1; fi\ndone\n'
    texts = script.splitlines()
    assert _quick(probeloops.looped_probes, texts, len(texts) - 2, script) == ["docker"]


def test_argument_test_with_a_long_run_of_spaces_is_read_in_linear_time() -> None:
    lines = ["NIGHTLY=${1:-0}", 'if [ "$NIGHTLY" = ' + " " * _LONG + "x", "fi"]
    assert _quick(shellarms.optional_arms, lines) == frozenset()


def test_argument_test_still_reads_its_value() -> None:
    lines = ["NIGHTLY=${1:-0}", 'if [ "$NIGHTLY" -eq  "1" ]; then', "pip install a", "fi"]
    assert shellarms.optional_arms(lines) == frozenset({2, 3})


def test_closing_fi_with_a_long_run_of_spaces_is_told_in_linear_time() -> None:
    line = "if [ -f a ]; then echo; fi" + " " * _LONG + "x"
    assert _quick(shellarms._CLOSED.search, line) is None
    assert _quick(shellmacos.CLOSED.search, line) is None
    assert shellarms._CLOSED.search("if [ -f a ]; then echo; fi ;  ") is not None
    assert shellmacos.CLOSED.search("then echo; fi;") is not None
