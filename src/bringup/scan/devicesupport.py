"""The devices a repo's own Python code runs on besides the ones its docs ask for.

A repo whose package imports a backend's torch adapter (``import torch_npu``, the backends'
``torch_adapters``) supports that backend's devices, even when its install guide only speaks
of GPUs: InternEvo picks an NPU accelerator through torch_npu (InternLM/InternEvo@c628a8c
internlm/accelerator/abstract_accelerator.py:88) while doc/en/install.md asks for CUDA and an
Ampere GPU; torchtune picks ``npu`` the same way (pytorch/torchtune@bd2a0fc torchtune/utils/
_device.py:40). The import is usually guarded (``try``, a branch on the device), so it is no
need and no requirement of the scan: it is a finding (``supports``, its subject the adapter),
which ``solve.kinds`` reads as the repo supporting that kind of device.

Read cheaply: the repo's top-level packages (folders with ``__init__.py``, tests left out), at
most ``_MAX_FILES`` modules of ``moduletexts.MAX_BYTES`` each, the first import of each adapter
only.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from bringup import backends
from bringup.model import file_source
from bringup.scan.extraction import Finding
from bringup.scan.moduletexts import module_text
from bringup.scan.pkgimports import TEST_DIRS, top_packages
from bringup.subjects import python_subject

_MAX_FILES = 3000
_SKIPPED = frozenset({*TEST_DIRS, "examples", "example", "docs", "doc", "benchmarks"})


def _adapters() -> dict[str, str]:
    """Each torch adapter's import name -> what its backend calls its devices."""
    return {
        name: backend.device_kind
        for backend in backends.registered()
        for name in backend.vocabulary.torch_adapters
    }


def _packages(root: Path) -> list[Path]:
    """The repo's top-level packages (``top_packages``) less examples, docs and benchmarks."""
    return [root / name for name in top_packages(root) if name.lower() not in _SKIPPED]


def _modules(root: Path) -> list[Path]:
    found: list[Path] = []
    for package in _packages(root):
        for folder, dirs, files in os.walk(package):
            dirs[:] = sorted(d for d in dirs if d.lower() not in _SKIPPED)
            found.extend(Path(folder, f) for f in sorted(files) if f.endswith(".py"))
            if len(found) >= _MAX_FILES:
                return found[:_MAX_FILES]
    return found


def supported_devices(root: Path, shown: str, component: str) -> list[Finding]:
    """A finding per torch adapter the repo's packages import, cited at its first import."""
    adapters = _adapters()
    if not adapters:
        return []
    names = "|".join(sorted(adapters))
    pattern = re.compile(rf"^\s*(?:import|from)\s+({names})\b")
    prefix = "" if shown in ("", ".") else f"{shown.rstrip('/')}/"
    found: dict[str, Finding] = {}
    for path in _modules(root):
        rel = path.relative_to(root).as_posix()
        text = module_text(path, rel)
        if text is None or not any(name in text for name in adapters if name not in found):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            match = pattern.match(line)
            if match is None or match.group(1) in found:
                continue
            name = match.group(1)
            found[name] = Finding(
                kind="supports",
                message=f"the code imports {name}: it runs on {adapters[name].upper()}s too",
                sources=(file_source(f"{prefix}{rel}", number),),
                component=component,
                subject=python_subject(name),
            )
        if len(found) == len(adapters):
            break
    return list(found.values())
