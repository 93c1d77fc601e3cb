# ruff: noqa: RUF001  (the guide's real lines hold full-width punctuation)
"""outsider19 D12 (tests/data/outsider38/REPORT.md): shangxt10/verl_mindspeedmm@da9e8534
docs/ascend_tutorial/quick_start/ascend_quick_start.rst pins torch == 2.8.0 (:47) and
torchvision == 0.22.1 (:65, :78), but torchvision 0.22 is built against torch 2.7 (pytorch/vision
README.md's version table, kb torch_vision.toml): ``kb why`` said UNKNOWN and ``check`` said
nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main

# shangxt10/verl_mindspeedmm@da9e8534
# docs/ascend_tutorial/quick_start/ascend_quick_start.rst:40-47, 74-78
_GUIDE = """\
    +---------------+----------------------+
    | software      | version              |
    +---------------+----------------------+
    | Python        | >= 3.10, <3.12       |
    +---------------+----------------------+
    | torch         | == 2.8.0             |
    +---------------+----------------------+

    .. code-block:: bash

        # 安装torchvision，版本需要和torch匹配
        pip install torchvision==0.22.1
"""
# verl/workers/rollout/vllm_rollout/vllm_omni_async_server.py:20 (the same commit): the repo's code
# imports torchvision, so the guide's install of it is the repo's need (``scan.companions``)
_MODULE = (
    "verl/workers/rollout/vllm_rollout/vllm_omni_async_server.py",
    "import torchvision.transforms as T\n",
)


def _out(capsys: pytest.CaptureFixture[str]) -> str:
    return " ".join(capsys.readouterr().out.split())


def test_kb_why_rules_out_torchvision_of_another_torch(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kb", "why", "torchvision==0.22.1", "torch==2.8.0"]) != 0
    assert "INCOMPATIBLE" in _out(capsys)
    assert main(["kb", "why", "torchvision==0.22.1", "torch==2.7.1"]) == 0
    assert "COMPATIBLE" in _out(capsys)
    # docs.pytorch.org/audio/2.11.0/installation.html: PyTorch 2.7.1 | TorchAudio 2.7.1
    assert main(["kb", "why", "torchaudio==2.8.0", "torch==2.7.1"]) != 0


def test_check_reports_the_repos_own_mismatch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    (tmp_path / "install.rst").write_text(_GUIDE, encoding="utf-8")
    module = tmp_path / _MODULE[0]
    module.parent.mkdir(parents=True)
    module.write_text(_MODULE[1], encoding="utf-8")
    main(["check", str(tmp_path)])
    out = _out(capsys)
    assert "needs torchvision == 0.22.1" in out
    assert "torchvision == 0.22.* needs torch == 2.7.*" in out
