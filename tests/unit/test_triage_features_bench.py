"""bench/triage_features.py reads a log's structure for counting: the first traceback's innermost
frame and exception, a C++ location and whether a vendor owns it, the error codes, the length.
The logs are real sample logs of tests/fixtures/logs (each names its public source on its first
line)."""

from __future__ import annotations

from pathlib import Path

from bench_modules import bench_module

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"
NO_DEVICE = LOGS / "cuda.runtime.no-device" / "pytorch-classification-1.log"
"""OdingdongO/pytorch_classification#1: a traceback from the user's script into torch's
module.py, RuntimeError, THCGeneral.cpp:70 in the conda build tree."""
BF16 = LOGS / "ascend.runtime.bf16-unsupported" / "llamafactory-7522.log"
"""hiyouga/LlamaFactory#7522: a traceback pasted after Chinese words, ``EZ1001`` in the
exception's message."""


def test_a_traceback_is_read_by_its_innermost_frame_and_exception_family() -> None:
    read = bench_module("triage_features").features(NO_DEVICE.read_bytes())
    assert "traceback: yes" in read
    assert "innermost frame: torch" in read  # .../site-packages/torch/nn/modules/module.py
    assert "a project frame: yes" in read  # /home/es/PycharmProjects/.../train_baidu_xjtu.py
    assert "exception: RuntimeError" in read
    assert "C++ file:line: vendor paths only" in read  # torch's aten/src/THC/THCGeneral.cpp:70
    assert "zh: no" in read


def test_codes_and_language_are_counted_by_family() -> None:
    read = bench_module("triage_features").features(BF16.read_bytes())
    assert "CANN code: EZ" in read
    assert "zh: yes" in read


def test_frame_owners_and_exception_families() -> None:
    module = bench_module("triage_features")
    assert module.frame_owner("/usr/lib/python3.10/multiprocessing/pool.py") == "stdlib"
    assert (
        module.frame_owner("/x/lib/python3.11/site-packages/torch_npu/npu/utils.py") == "torch_npu"
    )
    assert module.frame_owner("/x/site-packages/vllm/worker.py") == "other package"
    assert module.frame_owner("tools/train.py") == "project"
    assert module.exception_family("builtins.KeyError") == "code (Key/Index/Name/Type/Attribute)"
    assert module.exception_family("ModuleNotFoundError") == "import"


SET_ENV = LOGS / "ascend.install.set-env-not-sourced" / "torch-npu-registry.log"
"""Ascend/pytorch torch_npu/_init/registry/registry_manager.py: "ASCEND_HOME_PATH environment
variable is not set"."""
OPEN_FAILED = LOGS / "ascend.runtime.device-open-failed" / "ptoas-784.log"
"""hw-native-sys/PTOAS#784: "aclrtSetDevice(deviceId) failed: 507033"."""


def test_the_layer_rules_rung_words_are_counted() -> None:
    module = bench_module("triage_features")
    assert "rung words: install" in module.features(SET_ENV.read_bytes())
    assert "rung words: device_init" in module.features(OPEN_FAILED.read_bytes())
    assert "rung words: none" in module.features(BF16.read_bytes())
