"""What a Python build installs before CMake runs, and the name a setup script gives its own
distribution through an environment default (issue 11, session of 2026-12-04). Each test quotes
the lines of a public repo (repo@commit path:line)."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.cmake import extract_cmake
from bringup.scan.cmakedists import as_distributions
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.images import platform_facts, split_image
from bringup.scan.pyproject import extract_pyproject
from bringup.scan.repo import scan_repo
from bringup.scan.requirements_txt import extract_requirements_txt
from bringup.scan.scopedirs import BENCHMARK_PACKAGE
from bringup.scan.setup_py import extract_setup_py
from bringup.scan.testscripts import for_tests


def _file(rel: str, text: str) -> SourceFile:
    return SourceFile(ref=rel, rel=rel, text=text)


# facebookresearch/faiss@02dbb4e4 pyproject.toml:6-7
_FAISS_PYPROJECT = """[build-system]
requires = ["scikit-build-core>=0.10", "swig>=4.2,<5", "numpy>=2.0"]
build-backend = "scikit_build_core.build"
"""
# facebookresearch/faiss@02dbb4e4 faiss/python/CMakeLists.txt:15
_FAISS_CMAKE = """cmake_minimum_required(VERSION 3.24.0 FATAL_ERROR)
project(pyfaiss LANGUAGES CXX)
find_package(SWIG REQUIRED COMPONENTS python)
"""


def test_a_cmake_package_the_build_system_requires_is_that_distribution() -> None:
    stated = [
        *extract_pyproject(_file("pyproject.toml", _FAISS_PYPROJECT)).requirements,
        *extract_cmake(_file("faiss/python/CMakeLists.txt", _FAISS_CMAKE)).requirements,
    ]
    assert [r for r in stated if r.subject == "cmake:SWIG"]
    found = as_distributions(stated)
    assert not [r for r in found if r.subject.startswith("cmake:")]
    swig = [(r.source.ref, r.source.line) for r in found if r.subject == "pypi:swig"]
    assert swig == [("pyproject.toml", 2), ("faiss/python/CMakeLists.txt", 3)]


# MindIE-LLM@8b4871ad CMakeLists.txt:36, and the same repo's runtime list
# examples/atb_models/requirements/requirements.txt:7 ("protobuf==4.23.3")
_MINDIE_CMAKE = """cmake_minimum_required(VERSION 3.16)
project(mindie_llm)
find_package(Protobuf REQUIRED CONFIG) # protobuf和libtorch有先后关系
"""


def test_a_runtime_distribution_of_the_same_name_is_another_thing() -> None:
    stated = [
        *extract_requirements_txt(_file("requirements.txt", "protobuf==4.23.3\n")).requirements,
        *extract_cmake(_file("CMakeLists.txt", _MINDIE_CMAKE)).requirements,
    ]
    found = as_distributions(stated)
    assert [r.source.line for r in found if r.subject == "cmake:Protobuf"] == [3]


# ByteDance-Seed/Triton-distributed@1512a811 python/setup.py:1305-1315 (DEPS computed)
_TRITON_SETUP = """import os
from setuptools import setup

DEPS = get_deps()
setup(
    name=os.environ.get("TRITON_WHEEL_NAME", "triton_dist"),
    version="3.4.0" + os.environ.get("TRITON_WHEEL_VERSION_SUFFIX", ""),
    install_requires=["setuptools>=40.8.0", "packaging"] + DEPS,
)
"""


def test_a_setup_name_read_from_the_environment_is_its_default() -> None:
    extraction = extract_setup_py(_file("python/setup.py", _TRITON_SETUP))
    assert list(extraction.provides) == ["pypi:triton-dist"]
    # the literal list holds its members whatever the computed DEPS adds
    assert {r.subject for r in extraction.requirements} >= {"pypi:setuptools", "pypi:packaging"}


def test_a_named_or_summed_list_joined_to_a_computed_one_keeps_its_members() -> None:
    # Triton-distributed's line with its literal list named, as setup.py files name theirs
    # (``install_requires=REQUIRED_PACKAGES + GOOGLE_AUTH_PACKAGES``, a public setup.py,
    # code-search file id 38145015257), or split into a sum of lists: written here
    for joined in ("BASE + DEPS", '["setuptools>=40.8.0"] + ["packaging"] + DEPS'):
        text = _TRITON_SETUP.replace(
            "DEPS = get_deps()\n", 'BASE = ["setuptools>=40.8.0", "packaging"]\nDEPS = get_deps()\n'
        ).replace('["setuptools>=40.8.0", "packaging"] + DEPS', joined)
        extraction = extract_setup_py(_file("python/setup.py", text))
        named = {r.subject for r in extraction.requirements}
        assert {"pypi:setuptools", "pypi:packaging"} <= named, joined


# ByteDance-Seed/Triton-distributed@1512a811 scripts/build_e2e_env.sh:111-113, the script
# docs/e2e.md:6 runs ("bash ./scripts/build_e2e_env.sh") to set up the end-to-end model tests
_TRITON_E2E = """# --- Install common packages ---
echo "Installing common packages: transformers and numpy..."
pip install transformers==4.51.3 numpy==1.26.4 termcolor
"""


def test_an_end_to_end_test_script_is_the_tests(tmp_path: Path) -> None:
    assert for_tests("build_e2e_env.sh")
    assert for_tests("run_e2e.sh")  # mat-chem-sim-pred .../cornn_scan_fused/tests/run_e2e.sh
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "build_e2e_env.sh").write_text(_TRITON_E2E)
    (tmp_path / "scripts" / "build_env.sh").write_text(_TRITON_E2E)
    own = scan_repo(tmp_path, "Triton-distributed").component.requirements
    pinned = {r.source.ref for r in own if r.subject == "pypi:transformers"}
    # the same lines in a build script of the repo's are the build's
    assert pinned == {"Triton-distributed/scripts/build_env.sh"}


# rapidsai/cuvs@ff0c8076 python/cuvs_bench/pyproject.toml:21-28 (cut), beside the library's
# python/cuvs/pyproject.toml; build.sh:492-503 installs both
_CUVS_BENCH = """[project]
name = "cuvs-bench"
dependencies = [
    "click",
    "matplotlib>=3.9",
    "pandas",
]
"""
_CUVS_BUILD = """# Build and (optionally) install the cuvs Python package
if (( NUMARGS == 0 )) || hasArg python; then
    python -m pip install \\
        "${PYTHON_ARGS_FOR_INSTALL[@]}" "${REPODIR}"/python/cuvs
