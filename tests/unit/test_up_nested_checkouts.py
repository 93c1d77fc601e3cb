"""Nested checkouts: ``up /a`` and ``up /a/sub`` (a submodule, a vendored tree) write into one
tree, so each refuses while the other runs; checkouts side by side under one folder go on, and
one stack holding both a repo and one inside it is no conflict with itself (review34)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bringup.run.checkoutlock import CheckoutBusy
from bringup.run.lock import held
from bringup.run.state import StateLayout


def test_a_checkout_and_one_inside_it_refuse_each_other(tmp_path: Path) -> None:
    outer = tmp_path / "pytorch"
    inner = outer / "third_party" / "fbgemm"
    sibling = outer / "third_party" / "kineto"
    inner.mkdir(parents=True)
    sibling.mkdir()
    first, second = StateLayout(tmp_path / "A"), StateLayout(tmp_path / "B")
    pid = os.getpid()
    with held(first, "outer", (str(outer),)):
        refused = pytest.raises(
            CheckoutBusy, match=f"process {pid}\\) is running in {outer}, which {inner} is inside"
        )
        with refused, held(second, "inner", (str(inner),)):
            pass
    with held(first, "inner", (str(inner),)):
        refused = pytest.raises(
            CheckoutBusy, match=f"process {pid}\\) is running in a checkout inside {outer}:"
        )
        with refused, held(second, "outer", (str(outer) + "/",)):
            pass
        with held(second, "sibling", (str(sibling),)):  # side by side: both go on
            pass
    with held(first, "both", (str(outer), str(inner))):  # one stack holding both
        pass
    beside = tmp_path / "pytorch-old"  # a name that starts alike is not inside
    beside.mkdir()
    with held(first, "outer", (str(outer),)), held(second, "beside", (str(beside),)):
        pass


def test_a_step_inherits_the_checkout_locks(tmp_path: Path) -> None:
    """What ``up`` hands its runner: the checkout's and the folders' above, open."""
    repo = tmp_path / "repo"
    repo.mkdir()
    with held(StateLayout(tmp_path / "A"), "s", (str(repo),)) as holding:
        opened = {os.path.realpath(f"/proc/self/fd/{d}") for d in holding.inherited}
    assert opened == {str(repo.resolve()), *map(str, repo.resolve().parents)}
