"""Which extractor reads which kind of file, and how much its word counts.

Authority decides contradictions inside one repo: what a machine reads (pyproject,
setup.py, CMake, Meson, go.mod, Go sources) beats what CI and scripts happen to use, which beats
prose; the manifest beats everything (it is the user speaking)."""

from __future__ import annotations

from typing import Callable

from bringup.scan.buildpy import BUILD_PY, extract_build_py
from bringup.scan.ci import extract_ci
from bringup.scan.cmake import extract_cmake
from bringup.scan.cmakepresets import CMAKE_PRESETS, extract_cmake_presets
from bringup.scan.conda_env import extract_conda_env
from bringup.scan.depjson import DEPENDENCY_JSON, extract_dependency_json
from bringup.scan.docdevices import extract_docs_and_examples
from bringup.scan.dockerfile import extract_dockerfile
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.gitmodules import extract_gitmodules
from bringup.scan.gomod import GO_MOD, extract_go_mod
from bringup.scan.gosource import extract_go_source
from bringup.scan.makefile import extract_makefile
from bringup.scan.meson import MESON, WRAP, extract_meson, extract_wrap
from bringup.scan.modelchips import extract_script
from bringup.scan.pyproject import extract_pyproject
from bringup.scan.requirements_txt import extract_requirements_txt
from bringup.scan.setup_cfg import extract_setup_cfg
from bringup.scan.setup_py import extract_setup_py
from bringup.scan.testguards import extract_test_guards
from bringup.scan.vcpkgmanifest import VCPKG_MANIFEST, extract_vcpkg_manifest

Extractor = Callable[[SourceFile], Extraction]

EXTRACTORS: dict[str, Extractor] = {
    "pyproject": extract_pyproject,
    "requirements": extract_requirements_txt,
    "setup_py": extract_setup_py,
    "setup_cfg": extract_setup_cfg,
    "conda": extract_conda_env,
    "cmake": extract_cmake,
    "dockerfile": extract_dockerfile,
    "shell": extract_script,
    "docs": extract_docs_and_examples,
    "tests": extract_test_guards,
    "ci": extract_ci,
    "makefile": extract_makefile,
    BUILD_PY: extract_build_py,
    "gitmodules": extract_gitmodules,
    GO_MOD: extract_go_mod,
    "go": extract_go_source,
    MESON: extract_meson,
    WRAP: extract_wrap,
    DEPENDENCY_JSON: extract_dependency_json,
    CMAKE_PRESETS: extract_cmake_presets,
    VCPKG_MANIFEST: extract_vcpkg_manifest,
}

MANIFEST, DECLARED, USED, PROSE = 3, 2, 1, 0
AUTHORITY: dict[str, int] = {
    "pyproject": DECLARED,
    "requirements": DECLARED,
    "setup_py": DECLARED,
    "setup_cfg": DECLARED,
    "conda": DECLARED,
    "cmake": DECLARED,
    "tests": DECLARED,
    "gitmodules": DECLARED,
    GO_MOD: DECLARED,
    "go": DECLARED,
    MESON: DECLARED,
    WRAP: DECLARED,
    DEPENDENCY_JSON: DECLARED,
    CMAKE_PRESETS: DECLARED,
    VCPKG_MANIFEST: DECLARED,
    "dockerfile": USED,
    "shell": USED,
    "ci": USED,
    "makefile": USED,
    BUILD_PY: USED,
    "docs": PROSE,
}
"""Rank of each file kind when two statements in one repo disagree (higher wins)."""
