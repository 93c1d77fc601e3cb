"""Peak memory of bringup while a command prints a lot: the process runner streams a child's
output to its log file and keeps only a bounded tail in memory, so a step that prints 200 MB
must not grow bringup by 200 MB.

Each case runs in a fresh interpreter (peak RSS is a high-water mark that never goes down):
the interpreter with ``bringup.process`` imported and nothing run (the floor), then a child
printing ``--mb`` megabytes through ``SubprocessRunner`` with a log file, then the same with
no log file (whole output kept up to the capture cap). Prints each case's peak RSS, the log's
size and the wall time. Run: ``.venv/bin/python bench/process_memory.py [--mb 200]``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

_CASE = """
import json, resource, sys, time
from pathlib import Path
from bringup.process import SubprocessRunner

mode, megabytes, log = sys.argv[1], int(sys.argv[2]), sys.argv[3]
child = (
    "import sys\\n"
    "line = b'x' * 1023 + b'\\\\n'\\n"
    f"for _ in range({megabytes} * 1024): sys.stdout.buffer.write(line)\\n"
)
started = time.perf_counter()
done = None
if mode != "floor":
    done = SubprocessRunner().run(
        [sys.executable, "-c", child], timeout=600, log_path=log if mode == "log" else None
    )
print(json.dumps({
    "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    "wall_s": time.perf_counter() - started,
    "ok": done is None or done.ok,
    "kept_bytes": 0 if done is None else len(done.stdout),
    "log_bytes": Path(log).stat().st_size if mode == "log" else 0,
}))
"""


def run_case(mode: str, megabytes: int, log: Path) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, "-c", _CASE, mode, str(megabytes), str(log)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result: dict[str, float] = json.loads(out)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=200, help="megabytes the child prints")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        log = Path(scratch) / "step.log"
        print(f"child prints {options.mb} MB ({options.mb * 1024 * 1024} bytes)")
        for mode in ("floor", "log", "no-log"):
            figures = run_case(mode, options.mb, log)
            print(
                f"{mode:>7}: peak RSS {figures['peak_rss_mb']:7.1f} MB  "
                f"kept in memory {figures['kept_bytes'] / 1024:8.0f} KiB  "
                f"log {figures['log_bytes'] / 2**20:6.1f} MB  "
                f"wall {figures['wall_s']:5.2f} s  ok={figures['ok']}"
            )


if __name__ == "__main__":
    main()
