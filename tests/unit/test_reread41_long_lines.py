"""reread41 M3: readers of one line that read it again from each of its words, so a long line
cost seconds to minutes of CPU; each is bounded or read in one pass, its answers kept."""

from __future__ import annotations

from bringup.scan.commands import joined_lines
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
