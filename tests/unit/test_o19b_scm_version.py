"""setuptools-scm's "unable to detect version" told as a tree without git metadata, in a pasted log
and in bringup's own ``up`` step log (outsider19 D10; tests/data/o19b/README.md)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bringup.run.up import diagnose
from bringup.triage import explain_text

STEP_LOG = Path(__file__).resolve().parents[2] / "tests/data/o19b/gpustat_up_step2.log"


@pytest.mark.parametrize(
    ("line", "path"),
    [
        # hiddenSymmetries/simsopt#246 (a GitHub archive)
        (
            "LookupError: setuptools-scm was unable to detect version for "
            "/home/ustc/simsopt-master/simsopt-master.",
            "/home/ustc/simsopt-master/simsopt-master",
        ),
        # pypa/setuptools-scm#350 (older releases quote the path)
        (
            "LookupError: setuptools-scm was unable to detect version for "
            "'/data/research/inplace_abn-master'.",
            "/data/research/inplace_abn-master",
        ),
    ],
)
def test_a_pasted_lookup_error_names_the_tree_without_git(line: str, path: str) -> None:
    (first, *_) = explain_text(io.BytesIO(line.encode()), top=1)
    assert first.signature_id == "python.scm-version-missing"
    assert f"{path} is not an intact git checkout" in first.cause


def test_ups_own_step_log_is_told_the_same() -> None:
    told = diagnose(STEP_LOG, None, "install")
    assert told is not None
    cause, fix, _source = told
    assert cause.startswith("setuptools-scm found no version")
    assert "SETUPTOOLS_SCM_PRETEND_VERSION" in fix
