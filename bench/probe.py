"""``bringup probe --json`` against PyTorch's ``torch/utils/collect_env.py`` on this machine.

Both run as whole processes, interleaved, each at least ``--runs`` times; the script prints
the median wall time of each, the ratio, and how many facts each reports. collect_env is found
in the interpreter given with ``--torch-python`` (a Python with torch installed; bringup does
not depend on torch), and run as ``python collect_env.py`` the way users run it.

Usage: .venv/bin/python bench/probe.py --torch-python /tmp/torchvenv/bin/python [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

_FIND_COLLECT_ENV = (
    "import importlib.util, sys\n"
    "spec = importlib.util.find_spec('torch')\n"
    "if spec is None or not spec.submodule_search_locations:\n"
    "    sys.exit(1)\n"
    "print(list(spec.submodule_search_locations)[0] + '/utils/collect_env.py')\n"
)
_UNKNOWN = ("Could not collect", "N/A", "None", "No CUDA", "")


def find_collect_env(python: str) -> Path | None:
    """``torch/utils/collect_env.py`` of the torch installed in ``python``, without importing
    torch (finding the spec is enough)."""
    done = subprocess.run(
        [python, "-c", _FIND_COLLECT_ENV], capture_output=True, text=True, check=False
    )
    path = Path(done.stdout.strip()) if done.returncode == 0 else None
    return path if path is not None and path.is_file() else None


def timed(argv: list[str]) -> tuple[float, str]:
    started = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{argv[0]} failed ({done.returncode}): {done.stderr.strip()[-300:]}")
    return elapsed, done.stdout


def count_bringup_facts(output: str) -> tuple[int, int, int]:
    """(established, reported, packages): ok facts, devices, toolkits and interpreters count
    once each, and so does each package of the inspected interpreter (counted apart too)."""
    data = json.loads(output)["data"]
    known = sum(1 for f in data["facts"] if f.get("status", "ok") == "ok")
    items = len(data.get("accelerators", [])) + len(data.get("toolkits", []))
    pythons = data.get("pythons", [])
    packages = sum(len(p.get("packages") or []) for p in pythons)
    total = len(data["facts"]) + items + len(pythons) + packages
    return known + items + len(pythons) + packages, total, packages


def count_collect_env_facts(output: str) -> tuple[int, int, int, int]:
    """(established, reported, packages, lscpu): collect_env's ``Key: value`` lines and its
    ``[pip3]``/``[conda]`` package lines; a value of "Could not collect", "N/A", "None" or
    "No CUDA" is not a fact it established. The ``CPU:`` block is ``lscpu`` verbatim (cache
    sizes, one line per CPU vulnerability), counted apart."""
    known = total = packages = lscpu = 0
    in_lscpu = False
    for line in output.splitlines():
        stripped = line.strip()
        if stripped == "CPU:":
            in_lscpu = True
            continue
        if not stripped:
            in_lscpu = False
        if stripped.startswith(("[pip3]", "[pip]", "[conda]")):
            known += 1
            total += 1
            packages += 1
            continue
        key, sep, value = stripped.partition(":")
        if sep and key and not key.startswith(" ") and len(key) < 60:
            total += 1
            established = value.strip() not in _UNKNOWN
            known += established
            lscpu += established and in_lscpu
    return known, total, packages, lscpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--torch-python", required=True, help="a Python with torch installed")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--bringup", default=shutil.which("bringup") or "bringup")
    args = parser.parse_args()
    if args.runs < 5:
        parser.error("--runs must be at least 5 (medians of fewer runs say little)")
    collect_env = find_collect_env(args.torch_python)
    if collect_env is None:
        print(
            f"torch/utils/collect_env.py not found for {args.torch_python}: install torch there"
            " (for example `python -m venv /tmp/torchvenv && /tmp/torchvenv/bin/pip install"
            " torch`) and pass that interpreter with --torch-python",
            file=sys.stderr,
        )
        return 2
    ours_argv = [args.bringup, "probe", "--json"]
    theirs_argv = [args.torch_python, str(collect_env)]
    ours: list[float] = []
    theirs: list[float] = []
    ours_out = theirs_out = ""
    timed(ours_argv)  # warm the page cache for both before measuring
    timed(theirs_argv)
    for _ in range(args.runs):
        elapsed, ours_out = timed(ours_argv)
        ours.append(elapsed)
        elapsed, theirs_out = timed(theirs_argv)
        theirs.append(elapsed)
    ours_median, theirs_median = statistics.median(ours), statistics.median(theirs)
    ours_known, ours_total, ours_packages = count_bringup_facts(ours_out)
    theirs_known, theirs_total, theirs_packages, lscpu = count_collect_env_facts(theirs_out)
    print(f"runs each (interleaved): {args.runs}")
    print(f"bringup probe --json     median {ours_median:.3f} s  (all: {_fmt(ours)})")
    print(f"torch collect_env.py     median {theirs_median:.3f} s  (all: {_fmt(theirs)})")
    print(f"ratio (collect_env / bringup): {theirs_median / ours_median:.1f}x")
    print(
        f"facts established: bringup {ours_known} of {ours_total} reported;"
        f" collect_env {theirs_known} of {theirs_total} reported"
    )
    print(
        f"without package lists: bringup {ours_known - ours_packages};"
        f" collect_env {theirs_known - theirs_packages}"
        f" ({lscpu} of them lscpu's lines, {theirs_known - theirs_packages - lscpu} others)"
    )
    return 0


def _fmt(values: list[float]) -> str:
    return ", ".join(f"{v:.3f}" for v in values)


if __name__ == "__main__":
    raise SystemExit(main())
