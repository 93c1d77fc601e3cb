"""Peak memory of ``bringup up`` while a step prints a lot: the step's output streams to its
log file and only a bounded tail stays in memory, so a step printing 1 GB must leave
``up``'s peak RSS where a step printing 1 MB leaves it.

Makes a one-repo stack in a temp directory (a trusted bringup.toml with one step that writes
``--mb`` megabytes to stdout), runs ``bringup up --yes`` on it in a fresh process for a tiny
(1 MB) and a huge output, and prints each run's peak RSS (``wait4``: the largest of ``up`` and the
processes it waited for), the log's size and the wall time.
Run: ``.venv/bin/python bench/up_output.py [--mb 1024]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_STEP = (
    "import sys\n"
    "chunk = (b'x' * 1023 + b'\\n') * 1024\n"
    "for _ in range(int(sys.argv[1])): sys.stdout.buffer.write(chunk)\n"
)


def _case(root: Path, name: str, kib: int) -> dict[str, object]:
    repo = root / name
    repo.mkdir()
    argv = ["python", "-c", _STEP, str(kib)]
    (repo / "bringup.toml").write_text(
        f'trusted = true\n\n[[steps]]\nname = "print"\nkind = "test"\nargv = {json.dumps(argv)}\n',
        encoding="utf-8",
    )
    state = root / f"state-{name}"
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "bringup", "up", str(repo), "--state", str(state), "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert process.stdout is not None
    out = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    step = json.loads(out)["data"]["steps"][0]
    return {
        "case": name,
        "status": step["status"],
        "log_mb": round(Path(step["log_path"]).stat().st_size / 2**20, 1),
        "peak_rss_mb": round(usage.ru_maxrss / 1024, 1),
        "wall_s": round(wall, 2),
        "exit": os.waitstatus_to_exitcode(status),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=1024)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, kib in (("tiny", 1), ("huge", args.mb)):
            print(json.dumps(_case(root, name, kib)))


if __name__ == "__main__":
    main()
