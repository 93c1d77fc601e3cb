"""The fuzz harness: real files (the example repos, recorded command outputs, sample logs,
recorded hosts) mutated the ways an outsider's input goes wrong -- byte flips, truncation,
huge numbers, odd unicode, deep nesting, terminal escapes -- and run through whole commands
in-process under ``--json``.

A run passes when the command exits 0, 1 or 2 (never 3, never an exception), prints exactly
one valid envelope whose ``exit_code`` is the exit code, and finishes within ``SLOW_S``.
``tests/fuzz/test_fuzz.py`` drives it from hypothesis inside ``make test``; ``make fuzz``
runs ``tests/fuzz/run.py`` for a long count.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cpuclock import cpu_seconds

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
STACK = ROOT / "examples" / "six-repos"
HOST = FIXTURES / "hosts" / "linux-aarch64-ascend-910b-two-cann-toolkits"
SLOW_S = 5.0


def _texts(folder: Path, pattern: str) -> list[Path]:
    return sorted(
        p
        for p in folder.glob(pattern)
        if p.is_file() and p.name != "SOURCE.md" and not p.name.endswith(".expected.json")
    )


REPO_FILES = sorted(
    p.relative_to(STACK)
    for p in STACK.rglob("*")
    if p.is_file()
    and (p.name.lower().startswith("readme") or p.suffix in (".toml", ".txt", ".cfg", ".py", ".sh"))
    and len(p.relative_to(STACK).parts) > 1
)
LOGS = _texts(FIXTURES / "logs", "*/*")[:200]
OUTPUTS = _texts(FIXTURES / "commands", "*/*")
SNAPSHOTS = sorted((FIXTURES / "hosts").glob("*/snapshot.expected.json"))


# -- mutations: each takes the real bytes and returns them gone wrong --------------------------


def flip(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if out:
            out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randint(0, len(data))]


def huge_number(data: bytes, rng: random.Random) -> bytes:
    digits = str(rng.choice([9, 10**20, 10**400])).encode() * rng.choice([1, 50, 5000])
    return _insert(data, rng, digits)


def odd_unicode(data: bytes, rng: random.Random) -> bytes:
    pieces = [
        "\u202e",
        "\ufeff",
        "\x1b]0;",
        "\x1b[2J",
        "\r",
        "\x00",
        "版本 ≥ 8.0",
        "[/]",
        "\uff10\u0e51",
    ]
    text = rng.choice(pieces).encode("utf-8") * rng.randint(1, 20)
    return _insert(data, rng, text)


def nesting(data: bytes, rng: random.Random) -> bytes:
    depth = rng.choice([50, 500, 5000])
    kind = rng.choice([b"[" * depth, b"{" * depth, b"[a" + b".a" * depth + b"]\n", b"(" * depth])
    return _insert(data, rng, kind)


def duplicate(data: bytes, rng: random.Random) -> bytes:
    lines = data.splitlines(keepends=True)
    if not lines:
        return data
    line = rng.choice(lines)[:500]  # a text without line ends is one "line": cap it, or three
    return data + line * rng.choice([2, 100, 3000])  # duplications grow it 3000**3-fold


MUTATIONS: tuple[Callable[[bytes, random.Random], bytes], ...] = (
    flip,
    truncate,
    huge_number,
    odd_unicode,
    nesting,
    duplicate,
)


def _insert(data: bytes, rng: random.Random, piece: bytes) -> bytes:
    at = rng.randint(0, len(data))
    return data[:at] + piece + data[at:]


def mutate(data: bytes, rng: random.Random) -> bytes:
    for _ in range(rng.randint(1, 3)):
        data = rng.choice(MUTATIONS)(data, rng)
    return data


# -- entry points: each builds one mutated input under ``work`` and names the command ----------


def _repo_with(work: Path, rng: random.Random) -> Path:
    repo = work / "repo"
    relative = rng.choice(REPO_FILES)
    source = STACK / relative.parts[0]
    shutil.copytree(source, repo, symlinks=True)
    target = repo.joinpath(*relative.parts[1:])
    target.write_bytes(mutate(target.read_bytes(), rng))
    return repo


def scan_args(work: Path, rng: random.Random) -> list[str]:
    return ["scan", str(_repo_with(work, rng)), "--json"]


def check_args(work: Path, rng: random.Random) -> list[str]:
    return ["check", str(_repo_with(work, rng)), "--snapshot", str(HOST), "--json"]


def explain_args(work: Path, rng: random.Random) -> list[str]:
    log = work / "failure.log"
    log.write_bytes(mutate(rng.choice(LOGS).read_bytes(), rng))
    return ["explain", str(log), "--json"]


def probe_from_args(work: Path, rng: random.Random) -> list[str]:
    report = work / "report.txt"
    report.write_bytes(mutate(rng.choice(OUTPUTS).read_bytes(), rng))
    return ["probe", "--from", str(report), "--json"]


def snapshot_args(work: Path, rng: random.Random) -> list[str]:
    snapshot = work / "snapshot.json"
    snapshot.write_bytes(mutate(rng.choice(SNAPSHOTS).read_bytes(), rng))
    return ["check", str(STACK / "ascend-comm"), "--snapshot", str(snapshot), "--json"]


ENTRY_POINTS: dict[str, Callable[[Path, random.Random], list[str]]] = {
    "scan": scan_args,
    "check": check_args,
    "explain": explain_args,
    "probe --from": probe_from_args,
    "check --snapshot": snapshot_args,
}


@dataclass
class Tally:
    """What a long run found, per entry point."""

    inputs: int = 0
    exceptions: list[str] = field(default_factory=list)
    slow: list[str] = field(default_factory=list)
    invalid: list[str] = field(default_factory=list)


def run_one(argv: list[str]) -> tuple[str | None, str | None, float]:
    """Run ``argv`` in-process: (a crash, an envelope problem, CPU seconds taken)."""
    from bringup.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    started = cpu_seconds()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except BaseException as escaped:
            return f"{type(escaped).__name__}: {escaped}", None, cpu_seconds() - started
    took = cpu_seconds() - started
    if code not in (0, 1, 2):
        return f"exit {code}: {err.getvalue()[-400:]}", None, took
    try:
        envelope = json.loads(out.getvalue())
    except ValueError as problem:
        return None, f"stdout is not one JSON document: {problem}", took
    if not isinstance(envelope, dict) or envelope.get("exit_code") != code:
        return None, f"envelope exit_code {envelope.get('exit_code')!r} for exit {code}", took
    return None, None, took
