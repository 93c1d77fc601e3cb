"""A Meson project is configured, built and tested as Meson's manual says when nothing else
says how; a hidden CI folder's helper is no step; a script named bare in a sentence runs with
bash; tools probed as alternatives are one need, and a tool the repo stops without is in its
verdict (outsider16 D4, D11: fribidi "runs here" with a plan of a c2man clone and a bare
``autogen.sh``, both failing, while its Meson build and 8 tests were never planned)."""

from __future__ import annotations

from pathlib import Path

from bringup.model.resolution import Check, Resolution
from bringup.model.source import Source
from bringup.scan.extraction import SourceFile
from bringup.scan.meson import extract_meson
from bringup.scan.repo import scan_repo
from bringup.solve.needs import missing_tools

# fribidi/fribidi@58895678b768ceaf8d8b3bc69f5c6f56c8e1513d meson.build:1-2 and :78-80
MESON = """project('fribidi', 'c', version: '1.0.16',
  meson_version : '>= 0.54')
if get_option('tests')
   subdir('test')
endif
"""
# the same commit's autogen.sh:1, :16-20 and :22-26
AUTOGEN = """#!/bin/sh
echo -n "checking for libtoolize... "
which glibtoolize || which libtoolize || {
	echo "*** No libtoolize (libtool) found, please install it ***"
	exit 1
}
echo -n "checking for autoreconf... "
which autoreconf || {
	echo "*** No autoreconf (autoconf) found, please install it ***"
	exit 1
}
"""
# the same commit's .ci/build-c2man.sh:1-4 and README.md:35-38
C2MAN = "set -e\n\ngit clone https://github.com/fribidi/c2man.git\ncd c2man\n"
README = """## Building

Start with running the [`autogen.sh`](./autogen.sh) script and follow the
instructions. Alternatively use `meson`.
"""


def test_a_top_meson_build_is_configured_built_and_tested() -> None:
    found = extract_meson(SourceFile(ref="meson.build", rel="meson.build", text=MESON))
    assert [(s.kind, s.argv) for s in found.default_steps] == [
        ("build", ("meson", "setup", "build")),
        ("build", ("meson", "compile", "-C", "build")),
        ("test", ("meson", "test", "-C", "build")),
    ]
    # a sub-folder's meson.build is part of the top one's build
    sub = extract_meson(SourceFile(ref="lib/meson.build", rel="lib/meson.build", text=MESON))
    assert sub.default_steps == ()


def _fribidi(tmp_path: Path) -> Path:
    (tmp_path / ".ci").mkdir()
    (tmp_path / ".ci" / "build-c2man.sh").write_text(C2MAN)
    (tmp_path / "autogen.sh").write_text(AUTOGEN)
    (tmp_path / "meson.build").write_text(MESON)
    (tmp_path / "README.md").write_text(README)
    return tmp_path


def test_the_plan_is_the_meson_build_and_the_readme_script_by_bash(tmp_path: Path) -> None:
    component = scan_repo(_fribidi(tmp_path), "fribidi").component
    argvs = [s.argv for s in component.steps]
    assert ("bash", ".ci/build-c2man.sh") not in argvs  # the CI's helper
    assert ("bash", "autogen.sh") in argvs  # not ``autogen.sh`` looked up on PATH
    assert ("meson", "test", "-C", "build") in argvs
    tools = sorted(r.spec for r in component.requirements if r.subject == "system_package")
    # one of glibtoolize (Homebrew's name) and libtoolize: the one Debian packages
    assert tools == ["autoreconf", "libtoolize"]


def test_a_missing_tool_is_an_install_of_the_verdict() -> None:
    source = Source(kind="file", ref="autogen.sh", line=17)
    resolution = Resolution(
        checks=(
            Check(component="fribidi", subject="system_package", spec="libtoolize",
                  source=source, status="needed"),
            Check(component="fribidi", subject="system_package", spec="pkg-config",
                  source=source, status="ok"),
            Check(component="fribidi", subject="system_package", spec="help2man",
                  source=source, status="needed", hard=False),
        )
    )  # fmt: skip
    assert [(o.kind, o.detail) for o in missing_tools(resolution, "fribidi")] == [
        ("install", "libtoolize")
    ]


def test_a_job_switched_off_states_nothing() -> None:
    from bringup.scan.ci import extract_ci

    # fribidi@58895678 .github/workflows/make.yml:9-24 (head), with the job switched off
    # (constructed: ``if: false``, as GitHub Actions reads a job-level condition)
    text = """jobs:
  build:
    if: false
    runs-on: ${{ matrix.os }}
    strategy:
      matrix:
        os: [ubuntu-latest]
    steps:
    - run: pip install meson==1.4.0
"""
    file = SourceFile(ref="make.yml", rel=".github/workflows/make.yml", text=text)
    assert extract_ci(file).requirements == ()
    on = SourceFile(
        ref="make.yml", rel=".github/workflows/make.yml", text=text.replace("if: false", "if: true")
    )
    assert ("pypi:meson", "==1.4.0") in {(r.subject, r.spec) for r in extract_ci(on).requirements}
