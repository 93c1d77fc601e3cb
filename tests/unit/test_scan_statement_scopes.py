"""Which statements in docs and scripts are the repo's need (its Python above all), on real
lines.

Sources (public, at the commits the tune-set truth was written for):
- Ascend/DrivingSDK e667017eb751b614c128c9c81812634cae362ee4
- hicann/shmem 643bfb73b50d88042234d3f5e0c7c9841cdedbbe
- hicann/pyasc cecba26ace65efbe00a042e7a2e9b9b9e29896f4
- Ascend/MindSpeed 028de58ca629d035185b00ff7d1eb7eff4f7fd48
- omni-ai-npu/omni-infer c8bc2bbbaa1084139a8e70405c4873632c0dab79
- Ascend/MindIE-SD 3066189522a6296b00344f1504457bcf50b858d9
"""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.scopes import DOCKER, REPO, TESTS
from bringup.scan.shell import extract_shell


def _pythons(kind: str, rel: str, text: str) -> list[tuple[str, int | None, bool, str]]:
    extract = extract_docs if kind == "docs" else extract_shell
    found = extract(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return [(r.spec, r.source.line, r.hard, r.feature) for r in found if r.subject == "python"]


# DrivingSDK ci/build.sh:5-6, 23-25: the script's list and default, then its usage message
_DRIVING_BUILD = """# Copyright 2023 Huawei Technologies Co., Ltd
CUR_DIR=$(dirname $(readlink -f $0))
SCRIPTS_DIR=${CUR_DIR}/../scripts
BUILD_PACKAGES_DIR=${CUR_DIR}/../mx_driving/packages
SUPPORTED_PY_VERSION=(3.7 3.8 3.9 3.10 3.11)
PY_VERSION='3.7'
function usage() {
    echo "Usage: $0 --python=3.7 [--single_op=xxx] [--debug] [--a5]" 1>&2
}
"""

# pyasc torch_npu_install.sh:41-48: a message before ``exit 1`` states what the script needs
_PYASC_CHECK = """if [[ "$PY_VERSION" == "3.12" || "$PY_VERSION" == "3.9" ]]; then
    echo "✅ Python 版本符合要求，继续安装..."
else
    echo -e "\\n❌ 错误：当前 Python 版本为 $PY_VERSION"
    echo "   本脚本仅支持 Python 3.9 / 3.10 / 3.11 / 3.12"
    echo "   请切换 Python 版本后重试！"
    exit 1
fi
"""


def test_a_usage_message_s_values_are_examples_of_the_syntax() -> None:
    assert _pythons("shell", "ci/build.sh", _DRIVING_BUILD) == []
    # the same reading still takes a failing branch's message at its word
    assert [spec for spec, *_ in _pythons("shell", "torch_npu_install.sh", _PYASC_CHECK)] == [
        "==3.9.* || ==3.10.* || ==3.11.* || ==3.12.*"
    ]


def test_a_python_named_as_the_guide_s_example_is_no_need() -> None:
    # shmem docs/quickstart.md:127, 133-135
    shmem = (
        "### 4.5 安装`Pytorch`框架和`TorchNPU`插件\n"
        "\n"
        "进入该页面，根据系统架构、CANN版本、Python版本，选择对应的版本。"
        "然后参考页面下方提示的安装命令进行安装。\n"
        "\n"
        "以`Python 3.11`，`PyTorch 2.7.1`，`TorchNPU 26.0.0`，`aarch64`版本为例。\n"
    )
    assert _pythons("docs", "docs/quickstart.md", shmem) == []
    # DrivingSDK docs/zh/installation/compile.md:127, 143 and 152: the example, then the need
    driving = (
        "#### 安装步骤\n"
        "\n"
        "该模式适用于生产环境。本文以Python 3.8为例进行演示。\n"
        "\n"
        "`--python`参数为指定编译过程中使用的Python版本，支持Python 3.8及以上版本，缺省值为 3.8。\n"
    )
    assert [line for _, line, *_ in _pythons("docs", "docs/compile.md", driving)] == [5]


def test_an_image_s_python_is_the_docker_feature_s_line_by_line() -> None:
    # MindSpeed docs/zh/user-guide/install_guide.md:32-38 (a note about both routes) and :80
    note = (
        "> [!NOTE]\n"
        ">\n"
        "> 本文档中不同安装方式的示例命令使用了不同版本的 Python：\n"
        ">\n"
        "> - 镜像安装示例基于 Python 3.11\n"
        "> - 源码安装示例基于 Python 3.10\n"
        ">\n"
        "> 请根据您实际环境的 Python 版本选择对应的包版本。\n"
        "\n"
        "> [!NOTE]\n"
        ">\n"
        "> 此镜像基于 Python 3.11 构建。\n"
    )
    found = {(spec, line, feature) for spec, line, _, feature in _pythons("docs", "g.md", note)}
    assert {("==3.11.*", 5, DOCKER), ("==3.10.*", 6, REPO)} <= found
    assert {feature for spec, _, feature in found if spec == "==3.11.*"} == {DOCKER}
    # the image note alone, in its section (:56 "### 方式一：镜像安装", :80)
    image = "### 方式一：镜像安装\n\n" + "\n".join(note.splitlines()[9:])
    assert [feature for *_, feature in _pythons("docs", "g.md", image)] == [DOCKER]


def test_what_a_task_s_section_states_is_that_task_s() -> None:
    # omni-infer docs/omni_infer_installation_guide.md:25 "# 部署", :164-173 (converting the
    # model weights for one deployment)
    guide = (
        "# 部署\n"
        "\n"
        "### 权重转换\n"
        "\n"
        "3. 安装依赖包，transformers（=4.48.2）和 accelerate，命令如下：\n"
        "    ```\n"
        "    pip install transformers==4.48.2\n"
        "    pip install accelerate\n"
        "    ```\n"
    )
    rel = "docs/omni_infer_installation_guide.md"
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=guide)).requirements
    assert {(r.subject, r.feature) for r in found} == {
        ("pypi:transformers", "task:权重转换"),
        ("pypi:accelerate", "task:权重转换"),
    }
    # the same lines under the repo's own install heading stay the repo's
    own = guide.replace("### 权重转换", "### 安装依赖")
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=own)).requirements
    assert {r.feature for r in found} == {REPO}


