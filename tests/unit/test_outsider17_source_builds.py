"""outsider17 D12: verl, which pillumina/verl_npu@2faa869 README.md:32-38 clones and installs
from its source at a commit ("安装插件前需要保证verl源码安装", :48), was planned
"verl (from the package index)", and its line was called a name read from prose. It is a
build from source the guide makes: never the index's release, and up leaves it to the user."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
HOST = ROOT / "tests/fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver"
README_32_38 = """## 3、安装 verl
```bash
git clone https://github.com/volcengine/verl.git
cd verl
git checkout 4e9d2878ee27e5ff004531b0a65503ed698c2c99
pip install -e .
```
"""
"""pillumina/verl_npu@2faa869 README.md:32-38."""


def test_a_package_the_guide_builds_from_source_is_not_planned_from_the_index(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "README.md").write_text("# 使用方式\n\n" + README_32_38)
    main(["check", str(tmp_path), "--snapshot", str(HOST), "--json"])
    data = json.loads(capsys.readouterr().out)["data"]
    (verdict,) = data["verdicts"]
    assert "verl (built from https://github.com/volcengine/verl.git)" in verdict["text"]
    assert "verl (from the package index)" not in verdict["text"]
    (left,) = [u for u in data["resolution"]["unverified"] if "verl" in u["subject"]]
    assert left["reason"].startswith("the repo's guide builds it from its source")
