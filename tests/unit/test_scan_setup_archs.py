"""The device architectures a setup.py builds for, and the names it only looks for (issue
11). Each case quotes the lines of a public repo (repo@commit path:line)."""

from __future__ import annotations

from bringup.scan.extraction import SourceFile
from bringup.scan.setup_py import extract_setup_py


def _capabilities(text: str) -> list[tuple[str, int | None]]:
    found = extract_setup_py(SourceFile(ref="setup.py", rel="setup.py", text=text)).requirements
    return [(r.spec, r.source.line) for r in found if r.subject == "compute_capability"]


# NVIDIA/torch-harmonics@9e9fa53 setup.py:73-87: the spellings of an architecture the user
# may put in TORCH_CUDA_ARCH_LIST, looked for there; the build targets what the user lists
_ALIASES = '''def _torch_cuda_arch_list_has(arch: str) -> bool:
    """Return True if TORCH_CUDA_ARCH_LIST explicitly requests an arch suffix."""
    arch_list = os.environ.get("TORCH_CUDA_ARCH_LIST", "").lower()
    if not arch_list:
        return False

    normalized = arch_list.replace(";", " ").replace(",", " ")
    aliases = {
        "9.0a": ("9.0a", "9a", "sm_90a", "compute_90a"),
        "10.0a": ("10.0a", "10a", "sm_100a", "compute_100a"),
        # GB300 / Blackwell Ultra. Same tcgen05 kernel as 10.0a, but a separate
        # arch-conditional target: an sm_100a cubin will not load on sm_103.
        "10.3a": ("10.3a", "103a", "sm_103a", "compute_103a"),
    }
    return any(alias in normalized for alias in aliases[arch])
'''


def test_architecture_names_a_setup_py_looks_for_are_no_target() -> None:
    assert _capabilities(_ALIASES) == []


def test_an_architecture_name_after_an_option_is_a_target() -> None:
    # the -arch form of NVIDIA's nvcc documentation ("nvcc x.cu -arch sm_80"), as a list of
    # arguments: the value of the option is the target, which the name alone above is not
    assert _capabilities('nvcc_flags = ["-O3", "-arch", "sm_80"]\n') == [(">=8.0", 1)]


# pyg-team/pyg-lib@764e3a4 setup.py:86-94 (indentation cut): torch's architectures, less those
# below the floor a comment states
_PYG = """arch_list = [x for x in arch_flags.split() if x.startswith('sm_')]
# Convert 'sm_75' to '7.5', 'compute_120' to '12.0+PTX'
# Filter out archs < 6.0 (cuCollections requires sm_60+).
parts = []
for x in arch_list:
    prefix, d = x.split('_', 1)
    major = int(d[:-1])
    if major < 6:
        continue
"""


def test_a_floor_a_comment_states_is_the_least_device() -> None:
    assert _capabilities(_PYG) == [(">=6.0", 3)]


def test_an_architecture_a_comment_names_is_no_floor() -> None:
    # pytorch/ao@36027d8 setup.py:596 and NVIDIA/torch-harmonics@9e9fa53 setup.py:84
    text = (
        "# Define sm90a sources that use stable ABI (requires torch >= 2.10.0)\n"
        "# arch-conditional target: an sm_100a cubin will not load on sm_103.\n"
    )
    assert _capabilities(text) == []
