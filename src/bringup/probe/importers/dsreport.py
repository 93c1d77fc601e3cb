"""DeepSpeed's ``ds_report``: its "general environment info" block, dotted rows, no colons.

``ds_report`` (deepspeed/env_report.py) ends with::

    DeepSpeed general environment info:
    torch install path ............... ['/opt/conda/lib/python3.8/site-packages/torch']
    torch version .................... 2.0.1+cu117
    deepspeed info ................... 0.10.0, unknown, unknown
    torch cuda version ............... 11.7
    nvcc version ..................... 11.3
    deepspeed wheel compiled w. ...... torch 2.0, cuda 11.7

(DeepSpeed issues pasted in many repos' notes; newer releases print each value as a list,
``['2.1.0']``). The rows that state the host are rewritten in the form PyTorch's collect_env
reader knows: ``torch version`` as its ``PyTorch version``, ``torch cuda version`` as ``CUDA
used to build PyTorch``, ``nvcc version`` as ``CUDA runtime version`` (collect_env reads that
from ``nvcc --version`` too), ``deepspeed info`` as the package row ``deepspeed <version>``,
and ``torch install path``, when it is a ``lib/pythonX.Y/site-packages`` directory (ds_report
prints no Python version of its own), as ``Python version: X.Y``, the interpreter torch is
installed for. The others are left out: the deepspeed install path, and ``deepspeed wheel
compiled w.``, the torch and CUDA the wheel was built against, which are not this host's
(read as the host's, they gave "torch 2.7" and "CUDA 0.0"). Rows keep their line numbers.
"""

from __future__ import annotations

import re

_HEADER = re.compile(r"^\s*DeepSpeed general environment info:\s*$")
_ROW = re.compile(r"^\s*(?P<label>\S(?:.*?\S)?)\s+\.{3,}\s+(?P<value>\S.*?)\s*$")
_SITE = re.compile(r"/lib/python(?P<version>\d+\.\d+)/(?:site|dist)-packages/")
_LIST = re.compile(r"^\[\s*'?(?P<first>[^',\]]*)'?")
_FIELDS = {
    "torch version": "PyTorch version: {}",
    "torch cuda version": "CUDA used to build PyTorch: {}",
    "nvcc version": "CUDA runtime version: {}",
    "deepspeed info": "deepspeed {}",
}


def _first(value: str) -> str:
    """The first item of a row's value: ``0.10.0, unknown, unknown`` and ``['0.12.6', ...]``
    -> the version."""
    listed = _LIST.match(value)
    text = listed.group("first") if listed is not None else value
    return text.split(",")[0].strip()


def ds_report(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """``lines`` with each ds_report environment block's rows rewritten (see the module)."""
    if not any(_HEADER.match(line) for _, line in lines):
        return lines
    found: list[tuple[int, str]] = []
    inside = False
    for number, line in lines:
        if _HEADER.match(line):
            inside = True
            continue
        row = _ROW.match(line) if inside else None
        if row is None:
            inside = inside and line.strip().startswith("---")
            found.append((number, line))
            continue
        label = row.group("label").lower()
        site = _SITE.search(row.group("value")) if label == "torch install path" else None
        if site is not None:
            found.append((number, f"Python version: {site.group('version')}"))
        form = _FIELDS.get(label)
        if form is not None:
            found.append((number, form.format(_first(row.group("value")))))
    return found
