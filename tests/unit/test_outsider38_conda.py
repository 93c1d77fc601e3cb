"""outsider19 D11 (tests/data/outsider38/REPORT.md): a guide's ``conda create`` made "install
conda (its distribution package is not in bringup's table; as root)" a next action. conda is
the guide's way to make an environment; bringup makes its own, so the repo needs no conda."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main

# shangxt10/verl_mindspeedmm@da9e8534 docs/README_vllm0.7.md:9-16
_GUIDE = """\
```
# Create the conda environment
conda create -n verl python==3.10
conda activate verl

# Install verl
git clone https://github.com/verl-project/verl.git
cd verl
pip3 install -e .
```
"""


def test_conda_is_no_next_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    (tmp_path / "README.md").write_text(_GUIDE, encoding="utf-8")
    main(["check", str(tmp_path), "--details"])
    out = " ".join(capsys.readouterr().out.split())
    assert "install conda" not in out
    # still said, with why it asks for nothing
    assert "conda bringup makes the environment itself" in out
