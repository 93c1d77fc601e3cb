"""A run step that takes a device id needs one device (issue 11, session of 2026-12-02). Each
test quotes the lines of a public repo (repo@commit path:line)."""

from __future__ import annotations

from bringup.scan.deviceids import device_id_counts
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.prose_vocabulary import file_vendor
from bringup.scan.shell import extract_shell


def _counts(found: tuple[object, ...]) -> list[tuple[str, str, int | None, bool]]:
    return [
        (r.subject, r.spec, r.source.line, r.hard)  # type: ignore[attr-defined]
        for r in found
        if r.subject.endswith("_count")  # type: ignore[attr-defined]
    ]


def _docs(rel: str, text: str) -> list[tuple[str, str, int | None, bool]]:
    return _counts(extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements)


def test_a_device_id_in_the_usage_comment_of_a_run_step() -> None:
    # Ascend/catlass@0dfcf9df docs/en/1_Practice/01_quick_start.md:88-97
    text = (
        "# Template Library Quick Start\n\nNote: CANN toolkit and NPU driver installed.\n\n"
        "### 2. **Executing Operators**\n\n"
        "The operator build output is located in the `output/bin` directory. Switch to this "
        "directory to run the operator sample program.\n\n"
        "```bash\n"
        "# Switch to the build output directory.\n"
        "cd output/bin\n"
        "# ./00_basic_matmul m n k [deviceId]\n"
        "./00_basic_matmul 256 512 1024 0\n"
        "```\n"
    )
    assert _docs("docs/en/1_Practice/01_quick_start.md", text) == [("npu_count", ">=1", 12, False)]


def test_a_device_id_option_on_the_command_line() -> None:
    # hixl@9ed283b2 examples/third_parties/mooncake_store/python/README.md:77, 81, 83, 122-126
    # (the set-up section that names the vendor, then the run's heading, paragraph and block)
    text = (
        "### 环境准备（已安装可跳过）\n\n"
        "2. Mooncake编译安装，推荐使用 `v0.3.7.post2` 注意使用`-DUSE_ASCEND_DIRECT=ON` "
        "参数启用Hixl功能\n\n"
        "### 执行测试用例\n\n"
        "以单机环境单卡执行batch_put_get接口对应用例，进行d2d数据传输时，在启动完Mooncake master"
        "并完成配置或在代码中硬编码对应的参数之后；执行以下命令：\n\n"
        "```bash\n"
        'bash run.sh batch_put_get_sample.py --device_id=0 --schema="d2d"\n'
        "```\n"
    )
    rel = "examples/third_parties/mooncake_store/python/README.md"
    assert _docs(rel, text) == [("npu_count", ">=1", 10, False)]


def test_a_device_path_for_docker_is_no_device_id() -> None:
    # Ascend/MindSpeed-LLM@c77308a1 docker/OVERVIEW.md:160-164 (a container given an NPU)
    text = (
        "# Ascend NPU image\n\n## Run\n\n"
        "```bash\n"
        "docker run -it --ipc=host \\\n"
        "    --device=/dev/davinci0 \\\n"
        "    --device=/dev/davinci1 \\\n"
        "    --device=/dev/davinci_manager \\\n"
        "```\n"
    )
    assert _docs("docker/OVERVIEW.md", text) == []


def test_the_device_option_of_a_build_script_that_runs_the_tests() -> None:
    # cann/ops-blas@35101c89 build.sh:74-93 (its option cases and usage; build.sh is repo-level)
    text = (
        "#!/bin/bash\n"
        "source ${ASCEND_HOME_PATH}/set_env.sh\n"
        "        --run)\n"
        "            ENABLE_RUN=TRUE\n"
        "            ;;\n"
        "        --device=*)\n"
        '            TEST_DEVICE_ID="${arg#*=}"\n'
        "            ;;\n"
        '            echo "  bash build.sh --pkg --soc=ascend950           # 打包指定SOC的run包"\n'
        '            echo "  bash build.sh --ops=scopy --run --device=1     '
        '# 指定测试运行设备(默认0)"\n'
    )
    found = extract_shell(SourceFile(ref="build.sh", rel="build.sh", text=text)).requirements
    assert _counts(found) == [("npu_count", ">=1", 6, False), ("npu_count", ">=1", 10, False)]


def test_a_device_id_deeper_in_the_tree_is_not_the_scripts() -> None:
    # the same lines in a sub-project's script are not a repo-level script's
    text = "#!/bin/bash\nsource ${ASCEND_HOME_PATH}/set_env.sh\n        --device=*)\n"
    rel = "examples/a/b/run.sh"
    found = extract_shell(SourceFile(ref=rel, rel=rel, text=text)).requirements
    assert _counts(found) == []


def test_the_device_count_a_launch_script_defaults_to() -> None:
    # Ascend/torchtitan-npu@e0aecaf0 scripts/run_train.sh:10-11, 26-28, 34 (NGPU counts NPUs:
    # the file is about the vendor its environment names)
    text = (
        "# [TODO]\n"
        'NGPU=${NGPU:-"16"}\n'
        "export LOG_RANK=${LOG_RANK:-0}\n"
        '    PYTORCH_NPU_ALLOC_CONF="expandable_segments:True" \\\n'
        "    CUDA_DEVICE_MAX_CONNECTIONS=1 \\\n"
        "    HCCL_CONNECT_TIMEOUT=3600 \\\n"
        "    torchrun --nproc_per_node=${NGPU} --rdzv_backend c10d "
        '--rdzv_endpoint="localhost:0" \\\n'
    )
    rel = "scripts/run_train.sh"
    found = extract_shell(SourceFile(ref=rel, rel=rel, text=text)).requirements
    assert _counts(found) == [("npu_count", ">=16", 2, False)]


def test_a_per_node_count_named_after_the_gpu_on_npus() -> None:
    # Ascend/AscendSpeed@e35df80d examples/gpt/pretrain_gpt_ptd_8p.sh:5-9 (its own lines,
    # read as a script's; the extractor reads only repo-level scripts)
    text = (
        "export HCCL_CONNECT_TIMEOUT=1200\n"
        "source /usr/local/Ascend/ascend-toolkit/set_env.sh\n"
        "GPUS_PER_NODE=8\n"
        "# Change for multinode config\n"
        "MASTER_ADDR=localhost\n"
    )
    file = SourceFile(ref="x.sh", rel="x.sh", text=text)
    numbered = enumerate(text.splitlines(), start=5)
    found = device_id_counts(file, numbered, file_vendor(text))
    assert _counts(tuple(found)) == [("npu_count", ">=8", 7, False)]
    # a count taken from another variable is no number the script sets
    # (torchtitan-npu@e0aecaf0 scripts/run_train.sh:22)
    line = '    NGPU="${NGPU}" LOCAL_RANK=0 python3 -m "${TRAIN_FILE}" \\'
    assert device_id_counts(file, [(22, line)], "ascend") == []
