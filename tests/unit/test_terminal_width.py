"""The width text output lays out to: ``COLUMNS`` when it is a positive number, else the
terminal's, else 80 (O16 D17: ``COLUMNS=0 bringup check`` printed one word per line)."""

from __future__ import annotations

import pytest

from bringup.report.console import terminal_width


@pytest.mark.parametrize("value", ["0", "00", "abc", "", "-5"])
def test_a_columns_that_is_no_width_is_not_used(
    value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    fallback = terminal_width()
    monkeypatch.setenv("COLUMNS", value)
    assert terminal_width() == fallback > 0


def test_a_positive_columns_is_the_width(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "57")
    assert terminal_width() == 57
