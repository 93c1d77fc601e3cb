"""Steps whose command or script shows they need an NPU (or any accelerator) are not "needs
nothing" (outsider8 #3): ``check`` counted them as CPU reference runs a machine with no
accelerator could do now, and ``up --yes`` would have run them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.model import Step
from bringup.model.source import file_source
from bringup.scan.commands import parse_commands
from bringup.scan.stepfiles import StepFiles, placed
from bringup.scan.stepkinds import command_needs

_LLM_TP = "KaihuaTang/LLM-TP-Inference-on-910B@e1c328475e81de7a6d6fb316e2079fa6b4dcc9d2"
_FLASH = "desly-0/flashattention_Ascendc@1fa2e50503b78e7ef342e58574d75c6642930d22"


def _needs(line: str):  # type: ignore[no-untyped-def]
    (command,) = parse_commands(line)
    return command_needs(command)


def test_a_world_size_of_eight_needs_eight_devices() -> None:
    # _LLM_TP README.md:26; README.md:34: world_size is the number of local cards
    line = (
        "python main.py --model_type llama2 --model_path "
        "/home/ma-user/work/t00831955/checkpoints/llama-2-7b-hf --world_size 8 --use_mc2"
    )
    needs = command_needs(parse_commands(line)[0])
    assert needs.devices == 8


def test_a_model_path_in_the_author_s_home_is_the_reader_s_to_fill_in() -> None:
    # _LLM_TP README.md:29
    from bringup.scan.fillins import fill_ins

    line = (
        "python main.py --model_type qwen --model_path "
        "/home/ma-user/work/t00831955/checkpoints/Qwen-7B-Chat --world_size 8 --use_mc2"
    )
    (command,) = parse_commands(line)
    assert fill_ins(command.argv) == ("/home/ma-user/work/t00831955/checkpoints/Qwen-7B-Chat",)
    # the reader's own home and a repo path are no fill-in (constructed)
    assert fill_ins(("python", "x.py", "--out", "~/runs", "--data", "./data/train")) == ()


def test_a_script_named_for_the_npu_runs_on_it_and_the_reference_does_not() -> None:
    # _FLASH README.md:46-47 (a reference, no NPU needed) and :49-50 (NPU kernel verification)
    ref = _needs("python3 test/test_ref.py --heads-q 32 --heads-kv 8 --seq-q 2048 --dim 128")
    npu = _needs("python3 test/test_npu.py --heads-q 4 --heads-kv 1 --seq-q 256 --dim 64")
    bench = _needs("python3 bench/bench_npu.py --heads-q 32 --heads-kv 8 --dim 128")
    assert (ref.devices, ref.device_kind) == (0, None)
    assert (npu.devices, npu.device_kind) == (1, "npu")
    assert (bench.devices, bench.device_kind) == (1, "npu")
    # the build script given "npu" builds for it: the toolkit, no device (README.md:40)
    build = _needs("bash tools/build.sh npu")
    assert (build.devices, build.toolkit, build.device_kind) == (0, True, "npu")
    # constructed: a script named for running without the device needs none
    assert _needs("python test_no_gpu.py").devices == 0


_MAIN = """\
    if USE_NPU:
        print("Detect NPU(910B) environment.")
        target_func = run_multi_npu
    elif torch.cuda.is_available():
        print("Detect GPU environment")
        target_func = run_multi_gpu
    else:
        raise ValueError("Neither NPU nor GPU environment is given!")
