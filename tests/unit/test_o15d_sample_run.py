# ruff: noqa: RUF001  (real Chinese guide lines hold full-width punctuation)
"""outsider15 D5 (left half): a sample's own README runs the sample under "#### 样例运行"
(sample: running); that section is the sample's route, not an example beside it.

Real lines: hu-qi/opt-test@021a3be569be1463d8db7d8ca087c5ebadecf56b ACLHelloWorld/README.md
:52-92 (``cd scripts`` / ``bash sample_build.sh`` at :74-75, ``bash sample_run.sh`` at :83,
its expected "Init Ascend NPU Success" at :88-92), src/CMakeLists.txt:3,11-12,43 (``main``
linked to ``ascendcl``); Ascend EdgeAndRobotics (gitee.com/ascend/EdgeAndRobotics)
OnBoardInterface/Camera/USBCamera/README.md, "#### 样例运行" over ``g++ main.cpp -o main ...``
and ``./main /dev/video0``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.scan.docs import extract_docs
from bringup.scan.docsamples import as_route
from bringup.scan.extraction import SourceFile
from cpuclock import cpu_seconds

ROOT = Path(__file__).resolve().parents[2]
HOST = ROOT / "tests" / "fixtures" / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"

README = """# Hello World!

#### 准备环境

1. 以HwHiAiUser用户登录开发板。

2. 设置环境变量。

   ```
   # 配置程序编译依赖的头文件与库文件路径
   export DDK_PATH=/usr/local/Ascend/ascend-toolkit/latest
   export NPU_HOST_LIB=$DDK_PATH/runtime/lib64/stub
   ```


#### 样例运行

1. 以HwHiAiUser用户登录开发板，切换到当前样例目录。

2. 编译样例源码。

   执行以下命令编译样例源码。

   ```
   cd scripts
   bash sample_build.sh
   ```

3. 运行样例。

   执行以下脚本运行样例：

   ```
   bash sample_run.sh
   ```

   执行成功后，在终端屏幕上的提示信息示例如下：

   ```
   [INFO] The sample starts to run
   [INFO] Init Ascend NPU Success, NPU-ID:0
   ```
"""

USB_CAMERA = """# Camera图像获取（USB接口）

#### 样例运行

1. 以HwHiAiUser用户登录开发板，切换到当前样例目录。

2. 编译样例源码。

   ```
   # 执行编译命令
   g++ main.cpp -o main -lavutil -lavformat -lavcodec -lavdevice
   ```

3. 运行样例，从Camera获取图像。

   ```
   ./main /dev/video0
   ```
"""

CMAKELISTS = """cmake_minimum_required(VERSION 3.5.1)
project(ACLHelloWorld)
add_executable(main
        main.cpp)
target_link_libraries(main ascendcl stdc++)
"""


def _steps(text: str, rel: str = "README.md") -> list[tuple[str, ...]]:
    return [s.argv for s in extract_docs(SourceFile(ref=rel, rel=rel, text=text)).steps]


def test_the_sample_run_section_is_the_sample_route() -> None:
    assert _steps(README) == [("bash", "sample_build.sh"), ("bash", "sample_run.sh")]
    assert ("./main", "/dev/video0") in _steps(USB_CAMERA, "USBCamera/README.md")


@pytest.mark.parametrize(
    "heading",
    [
        "样例运行",
        "运行样例",
        "编译运行样例",
        "样例执行",
        "3. 样例运行",
        "Run the sample",
        "Running this example",
    ],
)
def test_headings_that_only_run_the_sample(heading: str) -> None:
    assert as_route(heading) != heading


@pytest.mark.parametrize(
    "heading", ["示例", "Examples", "Run the examples", "运行其他样例", "样例下载", "Example usage"]
)
def test_other_example_headings_stay_examples(heading: str) -> None:
    assert as_route(heading) == heading


def test_an_example_section_above_keeps_its_runs_examples() -> None:
    library = README.replace("#### 样例运行", "## 示例\n\n#### 样例运行")
    assert _steps(library) == []


def test_the_run_waits_for_the_npus_its_build_links(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "ACLHelloWorld"
    (repo / "src").mkdir(parents=True)
    (repo / "scripts").mkdir()
    (repo / "README.md").write_text(README, encoding="utf-8")
    (repo / "src" / "CMakeLists.txt").write_text(CMAKELISTS)
    (repo / "scripts" / "sample_build.sh").write_text("cd ../src && cmake . && make\n")
    (repo / "scripts" / "sample_run.sh").write_text("cd ../out\n./main\n")
    code = main(["check", str(repo), "--snapshot", str(HOST), "--json"])
    data = json.loads(capsys.readouterr().out)["data"]
    run = next(s for s in data["plan"]["steps"] if s["argv"] == ["bash", "sample_run.sh"])
    assert run["kind"] == "run"
    assert run["status"] == "skip"
    assert run["reason"]["subject"] == "npu_count"
    assert code == 1


def test_a_hostile_heading_is_read_in_time() -> None:

    for heading in ("样例" * 25_000, "run the " + "sample " * 7_000, "1." * 25_000):
        start = cpu_seconds()
        as_route(heading)
        assert cpu_seconds() - start < 2
