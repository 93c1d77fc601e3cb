"""reread41 M3: readers of one line that read it again from each of its words, so a long line
cost seconds to minutes of CPU; each is bounded or read in one pass, its answers kept."""

from __future__ import annotations

from bringup.scan.commands import joined_lines
from bringup.scan.docinline import inline_installs, inline_steps
from bringup.scan.extraction import SourceFile
from bringup.scan.statuscheck import status_runs
from cpuclock import cpu_seconds


def _drivers(text: str) -> list[tuple[str, int | None]]:
    file = SourceFile(ref="run.sh", rel="run.sh", text=text)
    return [(r.subject, r.source.line) for r in status_runs(file, joined_lines(text))]


def test_a_long_line_of_ifs_is_read_once_for_a_presence_test() -> None:
    # M3b: ``(?:\b(if|elif)\b[^;]*?)?`` ran its lazy run to the line's end from each ``if``
    hostile = "#!/bin/bash\nnvidia-smi\necho " + "if x " * 10_000 + "\n"
    start = cpu_seconds()
    found = _drivers(hostile)
    assert cpu_seconds() - start < 2.0
    assert found == [("nvidia_driver", 2)]


def test_a_presence_test_still_guards_its_if() -> None:
    # the collect_env.sh form review39 read (test_review39_fixC): the tool run only where found
    guarded = "#!/bin/bash\nif command -v nvidia-smi >/dev/null 2>&1; then\n  nvidia-smi\nfi\n"
    assert _drivers(guarded) == []
    assert _drivers(guarded + "nvidia-smi\n") == [("nvidia_driver", 5)]


def _stated(text: str) -> list[str]:
    file = SourceFile(ref="README.md", rel="README.md", text=text)
    return [f"{r.subject} {r.spec}" for r in inline_installs(file, text, 1)]


def _steps(text: str) -> list[str]:
    file = SourceFile(ref="README.md", rel="README.md", text=text)
    return [s.name for s in inline_steps(file, text, 1, heading="# Usage", vendor=None)]


def test_a_long_line_of_code_spans_is_read_once_for_its_sentences() -> None:
    # M3c: each span's sentence was looked for from the line's start (and, with no clause
    # mark, ``forbidden``'s clause too), growing with the square of the spans. Measured (CPU s)
    # at 9169aadb, before the fix: the two _stated lines of 8,000 spans ~10 s each (16,000: 38 and
    # 46 s), _steps of 2,000 spans ~14 s (1,000: 3.5 s); after: ~0.35, ~0.45 and ~0.9 s. The
    # bound sits between, far from both (a 3.0 s bound on 4,000 spans failed a loaded CI at
    # 3.14 s: the steps' reader is linear but slow, ~0.4 ms a span).
    spans = "The dependencies are " + "`zz==1.0`. " * 8_000
    unmarked = "The dependencies are " + "`zz==1.0` " * 8_000
    run = "Run " + "`zz==1.0` " * 2_000
    start = cpu_seconds()
    assert _stated(spans) == ["pypi:zz ==1.0"]
    assert _stated(unmarked)[:1] == ["pypi:zz ==1.0"]  # a sentence is read 1,000 chars back
    assert _steps(run) == []
    assert cpu_seconds() - start < 6.0


def test_a_sentences_dependency_pins_are_still_read() -> None:
    # BobMcDear/attorch@67c2772 README.md:20 (test_outsider40_triton_library)
    line = "The only dependencies of attorch are ```torch==2.4.0``` and ```triton==3.0.0```."
    assert _stated(line) == ["triton ==3.0.0"]
    assert _stated("Do not install `triton==3.0.0`, our dependencies are elsewhere.") == []