"""
"""_LLM_TP main.py:119-126."""


def _step(line: str) -> Step:
    (command,) = parse_commands(line)
    return Step(
        name=line,
        kind="run",
        argv=command.argv,
        source=file_source("README.md", 26),
    )


def test_a_script_that_raises_without_npu_or_gpu_needs_a_device() -> None:
    step = _step("python main.py --model_type llama2")  # constructed: README.md:26 cut short
    (found,) = placed([step], StepFiles({"main.py"}, {"main.py": _MAIN}.get))
    assert found.needs.devices == 1
    assert found.needs.device_kind is None  # either kind will do
    # constructed: the same chain falling back to the CPU needs none
    cpu = _MAIN.replace('raise ValueError("Neither NPU nor GPU environment is given!")', "x = 1")
    (found,) = placed([step], StepFiles({"main.py"}, {"main.py": cpu}.get))
    assert found.needs.devices == 0


def test_cann_likened_to_cuda_needs_cann_not_cuda() -> None:
    # _LLM_TP README.md:15
    from bringup.scan.prose import read_line

    found = read_line(
        "1. 首先需要安装最新的CANN包\uff0c类比于CUDA。[(链接)](https://www.hiascend.com/en/software/cann/community)"
    )
    assert [m.subject for m in found] == ["cann"]
    # constructed, the same likeness in English
    assert [m.subject for m in read_line("Install CANN first (analogous to CUDA).")] == ["cann"]


def test_pytorch_and_torch_npu_an_install_step_names_are_needed() -> None:
    # _LLM_TP README.md:16
    from bringup.scan.prose import read_line

    line = (
        "2. 之后需要安装pytorch与torch_npu\uff0c注意torch与torch_npu需要版本一致\uff0c"
        "请参考如下的链接安装。"
        "[(链接)](https://github.com/Ascend/pytorch)"
    )
    assert [m.subject for m in read_line(line)] == ["torch", "torch_npu"]


_CPU_HOST = "tests/fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver"


def _verdict(capsys: pytest.CaptureFixture[str], repo: Path) -> str:
    from bringup.cli.main import main

    root = Path(__file__).resolve().parents[2]
    main(["check", str(repo), "--snapshot", str(root / _CPU_HOST), "--json"])
    data = json.loads(capsys.readouterr().out)["data"]
    (verdict,) = data["resolution"]["verdicts"]
    return str(verdict["status"])


def test_an_ascend_only_build_needs_other_hardware_on_a_host_with_no_accelerator(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Ascend/mindx-science@8e312c0595c1f137892267e5d730d7c8a3eba8da requirements.txt:3
    (tmp_path / "requirements.txt").write_text("mindspore_ascend==1.7.0\n", encoding="utf-8")
    assert _verdict(capsys, tmp_path) == "needs_hardware"


def test_the_guide_s_build_script_in_a_sub_project_folder_is_the_repo_s_and_details_list_it(
    tmp_path: Path,
) -> None:
    """outsider8 #17, #19: ``bash tools/build.sh npu`` was filed under the sub-project "tools"
    while ``bash tools/build.sh`` (the script itself) was the repo's; ``scan --details`` showed
    the sub-project as a count only. _FLASH README.md:36-41, tools/build.sh:1-15,
    tools/CMakeLists.txt:13-20 (lines as published, cut)."""
    import io

    from bringup.report.console import PlainWriter
    from bringup.report.document_text import render_document
    from bringup.report.scan_text import scan_document
    from bringup.scan import scan_stack

    readme = "## 构建\n\n```bash\nsource /usr/local/Ascend/cann-9.0.0/set_env.sh\n"
    readme += "bash tools/build.sh npu      # NPU 编译\n```\n"
    build = (
        "#!/bin/bash\n# CANN 8.5.0 / dav-2201 (Ascend 910B)\n#\n# 用法:\n"
        "#   bash build.sh npu        # NPU 设备模式构建(需要 NPU)\nset -e\n"
        'SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)"\nBUILD_DIR="$SCRIPT_DIR/build"\n'
        'MODE="${1:-sim}"\ncmake -S "$SCRIPT_DIR" -B "$BUILD_DIR"\n'
    )
    cmake = (
        "cmake_minimum_required(VERSION 3.16)\n"
        'set(CMAKE_ASC_ARCHITECTURES "dav-2201" CACHE STRING\n'
        '    "NPU architecture: dav-2201 (Ascend910B)")\nfind_package(ASC REQUIRED)\n'
    )
    (tmp_path / "README.md").write_text(readme, encoding="utf-8")
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "build.sh").write_text(build, encoding="utf-8")
    (tmp_path / "tools" / "CMakeLists.txt").write_text(cmake, encoding="utf-8")
    stack = scan_stack([tmp_path])
    (component,) = stack.components
    assert ("bash", "tools/build.sh", "npu") in [s.argv for s in component.steps]
    assert all(s.argv[:2] != ("bash", "tools/build.sh") for c in component.scopes for s in c.steps)
    scoped = [c for c in component.scopes if c.requirements]
    assert scoped
    short_view, every = io.StringIO(), io.StringIO()
    render_document(PlainWriter(short_view, width=100), scan_document(stack, []))
    render_document(PlainWriter(every, width=100), scan_document(stack, [], details=True))
    cmake_line = "cmake_minimum_required(VERSION 3.16)"
    assert cmake_line not in short_view.getvalue()
    assert cmake_line in every.getvalue()


_MX = "Ascend/mindx-science@8e312c0595c1f137892267e5d730d7c8a3eba8da"


def test_a_command_said_to_run_on_a_gpu_or_npu_server_needs_that_device() -> None:
    # _MX pinn_module/pinn_inference/README.md:56-57 and 74-75
    from bringup.scan.steps import context_needs

    gpu = context_needs("#### 4.1.1 在线推理\n在GPU服务器执行以下命令\uff1a", None)
    npu = context_needs("#### 4.2.1 在线推理\n在NPU训练服务器上执行以下命令\uff1a", None)
    assert gpu is not None
    assert npu is not None
    assert (gpu.devices, gpu.device_kind) == (1, "gpu")
    assert (npu.devices, npu.device_kind) == (1, "npu")
    # README.md:99: a server named by its role, no device word: nothing said
    assert context_needs("(3) 在推理服务器上\uff0c使用ATC工具将中间文件转换为om文件", None) is None


def test_a_table_s_pre_release_apart_from_its_release_is_that_pre_release(
    tmp_path: Path,
) -> None:
    # _MX pinn_module/pinn_inference/README.md:26-31
    from bringup.scan import scan_stack

    table = (
        "### 3.2 第三方依赖包\n"
        "| 主要依赖包                               | 版本                |\n"
        "|-------------------------------------|-------------------\n"
        "| <center>mindspore-ascend            | <center>1.7.0     |\n"
        "| <center>mindscience-mindelec-ascend | <center>0.1.0 rc1 |\n"
        "| <center>mindx                       | <center>3.0 rc3   |\n"
    )
    (tmp_path / "README.md").write_text(table, encoding="utf-8")
    (component,) = scan_stack([tmp_path]).components
    specs = {r.subject: r.spec for r in component.requirements}
    assert specs["pypi:mindscience-mindelec-ascend"] == "==0.1.0.rc1"
    assert specs["pypi:mindx"] == "==3.0.rc3"
    assert specs["pypi:mindspore-ascend"] == "==1.7.0"


def test_the_conda_file_a_guide_creates_its_environment_from_is_read(tmp_path: Path) -> None:
    # _MX pinn_module/pinn_inference/README.md:16-20 and baseline.yaml:1-4,56 (cut)
    from bringup.scan import scan_stack

    guide = "### 3.1 虚拟环境\n对于基线复现\uff0c需要使用配置文件创建虚拟环境\n```\n"
    guide += "conda env create -f ./baseline.yaml\n```\n"
    (tmp_path / "README.md").write_text(guide, encoding="utf-8")
    environment = "name: dt-PINN\nchannels:\n  - pytorch\ndependencies:\n"
    environment += "  - pytorch=1.10.1=py3.8_cuda11.3_cudnn8.2.0_0\n"
    (tmp_path / "baseline.yaml").write_text(environment, encoding="utf-8")
    (component,) = scan_stack([tmp_path]).components
    torch = [r for r in component.requirements if r.subject == "torch"]
    assert torch
    assert torch[0].source.ref.endswith("baseline.yaml")
