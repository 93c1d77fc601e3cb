"""A base image in quotes is read without them (session-23 outside tester, D14: the tag
``…_ubuntu-22.04"`` was read as Ubuntu 22, a contradiction with every 22.04 of the repo).

Source: montehoover/verl@9c46ae818ca42f47e1bf6e481c7da314e9c4663e docker/rocm/Dockerfile.rocm:3."""

from __future__ import annotations

from bringup.scan.dockerfile import extract_dockerfile
from bringup.scan.extraction import SourceFile

_LINE = 'FROM "rlsys/rocm-6.3.4-patch:rocm6.3.4-numa-patch_ubuntu-22.04"\n'


def test_a_quoted_image_keeps_its_whole_release() -> None:
    file = SourceFile(ref="Dockerfile.rocm", rel="docker/rocm/Dockerfile.rocm", text=_LINE)
    found = {(r.subject, r.spec) for r in extract_dockerfile(file).requirements}
    assert ("os_version", "==22.04") in found
    assert ("os_version", "==22") not in found
