"""bench/scan_eval.py: a truth requirement counts as right once, however often it is reported."""

from __future__ import annotations

from types import ModuleType

from bench_modules import bench_module


def _scorer() -> ModuleType:
    return bench_module("scan_eval")


TRUTH = {
    "requirement": [
        {"subject": "cann", "spec": ">=8.2", "where": ["README.md:12", "docs/zh/install.md:30"]},
        {
            "subject": "unpinned-python-deps",
            "spec": "any",
            "any_of": ["torch", "numpy"],
            "where": ["requirements.txt:1"],
        },
        {
            "subject": "gcc",
            "spec": ">=9",
            "where": ["examples/a/README.md:4"],
            "scope": "subproject:examples/a",
        },
    ]
}


def test_a_second_report_of_one_requirement_is_a_duplicate_not_a_right_answer() -> None:
    scorer = _scorer()
    tool = [
        ("cann", ("README.md:12",), ">=8.2", ""),
        ("cann", ("docs/zh/install.md:30",), "==8.2.RC1", ""),
    ]
    counts, listing = scorer.score_repo(TRUTH, tool)
    toolkit = counts["toolkit"]
    assert (toolkit["tool"], toolkit["correct"], toolkit["duplicate"]) == (2, 1, 1)
    assert toolkit["found"] == 1
    assert [line.split()[0] for line in listing if "cann" in line] == ["dup"]


def test_merging_the_two_reports_keeps_precision() -> None:
    scorer = _scorer()
    merged = [("cann", ("README.md:12", "docs/zh/install.md:30"), ">=8.2", "")]
    counts, _ = scorer.score_repo(TRUTH, merged)
    assert (counts["toolkit"]["tool"], counts["toolkit"]["correct"]) == (1, 1)


def test_each_member_of_a_requirements_file_is_right_and_scope_errors_stay_scope() -> None:
    scorer = _scorer()
    tool = [
        ("torch", ("requirements.txt:1",), "any", ""),
        ("numpy", ("requirements.txt:2",), "any", ""),
        ("gcc", ("examples/a/README.md:4",), ">=9", ""),
    ]
    counts, listing = scorer.score_repo(TRUTH, tool)
    assert counts["python_package"]["correct"] == 2
    assert counts["python_package"]["duplicate"] == 0
    assert counts["host_toolchain"]["scope_error"] == 1
    assert any(line.split()[0] == "scope" for line in listing)


def test_the_count_does_not_depend_on_the_order_the_scan_lists_reports_in() -> None:
    scorer = _scorer()
    truth = {
        "requirement": [
            {"subject": "cann", "spec": ">=8.2", "where": ["README.md:12"]},
            {"subject": "cann", "spec": "==8.5.0", "where": ["docs/install.md:3"]},
        ]
    }
    both = ("cann", ("README.md:12", "docs/install.md:3"), ">=8.2", "")
    one = ("cann", ("README.md:12",), ">=8.2", "")
    for tool in ([both, one], [one, both]):
        counts, _ = scorer.score_repo(truth, tool)
        assert (counts["toolkit"]["correct"], counts["toolkit"]["duplicate"]) == (2, 0)


def test_a_member_of_a_feature_s_requirements_file_reported_for_the_repo_is_a_scope_error() -> None:
    # NVlabs/instant-ngp: requirements.txt serves the Python bindings' scripts (feature scope).
    scorer = _scorer()
    truth = {
        "requirement": [
            {
                "subject": "unpinned-python-deps",
                "spec": "requirements.txt",
                "any_of": ["commentjson", "numpy"],
                "where": ["requirements.txt:1"],
                "scope": "feature:python-bindings",
            }
        ]
    }
    counts, listing = scorer.score_repo(truth, [("numpy", ("requirements.txt:3",), "", "")])
    assert counts["python_package"]["scope_error"] == 1
    assert listing[0].split()[0] == "scope"


def test_a_truth_place_written_as_a_range_matches_a_scan_citing_a_line_inside_it() -> None:
    """xllm-ops' truth writes `cmake/third_party/json.cmake:46-50` (scan_eval22): the scan
    citing line 47 found it; a line outside the range, or a range written backwards, did not."""
    scorer = _scorer()
    truth = {
        "requirement": [
            {"subject": "network", "spec": "any", "where": ["cmake/json.cmake:46-50"]},
        ]
    }
    inside = [("network", ("cmake/json.cmake:47",), "any", "")]
    counts, _ = scorer.score_repo(truth, inside)
    assert (counts["vocabulary"]["found"], counts["vocabulary"]["correct"]) == (1, 1)
    outside = [("network", ("cmake/json.cmake:51",), "any", "")]
    counts, _ = scorer.score_repo(truth, outside)
    assert (counts["vocabulary"]["found"], counts["vocabulary"]["correct"]) == (0, 0)
    assert scorer.places(["a.cmake:9-3"]) == {"a.cmake:9-3"}


def test_a_second_writer_is_scored_in_the_scans_place() -> None:
    """``--against``: a second writer's truth for the same repo, read as the scan's report —
    its repo scope only, groups as their members, ranges as their lines — so two writers who
    cite the same places for the same things agree fully."""
    scorer = _scorer()
    second = {
        "requirement": [
            {"subject": "cann", "spec": ">=8.2", "where": ["docs/zh/install.md:29-31"]},
            {
                "subject": "python-deps",
                "spec": "any",
                "any_of": ["torch>=2.1", "numpy"],
                "where": ["requirements.txt:2"],
            },
            {"subject": "gcc", "spec": ">=9", "where": ["README.md:40"], "scope": "tests"},
        ]
    }
    stated = scorer.written(second)
    assert [subject for subject, *_ in stated] == ["cann", "torch", "numpy"]
    counts, _ = scorer.score_repo(TRUTH, stated)
    assert (counts["toolkit"]["found"], counts["toolkit"]["correct"]) == (1, 1)
    package = counts["python_package"]
    assert (package["truth"], package["found"], package["tool"], package["correct"]) == (1, 1, 2, 2)
    assert counts["host_toolchain"]["tool"] == 0


def test_a_second_writers_entry_without_a_subject_names_nothing() -> None:
    """A hand-written entry without ``subject`` stopped ``--against`` with a KeyError
    (review-s19 L6)."""
    second = {"requirement": [{"spec": ">=9", "where": ["README.md:40"]}, TRUTH["requirement"][0]]}
    assert [subject for subject, *_ in _scorer().written(second)] == ["cann"]
