"""Meson builds: ``meson.build``'s ``project(meson_version:)`` and ``dependency()``, and the
downloads of ``subprojects/*.wrap``, read as the Meson manual documents them (scan18's tuning
repo ai-dynamo/nixl builds with Meson).

Sources (public, at the commits named):
ai-dynamo/nixl 8770b655a6b17b5cdf7d2b56b6e0be5392496df5 (scan_eval18's truth)
numpy/numpy 3989a6ea460f91d9de9312fe0490f6b9100de17a
"""

from __future__ import annotations

from pathlib import Path

from bringup.model import Requirement
from bringup.scan import scan_stack
from bringup.scan.extraction import SourceFile
from bringup.scan.filekinds import classify
from bringup.scan.meson import extract_meson, extract_wrap
from bringup.scan.repo import scan_repo


def _table(found: tuple[Requirement, ...]) -> list[tuple[str, str, int | None, bool, str]]:
    return [(r.subject, r.spec, r.source.line, r.hard, r.feature) for r in found]


def _meson(text: str, rel: str = "meson.build") -> list[tuple[str, str, int | None, bool, str]]:
    return _table(extract_meson(SourceFile(ref=rel, rel=rel, text=text)).requirements)


def _wrap(text: str, rel: str) -> list[tuple[str, str, int | None, bool, str]]:
    return _table(extract_wrap(SourceFile(ref=rel, rel=rel, text=text)).requirements)


# ai-dynamo/nixl meson.build:16-22
_NIXL_PROJECT = (
    "project('nixl', 'CPP', version: '1.4.0',\n"
    "    default_options: ['buildtype=release',\n"
    "                'werror=true',\n"
    "                'cpp_std=c++20',\n"
    "                'prefix=/opt/nvidia/nvda_nixl'],\n"
    "    meson_version: '>= 0.64.0'\n"
    ")\n"
)
# numpy/numpy meson.build:1-17, a comment inside the call
_NUMPY_PROJECT = (
    "project(\n"
    "  'NumPy',\n"
    "  'c', 'cpp', 'cython',\n"
    "  version: run_command(\n"
    "    # This should become `numpy/_version.py` in NumPy 2.0\n"
    "    ['numpy/_build_utils/gitversion.py'],\n"
    "    check: true).stdout().strip(),\n"
    "  license: 'BSD-3',\n"
    "  meson_version: '>=1.5.2',  # version in vendored-meson is 1.5.2\n"
    "  default_options: [\n"
    "    'buildtype=debugoptimized',\n"
    "    'b_ndebug=if-release',\n"
    "    'c_std=c11',\n"
    "    'cpp_std=c++17',\n"
    "    'pkgconfig.relocatable=true',\n"
    "  ],\n"
    ")\n"
)


def test_the_meson_version_of_project_is_the_least_meson() -> None:
    assert _meson(_NIXL_PROJECT) == [("pypi:meson", ">=0.64.0", 6, True, "")]
    assert _meson(_NUMPY_PROJECT) == [("pypi:meson", ">=1.5.2", 9, True, "")]


def test_a_dependency_is_a_system_package_optional_without_required() -> None:
    # nixl src/utils/libfabric/meson.build:35, test/gtest/meson.build:17, meson.build:384
    assert _meson("hwloc_dep = dependency('hwloc', required: true)\n") == [
        ("system_package", "hwloc", 1, True, "")
    ]
    gtest = "gtest_dep = dependency('gtest', version : '>=1.11.0', required : false)\n"
    # a test framework is the tests' need, optional or not
    assert _meson(gtest) == [("system_package", "gtest>=1.11.0", 1, False, "tests")]
    ucx = (
        "  ucx_dep = dependency('ucx', modules: ['ucx::ucs', 'ucx::ucp', 'ucx::uct'],"
        " required: false)\n"
    )
    assert _meson(ucx) == [("system_package", "ucx", 1, False, "optional")]


def test_a_test_or_benchmark_framework_is_the_tests_need() -> None:
    # NVIDIA/Fuser @ 81c4b22f, lib/dynamic_type/meson.build:11-12 and 45
    assert _meson(
        "gtest_dep = dependency('gtest_main')\n"
        "gmock_dep = dependency('gmock')\n"
        "gbench_dep = dependency('benchmark')\n"
    ) == [
        ("system_package", "gtest_main", 1, True, "tests"),
        ("system_package", "gmock", 2, True, "tests"),
        ("system_package", "benchmark", 3, True, "tests"),
    ]


