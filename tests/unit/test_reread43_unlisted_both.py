"""reread43 M2: ``kb why`` on two pins the knowledge base skips, each refused by an exact
pairing row, crashed (exit 3, "too many values to unpack"): kb/unlistedgap read one refused
pin only. An overlay (``--kb-extra``) may pair a toolkit with a package in the direction the
built-in table does not (torch_npu.toml pairs torch_npu -> cann only), and each row then
refuses the other pin. Both pins are releases no row speaks of: UNKNOWN, naming both."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main

# A user's overlay: one row each way, both exact on their 'then' (torch_npu.toml's
# torch_npu-1.8.1 row pairs torch_npu 1.8.1 with cann ==6.0.1)
OVERLAY = """\
topic = "site_pairs"
title = "a site's own pairings"

[[rule]]
id = "site-torch_npu-cann"
when = { torch_npu = ">=1.8" }
then = { cann = "==6.0.1" }
source = "https://github.com/Ascend/pytorch/blob/master/COMPATIBILITY.en.md"

[[rule]]
id = "site-cann-torch_npu"
when = { cann = ">=6.0" }
then = { torch_npu = "==1.8.1" }
source = "https://github.com/Ascend/pytorch/blob/master/COMPATIBILITY.en.md"
"""


def test_two_skipped_pins_each_refused_are_unknown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "site.toml").write_text(OVERLAY, encoding="utf-8")
    # torch_npu 1.11.0.post5 (between .post4 and .post8) and CANN 6.1.RC1 (between 6.0.1
    # and 6.3.RC1): neither is listed
    code = main(
        ["kb", "why", "--kb-extra", str(tmp_path), "torch_npu==1.11.0.post5", "cann==6.1.RC1"]
    )
    said = " ".join(capsys.readouterr().out.split())
    assert code == 1
    assert said.startswith("UNKNOWN: torch_npu==1.11.0.post5 with cann==6.1.RC1")
    assert "lists no CANN 6.1.RC1 nor torch_npu 1.11.0.post5" in said