def test_what_a_test_section_states_is_the_tests() -> None:
    # pyasc docs/quick_start.md:387 "## 🧪 UT测试", :406, :421 and :426-428
    guide = (
        "## 🧪 UT测试\n"
        "\n"
        "### ASC-IR定义模块UT测试\n"
        "\n"
        "**编译器选择说明**：\n"
        "- **Clang编译**：使用`--clang`参数可启用Clang编译，编译效率更高。"
        "需确保环境已安装clang和lld（推荐版本clang>=15，lld>=15）\n"
        "\n"
        "在项目根目录下，执行如下命令，可在执行UT测试后使用LCOV工具生成代码覆盖率报告。\n"
        "```bash\n"
        "cd test\n"
        "sudo apt install lcov\n"
        "```\n"
    )
    rel = "docs/quick_start.md"
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=guide)).requirements
    assert found
    assert {r.feature for r in found} == {TESTS}
    # a heading about building and testing is still the repo's own route (hicann/catlass
    # 0dfcf9df304f297361edab86448ac5ea6aed1647
    # docs/en/1_Practice/09_example_contribution_guide.md:62)
    built = guide.replace("## 🧪 UT测试", "### 2.4 Build and Testing").replace(
        "### ASC-IR定义模块UT测试\n\n", ""
    )
    assert {
        r.feature for r in extract_docs(SourceFile(ref=rel, rel=rel, text=built)).requirements
    } == {REPO}


# Ascend/MindIE-SD@30661895 examples/dummy_run/README.md:1, :21-29 and :31: the example's title
# names a task word (权重), its prerequisites are what the example needs
_DUMMY_RUN = (
    "# 空权重运行验证\n"
    "\n"
    "## 前置准备\n"
    "\n"
    "```shell\n"
    "pip install -r examples/dummy_run/requirements.txt\n"
    "```\n"
    "\n"
    "| 依赖 | 最低版本 |\n"
    "|---|---|\n"
    "| Python | 3.10 |\n"
    "| diffusers | >= 0.34.0 |\n"
)


def test_a_readme_s_title_names_its_project_not_a_task() -> None:
    rel = "examples/dummy_run/README.md"
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=_DUMMY_RUN)).requirements
    assert {(r.subject, r.feature) for r in found} == {
        ("python", REPO),
        ("pypi:diffusers", REPO),
    }
    # a documentation page titled so is about that task (omni-infer's 权重转换 above)
    page = "docs/dummy_run.md"
    found = extract_docs(SourceFile(ref=page, rel=page, text=_DUMMY_RUN)).requirements
    assert {r.feature for r in found} == {"task:空权重运行验证"}
    # a task section below the title is still that task's
    nested = _DUMMY_RUN.replace("## 前置准备", "## 权重转换")
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=nested)).requirements
    assert {r.feature for r in found} == {"task:权重转换"}


def test_an_install_guide_whose_product_name_holds_a_task_word_is_the_repos() -> None:
    # Ascend/msprof-analyze @ 8399c1cd docs/en/getting_started/install_guide.md:1, :57-65
    guide = (
        "# MindStudio Profiler Analyze Installation Guide\n"
        "\n"
        "## Building from Source\n"
        "\n"
        "1. Install the dependencies.\n"
        "\n"
        "   Before building from source, install `wheel`.\n"
        "\n"
        "   ```bash\n"
        "   pip3 install wheel\n"
        "   ```\n"
    )
    rel = "docs/en/getting_started/install_guide.md"
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=guide)).requirements
    assert {(r.subject, r.feature) for r in found} == {("pypi:wheel", REPO)}
    # a task's page whose title says "compile" stays the task's (msprobe docs/zh/user_guide/
    # accuracy_compare/pytorch_compile_accuracy_compare_instruct.md:1, comparing compiled graphs)
    task = guide.replace(
        "MindStudio Profiler Analyze Installation Guide", "PyTorch场景编译精度比对"
    )
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=task)).requirements
    assert {r.feature for r in found} == {"task:PyTorch场景编译精度比对"}
