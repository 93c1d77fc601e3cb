"""Hand lists two rule files both need, kept as one list each (review23 #8, #11): the rule
formats hold plain regexes, so where a list cannot be shared the copies are checked to agree."""

from __future__ import annotations

import re

from bringup.triage import BUILTIN_DIR
from bringup.triage.fallbackrules import LineRule, builtin_rules
from bringup.triage.signatures import read_file

UNKNOWN_COMMAND = re.compile(r'Unknown CMake command "\(\?:([\w|]+)\)"')


def _line_rule(rule_id: str) -> LineRule:
    return next(rule for rule in builtin_rules().lines if rule.id == rule_id)


def test_the_commands_of_later_cmake_releases_are_one_list() -> None:
    """toolchain.cmake-too-old claims an unknown command a later CMake built in, and
    source-out-of-step's `unless` leaves the same commands to it: a command in one list only
    would be claimed by both rules."""
    record = next(
        s.record
        for s in read_file(BUILTIN_DIR / "host_toolchain.toml").signatures
        if s.id == "toolchain.cmake-too-old"
    )
    signature = {
        c for p in record.patterns for m in UNKNOWN_COMMAND.findall(p) for c in m.split("|")
    }
    unless = UNKNOWN_COMMAND.findall(_line_rule("class.build.source-out-of-step").unless)
    assert signature
    assert len(unless) == 1
    assert set(unless[0].split("|")) == signature


VENDORED = re.compile(r"\(\?:(third_party(?:\|\w+)+)\)/")


def test_a_vendored_directory_is_one_list() -> None:
    """source-out-of-step leaves a vendored directory's code and CMake files to others
    (`unless`, `foreign_before`), and prebuilt-library names a library in one as prebuilt:
    3rdparty/ and vendor/ were vendored to one rule and the project's own to the other."""
    source = _line_rule("class.build.source-out-of-step")
    prebuilt = _line_rule("class.install.prebuilt-library-needs-other-dependency")
    lists = [VENDORED.findall(r) for r in (source.unless, source.foreign_before, prebuilt.pattern)]
    assert all(len(found) == 1 for found in lists)
    assert len({frozenset(found[0].split("|")) for found in lists}) == 1
    # constructed: a link line naming a library under 3rdparty/, as the review gives it
    line = "/usr/bin/ld: 3rdparty/x/libx.so: undefined reference to `f()'"
    assert re.search(prebuilt.pattern, line)
    assert re.search(source.unless, line)
