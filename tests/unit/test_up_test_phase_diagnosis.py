"""A step of `up` that failed in its test phase is told by its test runner's report (outsider16
D8: a failed `meson test` was "A build step failed" with CMake's manual as its source), and a
write the file system refused is its own cause with the path.

The meson lines are the report of `meson test` on fribidi/fribidi@58895678 (its test suite under
meson's runner, mesonbuild/mtest.py); a constructed input says so."""

from __future__ import annotations

from pathlib import Path

from bringup.run.up import TEST_FAILURES, diagnose
from bringup.triage import explain_text
from bringup.triage.fallbackrules import builtin_rules

MESON_TEST_FAILED = (
    "ninja: no work to do.\n"
    "1/8 fribidi:CapRTL_explicit   OK              0.07s\n"
    "6/8 fribidi:BidiTest          OK              0.02s\n"
    "7/8 fribidi:UTF-8_reordernsm  OK              0.08s\n"
    "8/8 fribidi:BidiCharacterTest FAIL            0.02s   (exit status 255 or 0xff)\n"
    ">>> LD_LIBRARY_PATH=/work/fribidim/build/lib MALLOC_PERTURB_=171 MESON_TEST_ITERATION=1"
    " /work/fribidim/build/test/unicode-conformance/BidiCharacterTest"
    " /work/fribidim/build/../test/unicode-conformance/BidiCharacterTest.txt\n"
    "\n"
    "\n"
    "Ok:                7   \n"
    "Fail:              1   \n"
    "\n"
    "Full log written to /work/fribidim/build/meson-logs/testlog.txt\n"
)


def test_every_test_failure_reading_up_prefers_is_a_rule() -> None:
    ids = {rule.id for rule in builtin_rules().lines}
    assert ids >= TEST_FAILURES


def test_a_failed_meson_test_names_the_failed_test_and_cites_meson() -> None:
    first = explain_text(MESON_TEST_FAILED)[0]
    assert first.signature_id == "class.operator.meson-tests-failed"
    assert "BidiCharacterTest FAIL" in first.evidence[0].text
    assert "mesonbuild.com" in first.source


def test_a_meson_summary_with_no_failure_is_not_a_failure() -> None:
    assert "class.operator.meson-tests-failed" not in [
        d.signature_id for d in explain_text("Ok:                8   \nFail:              0   \n")
    ]


def test_up_tells_a_test_step_by_its_runners_report(tmp_path: Path) -> None:
    # constructed: a CMake line before the runner's report (a rebuild that passed)
    log = tmp_path / "03-test.log"
    log.write_text("-- Configuring done (CMake 3.28)\n" + MESON_TEST_FAILED)
    told = diagnose(log, None, "test")
    assert told is not None
    assert told[0].startswith("Tests failed")
    assert "cmake.org" not in told[2]


def test_a_read_only_file_system_is_its_own_cause_with_the_path() -> None:
    # outsider16 D8: meson setup in a checkout on a read-only bind mount (Python's OSError)
    log = (
        "OSError: [Errno 30] Read-only file system:"
        " '/work/outsider16/ro/build/meson-private/cmd_line.txt'\n"
    )
    first = explain_text(log)[0]
    assert first.signature_id == "host.path-not-writable"
    assert "/work/outsider16/ro/build/meson-private/cmd_line.txt" in first.cause


def test_a_permission_refused_on_a_device_node_is_not_a_build_folder() -> None:
    # constructed: EACCES on a device node is the device's, not the build folder's
    log = "PermissionError: [Errno 13] Permission denied: '/dev/davinci0'\n"
    assert "host.path-not-writable" not in [d.signature_id for d in explain_text(log)]
