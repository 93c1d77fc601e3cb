"""Shared helpers of the scan's vocabulary tests (test_scan_setup_needs, test_scan_network_needs,
test_scan_setup_py_needs): a repo file and the needs read from it."""

from __future__ import annotations

from collections.abc import Sequence

from bringup.model import Requirement
from bringup.scan.extraction import SourceFile

VOCABULARY = ("submodule", "env_var", "system_package", "network")

# Ascend/torchair @ fced8842 (gitcode.com/Ascend/torchair), .gitmodules, whole file.
TORCHAIR_GITMODULES = """[submodule "third_party/secure_c"]
\tpath = third_party/secure_c
\turl = https://atomgit.com/openeuler/libboundscheck
[submodule "third_party/googletest"]
\tpath = third_party/googletest
\turl = https://gitee.com/mirrors/googletest.git
"""


def source_file(rel: str, text: str) -> SourceFile:
    return SourceFile(ref=f"repo/{rel}", rel=rel, text=text)


def needs(requirements: Sequence[Requirement]) -> list[tuple[str, str, int | None, bool]]:
    """``(subject, spec, line, hard)`` of each need of the vocabulary's kinds."""
    return [
        (r.subject, r.spec, r.source.line, r.hard) for r in requirements if r.subject in VOCABULARY
    ]
