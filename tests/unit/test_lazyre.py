from __future__ import annotations

import importlib
import pkgutil
import re

import bringup
from bringup import lazyre


def test_a_pattern_is_compiled_on_first_use_and_then_answers_as_re_does() -> None:
    pattern = lazyre.compile(r"(?P<word>[a-z]+)-(\d+)", re.IGNORECASE)
    assert "search" not in vars(pattern)
    assert pattern.pattern == r"(?P<word>[a-z]+)-(\d+)"
    assert "search" in vars(pattern)
    compiled = re.compile(r"(?P<word>[a-z]+)-(\d+)", re.IGNORECASE)
    text = "Torch-2 and npu-8, not 9"
    assert pattern.flags == compiled.flags
    assert (pattern.groups, pattern.groupindex) == (compiled.groups, compiled.groupindex)
    assert pattern.findall(text) == compiled.findall(text)
    assert pattern.sub(r"\2", text) == compiled.sub(r"\2", text)
    found = pattern.search(text)
    assert found is not None
    assert found.group("word") == "Torch"


def test_every_lazy_pattern_of_bringup_compiles() -> None:
    """A pattern compiled on first use no longer fails at import when it is malformed: every
    one of every module is compiled here instead."""
    checked = 0
    for module in pkgutil.walk_packages(bringup.__path__, "bringup."):
        if module.name.endswith("__main__"):
            continue
        for value in vars(importlib.import_module(module.name)).values():
            if type(value).__name__ == "_OnFirstUse":
                assert value.pattern
                re.compile(value.pattern, value.flags)
                checked += 1
    assert checked > 100


def test_a_guarded_pattern_finds_what_the_plain_one_finds() -> None:
    """``guard=True`` adds only a look-ahead for the first characters (``firstchar``): the
    matches, groups and substitutions stay those of the pattern (a mechanism, not a rule: the
    texts are made up; every eval checkout's scan is unchanged by the guards)."""
    source = r"\bskip(?:s|ped|ping)?\b|\bfall(?:s|ing)?\s+back\b|(?P<zh>跳过|回退)"
    guarded = lazyre.compile(source, re.IGNORECASE, guard=True)
    plain = re.compile(source, re.IGNORECASE)
    assert guarded.pattern != source
    assert guarded.pattern.startswith("(?=[")
    assert guarded.groupindex == plain.groupindex
    for text in (
        "Skipping unit tests for the examples",
        "若未安装则跳过该用例",
        "the kernel FALLS  back to the NVSHMEM path",
        "nothing here: skipper, fallback-free",
    ):
        assert [m.span() for m in guarded.finditer(text)] == [
            m.span() for m in plain.finditer(text)
        ]
        assert guarded.sub("#", text) == plain.sub("#", text)
