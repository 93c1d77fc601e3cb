"""An alias NumPy 2 removed, named "removed" in a report's own words (a title, a summary), is
NumPy 2 under code written for NumPy 1 — not the project's bug (outsider 17's D7: the title alone
was read as class.code.project-bug, "not of the installation"). The names are NumPy 2's expired
list (numpy/_expired_attrs_2_0.py); a name that is no alias NumPy 2 removed is not this cause."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

# vllm-project/vllm-ascend#1875 (the title; the thread's fix: numpy<2 for CANN)
TITLE = "[Bug]: vllm serve run failed, numpy AttributeError: `np.float_` removed"


@pytest.mark.parametrize(
    "line",
    [
        TITLE,
        # the same title's words with Markdown's escape and the module's full name (constructed)
        "AttributeError: numpy.float\\_ has been removed",
        "np.NaN was removed; use np.nan",
    ],
)
def test_a_removed_alias_named_in_words_of_its_own_is_numpy_2(line: str) -> None:
    first = explain_text(line + "\n")[0]
    assert (first.signature_id, first.layer) == ("python.numpy2-abi", "install")


@pytest.mark.parametrize(
    "line",
    [
        # np.float64 and np.nan stay in NumPy 2; "removed" of another thing is not this cause
        "AttributeError: np.float64 removed from the cache",
        "np.nan removed from the column before the mean",
    ],
)
def test_a_name_numpy_2_kept_is_not_this_cause(line: str) -> None:
    assert all(d.signature_id != "python.numpy2-abi" for d in explain_text(line + "\n"))
