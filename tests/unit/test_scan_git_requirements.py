"""A Python dependency installed from a git repository (``pydeps``): pip runs git to clone
it, so installing needs git and the network (the truth conventions, C1). Each case keeps only
the lines it needs, with the public repository, path, lines and commit."""

from __future__ import annotations

from bringup.scan.pyproject import extract_pyproject
from bringup.scan.requirements_txt import extract_requirements_txt
from scan_needs import source_file

# huawei-csl/gdn-tri-inverse @ d12ad042, pyproject.toml:1-2, 11 and 23-25.
GDN_PYPROJECT = """[project]
name = "gdn-tri-inverse"
dependencies = [
  "triton-ascend==3.2.0",
  "pto_kernels @ git+https://github.com/huawei-csl/pto-kernels.git",
]
"""
# FlagOpen/FlagScale @ da4935ec, requirements/train/megatron/requirements-cuda.txt:1-3.
FLAGSCALE_REQUIREMENTS = """git+https://github.com/Dao-AILab/causal-conv1d.git@v1.2.2.post1
git+https://github.com/fanshiqing/grouped_gemm@v1.1.2
av
"""


def _vocabulary(requirements: tuple) -> list[tuple[str, str, int | None]]:  # type: ignore[type-arg]
    return [
        (r.subject, r.spec, r.source.line)
        for r in requirements
        if r.subject in ("system_package", "network")
    ]


def test_a_pep508_dependency_from_a_git_url_needs_git_and_the_network() -> None:
    found = extract_pyproject(source_file("pyproject.toml", GDN_PYPROJECT)).requirements
    assert _vocabulary(found) == [
        ("system_package", "git", 5),
        ("network", "git+https://github.com/huawei-csl/pto-kernels.git", 5),
    ]
    assert "pypi:pto-kernels" in {r.subject for r in found}


def test_a_requirements_line_that_is_a_git_url_needs_git_and_one_download_each() -> None:
    found = extract_requirements_txt(
        source_file("requirements-cuda.txt", FLAGSCALE_REQUIREMENTS)
    ).requirements
    assert _vocabulary(found) == [
        ("system_package", "git", 1),
        ("network", "git+https://github.com/Dao-AILab/causal-conv1d.git@v1.2.2.post1", 1),
        ("system_package", "git", 2),
        ("network", "git+https://github.com/fanshiqing/grouped_gemm@v1.1.2", 2),
    ]


def test_a_dependency_from_an_index_needs_neither() -> None:
    found = extract_pyproject(
        source_file(
            "pyproject.toml",
            GDN_PYPROJECT.replace(
                "pto_kernels @ git+https://github.com/huawei-csl/pto-kernels.git", "pto_kernels"
            ),
        )
    ).requirements
    assert _vocabulary(found) == []
