"""Classes the new-user trial (r2, issue 11 item 2) showed misread, each on its real lines:
Dao-AILab/flash-attention@0251105a and hiyouga/LLaMA-Factory@ff6d4d12, quoted with file and
line."""

from __future__ import annotations

from bringup.scan.docos import one_os
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.repeats import merge_repeats
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


def test_a_sentence_naming_another_release_is_named_in_the_need_it_joins() -> None:
    # flash-attention README.md:45 "Requirements: H100 / H800 GPU, CUDA >= 12.3." (FA3) and
    # README.md:137-138 "**Requirements:**" / "- CUDA 12.0 and above." (FA2): both bind, so
    # (issue 11, deliberately no longer two) one need at >=12.3 whose text says what :138 states,
    # not a bare "(also README.md:138)"
    text = (
        "# FlashAttention-3\n\nRequirements: H100 / H800 GPU, CUDA >= 12.3.\n\n"
        "### NVIDIA CUDA Support\n**Requirements:**\n- CUDA 12.0 and above.\n"
    )
    found = extract_docs(SourceFile(ref="README.md", rel="README.md", text=text)).requirements
    (cuda,) = [r for r in merge_repeats(list(found), {}) if r.subject == "cuda"]
    assert (cuda.spec, cuda.source.line, [s.line for s in cuda.also_at]) == (">=12.3", 3, [7])
    assert (cuda.text or "").endswith("; also stated: >=12.0 (README.md:7)")


# LLaMA-Factory README.md:589-597 (the bitsandbytes note; the "[!IMPORTANT]" marker at :589)
_WINDOWS_NOTE = """## Installation

[!IMPORTANT]
Pay attention to the CUDA Toolkit version when installing bitsandbytes. Official bitsandbytes releases are built for specific CUDA Toolkit versions. On Windows x86-64, separate builds are currently provided for CUDA 11.8–12.6 and CUDA 12.8–12.9. Support for NVIDIA RTX 50 Series GPUs (e.g., RTX 5060 Ti, sm_120) requires the CUDA 12.8–12.9 builds.

If your environment uses an older CUDA version, or you need compatibility with older Windows / PyTorch combinations, you can install the third-party precompiled Windows wheel:

```bash
pip install https://github.com/jllllll/bitsandbytes-windows-webui/releases/download/wheels/bitsandbytes-0.41.2.post2-py3-none-win_amd64.whl
```
"""  # noqa: E501


def test_a_note_about_one_os_states_what_that_os_needs() -> None:
    extraction = extract_docs(SourceFile(ref="README.md", rel="README.md", text=_WINDOWS_NOTE))
    stated = {r.subject: r for r in extraction.requirements}
    assert stated["compute_capability"].spec == ">=12.0"
    assert not [r for r in extraction.requirements if r.hard]
    assert (stated["compute_capability"].text or "").startswith("on Windows: ")
    assert not extraction.steps  # a Windows wheel is no step on Linux


def test_a_section_about_one_os_and_a_chinese_note() -> None:
    # constructed: a "### Windows" section, a Chinese note, and a note naming Linux too
    section = "## Installation\n\n### Windows\n\nRequires CUDA 12.1 or later.\n"
    note = "## 安装\n\n对于 Windows 用户，需要 CUDA 12.1 及以上版本。\n"
    both = "## Installation\n\nOn Linux and Windows, CUDA 12.1 or later is required.\n"
    for text, hard in ((section, False), (note, False), (both, True)):
        found = extract_docs(SourceFile(ref="README.md", rel="README.md", text=text))
        cuda = [r for r in found.requirements if r.subject == "cuda"]
        assert [r.hard for r in cuda] == [hard], text


def test_an_unsupported_os_or_a_host_name_is_no_note_about_that_os() -> None:
    # constructed; the URL is the one tiktoken downloads its encodings from
    assert one_os("Download cl100k_base from https://openaipublic.blob.core.windows.net/x") is None
    assert one_os("Windows is not supported. Requires CUDA 12.1 or later.") is None
    assert one_os("对于 Windows 用户，需要 CUDA 12.1") == "Windows"
    assert one_os("### macOS") == "macOS"
