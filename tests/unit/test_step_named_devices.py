"""Steps whose own words name a device or a toolkit build need it (outsider22b #10): the scan
labelled these "needs nothing", so they counted as steps that run on a CPU box."""

from __future__ import annotations

import pytest

from bringup.scan.commands import parse_commands
from bringup.scan.stepkinds import command_needs


def _needs(line: str) -> tuple[int, str | None, bool, bool]:
    (command,) = parse_commands(line)
    needs = command_needs(command)
    return needs.devices, needs.device_kind, needs.toolkit, needs.network


def test_a_script_given_the_device_runs_on_it() -> None:
    # bigorange1024/ascendc@541ca73c1931f5d6d9cf34a18e9ad7f27b3437b5 README.md:211
    assert _needs("./run.sh npu 910B4") == (1, "npu", False, False)


def test_a_cuda_extension_build_option_needs_the_toolkit() -> None:
    # InternLM/InternEvo@c628a8c87411258e90c50f6a49f6a5e1f507ddb8 doc/en/install.md:65
    line = (
        'pip install -v --disable-pip-version-check --no-cache-dir --global-option="--cpp_ext"'
        ' --global-option="--cuda_ext" ./'
    )
    assert _needs(line) == (0, "gpu", True, True)


def test_the_deepspeed_launcher_needs_a_device() -> None:
    # OpenRLHF/OpenRLHF@3c3be6234e0cb353e76bb8019947db9dfe99fca7 README.md:393-395
    line = (
        "deepspeed --module openrlhf.cli.train_rm --ckpt.output_dir ./checkpoint/llama3-8b-rm "
        "--ckpt.save_steps -1"
    )
    assert _needs(line)[0] == 1


@pytest.mark.parametrize(
    "line",
    [
        # constructed: options that turn the device off, and a CPU run
        "python setup.py install --no-cuda",
        "./run.sh cpu",
        "python train.py --cpu-only",
    ],
)
def test_a_device_turned_off_is_no_need(line: str) -> None:
    assert _needs(line) == (0, None, False, False)


def test_an_option_that_sizes_the_device_s_memory_chooses_no_device() -> None:
    # Mikeriess/Synth_data run_vllm.sh:1-6 (joined): a run step; the option mentions the GPU
    line = (
        "python -m vllm.entrypoints.openai.api_server"
        " --model meta-llama/llama-3.1-405b-instruct-fp8 --gpu-memory-utilization 0.9"
        " --tensor-parallel-size 8 --host 0.0.0.0 --port 8000"
    )
    # the memory option names no device kind; the tensor-parallel size is 8 devices, one per
    # shard (outsider8 #12)
    assert _needs(line) == (8, None, False, False)


def test_a_run_option_that_selects_the_device_needs_one_not_the_toolkit() -> None:
    # constructed (review 23, 13): a training run told to use the NPU
    assert _needs("python train.py --use_npu") == (1, "npu", False, False)
