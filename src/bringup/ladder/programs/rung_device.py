"""The device rung: the driver tool's answer, the runtime's init, the count and names of the
devices and the visible-device variables.

Standard library and torch only: this runs *inside* the target environment's Python (see
``torch_rungs.py``)."""

from __future__ import annotations

import argparse
import os
import subprocess
from typing import List

try:  # imported as bringup.ladder.programs.* (bringup's own tests)
    from .rung_common import Evidence, cpu_name, device_module, load_runtime, synchronize
except ImportError:  # run as a script: torch_rungs.py put this folder on sys.path
    from rung_common import Evidence, cpu_name, device_module, load_runtime, synchronize  # type: ignore[import-not-found,no-redef]


def run_device(args: argparse.Namespace, evidence: Evidence) -> None:
    if args.visible in os.environ:
        evidence["visible"] = {args.visible: os.environ[args.visible]}
    if args.smi:
        evidence["phase"] = "driver"
        evidence["driver"] = run_tool(args.smi.split())
    torch = load_runtime(args, evidence)
    module = device_module(torch, args.device)
    evidence["phase"] = "count"
    if module is None:
        evidence["available"] = True
        evidence["count"] = 1
        evidence["names"] = [cpu_name()]
        evidence["threads"] = torch.get_num_threads()
        return
    evidence["available"] = bool(module.is_available())
    evidence["count"] = int(module.device_count())
    evidence["phase"] = "init"
    names = []
    for index in range(evidence["count"]):
        names.append(str(module.get_device_name(index)))
    evidence["names"] = names
    if evidence["count"]:
        module.set_device(0)
        torch.ones(1, device=args.device).add_(1)
        synchronize(torch, args.device)


def run_tool(argv: List[str]) -> Evidence:
    """The driver tool's answer, bounded; never raises. A tool that cannot start keeps the
    system's own words (``message``: "[Errno 2] No such file or directory: 'nvidia-smi'"),
    which explain reads."""
    try:
        done = subprocess.run(argv, capture_output=True, timeout=30, check=False)
    except FileNotFoundError as error:
        return {"argv": argv, "error": f"not found: {argv[0]}", "message": str(error)}
    except subprocess.TimeoutExpired:
        return {"argv": argv, "error": "timed out after 30 s"}
    except OSError as error:
        return {"argv": argv, "error": f"cannot run: {error}", "message": str(error)}
    return {
        "argv": argv,
        "returncode": done.returncode,
        "stdout": done.stdout.decode("utf-8", "replace")[-20000:],
        "stderr": done.stderr.decode("utf-8", "replace")[-4000:],
    }
