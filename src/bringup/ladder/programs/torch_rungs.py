"""Run *inside* the target environment's Python (``python -I torch_rungs.py RUNG --device D
--level L [...]``): exercise one layer of the stack through torch and print ONE JSON object of
evidence on stdout. Standard library and torch only; it judges nothing (bringup's pure judges
do, from the evidence), and it catches what the layer raises so the evidence says which phase
broke and with what message. A hang, a crash or garbage on stdout is what bringup's runner
sees when this script itself cannot answer.

Rungs: ``device`` (the driver tool's answer, the runtime's init, count, names, visible-device
variables), ``operators`` (five ops against a CPU float64 reference per dtype, one timed
matmul), ``communication`` (all_reduce, all_gather, broadcast with one process per device),
``memory`` (allocate a fraction of free memory in blocks, the largest single block, free,
what the allocator gives back).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Callable, Dict, List, Optional

if not __package__:  # run as a script with -I: the other rung modules sit beside this file
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

try:  # imported as bringup.ladder.programs.torch_rungs (bringup's own tests)
    from .rung_common import Evidence, failure
    from .rung_communication import run_communication
    from .rung_device import run_device
    from .rung_memory import run_memory
    from .rung_operators import run_operators
except ImportError:  # run as a script in the target Python
    from rung_common import Evidence, failure  # type: ignore[import-not-found,no-redef]
    from rung_communication import run_communication  # type: ignore[import-not-found,no-redef]
    from rung_device import run_device  # type: ignore[import-not-found,no-redef]
    from rung_memory import run_memory  # type: ignore[import-not-found,no-redef]
    from rung_operators import run_operators  # type: ignore[import-not-found,no-redef]


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("rung", choices=sorted(RUNGS))
    parser.add_argument(
        "--device", required=True, help="the torch device type (cpu, or a backend's)"
    )
    parser.add_argument("--level", default="quick", choices=("quick", "standard", "long"))
    parser.add_argument("--runtime", default="", help="module that adds the device type to torch")
    parser.add_argument("--smi", default="", help="the driver tool, as one argument per word")
    parser.add_argument("--visible", default="", help="the variable choosing visible devices")
    parser.add_argument(
        "--dist-backend", default="gloo", help="torch.distributed backend (gloo, or the device's)"
    )
    parser.add_argument("--world", type=int, default=0, help="processes (0: one per device)")
    parser.add_argument(
        "--budget", type=float, default=0.0, help="seconds before the ladder kills this run"
    )
    parser.add_argument("--rank", type=int, default=-1, help=argparse.SUPPRESS)
    parser.add_argument("--init", default="", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    evidence: Evidence = {"rung": args.rung, "device": args.device, "level": args.level}
    try:
        RUNGS[args.rung](args, evidence)
    except Exception as error:  # every failure of the layer is evidence
        evidence.setdefault("error", failure(evidence.get("phase", args.rung), error))
    sys.stdout.write(json.dumps(evidence, sort_keys=True) + "\n")
    sys.stdout.flush()
    return 0


RUNGS: Dict[str, Callable[[argparse.Namespace, Evidence], None]] = {
    "device": run_device,
    "operators": run_operators,
    "communication": run_communication,
    "memory": run_memory,
}


if __name__ == "__main__":
    sys.exit(main())
