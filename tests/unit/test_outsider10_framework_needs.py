"""outsider10 #1: mindpose's framework, written as pip spells it in a README "Dependency" list
("- mindspore >= 1.8.1"), was missed while ``openmpi`` from the same list was taken, and its
tests, each opening with ``import mindspore as ms``, were "run here now" on a host with no NPU:
with MindSpore installed they do, as MindSpore has CPU builds (review29 L7), so such a test
needs a device only where it targets one. Real lines from mindspore-lab/mindpose@85b42778
(README.md:35-44, tests/models/backbones/test_hrnet.py:1-5)."""

from __future__ import annotations

from pathlib import Path

from bringup.model import file_source
from bringup.model.requirements import Step
from bringup.scan.docinline import bare_item
from bringup.scan.extraction import SourceFile
from bringup.scan.repo import scan_repo
from bringup.scan.specspans import listed_distributions
from bringup.scan.stepfiles import StepFiles, device_of_tests

# mindspore-lab/mindpose@85b42778 README.md:35-44
DEPENDENCY = """### Dependency

- mindspore >= 1.8.1
- numpy >= 1.21.6
- scipy >= 1.5.4
- pyyaml >= 5.4.1
- pycocotools >= 2.0.6
- opencv-python >=4.2.0.34, <= 4.5.4.60
- tqdm >= 4.6.1
- openmpi 4.1.2 (for distributed mode)
"""
# mindspore-lab/mindpose@85b42778 tests/models/backbones/test_hrnet.py:1-5
TEST_HRNET = """import mindspore as ms
import numpy as np

from mindpose.models.backbones.hrnet import hrnet_w32, hrnet_w48
from mindspore import Tensor
"""
# mindspore-ai/mindspore@e5f081a9 tests/st/ops/gpu/test_deformable_conv.py:19-24
TEST_GPU = """import mindspore.context as context
import mindspore.common.dtype as mstype
from mindspore.ops import deformable_conv2d
from mindspore import Tensor

context.set_context(device_target="GPU")
"""


def _item(text: str) -> list[tuple[str, str]]:
    file = SourceFile(ref="README.md", rel="README.md", text="")
    return [(r.subject, r.spec) for r in bare_item(file, 37, text)]


def test_a_framework_listed_as_pip_spells_it_is_needed(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("# mindpose\n\n" + DEPENDENCY)
    component = scan_repo(tmp_path, "mindpose").component
    needs = {r.subject: r.spec for r in component.requirements}
    assert needs["mindspore"] == ">=1.8.1"
    assert "system_package" in needs  # openmpi, read as before


def test_only_a_framework_is_read_from_a_specified_item() -> None:
    assert _item("mindspore >= 1.8.1") == [("mindspore", ">=1.8.1")]
    assert _item("torch>=2.1, <2.6 (CUDA build)") == [("torch", "<2.6,>=2.1")]  # constructed
    assert _item("numpy >= 1.21.6") == []  # a distribution, not a framework: left as it was
    assert _item("mindspore") == [("mindspore", "")]  # bare, in pip's spelling
    assert _item("mindspore >= 1.8.1 and a GPU") == []  # more than a requirement string


def test_a_listed_version_keeps_its_own_v() -> None:
    # review29 L5: the v of "dev" was taken for a leading "v" and the need dropped as invalid
    assert _item("mindspore >= 2.0.0.dev20230101") == [("mindspore", ">=2.0.0.dev20230101")]
    assert _item("torch >= v2.1.0.dev1, < v2.6") == [("torch", "<2.6,>=2.1.0.dev1")]
    # the same words in code in a dependency list (constructed)
    file = SourceFile(ref="README.md", rel="README.md", text="")
    spans = listed_distributions(file, 3, "`einops >= 0.8.0.dev1, < v1.0`")
    assert [(r.subject, r.spec) for r in spans] == [("pypi:einops", "<1.0,>=0.8.0.dev1")]


def _test_needs(text: str) -> tuple[int, str | None]:
    files = {"tests/models/backbones/test_hrnet.py": text}
    step = Step(
        name="pytest",
        kind="test",
        argv=("python", "-m", "pytest", "tests/models/backbones"),
        source=file_source("tests/models/backbones/test_hrnet.py", 1),
    )
    (found,) = device_of_tests([step], StepFiles(frozenset(files), files.get))
    return found.needs.devices, found.needs.device_kind


def test_a_mindspore_test_needs_the_device_it_targets_only() -> None:
    assert _test_needs(TEST_HRNET) == (0, None)  # MindSpore's CPU build runs it
    assert _test_needs(TEST_GPU) == (1, "gpu")
    # mindspore-lab/mindrlhf@3c9ec063 scripts/test_actor_inference.py:58 (its target, Ascend)
    assert _test_needs(TEST_HRNET + "device_target = 'Ascend'\n") == (1, "npu")


# vllm-project/vllm-ascend@00256bb4 tests/e2e/singlecard/ops/test_bgmv_shrink.py:1-6
TEST_PLUGIN = """import pytest
import torch

from vllm_ascend.utils import enable_custom_op

enable_custom_op()
"""


def test_a_module_for_one_backend_alone_ties_a_test_to_its_device() -> None:
    assert _test_needs(TEST_PLUGIN) == (1, "npu")
    # constructed: triton-ascend imports as ``triton``, CUDA's Triton's name; a guarded import
    assert _test_needs("import triton\n") == (0, None)
    guarded = "import numpy\ntry:\n    import torch_npu\nexcept ImportError:\n    pass\n"
    assert _test_needs(guarded) == (0, None)
