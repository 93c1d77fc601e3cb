"""An exception that reports only that a build step failed (a build command's exit status:
``subprocess.CalledProcessError`` from ninja, make or CMake) says what failed no better than the
compiler lines printed before it: it ranks below a catch-all signature that reads those lines
(the ``step`` tier of the fallback's rules), and still names the build when nothing else does.

The corpus line comes from the twenty-second triage corpus (tuned on its odd half), named by its
case file there; the other from a public thread."""

from __future__ import annotations

from bringup.triage import explain_text, scan_log
from bringup.triage.fallback import diagnose
from bringup.triage.ranking import _failing_layer
from bringup.triage.tiers import FALLBACK_SCORES

TWENTYSECOND = "tests/data/triage_twentysecond"


def _first(log: str) -> tuple[str, str]:
    diagnosis = explain_text(log)[0]
    return diagnosis.signature_id, diagnosis.layer


# TWENTYSECOND b01-torch-npu-jit-ext-acl-header-missing.log: torch's cpp_extension builds an
# extension with ninja; the compiler's line says why, the CalledProcessError only that ninja
# failed.
HEADER_THEN_NINJA = """\
acl.cpp:1:10: fatal error: acl/acl.h: No such file or directory
    1 | #include "acl/acl.h"
      |          ^~~~~~~~~~~
compilation terminated.
subprocess.CalledProcessError: Command '['ninja', '-v', '-j', '16']' returned non-zero exit status 1.
RuntimeError: Error building extension 'pluggable_allocator_extensions'
"""  # noqa: E501

# MartinPernus/MaskFaceGAN issue 9: the same exception with no compiler line before it.
NINJA_ALONE = """\
Traceback (most recent call last):
  File "/home/user/.local/lib/python3.10/site-packages/torch/utils/cpp_extension.py", line 1900, in _run_ninja_build
    subprocess.run(
  File "/home/user/anaconda3/envs/mfg5/lib/python3.10/subprocess.py", line 526, in run
    raise CalledProcessError(retcode, process.args,
subprocess.CalledProcessError: Command '['ninja', '-v']' returned non-zero exit status 1.
"""  # noqa: E501


def test_a_build_steps_exit_status_ranks_below_the_line_that_says_why() -> None:
    # a CANN header: the header's own signature names the toolkit (outsider O15 D11)
    assert _first(HEADER_THEN_NINJA) == ("ascend.build.cann-header-missing", "build")


def test_a_build_steps_exit_status_alone_is_still_the_build() -> None:
    assert _first(NINJA_ALONE) == ("traceback.build.command-failed", "build")


def test_a_build_steps_exit_status_alone_says_where_the_log_fails() -> None:
    # Review 1, finding 11: decided so; the step tier ranks above an exception no rule explains
    # and below every catch-all signature (-300 and up).
    extra = diagnose(scan_log(NINJA_ALONE).findings)
    assert extra[0].signature_id == "traceback.build.command-failed"
    assert _failing_layer(extra) == "build"
    assert FALLBACK_SCORES["traceback-other"] < FALLBACK_SCORES["step"] < -300.0
