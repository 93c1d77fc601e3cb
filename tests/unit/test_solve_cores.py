"""Conflict minimisation (``solve.cores``) against a stand-in solver whose conflicts are
known: QuickXplain's answer is minimal, is the one deletion in the removal order finds, and
takes far fewer solves than one per item."""

from __future__ import annotations

from collections.abc import Collection

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bringup.solve.cores import conflict_cover, minimal_core


class Conflicts:
    """Items hold together unless they include one of ``conflicts``; the core it returns is
    every item switched on (the least helpful core a solver may give)."""

    def __init__(self, conflicts: list[frozenset[int]]) -> None:
        self.conflicts = conflicts
        self.solves = 0

    def core(self, on: Collection[int]) -> frozenset[int] | None:
        self.solves += 1
        items = frozenset(on)
        return items if any(c <= items for c in self.conflicts) else None

    def satisfiable(self, on: Collection[int]) -> bool:
        return self.core(on) is None


def by_deletion(engine: Conflicts, on: Collection[int], rank: dict[int, int]) -> tuple[int, ...]:
    """The reference: try each item once, first-ranked first; it goes when the rest still
    cannot hold."""
    current = sorted(on, key=rank.__getitem__)
    for item in list(current):
        trial = [i for i in current if i != item]
        if not engine.satisfiable(trial):
            current = trial
    return tuple(current)


families = st.lists(
    st.frozensets(st.integers(0, 19), min_size=1, max_size=4), min_size=1, max_size=5
)


@settings(max_examples=300, deadline=None)
@given(conflicts=families, ranks=st.permutations(range(20)))
def test_the_answer_is_minimal_and_the_one_deletion_finds(
    conflicts: list[frozenset[int]], ranks: list[int]
) -> None:
    rank = dict(zip(range(20), ranks))
    engine = Conflicts(conflicts)
    found = minimal_core(engine, range(20), lambda i: (rank[i], i))
    assert not engine.satisfiable(found)
    for item in found:
        assert engine.satisfiable([i for i in found if i != item])
    assert found == by_deletion(Conflicts(conflicts), range(20), rank)


def test_a_small_conflict_among_many_items_takes_few_solves() -> None:
    engine = Conflicts([frozenset({17, 61})])
    found = minimal_core(engine, range(100), lambda i: (0, i))
    assert found == (17, 61)
    assert engine.solves < 30  # deletion would take 101


def test_items_ranked_first_appear_only_when_needed() -> None:
    # 3 (a rule, ranked first) with 5, or 7 with 9: the repos' own conflict is the answer
    engine = Conflicts([frozenset({3, 5}), frozenset({7, 9})])
    rank = {3: (0, 3), 5: (1, 5), 7: (1, 7), 9: (1, 9)}
    assert minimal_core(engine, rank, rank.__getitem__) == (7, 9)


def test_satisfiable_items_have_no_conflict() -> None:
    with pytest.raises(ValueError, match="hold together"):
        minimal_core(Conflicts([frozenset({1, 2})]), [1, 3], lambda i: (0, i))


def test_the_cover_sets_aside_what_blame_picks_until_the_rest_holds() -> None:
    engine = Conflicts([frozenset({1, 2}), frozenset({3, 4})])
    found = conflict_cover(
        engine, [1, 2, 3, 4], (), order=lambda i: (0, i), blame=lambda c: c[:1], limit=5
    )
    # the first-ranked items are tried for removal first: the later conflict comes first
    assert found == [(3, 4), (1, 2)]


class NothingHolds:
    """A solver whose rules fail before any item is switched on: its core is empty."""

    def core(self, on: Collection[int]) -> frozenset[int] | None:
        return frozenset()

    def satisfiable(self, on: Collection[int]) -> bool:
        return False


def test_an_empty_core_is_an_empty_answer_not_endless_halving() -> None:
    assert minimal_core(NothingHolds(), [1, 2, 3], lambda i: (0, i)) == ()
    found = conflict_cover(
        NothingHolds(), [1, 2], (), order=lambda i: (0, i), blame=lambda c: c, limit=3
    )
    assert found == [()]  # nothing to blame: the cover stops rather than loop


def test_a_line_the_rows_stand_in_for_is_left_out() -> None:
    """Outside tester 25, D3: opgen's torch_npu (0) and CANN >= 8.0 (1), InternVL's torch ==
    2.7.0 (2); rows of an old torch_npu: its CANN (10) and its torch (11); a new one's torch
    (12). Deletion in the removal order keeps the CANN row and opgen's CANN line; the torch
    rows of every release say it without that line (abstracted from the real conflict)."""
    engine = Conflicts([frozenset({0, 1, 2, 10, 12}), frozenset({0, 2, 11, 12})])
    rank = {11: (0, 0), 10: (0, 1), 12: (0, 2), 0: (1, 0), 1: (1, 1), 2: (1, 2)}
    assert minimal_core(engine, rank, rank.__getitem__) == (10, 12, 0, 1, 2)
    found = minimal_core(engine, rank, rank.__getitem__, rows=lambda i: i >= 10)
    assert found == (11, 12, 0, 2)
