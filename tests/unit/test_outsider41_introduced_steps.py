"""A command alone in the paragraph after the sentence that introduces it (outsider22 D6):
ClementPinard/Pytorch-Correlation-extension@f00f0cd README.md:35-37 "For a cpu-only version,
you can install from source with" / `python setup_cpu.py install` was no step."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.stepkinds import step_kind

# ClementPinard/Pytorch-Correlation-extension@f00f0cd README.md:27-37, verbatim
README = (
    "# Installation\n"
    "\n"
    "be reminded this module requires `python3-dev` to compile C++ code, e.g. on Ubuntu run:\n"
    "\n"
    "`apt install python3-dev`\n"
    "\n"
    "this module is available on pip\n"
    "\n"
    "`pip install spatial-correlation-sampler`\n"
    "\n"
    "For a cpu-only version, you can install from source with\n"
    "\n"
    "`python setup_cpu.py install`\n"
)


def _steps(text: str) -> list[tuple[str, tuple[str, ...], int]]:
    found = extract_docs(SourceFile(ref="README.md", rel="README.md", text=text)).steps
    return [(s.kind, s.argv, s.source.line or 0) for s in found]


def test_the_command_alone_after_its_sentence_is_the_repo_s_install() -> None:
    assert _steps(README) == [("install", ("python", "setup_cpu.py", "install"), 13)]


def test_a_command_with_no_sentence_before_it_is_no_step() -> None:
    # the sentence ends before the command: nothing says to install with it
    ended = README.replace("install from source with\n", "install from source.\n")
    assert _steps(ended) == []


def test_a_second_setuptools_script_is_the_package_s_build() -> None:
    assert step_kind(("python", "setup_cpu.py", "install")) == "install"
    assert step_kind(("python", "setup_cpu.py", "build_ext", "--inplace")) == "build"
    # a script that only starts like one, with no setuptools command, is a run
    assert step_kind(("python", "setup_env.py", "--check")) != "install"
