"""A README in another language that repeats the original's install is no second route
(outsider12 #7). Real lines at the commit named beside them."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo

# AutoGPTQ/AutoGPTQ@9f7d37072917ab3a7545835f23e808294a542153 README.md:61-73
ORIGINAL = """### Install from source

Clone the source code:
```bash
git clone https://github.com/PanQiWei/AutoGPTQ.git && cd AutoGPTQ
```

A few packages are required in order to build from source: `pip install numpy gekko pandas`.

Then, install locally from source:
```bash
pip install -vvv --no-build-isolation -e .
```
"""

# README_zh.md:82-100 (the <details> lines left out): the older release's wheel and its build
TRANSLATION = """#### 支持使用 triton 加速
若想使用 `triton` 加速模型推理，使用以下命令：
> 警告：目前 triton 仅支持 linux 操作系统；当使用 triton 时 3-bit 数值类型的量化将不被支持

```shell
pip install auto-gptq[triton]
```

### 从源码安装

克隆源码:
```shell
git clone https://github.com/PanQiWei/AutoGPTQ.git && cd AutoGPTQ
```
然后，从项目目录安装:
```shell
pip install .
```
"""


def _installs(root: Path) -> list[tuple[str, str]]:
    steps = scan_repo(root, "AutoGPTQ").component.steps
    return [(s.source.ref or "", s.name) for s in steps if s.kind == "install"]


def test_a_translation_s_installs_give_way_to_its_original_s(tmp_path: Path) -> None:
    (tmp_path / "setup.py").write_text("from setuptools import setup\nsetup(name='auto_gptq')\n")
    (tmp_path / "README.md").write_text(ORIGINAL)
    (tmp_path / "README_zh.md").write_text(TRANSLATION)
    installs = _installs(tmp_path)
    assert [name for _, name in installs] == ["pip install -vvv --no-build-isolation -e ."]
    # without its original, the translation is the repo's guide
    (tmp_path / "README.md").unlink()
    alone = [name for _, name in _installs(tmp_path)]
    assert "pip install ." in alone
