"""outsider16 D5: a version read from a version table's cell names a release series, not an
exact release: DrivingSDK's "| v2.8.0 |" under "支持的torch_npu版本" admits torch_npu
2.8.0.post4, the release that carries CANN 9.0.0, which ``==2.8.0`` excludes under PEP 440
(the repo was "cannot run" on a 910B for it). And a repo whose own lines the target's design
sets aside is "environment N once conflict M is resolved" on the target, with ``solve
--target`` exiting 1, when a knowledge-base row is among those lines: only docs disagreeing
with themselves are a caveat (review 26b M4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.model import file_source
from bringup.model.resolution import Conflict, ConflictItem
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.solve.prosenames import docs_only

# Ascend/DrivingSDK@e667017e docs/zh/version/versions.md:5-8 (the master rows)
VERSIONS = """\
| Gitcode分支 |  CPU架构 |  支持的Python版本 | 支持的PyTorch版本 | 支持的torch_npu版本 |
|-----------|-----------|-------------------|-------------------|---------------------|
| master    | x86&aarch64|Python3.9.x,Python3.10.x,Python3.11.x|2.7.1|v2.7.1|
|           |       |Python3.9.x,Python3.10.x,Python3.11.x|2.8.0|v2.8.0|
"""
# Ascend/DrivingSDK@e667017e docs/zh/release_notes.md:38-44
RELEASES = """\
### 相关产品版本配套说明

**表 1**  DrivingSDK配套表

