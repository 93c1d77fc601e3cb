"""review36 MEDIUM: with a top-level CMakeLists.txt and meson.build, the route planned was the
one a README names first whatever the words: a package list naming cmake, a clause that says
CMake builds are no longer supported, "meson-python" (a Python build backend) each picked a
route. Now a README's build command line decides first; then the first name in a clause that
does not refuse it, not part of another name; else CMake, the fixed preference.

Real lines: NVIDIA/CV-CUDA README.md:166 (the apt line, cited in ``scan.sysdeps``);
da1234cao/dpdk-tutorial README.md (its build block: ``meson setup build && cd build``,
``meson compile``); phw/peek@dab07c2 CHANGES.md:13; ntucllab/libact README.md (its editable
install section: "Editable installs with meson-python automatically rebuild compiled
components when you import the package.")."""

from __future__ import annotations

from pathlib import Path

from bringup.model import Component
from bringup.scan.repo import scan_repo

CMAKE = "cmake_minimum_required(VERSION 3.10)\nproject(fribidi)\n"  # fribidi@aeb8e89f :1-2
MESON = "project('fribidi', 'c', version: '1.0.16',\n  meson_version : '>= 0.54')\n"  # :1-2

CV_CUDA = "sudo apt install -y g++-11 cmake ninja-build\n"
DPDK_TUTORIAL = "```shell\nmeson setup build && cd build\nmeson compile\n```\n"
PEEK = "- build: cmake builds are no longer supported, use meson\n"
LIBACT = (
    "Editable installs with meson-python automatically rebuild compiled components when you "
    "import the package.\n"
)


def _scan(tmp_path: Path, readme: str) -> Component:
    (tmp_path / "CMakeLists.txt").write_text(CMAKE)
    (tmp_path / "meson.build").write_text(MESON)
    (tmp_path / "README.md").write_text(readme)
    return scan_repo(tmp_path, "fribidi").component


def _route(component: Component) -> tuple[set[str], str]:
    (note,) = [f.reason or "" for f in component.findings if "both build" in (f.reason or "")]
    return {s.argv[0] for s in component.steps if s.argv[0] in ("cmake", "meson")}, note


def test_a_build_command_line_decides_before_a_name_in_a_package_list(tmp_path: Path) -> None:
    programs, note = _route(_scan(tmp_path, f"```bash\n{CV_CUDA}```\n\n{DPDK_TUTORIAL}"))
    assert programs == {"meson"}
    assert "README.md:6 runs meson" in note


def test_a_clause_that_refuses_a_route_names_it_not(tmp_path: Path) -> None:
    programs, note = _route(_scan(tmp_path, PEEK))
    assert programs == {"meson"}
    assert "README.md:1 names meson" in note


def test_meson_python_names_no_meson_route(tmp_path: Path) -> None:
    programs, note = _route(_scan(tmp_path, LIBACT))
    assert programs == {"cmake"}
    assert "fixed preference" in note


def test_a_line_that_starts_like_a_command_but_refuses_the_route_runs_nothing(
    tmp_path: Path,
) -> None:
    # review37 HIGH 4: a prose line beginning "meson builds are no longer supported" matched
    # the command-line form and planned Meson; the clause refuses it (the PEEK words, the other way)
    readme = "Build with CMake.\n\nmeson builds are no longer supported; use cmake\n"
    programs, note = _route(_scan(tmp_path, readme))
    assert programs == {"cmake"}
    assert "README.md:1 names CMake" in note
