"""A README pinning thousands of distinct releases of one subject (a code block each) was
quadratic in the scan: each pin was held against every other to find one that implies it
(``implied.fold_implied``, 2,000 pins 30 s) and to find whether each two can hold together
(``one_file_alternatives``). Pins are held against pins of their own release only, and
whether pins exclude each other is one count of their releases; what is folded is unchanged."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bringup.model import Requirement, file_source
from bringup.scan import implied
from bringup.scan.registry import PROSE

PINS = 300


def _pin(spec: str, line: int) -> Requirement:
    return Requirement(
        subject="torch",
        spec=spec,
        component="x",
        source=file_source("README.md", line),
        text=f"pip install torch{spec}",
        hard=True,
        confidence="high",
    )


def _counted(monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    calls: list[int] = []
    real: Callable[..., Any] = getattr(implied, name)

    def counting(*args: Any) -> Any:
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(implied, name, counting)
    return calls


def test_pins_are_held_against_pins_of_their_release_only(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counted(monkeypatch, "says_no_more")
    found = [_pin(f"==2.{n // 50}.{n % 50}", 6 * n + 1) for n in range(PINS)]
    found.append(_pin("==2.0.1+cpu", 6 * PINS + 1))  # admits no more than ==2.0.1
    folded = implied.fold_implied(found, {"README.md": PROSE})
    assert len(calls) <= 3 * len(found)  # was one or two per pair: ~90,000
    assert [r.spec for r in folded].count("==2.0.1") == 0
    (local,) = [r for r in folded if r.spec == "==2.0.1+cpu"]
    assert [s.line for s in local.also_at] == [7]
    assert len(folded) == PINS


def test_pins_that_exclude_each_other_are_found_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counted(monkeypatch, "can_meet")
    lines: list[str] = []
    found = []
    for n in range(PINS):
        lines += [f"## For torch 2.{n // 50}.{n % 50}", "", f"pip install torch==2.{n}", ""]
        found.append(_pin(f"==2.{n // 50}.{n % 50}", 4 * n + 3))
    (one,) = implied.one_file_alternatives(found, {"README.md": "\n".join(lines)})
    assert calls == []  # was one per pair: ~45,000
    assert one.spec == " || ".join(r.spec for r in found)
    shared = [*found[:2], _pin("==2.0.0 || ==2.3.3", 9)]  # shares 2.0.0: no alternatives
    assert len(implied.one_file_alternatives(shared, {"README.md": "\n".join(lines)})) == 3
