"""detectron2's ``collect_env`` report: a two-column table between rules of dashes, no colons.

``python -m detectron2.utils.collect_env`` (and the SRFormer, Grounded-SAM... issue templates that
ask for it) prints ``tabulate`` rows::

    -------------------------------  ---------------------------------------------
    sys.platform                     linux
    Python                           3.8.16 (default, Mar  2 2023, 03:21:46) [GCC 11.2.0]
    PyTorch                          1.9.0 @/home/arl/anaconda3/envs/mask/lib/.../torch
    GPU available                    Yes
    GPU 0                            NVIDIA T550 Laptop GPU (arch=7.5)
    Driver version                   525.105.17
    TORCH_CUDA_ARCH_LIST             5.2 6.0 6.1 7.0 7.5 8.0 8.6+PTX

(facebookresearch/detectron2#4991, #5135, #4928; older ones say ``CUDA available`` and list
``GPU 0,1,2,3  Tesla K80`` without the architecture, #722). Each row inside the rules is
rewritten in the form PyTorch's collect_env reader knows (``Label: value``): ``Python`` and
``PyTorch`` as its ``Python version`` and ``PyTorch version`` (the install path dropped), a GPU
row as its ``GPU 0: <name>`` device line plus sglang's ``GPU 0 Compute Capability: 7.5`` for
the ``(arch=7.5)``, a variable's row (``TORCH_CUDA_ARCH_LIST``) as ``NAME=value`` (a variable,
never a package), ``name  version`` package rows as they are; the other labels are the
backends' report terms (``Driver version``). Rows keep their line numbers.

A detectron2 whose extension is built prints the compilers that built it instead of the host's
(facebookresearch/detectron2@16a47a98 detectron2/utils/collect_env.py: ``Compiler`` and ``CUDA
compiler`` from ``_C``, where an unbuilt one prints ``Compiler ($CXX)`` and nvcc's last line):
those two rows are the build's, not the host's, and are left out (outsider 13, D8's class).
"""

from __future__ import annotations

import re

_RULE = re.compile(r"^\s*-{3,}\s{2,}-{3,}\s*$")
_ROW = re.compile(r"^\s*(\S(?:.*?\S)?)\s{2,}(\S.*?)\s*$")
_GPU = re.compile(r"^GPU (\d+(?:,\d+)*)$")
_ARCH = re.compile(r"\s*\(arch=(\d+\.\d+)\)\s*$")
_VARIABLE = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
_PLACE = re.compile(r"\s+@\S*$")
_RENAMED = {"Python": "Python version", "PyTorch": "PyTorch version"}
_BUILT = ("Compiler", "CUDA compiler")
"""The rows of a built extension's compilers (see the module)."""


def _row(number: int, label: str, value: str) -> list[tuple[int, str]]:
    gpu = _GPU.match(label)
    if gpu is not None:
        arch = _ARCH.search(value)
        name = value[: arch.start()] if arch is not None else value
        found = [(number, f"GPU {gpu.group(1)}: {name}")]
        if arch is not None:
            found.append((number, f"GPU {gpu.group(1)} Compute Capability: {arch.group(1)}"))
        return found
    if _VARIABLE.match(label):
        return [] if value.startswith("<not set>") else [(number, f"{label}={value}")]
    if label in _RENAMED:
        return [(number, f"{_RENAMED[label]}: {_PLACE.sub('', value)}")]
    if value[:1].isdigit():  # a package row ("numpy  1.23.5", "detectron2  0.6 @/...")
        return [(number, f"{label} {value}")]
    return [(number, f"{label}: {value}")]


def tabulated(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """``lines`` with the rows of each detectron2-style table rewritten (see the module)."""
    if not any(_RULE.match(line) for _, line in lines):
        return lines
    found: list[tuple[int, str]] = []
    inside = built = False
    for number, line in lines:
        if _RULE.match(line):
            inside = not inside
            built = False
            found.append((number, line))
            continue
        row = _ROW.match(line) if inside else None
        if row is None:
            found.append((number, line))
            continue
        built = built or row.group(1) == "Compiler"
        if built and row.group(1) in _BUILT:
            continue
        found += _row(number, row.group(1), row.group(2))
    return found
