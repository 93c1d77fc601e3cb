"""A component a release matrix pairs, that the guides install only on another framework's
route, is that route's need, not the repo's (outsider26 re-test N8: MindSpore-only
``mindspeed_core_ms`` counted in the torch route's environment). Real lines of
momo609/mindspeed@7e624cf19f9a (outsider7's checkout), each block with its file and lines."""

from __future__ import annotations

from pathlib import Path

from bringup.scan import scan_stack
from bringup.scan.routecomponents import _route_spans

# docs/zh/release_notes.md:1, 3, 38-44
NOTES = """# 版本说明

## 版本配套说明

### 相关产品版本配套说明

**表 1**  MindSpeed Core配套表

|MindSpeed Core代码分支名称|CANN版本|Ascend Extension for PyTorch版本|Python版本|PyTorch版本|MindSpeed-Core-MS版本|
|--|--|--|--|--|--|
|master(在研版本)|在研版本|在研版本|Python3.10|2.7.1|在研版本|
"""  # noqa: E501
# docs/zh/install_guide.md:1, 65-67, 104-122 (trailing spaces dropped)
GUIDE = """# 软件安装

## 基于PyTorch框架

### 安装PyTorch以及torch_npu

## 基于MindSpore框架

### 安装MindSpore框架

参考[MindSpore官方安装指导](https://www.mindspore.cn/install)，根据系统类型、CANN版本及Python版本选择相应的安装命令进行安装，安装前请确保网络畅通。

### 安装MindSpeed-Core-MS

针对MindSpore，我们提供了一键转换工具MindSpeed-Core-MS，旨在帮助用户自动获取相关源码并对torch代码一键适配。

+ 一键安装

  执行以下命令获取MindSpeed-Core-MS代码仓，并安装第三方依赖，如下所示：

  ```shell
  git clone https://gitcode.com/Ascend/MindSpeed-Core-MS.git -b master
  cd MindSpeed-Core-MS
  pip install -r requirements.txt
  ```
"""


def _repo(tmp_path: Path, guide: str) -> Path:
    root = tmp_path / "mindspeed"
    (root / "docs/zh").mkdir(parents=True)
    (root / "docs/zh/release_notes.md").write_text(NOTES, encoding="utf-8")
    (root / "docs/zh/install_guide.md").write_text(guide, encoding="utf-8")
    return root


def _where(root: Path, subject: str) -> list[str]:
    """Where ``subject`` is stated: "repo" or the scope's name."""
    (component,) = scan_stack([str(root)]).components
    found = ["repo" for r in component.requirements if r.subject == subject]
    scoped = [s.name for s in component.scopes for r in s.requirements if r.subject == subject]
    return found + scoped


def test_a_component_installed_only_on_another_route_is_that_routes(tmp_path: Path) -> None:
    assert _where(_repo(tmp_path, GUIDE), "pypi:mindspeed-core-ms") == ["option:基于MindSpore框架"]
    # torch, from the same matrix row, stays the repo's
    assert "repo" in _where(_repo(tmp_path / "t", GUIDE), "torch")


def test_a_component_the_repos_own_route_installs_stays_the_repos(tmp_path: Path) -> None:
    # constructed: the same guide with the PyTorch route installing it too
    own = GUIDE.replace(
        "### 安装PyTorch以及torch_npu\n",
        "### 安装PyTorch以及torch_npu\n\n然后安装MindSpeed-Core-MS。\n",
    )
    assert _where(_repo(tmp_path, own), "pypi:mindspeed-core-ms") == ["repo"]


def test_a_shell_comment_in_a_route_is_no_heading() -> None:
    # docs/zh/install_guide.md:72-73: "# 安装torch…" in a code block does not end the section
    text = "## 基于PyTorch框架\n\n```shell\n# 安装torch和torch_npu\n```\n\n## 卸载MindSpeed\n"
    assert _route_spans(text, {"基于PyTorch框架"}) == [(1, 6, "基于PyTorch框架")]
