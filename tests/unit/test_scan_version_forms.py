"""A release train's number is not the package's version (``Vocabulary.version_forms``).

Real lines: Ascend/MindSpeed 028de58c README.md:82 ``| TorchNPU版本 | 26.0.0 |`` (the Ascend
Extension for PyTorch release, whose wheel is torch_npu 2.7.1.post4: the same repo's
docs/zh/user-guide/install_guide.md:143 installs ``torch_npu-2.7.1post4-...whl``), and
vllm-project/vllm-ascend 182b75ea docs/source/installation.md:18 ``TorchNPU | ... 2.10.0.post4``."""

from __future__ import annotations

from bringup.scan.phrases import read_phrase


def test_a_release_train_number_states_no_torch_npu_version() -> None:
    assert read_phrase("26.0.0", "torch_npu") is None
    assert read_phrase(">= 7.3.0", "torch_npu") is None


def test_a_torch_npu_wheel_version_is_read() -> None:
    phrase = read_phrase("2.10.0.post4", "torch_npu")
    assert phrase is not None
    assert phrase.spec == "==2.10.0.post4"
    phrase = read_phrase("2.7.1.post4", "torch_npu")
    assert phrase is not None
    assert phrase.spec == "==2.7.1.post4"


def test_subjects_without_a_form_read_any_version() -> None:
    phrase = read_phrase("26.0.0", "torch")
    assert phrase is not None
    assert phrase.spec == "==26.0.0"
