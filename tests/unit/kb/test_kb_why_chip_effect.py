"""``kb why --chip`` says what the chip changed (outsider O8 #21: ``kb why cann==9.0.0 --chip
310P`` and ``--chip 910`` printed the same answer, and the option looked ignored).

The rows are the built-in knowledge base's: ``cann_hdk-7.0.0-910B`` / ``-310P`` from
Ascend/docs ``_static/package_info.js`` (910B tested with driver 23.0.3, 310P with 23.0.1);
``cann_hdk-9.0.0`` from hicann/release-management ``9.0.0/release-notes.md`` (no chip limit).
"""

from __future__ import annotations

import json

import pytest

from bringup.cli.main import main


def _why(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    main(["kb", "why", *argv])
    return " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("chip", ["310P", "910"])
def test_a_pin_with_no_chip_limited_row_says_the_answer_holds_on_every_chip(
    chip: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _why(capsys, "cann==9.0.0", "--chip", chip)
    assert "cann_hdk-9.0.0/ascend_driver" in text
    assert (
        f"for chip {chip}: no row about cann==9.0.0 is limited to a chip family; "
        "this answer holds on every chip" in text
    )


def test_the_chip_names_the_rows_it_kept_and_left_out(capsys: pytest.CaptureFixture[str]) -> None:
    on_910b = _why(capsys, "cann==7.0.0", "ascend_driver==23.0.1", "--chip", "910B")
    on_310p = _why(capsys, "cann==7.0.0", "ascend_driver==23.0.1", "--chip", "310P")
    assert on_910b.startswith("INCOMPATIBLE")  # 910B was tested with 23.0.3
    assert on_310p.startswith("COMPATIBLE")
    assert "row(s) for 910B used (cann_hdk-7.0.0-910B/ascend_driver" in on_910b
    assert "left out (cann_hdk-7.0.0-310P/ascend_driver" in on_910b
    assert "row(s) for 310P used (cann_hdk-7.0.0-310P/ascend_driver" in on_310p


def test_json_carries_the_chip_rows(capsys: pytest.CaptureFixture[str]) -> None:
    main(["kb", "why", "cann==7.0.0", "--chip", "310P", "--json"])
    rows = json.loads(capsys.readouterr().out)["data"]["chip_rows"]
    assert rows["chip"] == "310P"
    assert "cann_hdk-7.0.0-310P/ascend_firmware" in rows["kept"]
    assert "cann_hdk-7.0.0-910B/ascend_firmware" in rows["left_out"]


def test_without_a_chip_no_chip_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert "for chip" not in _why(capsys, "cann==9.0.0")
