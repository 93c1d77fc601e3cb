"""``bringup probe --from`` on a typical pasted report, whole process, against what a
maintainer otherwise asks for: PyTorch's ``collect_env`` (here reading nothing of note: a CPU
torch, no accelerator). Goal: ``probe --from`` under 300 ms.

Both are timed from outside by ``farm-bench`` (whole process: interpreter start-up, imports,
reading, printing), interleaved A B A B so the ratio holds when the machine's speed drifts.
The report is the Chinese/English issue body with a truncated npu-smi table
(tests/data/reports_dev/04-...) plus the collect_env of 06-..., about the size of a typical
issue's environment section; the JSON form is timed too.

Run: ``.venv/bin/python bench/probe_from.py [--torch-python /tmp/torchvenv/bin/python]``
(make a CPU torch with ``python3 -m venv /tmp/torchvenv && /tmp/torchvenv/bin/pip install
torch``; without it only ``probe --from`` is timed).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

DEV = Path(__file__).resolve().parent.parent / "tests" / "data" / "reports_dev"
PARTS = ("04-vllm-ascend-chinese-mixed.txt", "06-vllm-ascend-collect-env-ubuntu1804.txt")
RUNS = 15


def typical_report(directory: Path) -> Path:
    """One issue body made of two real pasted reports."""
    path = directory / "issue-body.md"
    path.write_text("\n\n".join((DEV / name).read_text(encoding="utf-8") for name in PARTS))
    return path


def farm_bench(command: list[str], versus: str | None) -> str:
    argv = ["farm-bench", "-n", str(RUNS), "--warmup", "2", "--timeout", "600"]
    if versus is not None:
        argv += ["--vs", versus]
    result = subprocess.run([*argv, "--", *command], capture_output=True, text=True, check=True)
    return result.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--torch-python", help="a Python with torch, for collect_env")
    args = parser.parse_args()
    if shutil.which("farm-bench") is None:
        print("farm-bench is not on PATH", file=sys.stderr)
        return 2
    bringup = str(Path(sys.executable).with_name("bringup"))
    with tempfile.TemporaryDirectory() as tmp:
        report = typical_report(Path(tmp))
        versus = f"{args.torch_python} -m torch.utils.collect_env" if args.torch_python else None
        for extra in ([], ["--json"]):
            command = [bringup, "probe", *extra, "--from", str(report)]
            print(f"$ {' '.join(command)}" + (f"\n  vs {versus}" if versus else ""))
            print(farm_bench(command, versus))
    return 0


if __name__ == "__main__":
    sys.exit(main())
