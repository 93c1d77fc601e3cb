"""Outsider 20 D11 (session 39): a need whose version table says "in development" while the
repo's install guide installs a release of it is unversioned, and says the release in use."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.model import Requirement, Scope
from bringup.model.source import file_source
from bringup.report.scan_text import _preferring, _unversioned
from bringup.scan.extraction import Finding
from bringup.scan.repo import scan_repo
from bringup.scan.unversioned import stated_in_scopes

HOST = (
    Path(__file__).parent.parent
    / "fixtures"
    / "hosts"
    / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
)
# lvhaojieming/MIndSpeed@faadbe7 docs/zh/release_notes.md:39-45 (the table's heading and its
# master row) and docs/zh/pytorch/training/install_guide.md:61-67 (commands offered "for
# reference": releases shown in use, not needs stated)
RELEASE_NOTES = (
    "### 相关产品版本配套说明\n\n**表 1**  MindSpeed LLM软件版本配套表\n\n"
    "| MindSpeed LLM版本 | MindSpeed Core代码分支名称 | Megatron版本 | PyTorch版本  "
    "| torch_npu版本 | CANN版本 | Python版本            |\n"
    "| ---------------- | ------------------ | ------------ | -----------  "
    "| ------------- |--------------------- | ------------------- |\n"
    "| master（在研版本）| master（在研版本）  | core_v0.12.1  | 2.7.1       "  # noqa: RUF001
    "| 在研版本       | 在研版本  | Python3.10            |\n"
)
GUIDE = (
    "可参考如下安装命令：\n\n"  # noqa: RUF001
    "```shell\n"
    "# 安装torch和torch_npu构建参考 https://gitcode.com/ascend/pytorch/releases\n"
    "pip3 install torch-2.7.1-cp310-cp310-manylinux_2_28_aarch64.whl \n"
    "pip3 install torch_npu-2.7.1rc1-cp310-cp310-manylinux_2_28_aarch64.whl\n"
    "```\n"
)


def test_an_unversioned_need_says_the_release_the_repo_installs(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "release_notes.md").write_text(RELEASE_NOTES, encoding="utf-8")
    (tmp_path / "docs" / "install_guide.md").write_text(GUIDE, encoding="utf-8")
    scan = scan_repo(tmp_path, "mindspeed-fork")
    (npu,) = [r for r in scan.component.requirements if r.subject == "torch_npu"]
    assert npu.spec == ""
    assert _unversioned(npu) == "(unversioned; in use: ==2.7.1rc1)"


def test_a_scopes_version_keeps_the_release_shown_in_use() -> None:
    # the full repo's tests scope states torch_npu 2.5 (tests/0day/README.md:120): the finding
    # said "only its scopes do (tests: ==2.5.*)" and dropped the guide's 2.7.1rc1
    guide = file_source("docs/zh/pytorch/training/install_guide.md", 66)
    finding = Finding(
        kind="unversioned",
        message="torch_npu is required but no version is stated anywhere in the repo (only "
        f"{guide} shows ==2.7.1rc1 in use)",
        sources=(file_source("docs/zh/release_notes.md", 45),),
        subject="torch_npu",
    )
    scoped = Requirement(
        subject="torch_npu",
        spec="==2.5.*",
        component="mindspeed-fork",
        source=file_source("tests/0day/README.md", 120),
    )
    (said,) = stated_in_scopes([finding], [Scope(name="tests", requirements=(scoped,))])
    assert "only its scopes do (tests: ==2.5.*)" in said.message
    assert "shows ==2.7.1rc1 in use" in said.message


# lvhaojieming/MIndSpeed@faadbe7 setup.py:106 (python_requires, abridged to the call)
SETUP = (
    "import setuptools\n\nsetuptools.setup(\n    name='mindspeed_llm',\n"
    "    python_requires='>=3.10',\n)\n"
)


def _mindspeed(root: Path) -> None:
    (root / "docs").mkdir()
    (root / "docs" / "release_notes.md").write_text(RELEASE_NOTES, encoding="utf-8")
    (root / "docs" / "install_guide.md").write_text(GUIDE, encoding="utf-8")
    (root / "setup.py").write_text(SETUP, encoding="utf-8")


def test_the_guides_wheel_python_is_preferred_within_the_floor(tmp_path: Path) -> None:
    # D11's other half: the cp310 wheels (and the table's "Python3.10") were folded into
    # setup.py's >=3.10 as places only, and the plan took Python 3.11, for which the guide's
    # wheels do not exist
    _mindspeed(tmp_path)
    scan = scan_repo(tmp_path, "mindspeed-fork")
    (python,) = [r for r in scan.component.requirements if r.subject == "python"]
    assert python.spec == ">=3.10"
    assert {(p.value, p.source.line) for p in python.prefers} == {("==3.10.*", 5), ("==3.10.*", 6)}
    assert _preferring(python) == ">=3.10 (in use: ==3.10.*)"


def test_the_plan_takes_the_wheels_python(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    root = tmp_path / "mindspeed-fork"
    root.mkdir()
    _mindspeed(root)
    main(["solve", str(root), "--snapshot", str(HOST), "--json"])
    data = json.loads(capsys.readouterr().out)["data"]
    (env,) = data["resolution"]["environments"]
    (python,) = [p["version"] for p in env["pins"] if p["subject"] == "python"]
    assert python.startswith("3.10"), python
