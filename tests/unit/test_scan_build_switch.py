"""A setup.py variable that builds the device code where no device is visible (FORCE_CUDA,
TORCH_CUDA_ARCH_LIST beside ``torch.cuda.is_available()``): a soft env_var. Each case keeps
only the lines it needs, with the public repository, path, lines and commit."""

from __future__ import annotations

import ast

from bringup.scan.buildswitch import device_switches
from scan_needs import source_file

# mit-han-lab/torchsparse @ 385f5ce8, setup.py:20-23.
TORCHSPARSE_SETUP = """if (torch.cuda.is_available() and CUDA_HOME is not None) or (
    os.getenv("FORCE_CUDA", "0") == "1"
):
    device = "cuda"
"""
# facebookresearch/xformers @ ca6d2aa0, setup.py:173-181 and 240-245 (the function body's
# indentation removed, ``else`` for the ``elif`` so that the lines parse).
XFORMERS_SETUP = """if (
    (
        torch.cuda.is_available()
        and (CUDA_HOME is not None)
        and (torch.version.cuda is not None)
    )
    or os.getenv("FORCE_CUDA", "0") == "1"
    or os.getenv("TORCH_CUDA_ARCH_LIST", "") != ""
):
    cuda_version = get_cuda_version(CUDA_HOME)
if (
    torch.version.hip
    and os.getenv("XFORMERS_CK_FLASH_ATTN", "1") == "1"
    and (torch.cuda.is_available() or os.getenv("HIP_ARCHITECTURES", "") != "")
):
    rename_cpp_cu(source_hip)
"""
# pyg-team/pyg-lib @ 764e3a49, setup.py:60-61 and 76-77 (indentation removed).
PYG_LIB_SETUP = """WITH_CUDA = torch.cuda.is_available()
WITH_CUDA = bool(int(os.getenv('FORCE_CUDA', WITH_CUDA)))
if WITH_CUDA and not os.getenv('TORCH_CUDA_ARCH_LIST'):
    arch_flags = torch._C._cuda_getArchFlags()
"""
# NVIDIA/apex @ 6424da3b, setup.py:128-131 (indentation removed).
APEX_SETUP = """if os.environ.get("TORCH_CUDA_ARCH_LIST", None) is None and CUDA_HOME is not None:
    _, bare_metal_version = get_cuda_bare_metal_version(CUDA_HOME)
    if bare_metal_version >= Version("13.0"):
        os.environ["TORCH_CUDA_ARCH_LIST"] = "7.5;8.0;8.6;9.0;10.0;11.0;12.0"
"""


def _switches(text: str) -> list[tuple[str, int | None, tuple[int | None, ...], bool]]:
    found = device_switches(source_file("setup.py", text), ast.parse(text))
    return [(r.spec, r.source.line, tuple(s.line for s in r.also_at), r.hard) for r in found]


def test_a_variable_tested_in_place_of_the_device_probe_is_a_soft_env_var() -> None:
    assert _switches(TORCHSPARSE_SETUP) == [("FORCE_CUDA", 2, (), False)]


def test_the_variables_one_test_names_are_one_need_of_alternatives() -> None:
    # the ROCm branch (12-14) asks for another platform's torch: no need of this build
    assert _switches(XFORMERS_SETUP) == [("FORCE_CUDA", 7, (8,), False)]


def test_a_variable_defaulting_to_the_probe_is_a_switch_and_one_it_derives_is_not() -> None:
    assert _switches(PYG_LIB_SETUP) == [("FORCE_CUDA", 2, (), False)]


def test_a_variable_tested_without_the_device_probe_is_no_switch() -> None:
    assert _switches(APEX_SETUP) == []
