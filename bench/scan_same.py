"""Check that a change to the scanner left its output alone: `bringup scan --json` of every
checkout under the given directories, run with this checkout's sources and with a reference
checkout's (``--base``), compared byte for byte. Prints only whether each repo's output is the
same and how many lines differ, never the lines themselves: the checkouts may be held-out
evaluation repos, whose per-case output must not be read.

    .venv/bin/python bench/scan_same.py --base ../base DIR [DIR ...]

A speed change must leave every output identical; the reference's outputs are kept under
``--keep`` (one file per repo and digest of the reference's sources) so repeated checks rerun
only this checkout's scans.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def _digest(src: Path) -> str:
    """Digest of a checkout's Python sources and data: the key of its kept outputs."""
    sha = hashlib.sha256()
    for path in sorted(src.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            sha.update(str(path.relative_to(src)).encode() + b"\0" + path.read_bytes())
    return sha.hexdigest()[:16]


def _scan(root: Path, repo: Path) -> bytes:
    argv = [sys.executable, "-m", "bringup", "scan", "--json", str(repo)]
    done = subprocess.run(
        argv, capture_output=True, check=False, env={**os.environ, "PYTHONPATH": str(root / "src")}
    )
    return done.stdout + b"\n--rc %d--\n" % done.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="+", type=Path, help="directories of checkouts")
    parser.add_argument("--base", type=Path, required=True, help="the reference checkout")
    parser.add_argument("--keep", type=Path, default=Path(tempfile.gettempdir()) / "scan_same")
    args = parser.parse_args()
    base = args.base.resolve()
    kept = args.keep / _digest(base / "src" / "bringup")
    kept.mkdir(parents=True, exist_ok=True)
    differ = 0
    for repo in sorted(r for d in args.dirs for r in d.iterdir() if r.is_dir()):
        reference = kept / f"{repo.parent.name}__{repo.name}.json"
        if not reference.exists():
            reference.write_bytes(_scan(base, repo))
        want, got = reference.read_bytes(), _scan(HERE, repo)
        opcodes = difflib.SequenceMatcher(None, want.splitlines(), got.splitlines()).get_opcodes()
        changed = sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in opcodes if tag != "equal")
        differ += want != got
        print(f"{'same' if want == got else 'DIFFERS':8}{changed:6}  {repo}", flush=True)
    print(f"{differ} of the outputs differ")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
