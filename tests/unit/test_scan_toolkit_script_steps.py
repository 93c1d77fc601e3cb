"""A build step that runs a script which stops without the toolkit needs the toolkit, and a
guide's example of a command it shows with a word to fill in is not a second, runnable step
(session-23 outside tester, D11: ``up --yes`` ran cann-hccl's build on a host without CANN,
with the example's /home/nlohmann_json/include).

Source: yzh1703456/cann-hccl@9aeddc05b6f9ffe8899e04043bced047b3c98491 README.md:140-151 and
build.sh:123-135 (the lines below, abridged where marked)."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.commands import parse_commands
from bringup.scan.fillins import fill_ins
from bringup.scan.repo import scan_repo

_README = """# HCCL

## 编译

HCCL提供一键式编译安装能力，进入本仓代码根目录，执行如下命令：

```shell
bash build.sh --nlohmann_path ${JSON头文件所在目录的绝对路径}
```

例如，环境准备时假设将nlohmann json头文件压缩包`include.zip`解压在了`/home/nlohmann_json`目录，则此处编译命令为：

```
bash build.sh --nlohmann_path /home/nlohmann_json/include
```
"""  # noqa: E501 (the heading lines are constructed; the rest is README.md:140-151)
_BUILD_SH = """#!/bin/bash
if [ -n "${ascend_package_path}" ];then
    ASCEND_CANN_PACKAGE_PATH=${ascend_package_path}
elif [ -n "${ASCEND_HOME_PATH}" ];then
    ASCEND_CANN_PACKAGE_PATH=${ASCEND_HOME_PATH}
elif [ -n "${ASCEND_OPP_PATH}" ];then
    ASCEND_CANN_PACKAGE_PATH=$(dirname ${ASCEND_OPP_PATH})
else
    log "Error: Please set the toolkit package installation directory through parameter -p|--package-path."
    exit 1
fi
"""  # noqa: E501


def test_a_variable_named_in_words_is_a_word_to_fill_in() -> None:
    (command,) = parse_commands("bash build.sh --nlohmann_path ${JSON头文件所在目录的绝对路径}")
    assert command.plain
    assert fill_ins(command.argv) == ("${JSON头文件所在目录的绝对路径}",)
    (variable,) = parse_commands("bash build.sh --nlohmann_path ${NLOHMANN_PATH}")
    assert not variable.plain


def test_the_build_needs_cann_and_the_reader_s_path(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text(_README, encoding="utf-8")
    (tmp_path / "build.sh").write_text(_BUILD_SH, encoding="utf-8")
    steps = scan_repo(tmp_path, "cann-hccl").component.steps
    builds = [s for s in steps if s.argv[:2] == ("bash", "build.sh")]
    assert [s.argv[-1] for s in builds] == ["${JSON头文件所在目录的绝对路径}"]
    assert builds[0].needs.toolkit
    assert builds[0].needs.inputs == ("${JSON头文件所在目录的绝对路径}",)
