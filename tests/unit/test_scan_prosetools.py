"""Host tools a setup guide's sentence asks for (``bringup.scan.prosetools``)."""

from __future__ import annotations

import pytest

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.prosetools import asked_tools


def _asked(text: str) -> list[str]:
    file = SourceFile(ref="r", rel="docs/install.md", text=text)
    return [r.spec for r in asked_tools(file, [(1, text)])]


ASKED = [
    # Ascend/MindIE-LLM@8b4871ad31f592aa863f6255760e4934484d78e4
    #   docs/zh/user_guide/quick_start/quick_start.md:9 (under "### 前提条件")
    (
        "物理机部署场景，需要在物理机安装NPU驱动固件以及部署Docker，"
        "执行如下步骤判断是否已安装NPU驱动固件和部署Docker。",
        ["docker"],
    ),
    # hicann/tensorflow@82957b92d1ade2f48ca51dda811f0baec23b04c7 tf_adapter/README.md:137
    ("需要执行以下命令安装swig", ["swig"]),
    # hicann/ops-cv@6ae87653464d2afb064c829e529abba2e278b0c4 docs/zh/install/quick_install.md:52
    (
        "- 步骤1：以root用户登录宿主机。确保宿主机已安装Docker引擎（版本1.11.2及以上），"
        "使用`docker --version`检查Docker版本",
        ["docker>=1.11.2"],
    ),
    # hicann/ge@ffdcbc9f7496c17a98c1d12762c61ed608ef3503 docs/en/quick_install.md:45
    (
        "Step 1: Log in to the host machine as root user. Ensure Docker engine "
        "(version 1.11.2 or above) is installed on the host machine.",
        ["docker>=1.11.2"],
    ),
    ("Make sure git is installed.", ["git"]),
    # Ascend/msopprof@d6c29dfa6a2e60053fb1efc8a3f1f5c62232fa3a
    #   docs/zh/install_guide/msopprof_install_guide.md:36 (the build runs in the container)
    (
        "镜像构建完成后，必须使用统一镜像制作指南第 7 章给出的 `ctr_in.py` 命令，在交互式终端中"
        "启动并进入容器。不得使用普通 `docker run` 创建容器，也不得使用 `docker exec <容器名> "
        "bash -c '<命令>'` 替代交互式环境；否则可能跳过 Python、GCC 和 CANN 环境初始化。",
        ["docker"],
    ),
    # Ascend/AscendSpeed@e35df80da8b276531bd150e4b969378ba87d1668 README.md:131: a
    # distribution's headers package
    (
        "To use ascendspeed you can either clone the repo or install it via pip "
        "(make sure python3-dev is installed):",
        ["python3-dev"],
    ),
    # the same guide, :34: where the commands run, no tool asked for
    (
        "本文档后续的源码编译和单元测试命令，均在上述指定镜像容器或现场构建的环境镜像的容器中执行，"
        "CANN 软件包版本、GCC 版本和 Python 版本以统一镜像制作指南为准，本仓库不重复维护。",
        [],
    ),
]  # fmt: skip
NOT_ASKED = [
    # hicann/amct@2be20daf7124a7e10901049972e9104f27141b7d docs/zh/quick_install.md:39
    "关于docker命令的选项介绍可通过`docker --help`查询。",
    "Make sure the build directory is empty.",
    "Make sure that makefile is installed.",
    # constructed: a word ending "-dev" that is no headers package's whole name
    "Make sure the python3-dev-tools checkout is installed.",
    "需要安装gitee仓库代码",
]


@pytest.mark.parametrize(("text", "specs"), ASKED)
def test_a_sentence_asking_for_a_host_tool_names_it(text: str, specs: list[str]) -> None:
    assert _asked(text) == specs


@pytest.mark.parametrize("text", NOT_ASKED)
def test_a_sentence_merely_naming_a_tool_asks_for_nothing(text: str) -> None:
    assert _asked(text) == []


# hicann/amct@2be20daf7124a7e10901049972e9104f27141b7d docs/zh/quick_install.md:35,50: the
# Docker route is one way among others (its truth marks the engine soft, other guides' leave it
# out), so only the guide's own steps are read.
GUIDE = """# 环境部署

## 前提条件

物理机部署场景，需要在物理机安装NPU驱动固件以及部署Docker。

### 方式2：Docker部署

- 步骤1：以root用户登录宿主机。确保宿主机已安装Docker引擎（版本1.11.2及以上）。
"""


def test_the_guide_s_steps_are_read_and_a_container_route_is_not() -> None:
    file = SourceFile(ref="r", rel="docs/zh/quick_install.md", text=GUIDE)
    found = [r for r in extract_docs(file).requirements if r.subject == "system_package"]
    assert [(r.spec, r.source.line) for r in found] == [("docker", 5)]
