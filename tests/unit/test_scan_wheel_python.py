"""A downloaded wheel's Python tag is one build, cited beside the Python the repo states
(issue 11, session of 2026-12-02). Each test quotes the lines of a public repo
(repo@commit path:line)."""

from __future__ import annotations

from pathlib import Path

from bringup.model import Requirement, file_source
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.registry import DECLARED
from bringup.scan.repo import scan_repo
from bringup.scan.wheelpython import fold_wheel_pythons


def _docs(rel: str, text: str) -> SourceFile:
    return SourceFile(ref=rel, rel=rel, text=text)


def _pythons(requirements: object) -> list[tuple[str, str, list[str]]]:
    return [
        (
            f"{r.source.ref}:{r.source.line}",
            r.spec,
            [f"{s.ref}:{s.line}" for s in r.also_at],
        )
        for r in requirements  # type: ignore[attr-defined]
        if r.subject == "python"
    ]


# Ascend/shmem@643bfb73 docs/quickstart.md:41 and :141-143 (abridged)
_SHMEM_QUICKSTART = """# 快速开始

## 环境要求

- Python >= 3.9.0

## 安装PyTorch

以`Python 3.11`，`PyTorch 2.7.1`，`TorchNPU 26.0.0`，`aarch64`版本为例。

```bash
wget https://download.pytorch.org/whl/cpu/torch-2.7.1%2Bcpu-cp311-cp311-manylinux_2_28_aarch64.whl
# 安装
pip3 install torch-2.7.1+cpu-cp311-cp311-manylinux_2_28_aarch64.whl
```
"""


def test_a_wheel_tag_is_cited_beside_the_python_the_guide_states() -> None:
    found = list(extract_docs(_docs("docs/quickstart.md", _SHMEM_QUICKSTART)).requirements)
    assert {(where, spec) for where, spec, _ in _pythons(found)} == {
        ("docs/quickstart.md:5", ">=3.9.0"),
        ("docs/quickstart.md:14", "==3.11.*"),
    }
    assert _pythons(fold_wheel_pythons(found, {})) == [
        ("docs/quickstart.md:5", ">=3.9.0", ["docs/quickstart.md:14", "docs/quickstart.md:12"])
    ]


# memfabric_hybrid@7171ad35 doc/installation.md:10 and :126-127; the package's own
# src/smem/python/memfabric_hybrid/setup.py:150 (python_requires) stands for the declared one
_MEMFABRIC_INSTALL = """# 安装

```
- cmake: 3.20.x
- python 3.11.10
```

```bash
# 手动安装
pip install /usr/local/memfabric_hybrid/latest/aarch64-linux/wheel/WHEEL
```
""".replace("WHEEL", "memfabric_hybrid-1.0.0-cp311-cp311-linux_aarch64.whl")


def test_the_most_authoritative_admitting_statement_takes_the_wheel() -> None:
    doc = list(extract_docs(_docs("doc/installation.md", _MEMFABRIC_INSTALL)).requirements)
    wheel = [r for r in doc if r.subject == "python"]
    assert [(r.spec, r.source.line) for r in wheel] == [("==3.11.*", 10)]
    declared = Requirement(
        subject="python",
        spec=">=3.7",
        component="",
        source=file_source("setup.py", 150),
        text="python_requires >=3.7",
    )
    folded = fold_wheel_pythons([declared, *wheel], {"setup.py": DECLARED})
    assert _pythons(folded) == [("setup.py:150", ">=3.7", ["doc/installation.md:10"])]


# Ascend/apex@6424da3b README.zh.md:56: the only word on Python is the wheel's tag
_APEX_README = """## 安装

```
pip3 install --upgrade apex-0.1+ascend-cp37-cp37m-linux_{arch}.whl arch表示架构，为aarch64或x86_64
```
"""


def test_a_wheel_tag_stays_when_nothing_else_states_python() -> None:
    found = list(extract_docs(_docs("README.zh.md", _APEX_README)).requirements)
    assert _pythons(fold_wheel_pythons(found, {})) == [("README.zh.md:4", "==3.7.*", [])]


def test_a_wheel_tag_no_statement_admits_stays_a_statement_of_its_own() -> None:
    # shmem's wheel line against a stated Python the tag's 3.11 does not meet
    text = _SHMEM_QUICKSTART.replace("Python >= 3.9.0", "Python == 3.10.*")
    found = list(extract_docs(_docs("docs/quickstart.md", text)).requirements)
    assert sorted(spec for _, spec, _ in _pythons(fold_wheel_pythons(found, {}))) == [
        "==3.10.*",
        "==3.11.*",
    ]


def test_a_scanned_repo_reports_one_python(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "quickstart.md").write_text(_SHMEM_QUICKSTART, encoding="utf-8")
    (tmp_path / "README.md").write_text(
        "# shmem\n\nSee [quick start](docs/quickstart.md).\n", encoding="utf-8"
    )
    component = scan_repo(tmp_path, "shmem").component
    assert [(spec, also) for _, spec, also in _pythons(component.requirements)] == [
        # the wheel's line and the download of it before (``fetches``)
        (">=3.9.0", ["shmem/docs/quickstart.md:14", "shmem/docs/quickstart.md:12"])
    ]
