"""A table's recommended release beside its supported range is what the need prefers
(outsider22 D4): "| CANN | >= 8.0.RC2 | [8.0.RC3](…) |" kept only the floor, and the plan took
CANN 9.1.0, which no row pairs with the torch_npu 2.5.1rc1 the same table recommends."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main

# cosdt/vllm-ascend@a524b50 docs/environment.md:4-9
TABLE = """\
| Requirement  | Supported version | Recommended version | Note |
| ------------ | ------- | ----------- | ----------- |
| Python | >= 3.9 | [3.10](https://www.python.org/downloads/) | Required for vllm |
| CANN         | >= 8.0.RC2 | [8.0.RC3](https://www.hiascend.com/developer/download/community/result?module=cann&cann=8.0.0.beta1) | Required for vllm-ascend and torch-npu |
| torch-npu    | >= 2.4.0   | [2.5.1rc1](https://gitee.com/ascend/pytorch/releases/tag/v6.0.0.alpha001-pytorch2.5.1)    | Required for vllm-ascend |
| torch        | >= 2.4.0   | [2.5.1](https://github.com/pytorch/pytorch/releases/tag/v2.5.1)      | Required for torch-npu and vllm required |
"""  # noqa: E501


def test_the_recommended_column_is_the_needs_preference(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "environment.md").write_text(TABLE, encoding="utf-8")
    main(["scan", str(tmp_path), "--json"])
    found = json.loads(capsys.readouterr().out)["data"]["components"][0]["requirements"]
    by_subject = {r["subject"]: r for r in found}
    cann = by_subject["cann"]
    assert cann["spec"] == ">=8.0.RC2"
    assert cann.get("hard", True)
    assert [p["value"] for p in cann["prefers"]] == ["==8.0.RC3"]
