"""Shared fixtures. Tests never depend on what this machine has installed; integration tests
say so with the ``integration`` marker and are off by default."""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES
