"""outsider20 D15: a test that imports from the repo's own package runs that package's
``__init__.py`` first; MindSpeed-LLM's imports its adaptor on its default branch, and the
adaptor imports ``transfer_to_npu``, which sends ``device='cuda'`` to the NPU. The test was
counted "needs 1 GPU". Real lines of lvhaojieming/MIndSpeed@faadbe7 (outsider20's checkout),
each quoted with its file and lines."""

from __future__ import annotations

from bringup.model import file_source
from bringup.model.requirements import Step
from bringup.scan.stepfiles import StepFiles, device_of_tests

# tests/pipeline/ut/posttrain/ldt_sft/test_core_utils.py:1-13, 21-25 (trailing spaces dropped)
CORE_UTILS = """import unittest
from unittest import mock
import torch

# Now import the functions to test
from mindspeed_llm.core.layerwise_disaggregated_training.utils import (
    _allreduce_model_parallel,
    vtp_reduce_max_stat_across_model_parallel_group,
    vtp_logical_and_across_model_parallel_group,
    vtp_get_grad_norm_fp32,
    vtp_timer_barrier_wrapper,
    vtp_all_gather_into_tensor_wrapper
)
    @mock.patch('mindspeed_llm.core.layerwise_disaggregated_training.utils.torch.distributed.all_reduce')
    def test_allreduce_model_parallel_non_vtp(self, mock_all_reduce):
        # Setup mock
        tensor = torch.tensor([1.0, 2.0, 3.0], device='cuda')
"""
# mindspeed_llm/__init__.py:15-19
INIT = """import os

backend = os.environ.get("TRAINING_BACKEND", "mcore").lower()
if backend == "mcore":
    from mindspeed_llm.tasks import megatron_adaptor_v2 as megatron_adaptor
"""
# mindspeed_llm/tasks/megatron_adaptor_v2.py:10-12
ADAPTOR = """import torch
from torch.utils.cpp_extension import _get_build_directory
from torch_npu.contrib import transfer_to_npu
"""
TEST = "tests/pipeline/ut/posttrain/ldt_sft/test_core_utils.py"


def _needs(files: dict[str, str]) -> tuple[int, str | None]:
    step = Step(
        name="pytest",
        kind="test",
        argv=("pytest", "tests/pipeline/ut/posttrain/ldt_sft"),
        source=file_source("README.md", 1),
    )
    (found,) = device_of_tests([step], StepFiles(frozenset(files), files.get))
    return found.needs.devices, found.needs.device_kind


def test_the_packages_init_importing_the_npu_adapter_makes_cuda_the_npu() -> None:
    files = {
        TEST: CORE_UTILS,
        "mindspeed_llm/__init__.py": INIT,
        "mindspeed_llm/tasks/__init__.py": "",
        "mindspeed_llm/tasks/megatron_adaptor_v2.py": ADAPTOR,
    }
    assert _needs(files) == (1, "npu")


def test_an_adapter_imported_inside_a_try_ties_nothing() -> None:
    # constructed: the same import guarded by a try, which a CPU host passes over
    guarded = INIT.replace('if backend == "mcore":', "try:") + "except ImportError:\n    pass\n"
    files = {
        TEST: CORE_UTILS,
        "mindspeed_llm/__init__.py": guarded,
        "mindspeed_llm/tasks/megatron_adaptor_v2.py": ADAPTOR,
    }
    assert _needs(files) == (1, "gpu")
