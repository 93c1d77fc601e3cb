"""A launch script's device count is what its run needs; a device id names no count (issue 11,
sessions of 2026-12-02 and 34). Each test quotes the lines of a public repo (repo@commit
path:line)."""

from __future__ import annotations

from bringup.scan.deviceids import launch_counts
from bringup.scan.extraction import SourceFile
from bringup.scan.prose_vocabulary import file_vendor
from bringup.scan.shell import extract_shell


def _counts(found: tuple[object, ...]) -> list[tuple[str, str, int | None, bool]]:
    return [
        (r.subject, r.spec, r.source.line, r.hard)  # type: ignore[attr-defined]
        for r in found
        if r.subject.endswith("_count")  # type: ignore[attr-defined]
    ]


def _lines(
    text: str, first: int, vendor: str = "ascend"
) -> list[tuple[str, str, int | None, bool]]:
    file = SourceFile(ref="x", rel="x", text=text)
    found = launch_counts(file, enumerate(text.splitlines(), start=first), vendor)
    return _counts(tuple(found))


def test_a_device_id_names_which_device_not_how_many() -> None:
    # haicgu/training@5b199172 AI/hands-on/training/pytorch_lenet/batchscript.sh:6-8
    text = (
        "npu-smi info\n"
        "export RANK_SIZE=1\n"
        "python3 train_npu.py --epochs 10 --batch-size 64 --device_id 0\n"
    )
    assert _lines(text, 6) == []
    # Ascend/catlass@0dfcf9df docs/en/1_Practice/01_quick_start.md:96 (a usage line's argument)
    assert _lines("# ./00_basic_matmul m n k [deviceId]\n", 96) == []
    # hixl@9ed283b2 examples/third_parties/mooncake_store/python/README.md:125
    assert _lines('bash run.sh batch_put_get_sample.py --device_id=0 --schema="d2d"\n', 125) == []


def test_a_device_path_for_docker_is_no_device_id() -> None:
    # Ascend/MindSpeed-LLM@c77308a1 docker/OVERVIEW.md:158, 162-165 (a container given an NPU)
    text = (
        "docker run -it --rm \\\n"
        "    --ipc=host \\\n"
        "    --device=/dev/davinci1 \\\n"
        "    --device=/dev/davinci_manager \\\n"
        "    --device=/dev/hisi_hdc \\\n"
    )
    assert _lines(text, 162) == []


def test_the_device_option_of_a_build_script_that_runs_the_tests() -> None:
    # cann/ops-blas@35101c89 build.sh:74-93 (its option cases and usage; build.sh is repo-level):
    # the device its tests run on is the tests' (relabel27 C7), no count the repo needs
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
    assert _counts(found) == []


def test_a_count_deeper_in_the_tree_is_not_the_scripts() -> None:
    # Ascend/AscendSpeed@e35df80d examples/gpt/pretrain_gpt_ptd_8p.sh:5-7, where it lies: an
    # example's launch script is no repo-level script
    text = (
        "export HCCL_CONNECT_TIMEOUT=1200\n"
        "source /usr/local/Ascend/ascend-toolkit/set_env.sh\n"
        "GPUS_PER_NODE=8\n"
    )
    rel = "examples/gpt/pretrain_gpt_ptd_8p.sh"
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
    found = launch_counts(file, numbered, file_vendor(text))
    assert _counts(tuple(found)) == [("npu_count", ">=8", 7, False)]
    # a count taken from another variable is no number the script sets
    # (torchtitan-npu@e0aecaf0 scripts/run_train.sh:22)
    line = '    NGPU="${NGPU}" LOCAL_RANK=0 python3 -m "${TRAIN_FILE}" \\'
    assert launch_counts(file, [(22, line)], "ascend") == []
