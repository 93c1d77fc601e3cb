"""A version sentence in the form a copy or a terminal gives it finds its signature: NumPy 2's
message for a removed alias without its quotes or with Markdown's escapes, torch's "driver too
old" wrapped before its "(found version N)". Real lines, each cited."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

FORMS = [
    # xiaobingling93-pixel/Ascend-IndexSDK@8b80ab11c52d8d9c96cfe2b225c0eab87403d0ea:
    # docs/zh/faq.md:125 (NumPy's message with Markdown's escapes).
    (
        "Failed to import Python module \\[AttributeError: \\`np.float\\_\\` was removed in the "
        "NumPy 2.0 release. Use \\`np.float64\\` instead.\\].",
        "python.numpy2-abi",
        "install",
    ),
    # xorbitsai/inference@7ecec16b63383e18e4af790c4b522fb7d79f7e77:
    # doc/source/getting_started/troubleshooting.rst:36 (torch's warning, wrapped).
    (
        "   UserWarning: CUDA initialization: The NVIDIA driver on your system is too old\n"
        "   (found version 10010). Please update your GPU driver by downloading and installi\n",
        "cuda.runtime.torch-driver-too-old",
        "device_init",
    ),
]


@pytest.mark.parametrize(("log", "expected", "layer"), FORMS)
def test_a_copied_version_sentence_finds_its_signature(log: str, expected: str, layer: str) -> None:
    found = explain_text(log + "\n")
    assert found, log
    assert (found[0].signature_id, found[0].layer) == (expected, layer)
