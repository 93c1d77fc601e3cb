"""What every rung program shares: the evidence type, an exception as evidence, loading torch and
the device's runtime module, opening device 0.

Standard library and torch only: this runs *inside* the target environment's Python (see
``torch_rungs.py``)."""

from __future__ import annotations

import argparse
import platform
import traceback
from typing import Any, Dict, Tuple

Evidence = Dict[str, Any]
MIB = 1 << 20


def failure(phase: str, error: BaseException) -> Evidence:
    """An exception as evidence: where, its type, its message and the traceback's tail."""
    return {
        "phase": phase,
        "type": type(error).__name__,
        "message": str(error)[-4000:],
        "traceback": traceback.format_exc()[-4000:],
    }


def load_runtime(args: argparse.Namespace, evidence: Evidence) -> Any:
    """torch (and the module that adds the device), recorded in the evidence; raises on failure
    with ``phase`` set to ``runtime``."""
    evidence["phase"] = "runtime"
    import torch

    evidence["torch"] = torch.__version__
    if args.runtime:
        module = __import__(args.runtime)
        evidence["runtime_module"] = args.runtime
        evidence["runtime_version"] = str(getattr(module, "__version__", ""))
    return torch


def device_module(torch: Any, device: str) -> Any:
    """``torch.<device>`` (the device type's module, a runtime extension's where it adds one);
    None for the CPU."""
    return None if device == "cpu" else getattr(torch, device)


def synchronize(torch: Any, device: str) -> None:
    module = device_module(torch, device)
    if module is not None:
        module.synchronize()


def cpu_name() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as handle:
            for line in handle:
                if line.lower().startswith(("model name", "cpu model")):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass

    return platform.processor() or platform.machine()


def open_device(args: argparse.Namespace, evidence: Evidence) -> Tuple[Any, Any]:
    """torch and the device module, device 0 made current and named in the evidence."""
    torch = load_runtime(args, evidence)
    evidence["phase"] = "init"
    module = device_module(torch, args.device)
    if module is None:
        evidence["name"] = cpu_name()
        return torch, None
    module.set_device(0)
    evidence["name"] = str(module.get_device_name(0))
    torch.ones(1, device=args.device).add_(1)
    return torch, module
