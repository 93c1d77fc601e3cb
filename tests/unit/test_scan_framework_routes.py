"""Sibling install sections through two frameworks (outsider report 26, defect 12): the first
is the repo's route, the later one an option, so the MindSpore route's PYTHONPATH is no step
of the PyTorch route. Real lines, with their source; the excerpt skips the lines between."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile

# momo609/mindspeed@7e624cf1 docs/zh/install_guide.md:1, 65, 67, 72-76, 104, 110, 145-152 (the
# trailing space of :74 dropped, :151 split to fit)
_GUIDE = (
    """# 软件安装

## 基于PyTorch框架

### 安装PyTorch以及torch_npu

```shell
# 安装torch和torch_npu 构建参考 https://gitcode.com/ascend/pytorch/releases
pip3 install torch-2.7.1-cp310-cp310-manylinux_2_28_aarch64.whl
pip3 install torch_npu-2.7.1rc1-cp310-cp310-manylinux_2_28_aarch64.whl
```

## 基于MindSpore框架

### 安装MindSpeed-Core-MS

2. 设置环境变量

    ```shell
    # 若环境中，PYTHONPATH等环境变量失效（例如退出容器后再进入等），需要重新设置环境变量
    MindSpeed_Core_MS_PATH=$(pwd)
    export PYTHONPATH=${MindSpeed_Core_MS_PATH}/MSAdapter:"""
    "${MindSpeed_Core_MS_PATH}/MSAdapter/msa_thirdparty:${MindSpeed_Core_MS_PATH}/MindSpeed:"
    """$PYTHONPATH
    echo $PYTHONPATH
    ```
"""
)


def _found() -> dict[str, str]:
    file = SourceFile(ref="docs/zh/install_guide.md", rel="docs/zh/install_guide.md", text=_GUIDE)
    return {r.subject: r.feature for r in extract_docs(file).requirements}


def test_the_second_framework_s_environment_is_its_option() -> None:
    # was the repo's env_var PYTHONPATH, a next action for the torch route
    assert _found()["env_var"] == "option:基于MindSpore框架"


def test_the_first_framework_s_route_stays_the_repo_s() -> None:
    found = _found()
    assert found["torch"] == ""
    assert found["torch_npu"] == ""
