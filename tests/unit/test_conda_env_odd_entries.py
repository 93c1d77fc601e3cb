"""A conda file is input: an entry with no package name (a bare channel prefix, a lone
version) is read past, never a crash of the scan (``_other_platform`` looks at every entry
before the requirements are read)."""

from __future__ import annotations

import pytest

from bringup.scan.conda_env import extract_conda_env
from bringup.scan.extraction import SourceFile


@pytest.mark.parametrize("entry", ['"conda-forge::"', '"=1.0"'])
def test_an_entry_without_a_name_is_read_past(entry: str) -> None:
    # constructed: a hand-edited environment.yml with one malformed entry beside numpy
    text = f"name: x\ndependencies:\n  - {entry}\n  - numpy=1.24\n"
    found = extract_conda_env(SourceFile(ref="environment.yml", rel="environment.yml", text=text))
    assert "conda:numpy" in {r.subject for r in found.requirements}


def test_a_vcs_url_in_the_pip_list_is_a_requirement_from_no_index() -> None:
    # ashawkey/torch-ngp@b6e080468925f0bb44827b4f8f0ed08291dcf8a9 environment.yml:20,27
    # (outsider9 #7: reported "invalid: not a requirement string")
    url = "git+https://github.com/NVlabs/tiny-cuda-nn/#subdirectory=bindings/torch"
    text = f"name: torch-ngp\ndependencies:\n  - pip:\n    - {url}\n"
    found = extract_conda_env(SourceFile(ref="environment.yml", rel="environment.yml", text=text))
    # and, as any git URL install, git and the network (s28r)
    assert [(r.subject, r.spec) for r in found.requirements] == [
        ("pypi:tiny-cuda-nn", ""),
        ("system_package", "git"),
        ("network", url),
    ]
    assert [(f.kind, f.message) for f in found.findings] == [
        ("note", f"tiny-cuda-nn comes from {url}, not from a package index")
    ]
