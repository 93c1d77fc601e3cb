"""``--snapshot`` reads a pasted report as ``--target`` and ``probe --from`` do (outsider22b
#19): ``check --snapshot npusmi.txt`` refused with "not JSON" the file ``--target`` took."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main

# https://github.com/vllm-project/vllm-ascend/issues/5588 (npu-smi 25.3.rc1, an A3 host)
REPORT = Path(__file__).parent.parent / "data" / "outsider22b" / "npusmi_vllm_ascend_5588.txt"


def test_check_reads_a_pasted_report_as_this_machine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "requirements.txt").write_text("torch\n", encoding="utf-8")  # constructed
    assert main(["check", str(repo), "--snapshot", str(REPORT)]) in (0, 1)
    captured = capsys.readouterr()
    assert "not JSON" not in captured.err
    assert "on a pasted report" in captured.out
    assert "910_93" in captured.out
