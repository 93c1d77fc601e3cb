"""review31 L4: three signature patterns take over 3 s on a 50 KB hostile line under Python's
``re`` (ascend_install.toml's ``(?P<op>aclnn\\w+) or aclnn\\w*GetWorkspaceSize not in (?P<lib>
lib\\w+\\.so)...`` and ``(?P<count>\\d+) active drivers ...``, host_resources.toml's ``(?:write|
copy|mkdir|extract)\\w*[^\\n]{0,120}: No space left on device``). The signatures are run by
RE2/Hyperscan alone (``triage.scanner``, ``triage.prefilter``): ``explain`` over such lines
compiles none of them with ``re`` and reads them in under 2 s. Python's ``re`` runs only the
fallback rules' patterns, which are tested for it where they are written."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bringup.triage import explain_text
from bringup.triage.explain import builtin_matcher
from cpuclock import cpu_seconds

HOSTILE = [
    "aclnn" + "a" * 50_000,
    "aclnnX or aclnn" + "a" * 25_000 + " not in lib" + "b" * 25_000,
    "1" * 50_000 + " active drivers",
    "write" + "w" * 50_000 + ": No space left",
    "copy" + " x" * 25_000,
]


def test_no_signature_pattern_is_compiled_by_python_re(monkeypatch: pytest.MonkeyPatch) -> None:
    signatures = set(builtin_matcher().patterns)
    assert any("active drivers" in p for p in signatures)  # the set is the one run
    compiled: list[str] = []
    original = re._compile  # type: ignore[attr-defined]

    def recording(pattern: Any, flags: Any) -> Any:
        if isinstance(pattern, str):
            compiled.append(pattern)
        return original(pattern, flags)

    monkeypatch.setattr(re, "_compile", recording)
    explain_text("warm-up: the rules load and compile\n")
    start = cpu_seconds()
    for line in HOSTILE:
        explain_text(line + "\n")
    took = cpu_seconds() - start
    assert not signatures & set(compiled)
    assert took < 2.0, took


def test_a_signature_split_by_its_values_is_not_compiled_by_python_re(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """review44a: ``triage.percapture`` read each kept line's ``one_per`` value again with
    Python's ``re`` over the signature's patterns, the engine these patterns are kept from;
    a build that misses two tools (two values) ran them."""
    # source: https://github.com/OpenBoardView/OpenBoardView/issues/278
    log = "./build.sh: line 83: cmake: command not found\n"
    log += "/bin/sh: 1: patch: not found\n"  # the second tool, dash's form (nvidia-docker#225)
    signatures = set(builtin_matcher().patterns)
    compiled: list[str] = []
    original = re._compile  # type: ignore[attr-defined]

    def recording(pattern: Any, flags: Any) -> Any:
        if isinstance(pattern, str):
            compiled.append(pattern)
        return original(pattern, flags)

    explain_text("warm-up: the rules load and compile\n")
    monkeypatch.setattr(re, "_compile", recording)
    ranked = explain_text(log)
    tools = [d.cause for d in ranked if d.signature_id == "toolchain.build-tool-missing"]
    assert len(tools) == 2
    assert "`cmake`" in tools[0]
    assert "`patch`" in tools[1]
    assert sorted(signatures & set(compiled)) == []
