"""Lines built against the patterns of the CI/image, Makefile and packaging rules: each once
made a backtracking pattern retry from every position (minutes on a 200 KB line); what the
line states is still read."""

from __future__ import annotations

from bringup.model import Requirement, file_source
from bringup.scan.borrowed import installs_repo
from bringup.scan.extraction import SourceFile
from bringup.scan.handoff import without_heredocs
from bringup.scan.makevars import stopping_variables
from bringup.scan.purpose import without_remedies
from bringup.scan.scopes import PACKAGE, Scopes
from cpuclock import cpu_seconds


def _file(rel: str, text: str) -> SourceFile:
    return SourceFile(ref=rel, rel=rel, text=text)


def test_a_line_of_many_pip_installs_is_read_in_linear_time() -> None:
    """``pip install `` 17,000 times on one line took 185 s."""
    assert not installs_repo("RUN " + "pip install " * 17_000 + "\n")
    assert installs_repo("RUN " + "pip install " * 17_000 + "-e .\n")
    assert installs_repo("RUN pip install -i https://mirror/simple -e . && echo done\n")
    assert installs_repo("RUN pip3 install '.[dev]'\n")
    assert not installs_repo("RUN pip install torch==2.5.1\nRUN cd . && make\n")
    assert not installs_repo("RUN pip install ./dist/x.whl\n")


def test_a_makefile_stop_padded_with_spaces_is_read_in_linear_time() -> None:
    """``X ?=`` or ``ifeq ($(X),`` then 200,000 spaces, or 50 KB of repeated tokens."""
    spaces = " " * 200_000
    text = (
        f"X_HOME ?={spaces}a\n"
        f"ifeq ($(Y),{spaces}\n"
        f"ifndef Z{spaces}x\n" + "ifeq ($(A),) " * 4_000 + "\n" + "A ?= $(error " * 4_000 + "\n"
        f"NCCL_DIR{spaces}?= $(error set NCCL_DIR)\n"
    )
    started = cpu_seconds()
    found = stopping_variables(_file("Makefile", text))
    assert cpu_seconds() - started < 2
    assert [(r.spec, r.source.line, r.hard) for r in found] == [
        ("A", 5, True),
        ("NCCL_DIR", 6, True),
    ]


def test_a_long_unclosed_copy_variable_is_read_in_linear_time() -> None:
    """``cp ${`` then 200,000 letters in a build script took minutes to scope."""
    build = "cp ${" + "a" * 200_000 + '\ncp "${BASH_PATH}"/install.sh "$OUT"\n'
    scopes = Scopes(["scripts/release.sh", "scripts/install.sh"], {"scripts/release.sh": build})
    assert scopes.of("scripts/install.sh") == PACKAGE


def test_a_long_intro_before_an_export_is_read_in_linear_time() -> None:
    """50 KB of repeated words, dots and condition words before a block of exports."""
    found = [
        Requirement(subject="env_var", spec="X_HOME", component="", source=file_source("a.md", 1))
    ]
    for intro, dropped in (
        ("If " * 17_000, False),
        ("e.g. " * 10_000, False),
        ("注1：" * 17_000, False),
        ("a" * 50_000 + " X_HOME", False),
        ("解" * 50_000, False),
        (" " * 50_000 + "to fix X_HOME", True),
        ("you can " * 6_000, False),
        ("fix " * 12_000 + "by", True),
    ):
        started = cpu_seconds()
        kept = without_remedies(found, intro)
        assert cpu_seconds() - started < 2
        assert kept == ([] if dropped else found)


def test_a_line_of_many_here_documents_is_read_in_linear_time() -> None:
    """``<<`` 25,000 times, or ``<< '`` then 50 KB of letters, on one line."""
    for line in ("<<" * 25_000, "cat << '" + "a" * 50_000, "x <<- \t" * 7_000):
        started = cpu_seconds()
        text = without_heredocs(f"{line}\nexport A=1\n")
        assert cpu_seconds() - started < 2
        assert text.count("\n") == 2
