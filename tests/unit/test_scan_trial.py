"""Classes the new-user trial (r2, issue 11 item 2) showed misread, each on its real lines:
Dao-AILab/flash-attention@0251105a and hiyouga/LLaMA-Factory@ff6d4d12, quoted with file and
line."""

from __future__ import annotations

from bringup.scan.anyof import merge_repeats
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.setup_py import extract_setup_py

# flash-attention setup.py:750-761 (the setup() call at :763 passes install_requires); the
# first two lines stand in for how setup.py sets ROCM_BACKEND.
_FLASH_SETUP = """import sys
ROCM_BACKEND = "cuda"
# Build install_requires based on platform
if ROCM_BACKEND == "triton":
    install_requires = [
        "einops",
        "triton>=3.6.0" if sys.platform != "win32" else "triton-windows>=3.6.0",
    ]
else:
    install_requires = [
        "torch",
        "einops",
    ]

setup(name="flash_attn", install_requires=install_requires)
"""


def _setup(text: str) -> list[tuple[str, str, bool]]:
    file = SourceFile(ref="setup.py", rel="setup.py", text=text)
    extraction = extract_setup_py(file)
    assert not [f for f in extraction.findings if "computed" in f.message]
    return [(r.subject, r.spec, r.hard) for r in extraction.requirements]


def test_a_literal_list_bound_in_each_branch_is_read_not_computed() -> None:
    found = _setup(_FLASH_SETUP)
    # in every branch: hard; in one branch only: soft
    assert ("pypi:einops", "", True) in found
    assert ("torch", "", False) in found
    assert ("triton", ">=3.6.0", False) in found


def test_concatenated_literal_lists_are_read() -> None:
    # the shape of a list built from named literal parts (constructed)
    text = 'base = ["einops"]\nextra = ["ninja"]\nsetup(install_requires=base + extra)\n'
    assert [s for s, _, _ in _setup(text) if s.startswith("pypi:")] == [
        "pypi:einops",
        "pypi:ninja",
    ]


def test_a_sentence_naming_another_release_is_not_cited_as_the_same_need() -> None:
    # flash-attention README.md:45 "Requirements: H100 / H800 GPU, CUDA >= 12.3." (FA3) and
    # README.md:137-138 "**Requirements:**" / "- CUDA 12.0 and above." (FA2)
    text = (
        "# FlashAttention-3\n\nRequirements: H100 / H800 GPU, CUDA >= 12.3.\n\n"
        "### NVIDIA CUDA Support\n**Requirements:**\n- CUDA 12.0 and above.\n"
    )
    found = extract_docs(SourceFile(ref="README.md", rel="README.md", text=text)).requirements
    cuda = [r for r in merge_repeats(list(found), {}) if r.subject == "cuda"]
    assert {(r.spec, r.source.line) for r in cuda} == {(">=12.3", 3), (">=12.0", 7)}
    assert not [r for r in cuda if r.also_at]