def test_a_fallback_a_library_of_libc_or_a_method_is_no_system_package() -> None:
    # nixl meson.build:126-128, :205, :80, :212, src/bindings/python/meson.build:16;
    # numpy meson.build:44 ``py.dependency()``
    assert (
        _meson(
            "io_uring_dep = dependency('liburing', required: false,\n"
            "                          fallback: ['liburing'],\n"
            "                          default_options: ['default_library=shared'])\n"
            "taskflow_proj = dependency('taskflow', fallback: ['taskflow', 'taskflow_dep'])\n"
            "thread_dep = dependency('threads')\n"
            "    cuda_dep = dependency('cuda', required : false, modules : [ 'cudart', 'cuda' ])\n"
            "py_dep = py.dependency()\n"
        )
        == []
    )
    assert _meson("pybind_dep = dependency('pybind11')\n") == [("pypi:pybind11", "", 1, True, "")]


# nixl subprojects/taskflow.wrap:1-3 and prometheus-cpp.wrap:1-3
_TASKFLOW = (
    "[wrap-file]\n"
    "directory = taskflow-3.10.0\n"
    "source_url = https://github.com/taskflow/taskflow/archive/refs/tags/v3.10.0.tar.gz\n"
)
_PROMETHEUS = "[wrap-git]\nurl = https://github.com/jupp0r/prometheus-cpp.git\nrevision = v1.3.0\n"


def test_a_wrap_downloads_its_source_and_a_git_wrap_needs_git() -> None:
    assert _wrap(_TASKFLOW, "subprojects/taskflow.wrap") == [
        ("network", "taskflow from github.com", 3, False, "")
    ]
    assert _wrap(_PROMETHEUS, "subprojects/prometheus-cpp.wrap") == [
        ("network", "prometheus-cpp from github.com", 2, False, ""),
        ("system_package", "git", 1, False, ""),
    ]


def test_the_walk_reads_the_repo_meson_builds_and_wraps_not_a_wraps_own() -> None:
    assert classify("meson.build") == "meson"
    assert classify("src/utils/libfabric/meson.build") == "meson"
    assert classify("subprojects/taskflow.wrap") == "mesonwrap"
    # nixl subprojects/packagefiles/taskflow/meson.build:16, the subproject's own build
    assert classify("subprojects/packagefiles/taskflow/meson.build") is None


def test_a_dependency_a_wrap_provides_is_the_wraps_download(tmp_path: Path) -> None:
    # nixl meson.build:166 and subprojects/abseil-cpp.wrap's [provide] ``absl_base = ...``
    (tmp_path / "meson.build").write_text(
        _NIXL_PROJECT
        + "absl_base_dep = dependency('absl_base', required: true)\n"
        + "hwloc_dep = dependency('hwloc', required: true)\n",
        encoding="utf-8",
    )
    (tmp_path / "subprojects").mkdir()
    (tmp_path / "subprojects" / "abseil-cpp.wrap").write_text(
        "[wrap-file]\n"
        "directory = abseil-cpp-20250814.1\n"
        "source_url = https://github.com/abseil/abseil-cpp/releases/download/20250814.1/"
        "abseil-cpp-20250814.1.tar.gz\n"
        "\n"
        "[provide]\n"
        "absl_base = absl_base_dep\n",
        encoding="utf-8",
    )
    scanned = scan_repo(tmp_path, "nixl").component.requirements
    packages = sorted(r.spec for r in scanned if r.subject == "system_package")
    assert packages == ["hwloc"]
    assert any(r.spec == "abseil-cpp from github.com" for r in scanned)


def test_a_top_meson_build_makes_one_repo_not_a_stack_of_its_directories(tmp_path: Path) -> None:
    # nixl: meson.build at the top, benchmark/nixlbench and examples/rust with READMEs of their own
    (tmp_path / "meson.build").write_text(_NIXL_PROJECT, encoding="utf-8")
    for member in ("nixlbench", "rust"):
        (tmp_path / member).mkdir()
        (tmp_path / member / "README.md").write_text("# member\n", encoding="utf-8")
    (component,) = scan_stack([tmp_path]).components
    # and ninja, the backend of the Meson steps planned (``buildroutes.backend_needs``)
    assert [(r.subject, r.spec) for r in component.requirements] == [
        ("pypi:meson", ">=0.64.0"),
        ("ninja", ""),
    ]


# ai-dynamo/nixl meson.build:246-253: the architectures of -Dnixl_cuda_arch_list=auto, the
# option's default (meson_options.txt:29: "sm_80+ normally, sm_90+ when build_nixl_ep is
# enabled"); the option's own value is no string the build assigns
_NIXL_ARCHS = """    cuda_arch_list = get_option('nixl_cuda_arch_list').strip()
    if cuda_arch_list == 'auto'
        if get_option('build_nixl_ep')
            cuda_arch_list = '90,100,103,120'
        else
            cuda_arch_list = '80,86,89,90,100,103,120'
        endif
    endif
"""


def test_the_architecture_lists_a_meson_build_assigns_set_the_least_device() -> None:
    assert _meson(_NIXL_ARCHS) == [("compute_capability", ">=8.0", 6, True, "")]
