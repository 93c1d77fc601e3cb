"""A test's device count gates where it runs (outsider11 #1): vllm-ascend's four-card,
two-card and multi-node end-to-end tests were "run here now" on a host with no NPU and on
``--target 910B:1``. The count is in the folder's name (``four_card``, ``multi_node``) and in
the model's sharding (``tensor_parallel_size=4``). Real lines at the commit named beside them;
the steps are as the scan lists them."""

from __future__ import annotations

from bringup.model import file_source
from bringup.model.requirements import Step
from bringup.scan.stepfiles import StepFiles, device_of_tests
from bringup.scan.testdevices import folder_devices, stated_devices
from cpuclock import cpu_seconds

# zzhx1/vllm-ascend@5e3907448c53a8d48a89b06635427b83ccfc7756
# tests/e2e/pull_request/four_card/_310p/test_dense_model_310p.py:18,36-47
SHARDED = """from tests.e2e.conftest import VllmRunner
def test_qwen3_dense_tp4_w8a8():
    example_prompts = [
        "Hello, my name is",
    ]
    max_tokens = 5
    with VllmRunner(
        "vllm-ascend/Qwen3-32B-W8A8",
        tensor_parallel_size=4,
        enforce_eager=True,
        dtype="float16",
        quantization="ascend",
"""
# the same commit, tests/e2e/nightly/multi_node/external_dp/scripts/test_external_dp.py:1-4:
# the file says no count; its folder does
UNSAID = """import logging
import os
import subprocess
import sys
"""
# the same commit, tests/ut/_tools/test_docs_codegen.py:205-206: a command checked, not run
ASSERTED = """    assert "vllm serve 'Qwen/Test Model' \\\\" in script
    assert "--tensor-parallel-size 2 \\\\" in script
"""
# the same commit, tests/ut/patch/platform/test_patch_pp_mtp.py:3-6,9,24-31 (no mock import:
# pytest's monkeypatch): a configuration a unit test builds and checks, run on no device
STAND_IN = """from types import SimpleNamespace

import pytest
from vllm.config.model import ModelConfig
def test_model_config_validates_local_mtp_drafter_as_single_pp_rank(monkeypatch):
    parallel_config = SimpleNamespace(
        tensor_parallel_size=1,
        enable_expert_parallel=False,
        pipeline_parallel_size=2,
        decode_context_parallel_size=1,
    )

    ModelConfig.verify_with_parallel_config(model_config, parallel_config)
    assert parallel_config.pipeline_parallel_size == 2
"""
# the same commit, tests/e2e/nightly/single_node/ops/singlecard_ops/triton/
# test_apply_penalties_triton.py names no count either: a single node says none
FILES = {
    "tests/e2e/pull_request/four_card/_310p/test_dense_model_310p.py": SHARDED,
    "tests/e2e/sharded/test_dense_model_310p.py": SHARDED,
    "tests/e2e/nightly/multi_node/external_dp/scripts/test_external_dp.py": UNSAID,
    "tests/e2e/pull_request/two_card/lora/test_ilama_lora_tp2.py": UNSAID,
    "tests/e2e/nightly/single_node/models/scripts/test_single_node.py": UNSAID,
    "tests/ut/_tools/test_docs_codegen.py": ASSERTED,
    "tests/ut/patch/platform/test_patch_pp_mtp.py": STAND_IN,
}


def _devices(folder: str) -> int:
    step = Step(
        name="pytest", kind="test", argv=("pytest", folder), source=file_source("README.md", 1)
    )
    (found,) = device_of_tests([step], StepFiles(frozenset(FILES), FILES.get))
    return found.needs.devices


def test_a_folder_named_for_its_cards_or_nodes_gives_the_count() -> None:
    assert _devices("tests/e2e/pull_request/four_card/_310p") == 4
    assert _devices("tests/e2e/pull_request/two_card/lora") == 2
    assert _devices("tests/e2e/nightly/multi_node/external_dp/scripts") == 2
    assert _devices("tests/e2e/nightly/single_node/models/scripts") == 0


def test_the_folder_word_forms() -> None:
    counts = [
        folder_devices(f"tests/{folder}/test_x.py")
        for folder in ("2card", "8gpus", "multicard_ops_a2", "one_card", "dual-gpu", "cardboard")
    ]
    assert counts == [2, 8, 2, 1, 2, 0]


def test_a_model_sharded_over_devices_needs_one_each_unless_only_asserted() -> None:
    assert _devices("tests/e2e/sharded") == 4
    assert _devices("tests/ut/_tools") == 0


def test_a_size_given_to_a_stand_in_or_set_on_a_config_is_no_device_count() -> None:
    """review30 L12: a unit test's configuration object counted as 2 devices for the whole
    pytest step."""
    assert _devices("tests/ut/patch/platform") == 0
    # the same commit, tests/ut/attention/test_sfa_cp.py:561 (an attribute set on a config)
    assert stated_devices("        parallel_config.tensor_parallel_size = 2\n") is None
    # a runner still takes them (SHARDED), and so does a mapping a launcher reads
    assert stated_devices('    {"tensor_parallel_size": 4}\n') is not None


def test_the_call_a_size_is_given_to_is_found_in_bounded_time() -> None:

    for line in (
        "tensor_parallel_size=2 " * 2200,
        "f(tensor_parallel_size=2," * 2000,
        "(" * 50_000 + "world_size=2",
        "Config" * 8000 + "(world_size=2)",
    ):
        started = cpu_seconds()
        stated_devices(line)
        assert cpu_seconds() - started < 2.0
