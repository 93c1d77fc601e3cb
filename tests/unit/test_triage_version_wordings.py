"""A version sentence in the form a copy or a terminal gives it finds its signature: NumPy 2's
message for a removed alias without its quotes or with Markdown's escapes, torch's "driver too
old" wrapped before its "(found version N)"; uv's resolver saying in its words what pip says of
a missing release or wheel. Real lines, each cited."""

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
    # uv's resolver and installer say what pip's "No matching distribution" and "is not a
    # supported wheel" say, in their own words (astral-sh/uv's snapshots of its messages).
    # astral-sh/uv@26a9dd4b2125bc271b47855e1fa0c49af3365db5:
    # crates/uv/tests/pip/pip_install_scenarios.rs:146
    (
        "  \u2570\u2500\u25b6 Because there is no version of a==2.0.0 and you require a==2.0.0, "
        "we can "
        "conclude that your requirements are unsatisfiable.",
        "python.no-matching-distribution",
        "install",
    ),
    # astral-sh/uv@26a9dd4b2125bc271b47855e1fa0c49af3365db5:
    # crates/uv/tests/lock/lock.rs:36563
    (
        "  \u2570\u2500\u25b6 Because there are no versions of iniconfig and your project "
        "depends on "
        "iniconfig, we can conclude that your project's requirements are unsatisfiable.",
        "python.no-matching-distribution",
        "install",
    ),
    # astral-sh/uv@26a9dd4b2125bc271b47855e1fa0c49af3365db5:
    # crates/uv/tests/pip/pip_sync.rs:4512
    (
        "  \u2570\u2500\u25b6 Because uv-build was not found in the package registry and you "
        "require "
        "uv-build>=0.8.3,<0.9.0, we can conclude that your requirements are unsatisfiable.",
        "python.no-matching-distribution",
        "install",
    ),
    # astral-sh/uv@26a9dd4b2125bc271b47855e1fa0c49af3365db5:
    # crates/uv/tests/sync/sync.rs:13093
    (
        "error: Distribution `a==1.0.0 @ registry+http://[LOCALHOST]/simple/` can't be installed "
        "because it doesn't have a source distribution or wheel for the current platform",
        "python.wheel-not-supported",
        "install",
    ),
    # astral-sh/uv@26a9dd4b2125bc271b47855e1fa0c49af3365db5:
    # crates/uv/tests/pip_compile/pip_compile.rs:15569
    (
        "      And because open3d>=0.16.0 has no wheels with a matching platform tag (e.g., "
        "`manylinux_2_17_x86_64`) and you require open3d, we can conclude that your requirements "
        "are unsatisfiable.",
        "python.wheel-not-supported",
        "install",
    ),
]


@pytest.mark.parametrize(("log", "expected", "layer"), FORMS)
def test_a_copied_version_sentence_finds_its_signature(log: str, expected: str, layer: str) -> None:
    found = explain_text(log + "\n")
    assert found, log
    assert (found[0].signature_id, found[0].layer) == (expected, layer)
