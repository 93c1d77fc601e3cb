"""A cell's spaces are printed, so they are measured: a step number right-aligned in its cell
ran into its status ("      1run", session-23 outside tester D26, cann-hccl's plan of two
steps), and an lscpu line of a pasted report ran into its source (D17: "BogoMIPS:
200.00logs/report_910b3_verl_collect_env.txt:38", vllm-project/vllm-ascend#4376 line 38)."""

from __future__ import annotations

from bringup.report.document import Document, Table
from bringup.report.document_text import document_lines
from bringup.report.styled import Line


def _rows(*rows: tuple[str, ...]) -> list[str]:
    document = Document(Line("t"))
    document.add(Table(("#", "status", "step"), tuple(tuple(Line(c) for c in r) for r in rows)))
    return [line.plain for line in document_lines(document, 120)][2:]


def test_a_right_aligned_number_keeps_two_spaces_before_the_next_column() -> None:
    lines = _rows(("     1", "run", "bash build.sh"), ("     2", "skip", "mpirun -n 8"))
    assert [line.split() for line in lines[1:]] == [
        ["1", "run", "bash", "build.sh"],
        ["2", "skip", "mpirun", "-n", "8"],
    ]
    assert "1  run" in lines[1]


def test_a_value_with_a_run_of_spaces_stays_apart_from_its_source() -> None:
    value = "unparsed: BogoMIPS:                        200.00"  # the report's line 38
    lines = _rows(("unread", value, "logs/report_910b3_verl_collect_env.txt:38"))
    assert "200.00  logs/report" in lines[1]
