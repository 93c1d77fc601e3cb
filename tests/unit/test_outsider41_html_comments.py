"""Markdown's HTML comments state nothing (outsider22 D9): the upstream text a fork hid in
``<!-- -->`` (zhaojiqiao/tilelang-npu@1bc99fd README.md:35-40) was read as a need of compute
capability >= 7.0; the line shown below it still names the Ascend cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.scan.mdcomments import uncommented

# zhaojiqiao/tilelang-npu@1bc99fd README.md:35-40
TESTED = """\
## Tested Devices
<!-- Although tile-lang aims to be portable across a range of Devices, it has been specifically tested and validated on the following devices: for NVIDIA GPUs, this includes the H100 (with Auto TMA/WGMMA support), A100, V100, RTX 4090, RTX 3090, and RTX A6000; for AMD GPUs, it includes the MI250 (with Auto MatrixCore support) and the MI300X (with Async Copy support). -->
<!-- 尽管 TileLang 旨在支持多种设备的可移植性，但它已在以下设备上经过专门测试和验证：

华为昇腾 AI 加速卡：包括基于 Ascend 310 的推理卡和基于 Ascend 910 的训练卡。 -->
Although TileLang aims to support portability across a variety of devices, it has been specifically tested and validated on the following hardware:Huawei Ascend AI accelerators,including Ascend 310-based inference cards and Ascend 910-based training cards.
"""  # noqa: E501, RUF001


def test_a_comment_is_blanked_and_lines_keep_their_numbers() -> None:
    shown = uncommented(TESTED)
    assert "H100" not in shown
    assert shown.count("\n") == TESTED.count("\n")
    assert shown.splitlines()[5] == TESTED.splitlines()[5]


def test_a_need_read_only_from_a_comment_is_gone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "README.md").write_text(TESTED, encoding="utf-8")
    main(["scan", str(tmp_path), "--json"])
    text = capsys.readouterr().out
    assert "compute_capability" not in text
    subjects = {r["subject"] for r in json.loads(text)["data"]["components"][0]["requirements"]}
    assert "chip" in subjects


# betterscientificsoftware/bssw.io@80044c14 .github/PULL_REQUEST_TEMPLATE.md:11 (its first words):
# the comment markers named in code spans, no comment (reread42 L1)
MARKERS = (
    "Remove the beginning `<!--` and ending `-->` comment markers for the correct **checklist**"
)


def test_a_comment_marker_in_a_code_span_is_shown_as_written() -> None:
    assert uncommented(MARKERS) == MARKERS
    # the marker alone, closed nowhere, hid every line after it (constructed after MARKERS)
    alone = "Remove the beginning `<!--` marker.\nRequires CUDA 11.8\n"
    assert uncommented(alone) == alone
    # a real comment after it is still blanked
    assert "hidden" not in uncommented(alone + "<!-- hidden -->\n")


def test_a_comment_marker_in_a_fenced_block_is_shown_as_written() -> None:
    # constructed: an HTML fence opening a comment it does not close, then TESTED's hidden line
    fenced = "```html\n<!-- the template's\n```\nRequires CUDA 11.8\n" + TESTED
    shown = uncommented(fenced)
    assert shown.startswith("```html\n<!-- the template's\n```\nRequires CUDA 11.8\n")
    assert "H100" not in shown


def test_long_runs_of_backticks_are_read_in_linear_time() -> None:
    """A code span's opening run is taken whole: tried from each backtick of a run (up to
    500 characters ahead for its closer, for each length), 20,000 took 0.5 s."""
    from cpuclock import cpu_seconds

    start = cpu_seconds()
    assert uncommented("<!-- x -->\n" + "`" * 200_000).endswith("`" * 200_000)
    assert cpu_seconds() - start < 1.0