|DrivingSDK代码分支名称|CANN版本|Ascend Extension for PyTorch版本|Python版本|PyTorch版本|
|--|--|--|--|--|
|branch_v26.0.0|9.0.0|26.0.0|3.9, 3.10, 3.11|2.7.1, 2.8.0|
"""


def _specs(text: str, rel: str) -> dict[str, str]:
    file = SourceFile(ref=f"repo/{rel}", rel=rel, text=text)
    return {r.subject: r.spec for r in extract_docs(file).requirements}


def test_a_version_tables_cells_are_release_series() -> None:
    specs = _specs(VERSIONS, "docs/zh/version/versions.md")
    assert specs["torch_npu"] == "==2.7.1.* || ==2.8.0.*"
    # the PyTorch column's bare versions are the releases they name
    assert specs["torch"] == "==2.7.1 || ==2.8.0"
    # a version of another scheme (CANN's own) is left as its table writes it
    assert _specs(RELEASES, "docs/zh/release_notes.md")["cann"] == "==9.0.0"


def test_an_operator_the_cell_writes_stays_exact() -> None:
    # constructed: a name/version table under a requirements heading
    table = (
        "## Requirements\n\n| Software | Version |\n| --- | --- |\n"
        "| torch | 2.1.0 |\n| numpy | v1.26.4 |\n| torch_npu | ==2.1.0 |\n"
    )
    specs = _specs(table, "README.md")
    assert specs["torch"] == "==2.1.0"
    assert specs["pypi:numpy"] == "==1.26.4.*"
    assert specs["torch_npu"] == "==2.1.0"


def test_drivingsdk_plans_the_post_release_with_cann_9(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the two tables, the versions one in the README (the scan reads docs/zh/version only
    # where a guide leads to it)
    (tmp_path / "docs/zh").mkdir(parents=True)
    (tmp_path / "README.md").write_text(VERSIONS, encoding="utf-8")
    (tmp_path / "docs/zh/release_notes.md").write_text(RELEASES, encoding="utf-8")
    assert main(["solve", str(tmp_path), "--target", "910B:8"]) == 0
    out = capsys.readouterr().out
    assert "torch_npu 2.8.0.post" in out
    assert "CANN 9.0.0" in out
    assert "left out" not in out


def _item(subject: str, spec: str, ref: str, kind: str = "requirement") -> ConflictItem:
    return ConflictItem(kind=kind, subject=subject, spec=spec, source=file_source(ref, 1))  # type: ignore[arg-type]


def test_docs_against_a_knowledge_base_row_are_no_caveat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    disagree = Conflict(
        kind="alone",
        items=(_item("torch", "==2.1.0", "README.md"), _item("torch", "==2.4.0", "docs/a.md")),
        components=("demo",),
        subjects=("torch",),
    )
    assert docs_only(disagree)
    against = Conflict(
        kind="alone",
        items=(*disagree.items[:1], _item("torch", "==2.1.0", "kb:torch", kind="rule")),
        components=("demo",),
        subjects=("torch",),
    )
    assert not docs_only(against)
    # constructed: a README's torch_npu release that the torch_npu rows pair with no CANN 9.0.0
    (tmp_path / "README.md").write_text(
        "# demo\n\n## Requirements\n\n- torch_npu 2.1.0\n- CANN 9.0.0\n", encoding="utf-8"
    )
    assert main(["solve", str(tmp_path), "--target", "910B:8"]) == 1
    capsys.readouterr()
    assert main(["check", str(tmp_path), "--target", "910B:8"]) == 1
    assert "environment 1 once conflict 1 is resolved" in capsys.readouterr().out


def test_a_conflict_blocking_several_steps_is_said_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """outsider16 D7(d): each of DrivingSDK's eight blocked steps repeated the same ~900
    characters; the first says the conflict, the others name that step."""
    # constructed: the conflict above, and two build commands of a setup.py
    (tmp_path / "README.md").write_text(
        "# demo\n\n## Requirements\n\n- torch_npu 2.1.0\n- CANN 9.0.0\n\n## Build\n\n"
        "```bash\npython setup.py build\npython setup.py bdist_wheel\n```\n",
        encoding="utf-8",
    )
    (tmp_path / "setup.py").write_text("from setuptools import setup\nsetup(name='demo')\n")
    main(["check", str(tmp_path), "--details"])
    plan = capsys.readouterr().out.partition("Plan (")[2]
    assert plan.count("no CANN satisfies all of these") == 1
    assert "holds it: the conflict said at step 1" in " ".join(plan.split())


def test_the_command_after_an_or_line_is_another_way() -> None:
    """outsider16 D7(a): two commands of one block joined by "或者" ("or") are alternatives;
    the route takes the first."""
    from bringup.scan.commands import parse_commands
    from bringup.scan.steps import steps_from_commands

    # Ascend/DrivingSDK@e667017e docs/zh/installation/compile.md:146-149
    block = (
        "bash ci/build.sh --python=3.8\n或者\npython3.8 setup.py bdist_wheel\n"
        "# 请在仓库根目录下执行编译命令。\n"
    )
    file = SourceFile(ref="repo/docs/compile.md", rel="docs/compile.md", text=block)
    steps = steps_from_commands(file, parse_commands(block))
    assert [s.source.line for s in steps] == [1]
    # without the "or" line both are steps
    both = block.replace("或者\n", "")
    file = SourceFile(ref="repo/docs/compile.md", rel="docs/compile.md", text=both)
    assert len(steps_from_commands(file, parse_commands(both))) == 2


def test_a_script_an_image_copies_in_is_its_helper(tmp_path: Path) -> None:
    """outsider16 D7(c): ci/docker/*/install_cann.sh, which the CI image copies in and runs
    (fetching a nightly CANN), was planned as a step of the repo's bring-up."""
    from bringup.scan import scan_stack

    # Ascend/DrivingSDK@e667017e ci/docker/X86/Dockerfile:49-50
    docker = tmp_path / "ci/docker/X86"
    docker.mkdir(parents=True)
    (docker / "Dockerfile").write_text(
        "FROM ubuntu:22.04\nCOPY install_cann.sh /home/\nRUN bash /home/install_cann.sh\n"
    )
    (docker / "install_cann.sh").write_text("#!/bin/bash\necho fetching\n")
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts/install_deps.sh").write_text("#!/bin/bash\necho deps\n")
    (component,) = scan_stack([str(tmp_path)]).components
    steps = [s.argv for s in component.steps]
    assert ("bash", "ci/docker/X86/install_cann.sh") not in steps
    # a script no image copies stays a step
    assert ("bash", "scripts/install_deps.sh") in steps


def test_a_step_naming_another_python_runs_with_the_environments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """outsider16 D7(b): ``python3.8 setup.py develop`` (Ascend/DrivingSDK@e667017e
    docs/zh/installation/compile.md:159, "Python 3.8 as the example") in an environment of
    Python 3.11 runs with the environment's python, and the plan says so."""
    # constructed: a README pinning Python 3.11 and the guide's command
    (tmp_path / "README.md").write_text(
        "# demo\n\n## Requirements\n\n- Python 3.11\n\n## Build\n\n"
        "```shell\npython3.8 setup.py develop\n```\n",
        encoding="utf-8",
    )
    (tmp_path / "setup.py").write_text("from setuptools import setup\nsetup(name='demo')\n")
    main(["check", str(tmp_path), "--json"])
    data = json.loads(capsys.readouterr().out)["data"]
    [step] = [s for s in data["plan"]["steps"] if "develop" in s["argv"]]
    assert step["argv"] == ["python", "setup.py", "develop"]
    assert any(
        "names python3.8; it runs with environment 1's python" in n for n in data["plan"]["notes"]
    )
