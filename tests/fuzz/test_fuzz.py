"""A short fuzz run inside ``make test`` (a few inputs per entry point); ``make fuzz`` runs
the long one. ``BRINGUP_FUZZ_EXAMPLES`` sets how many inputs each entry point gets here."""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz_harness import ENTRY_POINTS, SLOW_S, mutate, run_one

EXAMPLES = int(os.environ.get("BRINGUP_FUZZ_EXAMPLES", "3"))


@pytest.mark.usefixtures("no_user_kb")
@pytest.mark.parametrize("entry", sorted(ENTRY_POINTS))
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(rng=st.randoms(use_true_random=False))
def test_mutated_real_inputs_give_an_answer_or_a_clear_error(
    entry: str, rng: random.Random
) -> None:
    with tempfile.TemporaryDirectory() as work:
        argv = ENTRY_POINTS[entry](Path(work), rng)
        crash, invalid, took = run_one(argv)
    assert crash is None, f"{argv}: {crash}"
    assert invalid is None, f"{argv}: {invalid}"
    assert took < SLOW_S * 4, f"{argv}: {took:.1f} s"


@settings(deadline=None)
@given(data=st.binary(max_size=2000), rng=st.randoms(use_true_random=False))
def test_mutations_return_bytes(data: bytes, rng: random.Random) -> None:
    assert isinstance(mutate(data, rng), bytes)