fi

# Build and (optionally) install the cuvs-bench Python package
if (( NUMARGS == 0 )) || (hasArg bench-ann && ! hasArg -n); then
    python -m pip install \\
        "${PYTHON_ARGS_FOR_INSTALL[@]}" "${REPODIR}"/python/cuvs_bench
fi
"""


def test_a_package_named_as_a_benchmark_is_a_sub_project(tmp_path: Path) -> None:
    (tmp_path / "build.sh").write_text(_CUVS_BUILD)
    (tmp_path / "pyproject.toml").write_text("[tool.ruff]\nline-length = 79\n")
    for folder in ("python/cuvs", "python/cuvs_bench"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "python/cuvs_bench/pyproject.toml").write_text(_CUVS_BENCH)
    # python/cuvs/pyproject.toml:25 (cut)
    library = '[project]\nname = "cuvs"\ndependencies = [\n    "numpy>=1.23,<3.0",\n]\n'
    (tmp_path / "python/cuvs/pyproject.toml").write_text(library)
    scan = scan_repo(tmp_path, "cuvs").component
    named = {r.subject for r in scan.requirements if r.subject.startswith("pypi:")}
    assert "pypi:numpy" in named
    assert not named & {"pypi:click", "pypi:matplotlib", "pypi:pandas"}
    assert not BENCHMARK_PACKAGE.search("cann_bench_utils")  # cann-bench's own helpers


def test_a_package_named_as_a_benchmark_with_no_library_beside_it_is_the_repos(
    tmp_path: Path,
) -> None:
    # the same python/cuvs_bench/pyproject.toml with no python/cuvs beside it (a repo of the
    # benchmark alone, laid out as cuvs lays it out): it benchmarks nothing of the repo's, its
    # needs are the repo's
    (tmp_path / "python/cuvs_bench").mkdir(parents=True)
    (tmp_path / "python/cuvs_bench/pyproject.toml").write_text(_CUVS_BENCH)
    scan = scan_repo(tmp_path, "cuvs-bench").component
    named = {r.subject for r in scan.requirements if r.subject.startswith("pypi:")}
    assert {"pypi:click", "pypi:matplotlib", "pypi:pandas"} <= named


# ascend-npu-harness@0a9f1704 STATE.md:5-12 (cut)
_HARNESS_STATE = """## Environment

| Component | Status | Details |
|-----------|--------|---------|
| cmake | available | 3.20.5 |
| python3 | available | 3.12.9 |
"""


def test_a_table_row_naming_python3_is_the_interpreter() -> None:
    found = extract_docs(_file("STATE.md", _HARNESS_STATE)).requirements
    assert [(r.subject, r.spec, r.source.line) for r in found if "python" in r.subject] == [
        ("python", "==3.12.9", 6)
    ]


def test_a_manylinux_image_is_a_glibc_floor() -> None:
    # pyg-team/pyg-lib@764e3a49 .github/workflows/docker/Dockerfile:2
    # "FROM quay.io/pypa/manylinux_2_28_${ARCH}:2026.05.02-2 AS builder"
    repository, tag = split_image("quay.io/pypa/manylinux_2_28_x86_64:2026.05.02-2")
    facts = {(f.subject, f.spec) for f in platform_facts(repository, tag, "")}
    assert facts == {("glibc", ">=2.28"), ("arch", "x86_64")}
    # the policy name ends at a tag or a suffix as well: public Dockerfiles (code-search file
    # ids 27581441105 line 2 and 55890436505 line 1)
    # "FROM ghcr.io/rust-cross/manylinux_2_28-cross:armv7 AS dependencies-builder",
    # "FROM quay.io/pypa/manylinux_2_28:latest"
    for image in (
        "ghcr.io/rust-cross/manylinux_2_28-cross:armv7",
        "quay.io/pypa/manylinux_2_28:latest",
    ):
        repository, tag = split_image(image)
        assert ("glibc", ">=2.28") in {
            (f.subject, f.spec) for f in platform_facts(repository, tag, "")
        }
    # manylinux2014 names no glibc release in this spelling; a plain image none at all
    assert not [
        f
        for f in platform_facts("quay.io/pypa/manylinux2014_x86_64", "latest", "")
        if f.subject == "glibc"
    ]
    assert not [f for f in platform_facts("ubuntu", "22.04", "") if f.subject == "glibc"]
