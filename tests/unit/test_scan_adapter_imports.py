"""A test that imports a backend's torch adapter runs its device work on that backend's device
(outsider26 re-test N6: MindSpeed unit tests that ``import torch_npu`` and call ``.cuda()`` were
counted "needs 1 GPU"). Real lines from momo609/mindspeed@7e624cf19f9a (outsider7's checkout),
each quoted with its file and lines; the GEGLU file from axolotl-ai-cloud/axolotl@067b021c."""

from __future__ import annotations

from bringup.model import file_source
from bringup.model.requirements import Step
from bringup.scan.adapterimports import imported_device
from bringup.scan.stepfiles import StepFiles, device_of_tests

# tests_extend/unit_tests/megatron/tensor_parallel/test_cross_entropy.py:1-5 and 70
CROSS_ENTROPY = """import pytest
import torch
import torch.nn.functional as F
import torch_npu
from mindspeed import megatron_adaptor
        identity = IdentityLayer((batch_size, seq_length, vocab_size), scale=logits_scale).cuda()
"""
# tests_extend/unit_tests/megatron/test_overlap_grad_reduce.py:1-5 and 33: no torch_npu of its
# own; mindspeed/megatron_adaptor.py:10-11 imports it and sends .cuda() to the NPU
OVERLAP = """import os

import pytest
import torch
import mindspeed.megatron_adaptor
            tmp = torch.randn(param_size, dtype=dtype).cuda()
"""
ADAPTOR = """from torch.utils.cpp_extension import _get_build_directory
from torch_npu.contrib import transfer_to_npu
"""
# axolotl-ai-cloud/axolotl@067b021c tests/e2e/kernels/test_geglu.py:10-14: CUDA, no adapter
GEGLU = '''def test_geglu_forward_shape():
    """Test that GEGLU forward pass preserves expected shapes."""
    batch, seq_len, hidden_dim = 2, 3, 64
    gate = torch.randn(batch, seq_len, hidden_dim, device="cuda")
    up = torch.randn(batch, seq_len, hidden_dim, device="cuda")
'''
FILES = {
    "tests_extend/unit_tests/megatron/tensor_parallel/test_cross_entropy.py": CROSS_ENTROPY,
    "tests_extend/unit_tests/megatron/test_overlap_grad_reduce.py": OVERLAP,
    "mindspeed/megatron_adaptor.py": ADAPTOR,
    "mindspeed/__init__.py": "",
    "tests/e2e/kernels/test_geglu.py": GEGLU,
}


def _needs(target: str) -> tuple[int, str | None]:
    step = Step(
        name="pytest", kind="test", argv=("pytest", target), source=file_source("README.md", 1)
    )
    (found,) = device_of_tests([step], StepFiles(frozenset(FILES), FILES.get))
    return found.needs.devices, found.needs.device_kind


def test_a_test_importing_the_npu_adapter_needs_an_npu_for_its_cuda_calls() -> None:
    assert _needs("tests_extend/unit_tests/megatron/tensor_parallel") == (1, "npu")


def test_the_adapter_imported_through_the_repos_own_module_counts() -> None:
    assert _needs("tests_extend/unit_tests/megatron/test_overlap_grad_reduce.py") == (1, "npu")


def test_a_cuda_test_with_no_adapter_still_needs_a_gpu() -> None:
    assert _needs("tests/e2e/kernels") == (1, "gpu")


def test_a_guarded_import_ties_nothing() -> None:
    # constructed: the adapter imported inside a try (indented), as a fallback would
    text = "import torch\ntry:\n    import torch_npu\nexcept ImportError:\n    pass\n"
    assert imported_device(text, frozenset(), FILES.get) is None
    assert imported_device(CROSS_ENTROPY, frozenset(), FILES.get) == "npu"


# lvhaojieming/MIndSpeed@faadbe7 tests/ut/checkpoint/test_checkpoint.py:24-26: no device word
# of its own; tests/test_tools/utils.py:14-16, the repo's module it imports, imports torch_npu
# at module level (outsider20 D8: "run here now" on a host with no NPU)
MINDSPEED_LLM = {
    "tests/ut/checkpoint/test_checkpoint.py": """import pytest
from mindspeed_llm import megatron_adaptor
from tests.test_tools.utils import create_testconfig, weight_compare, run_cmd, weight_compare_hash
""",
    "tests/test_tools/utils.py": "import torch\nimport torch_npu\nimport xxhash\n",
}


def test_a_device_only_module_one_repo_module_away_ties_the_test() -> None:
    step = Step(
        name="pytest",
        kind="test",
        argv=("pytest", "tests/ut/checkpoint"),
        source=file_source("README.md", 1),
    )
    kept = StepFiles(frozenset(MINDSPEED_LLM), MINDSPEED_LLM.get)
    (found,) = device_of_tests([step], kept)
    assert (found.needs.devices, found.needs.device_kind) == (1, "npu")
    # the helper module alone, without torch_npu, ties nothing
    plain = {**MINDSPEED_LLM, "tests/test_tools/utils.py": "import torch\nimport xxhash\n"}
    (free,) = device_of_tests([step], StepFiles(frozenset(plain), plain.get))
    assert not free.needs.devices
