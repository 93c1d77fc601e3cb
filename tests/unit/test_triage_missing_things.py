"""A log that names a missing program or shared library, in any of the shells', make's,
Python's or the loader's wordings, is told as the entry of the component that provides it
(``kb/data/codes/missing.toml``). Real lines, each cited."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text
from bringup.triage.explain import scan_log

FORMS = [
    # nitishsrivastava/deepnet#101: make running a compiler that is not on PATH.
    ("make: nvcc: Command not found", "cuda.build.nvcc-not-found", "build"),
    # traveller59/second.pytorch#7: dash, run by Python's subprocess.
    ("/bin/sh: 1: nvcc: not found", "cuda.build.nvcc-not-found", "build"),
    # speedinghzl/CCNet#56: dash running a script.
    ("build.sh: 11: build.sh: nvcc: not found", "cuda.build.nvcc-not-found", "build"),
    # Microway/gpu-burn#8: the shell given a path that is not there.
    ("/bin/sh: /bin/nvcc: No such file or directory", "cuda.build.nvcc-not-found", "build"),
    # apache/tvm#1609: Python's exec of a bare program name.
    (
        "FileNotFoundError: [Errno 2] No such file or directory: 'nvcc': 'nvcc'",
        "cuda.build.nvcc-not-found",
        "build",
    ),
    # hicann/ascend-transformer-boost@35f01c6c7cc69ec4e004126c4367594d36ba3682:
    # docs/常见问题与回答.md:4 (ATB's build check for NNAL's library).
    ("1. 提示`libtbe_adapter.so does not exist`", "ascend.install.cann-lib-missing", "install"),
    # vllm-project/vllm#4312 (issue title): vLLM's own search for NCCL's library.
    (
        "[Bug]: NameError: name 'ncclGetVersion' is not defined (or Failed to import NCCL "
        "library: Cannot find libnccl.so.2 in the system.)",
        "cuda.runtime.cuda-lib-missing",
        "install",
    ),
]


@pytest.mark.parametrize(("log", "expected", "layer"), FORMS)
def test_a_missing_thing_is_told_as_its_providers_entry(
    log: str, expected: str, layer: str
) -> None:
    found = explain_text(log + "\n")
    assert found, log
    assert (found[0].signature_id, found[0].layer) == (expected, layer)


def test_the_cause_names_the_missing_thing() -> None:
    """The name found fills the entry's own capture: its cause names the library."""
    found = explain_text("1. 提示`libtbe_adapter.so does not exist`\n")
    assert "libtbe_adapter" in found[0].cause


def test_a_thing_the_table_does_not_list_is_no_finding() -> None:
    """probonopd/linuxdeployqt#101: ldd's line for a library of no listed component. The finders
    find only the names the table lists, so the line is left to the other rules (a code without
    a meaning would stop the scan reading line rules after it)."""
    result = scan_log(b'ERROR: ldd outputLine: "\tlibKF5Crash.so.5 => not found"\n')
    assert not [s for s in result.findings.codes.values() if s.catalogue == "missing"]
    listed = scan_log(b'ERROR: ldd outputLine: "\tlibhccl.so => not found"\n')
    assert [s.value for s in listed.findings.codes.values()] == ["libhccl"]
