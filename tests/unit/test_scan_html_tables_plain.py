"""``htmltables``' plain-tag path gives the rows ``html.parser`` gives, and is taken where it
should be (a table of plain tags), not where it must not (anything ``html.parser`` could read
another way)."""

from __future__ import annotations

import random

from bringup.scan import htmltables
from bringup.scan.htmltables import read_html_table
from cpuclock import cpu_seconds

# hicann/ops-nn@e5c3fa93 optim/advance_step/docs/aclnnAdvanceStep.md:230-264 (abridged: the
# header, one plain row and the rowspan rows)
REAL = """\
 <table style="undefined;table-layout: fixed; width: 1048px"><colgroup>
 <col style="width: 319px">
 <col style="width: 108px">
 </colgroup>
 <thead>
  <tr>
    <th>返回码</th>
    <th>错误码</th>
    <th>描述</th>
  </tr></thead>
 <tbody>
  <tr>
    <td>ACLNN_ERR_PARAM_NULLPTR</td>
    <td>161001</td>
    <td>传入的inputTokens、sampledTokenIds是空指针。</td>
  </tr>
  <tr>
    <td rowspan="3">aclnnAdvanceStepGetWorkspaceSize failed</td>
    <td rowspan="3">561002</td>
    <td>输入inputTokens的shape的第一维长度与numSeqs不一致。</td>
  </tr>
  <tr>
    <td>输入sampledTokenIds的shape的第一维长度与numQueries不一致。</td>
  </tr>
</tbody>
</table>"""


def _by_html_parser(lines: list[str], start: int) -> tuple[list[object], int]:
    """The rows as ``html.parser`` reads the same lines (the path before the plain one)."""
    end = start
    while end < len(lines) and "</table>" not in lines[end].lower():
        end += 1
    parser = htmltables._TableParser(start + 1)
    parser.feed("\n".join(lines[start : end + 1]))
    parser.close()
    return list(parser.rows), end + 1


def _plain(text: str) -> bool:
    return htmltables._fed_plain(htmltables._TableParser(1), text)


def test_real_operator_table_takes_the_plain_path_with_html_parsers_rows() -> None:
    lines = ["intro", *REAL.splitlines(), "after"]
    rows, after = read_html_table(lines, 1)
    assert _plain(REAL)
    assert (list(rows), after) == _by_html_parser(lines, 1)
    assert [r.cells for r in rows][-1] == [
        "aclnnAdvanceStepGetWorkspaceSize failed",
        "561002",
        "输入sampledTokenIds的shape的第一维长度与numQueries不一致。",
    ]
    assert rows[-1].cell_lines == (19, 20, 24)  # the spanned cells cited at their own lines


def test_what_html_parser_could_read_another_way_goes_to_it() -> None:
    for odd in (
        "<!-- a <td> in a comment -->",
        "<script>x<td>y</td></script>",
        "<td rowspan=3/>",  # html.parser reads the value as "3/"
        "a < b",
        "</td x>",
        "<td\u3000>",
        "<my-tag>",
        "<!DOCTYPE html>",
    ):
        text = REAL.replace("<td>161001</td>", f"<td>161001{odd}</td>")
        assert not _plain(text), odd
        lines = text.splitlines()
        assert read_html_table(lines, 0) == _by_html_parser(lines, 0)


def test_plain_path_equals_html_parser_on_generated_tables() -> None:
    """Tables cut from fragments of both kinds, plain and not: the rows always ``html.parser``'s."""
    fragments = [
        "<tr>", "</tr>", "<td>", "</td>", "<TH>", "</th>", '<td rowspan="2">', "<td rowspan=3>",
        "<td ROWSPAN='x'>", "<td rowspan>", '<td rowspan="">', '<td rowspan="&#50;">', "<br>",
        "<br/>", "<br />", "<td/>", "<p>", "</p>", "8.0.RC1", "Atlas A2", "&nbsp;", "&amp;",
        "&bogus", "&", ">", "\n", " ", '<td title="a>b">', "<!-- c -->", "</ td>", "<",
    ]  # fmt: skip
    chosen = random.Random(11)
    plain = 0
    for _ in range(3000):
        body = "".join(chosen.choice(fragments) for _ in range(chosen.randint(1, 24)))
        lines = f"<table>{body}</table>".split("\n")
        assert read_html_table(lines, 0) == _by_html_parser(lines, 0), body
        plain += _plain("\n".join(lines))
    assert plain > 300  # the plain path is taken, not only the fallback


def test_hostile_tags_end_in_linear_time() -> None:
    for hostile in (
        "<td " + "a" * 50_000,
        "<td " + "a=b " * 12_500,
        '<td a="' + "x" * 50_000,
        "<td" + " a" * 25_000 + "=",
        "<td rowspan=" + "1" * 50_000 + "/>",
    ):
        started = cpu_seconds()
        lines = ["<table>", hostile, "</table>"]
        assert read_html_table(lines, 0) == _by_html_parser(lines, 0)
        assert cpu_seconds() - started < 2.0


def test_a_rowspan_python_calls_a_digit_but_int_refuses_is_one_row() -> None:
    # review44a: rowspan="²" ('²'.isdigit() is True, int('²') raises) lost the whole file
    # (ValueError); HTML's spans are ASCII digits, anything else spans one row
    table = '<table>\n<tr>\n<td rowspan="\u00b2">CUDA 12.1</td>\n<td>a</td>\n</tr>\n</table>'
    rows, _ = read_html_table(table.split("\n"), 0)
    assert [row.cells for row in rows] == [["CUDA 12.1", "a"]]
