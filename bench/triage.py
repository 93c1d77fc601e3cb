"""Throughput of ``bringup explain`` on a 1 GiB log, side by side with ``grep -E -f``.

Writes a log to /tmp, then times, alternately and ``--repeat`` times, ``bringup explain LOG
--json`` (every expression it runs: signatures, vendor fault knowledge, error-code finders,
traceback and failure-line observers, in one pass; with Hyperscan when it is installed, and
with RE2 alone) and ``LC_ALL=C grep -n -E -f patterns.txt LOG`` with the same expressions
converted to POSIX ERE, each writing its output to a file. Prints medians, MB/s, the ratios
(of wall time, and of CPU seconds, which a shared machine disturbs less), peak memory, which
patterns could not be converted, and checks that both engines report the same matches.

``--corpus synthetic`` (default): realistic noise (training steps, NCCL/HCCL info, pip and
compiler output, progress bars, ANSI colours, CRLF lines) with a few planted real errors: a
quiet log, where the prefilter skips almost every block. ``--corpus real``: the real failure
logs of the test corpora (tests/fixtures/logs, tests/data) concatenated over and over: every
block full of lines that signatures, codes and tracebacks match.

``--prepare`` writes the log and grep's pattern file and prints the commands, one a line, for
timing them with an outside harness (side by side, interleaved) instead of the built-in loop.
On the real corpus grep -E -f with these ~1,350 expressions runs at about 0.03 MB/s (GNU grep
3.8: 33 CPU seconds for 1 MB of it, where ``bringup explain`` takes 0.7 s with Hyperscan and
1.8 s with RE2 alone, startup included): give a ``--size`` of 1M to compare with it, the
default 1 GiB for bringup alone.

    .venv/bin/python bench/triage.py [--corpus synthetic|real] [--size 1G] [--repeat 3]
    .venv/bin/python bench/triage.py --corpus real --size 16M --prepare
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional

from bringup.triage import explain_text
from bringup.triage.explain import builtin_matcher

LOG = Path(tempfile.gettempdir()) / "bringup-triage-bench.log"
PATTERNS = Path(tempfile.gettempdir()) / "bringup-triage-bench.patterns"
OUTPUT = Path(tempfile.gettempdir()) / "bringup-triage-bench.out"
BASE_MB = 64
ROOT = Path(__file__).resolve().parent.parent
REAL_LOGS = (ROOT / "tests" / "fixtures" / "logs", ROOT / "tests" / "data")

PLANTED = [
    "ImportError: /usr/lib64/libstdc++.so.6: version `GLIBCXX_3.4.30' not found (required by x.so)",
    "EZ9999: Inner Error!",
    "        Aicore kernel execute failed, device_id=0, stream_id=14, task_id=13",
    "[rank3]:[E626 06:24:44.9 ProcessGroupNCCL.cpp:616] [Rank 3] Watchdog caught collective "
    "operation timeout: WorkNCCL(SeqNum=808, OpType=ALLREDUCE, NumelIn=9801523, "
    "NumelOut=9801523, Timeout(ms)=600000) ran for 600020 milliseconds before timing out.",
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 22.78 GiB. GPU 0 has a total "
    "capacity of 31.47 GiB of which 12.73 GiB is free.",
    "EI0006: Getting socket times out. Reason: 1. The remote does not initiate a connect request.",
]

PACKAGES = ["torch", "numpy", "transformers", "accelerate", "safetensors", "tokenizers", "sympy"]


def _noise_line(rng: random.Random, step: int) -> str:
    """One line in one of the formats a long training or build log is made of."""
    kind = rng.randrange(12)
    hh, mi, ss = rng.randrange(24), rng.randrange(60), rng.randrange(60)
    rank = rng.randrange(8)
    if kind == 0:
        return (
            f"2024-05-21 {hh:02d}:{mi:02d}:{ss:02d},{rng.randrange(1000):03d} - INFO - "
            f"trainer.py:{rng.randrange(2000)} - step {step}/500000 loss={rng.random() * 4:.4f} "
            f"lr={rng.random() * 1e-3:.3e} grad_norm={rng.random() * 10:.3f}"
        )
    if kind == 1:
        return (
            f"node{rank}:{rng.randrange(40000, 60000)}:{rng.randrange(40000, 60000)} [{rank}] NCCL "
            f"INFO Channel {rng.randrange(32):02d}/32 : {rank} -> {(rank + 1) % 8} via P2P/IPC"
        )
    if kind == 2:
        return (
            f"[TRACE] HCCL({rng.randrange(99999)},python):2024-05-21-{hh:02d}:{mi:02d}:{ss:02d}"
            f".{rng.randrange(1000):03d}.{rng.randrange(1000):03d} [status:running] [hcom.cc:"
            f"{rng.randrange(400)}] rankNum[8], rank[{rank}]"
        )
    if kind == 3:
        done = rng.randrange(100)
        bar = "#" * (done // 10) + " " * (10 - done // 10)
        return (
            f"Epoch {step % 90}: {done:3d}%|{bar}| {done * 37}/3700 [{mi:02d}:{ss:02d}<"
            f"{ss:02d}:{mi:02d}, {rng.random() * 9:.2f}it/s, loss={rng.random():.3f}]\r"
        )
    if kind == 4:
        package = rng.choice(PACKAGES)
        version = f"{rng.randrange(1, 5)}.{rng.randrange(30)}.{rng.randrange(9)}"
        return rng.choice(
            [
                f"Collecting {package}=={version}",
                f"  Downloading {package}-{version}-cp310-cp310-manylinux_2_17_x86_64.whl "
                f"({rng.random() * 900:.1f} MB)",
                f"Requirement already satisfied: {package} in /usr/lib/python3/site-packages",
                f"Successfully installed {package}-{version}",
            ]
        )
    if kind == 5:
        return (
            f"[ {rng.randrange(100):2d}%] Building CXX object csrc/CMakeFiles/ops.dir/kernels/"
            f"op_{rng.randrange(500)}.cpp.o"
        )
    if kind == 6:
        return (
            f"\x1b[32mINFO\x1b[0m {mi:02d}-{ss:02d} {hh:02d}:{mi:02d}:{ss:02d} [model_runner.py:"
            f"{rng.randrange(900)}] Loading model weights took {rng.random() * 40:.4f} GB"
        )
    if kind == 7:
        return (
            f'  File "/usr/local/lib/python3.10/site-packages/torch/nn/modules/module.py", line '
            f"{rng.randrange(2000)}, in _call_impl"
        )
    if kind == 8:
        return (
            f"| {rank}     910B2C              | OK            | {rng.random() * 300:.1f}        "
            f"{rng.randrange(30, 80)}                0    / 0             |"
        )
    if kind == 9:
        return (
            f"g++ -pthread -fPIC -I/usr/include/python3.10 -O3 -std=c++17 -c src/kernel_"
            f"{rng.randrange(300)}.cpp -o build/temp/kernel_{rng.randrange(300)}.o"
        )
    if kind == 10:
        return (
            f"WARNING {hh:02d}:{mi:02d}:{ss:02d} checkpoint saved to /ckpt/step_{step}.pt "
            f"({rng.random() * 20:.2f} GB, {rng.randrange(9000)} ms)\r"
        )
    return f"[rank{rank}] tokens/s {rng.randrange(10000, 90000)} mfu {rng.random():.3f} step {step}"


def write_log(path: Path, size_mb: int, seed: int = 7) -> tuple[int, int]:
    """A log of about ``size_mb`` MiB: a noise block repeated, with planted errors in each copy.
    Returns (bytes written, planted error lines)."""
    rng = random.Random(seed)
    lines: list[str] = []
    size = 0
    step = 0
    while size < BASE_MB << 20:
        line = _noise_line(rng, step) + "\n"
        lines.append(line)
        size += len(line)
        step += 1
    base = "".join(lines).encode()
    planted = 0
    written = 0
    with path.open("wb") as out:
        while written < size_mb << 20:
            cut = base.index(b"\n", rng.randrange(len(base) - 1)) + 1
            errors = "".join(line + "\n" for line in rng.sample(PLANTED, 2)).encode()
            chunk = base[:cut] + errors + base[cut:]
            out.write(chunk)
            written += len(chunk)
            planted += 2
    return written, planted


def write_real_log(path: Path, size_mb: int) -> tuple[int, int]:
    """The real sample logs, concatenated (sorted by path, each ending with a newline) and
    repeated to about ``size_mb`` MiB. Returns (bytes written, sample logs per copy)."""
    logs = sorted(p for directory in REAL_LOGS for p in directory.rglob("*.log"))
    copy = b"".join(data if data.endswith(b"\n") else data + b"\n" for data in map(_read, logs))
    written = 0
    with path.open("wb") as out:
        while written < size_mb << 20:
            out.write(copy)
            written += len(copy)
    return written, len(logs)


def _read(path: Path) -> bytes:
    return path.read_bytes()


def to_ere(pattern: str) -> Optional[str]:
    """``pattern`` (RE2) as POSIX ERE for ``grep -E``, or None when it cannot be expressed.
    Lazy quantifiers become greedy: whether a line matches does not change."""
    classes = {"d": "0-9", "w": "[:alnum:]_", "s": "[:space:]"}
    out: list[str] = []
    index = 0
    in_class = False
    while index < len(pattern):
        char = pattern[index]
        if char == "\\" and index + 1 < len(pattern):
            nxt = pattern[index + 1]
            if nxt in classes:
                out.append(classes[nxt] if in_class else f"[{classes[nxt]}]")
            elif nxt.isupper() and nxt.lower() in classes and not in_class:
                out.append(f"[^{classes[nxt.lower()]}]")
            elif nxt == "b" and not in_class:
                out.append("\\b")  # GNU grep's word boundary
            elif nxt.isalnum():
                return None
            else:
                out.append("\\" + nxt if not in_class else nxt)
            index += 2
            continue
        if in_class:
            in_class = char != "]"
            out.append(char)
        elif char == "[":
            in_class = True
            out.append(char)
            if pattern.startswith("^", index + 1):
                out.append("^")
                index += 1
            if pattern.startswith("]", index + 1):
                out.append("]")
                index += 1
        elif pattern.startswith("(?P<", index):
            index = pattern.index(">", index)
            out.append("(")
        elif pattern.startswith(("(?:", "(?m:"), index):
            index = pattern.index(":", index)  # grep reads line by line: ^ and $ are the line's
            out.append("(")
        elif pattern.startswith("(?", index):
            return None
        elif char == "?" and out and out[-1] in ("*", "+", "?", "}"):
            pass
        else:
            out.append(char)
        index += 1
    return "".join(out)


def _run(argv: list[str], env: dict[str, str], out: Path) -> tuple[float, int, int, float]:
    """Wall time, exit code, peak RSS (KiB) and CPU seconds (user and system, the command's
    and its workers') of one command, its output written to ``out``.

    Never to /dev/null: GNU grep (since 2.26, "grep can be much faster now when standard
    output is /dev/null", NEWS) then stops at the first match, as -q does, and scans a few
    megabytes instead of the whole log."""
    started = time.perf_counter()
    with out.open("wb") as stream:
        process = subprocess.Popen(argv, stdout=stream, env=env)
        _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    cpu = usage.ru_utime + usage.ru_stime
    return time.perf_counter() - started, process.returncode, usage.ru_maxrss, cpu


def _engines() -> list[str]:
    """The engines to time: Hyperscan when it is installed, and RE2 alone."""
    try:
        import hyperscan  # noqa: F401
    except ImportError:
        return ["re2"]
    return ["hyperscan", "re2"]


def _found(report: str) -> tuple[str, list[tuple[str, int, list[int]]]]:
    """The engine and (signature, matches, evidence lines) of a ``bringup explain --json``."""
    data = json.loads(report)["data"]
    diagnoses = [
        (d["signature_id"], d["matches"], [e["line"] for e in d["evidence"]])
        for d in data["diagnoses"]
    ]
    return data["engine"], sorted(diagnoses)


Commands = dict[str, tuple[list[str], dict[str, str]]]


def _time(
    commands: Commands, outputs: dict[str, Path], repeat: int
) -> tuple[dict[str, list[float]], dict[str, int], dict[str, int], dict[str, list[float]]]:
    """Each command ``repeat`` times, alternately: wall times, peak RSS, exit codes and CPU
    times (on a shared machine the CPU seconds move less than the wall time)."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    peaks: dict[str, int] = {}
    codes: dict[str, int] = {}
    for _ in range(repeat):
        for name, (argv, env) in commands.items():
            elapsed, code, peak, cpu = _run(argv, env, outputs[name])
            times[name].append(elapsed)
            cpus[name].append(cpu)
            peaks[name] = max(peaks.get(name, 0), peak)
            codes[name] = code
    return times, peaks, codes, cpus


def _write_patterns(patterns: tuple[str, ...]) -> list[str]:
    """The ERE file grep reads; returns the patterns ERE cannot express. Checks first that
    the synthetic noise matches nothing."""
    converted = [(p, to_ere(p)) for p in patterns]
    PATTERNS.write_text("".join(f"{ere}\n" for _, ere in converted if ere), encoding="utf-8")
    noise = "".join(_noise_line(random.Random(1), i) + "\n" for i in range(20000))
    assert explain_text(noise) == [], "the noise itself must not match any signature"
    return [p for p, ere in converted if ere is None]


def _print_commands(commands: Commands, size: int) -> None:
    """The commands to time, one a line, with the variables they need."""
    print(f"log: {size} bytes ({size / 1e6:.1f} MB) in {LOG}; patterns in {PATTERNS}")
    for name, (argv, env) in commands.items():
        setting = [f"{k}={env[k]}" for k in ("BRINGUP_TRIAGE_ENGINE", "LC_ALL") if k in env]
        print(f"{name}: {shlex.join([*setting, *argv])} > {OUTPUT}")


def mebibytes(text: str) -> int:
    """A size such as ``1G``, ``100M``, ``512MiB`` or ``64`` (MiB) in MiB."""
    match = re.fullmatch(r"\s*(\d+)\s*([KMGT]?)(?:i?B)?\s*", text, re.IGNORECASE)
    if match is None:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} (e.g. 1G, 100M)")
    number, unit = int(match.group(1)), match.group(2).upper() or "M"
    scale = {"K": 1 / 1024, "M": 1, "G": 1024, "T": 1024 * 1024}[unit]
    return max(1, int(number * scale))


def _print_figures(
    times: dict[str, list[float]],
    cpus: dict[str, list[float]],
    peaks: dict[str, int],
    codes: dict[str, int],
    *,
    megabytes: float,
    engines: list[str],
) -> None:
    """Each command's medians, and bringup's ratios to grep by wall time and CPU seconds."""
    medians = {name: statistics.median(values) for name, values in times.items()}
    cpu = {name: statistics.median(values) for name, values in cpus.items()}
    for name, median in medians.items():
        runs = ", ".join(f"{t:.2f}" for t in times[name])
        print(
            f"{name:<28} median {median:6.2f} s  {megabytes / median:7.1f} MB/s  "
            f"cpu {cpu[name]:6.2f} s  peak RSS {peaks[name] / 1024:5.0f} MiB  "
            f"exit {codes[name]}  runs [{runs}]"
        )
    for name in engines:
        ratio = medians["grep -E -f"] / medians[name]
        by_cpu = cpu["grep -E -f"] / cpu[name]
        print(
            f"ratio grep time / {name} time: {ratio:.2f}x  (goal >= 1); CPU seconds: {by_cpu:.2f}x"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", choices=("synthetic", "real"), default="synthetic")
    parser.add_argument("--size", type=mebibytes, default=1024, help="log size (1G, 100M)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--keep", action="store_true", help="keep the generated log")
    parser.add_argument(
        "--prepare", action="store_true", help="write the log and patterns, print the commands"
    )
    parser.add_argument("--write-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.write_only:
        writer = write_real_log if args.corpus == "real" else write_log
        size, planted = writer(LOG, args.size)
        print(f"{size} {planted}")
        return 0

    matcher = builtin_matcher()
    patterns = matcher.patterns
    failed = _write_patterns(patterns)

    print(f"writing {args.size} MiB of {args.corpus} logs to {LOG} ...", flush=True)
    # Written by a child process, so that this one stays small: a child's peak RSS includes
    # its parent's at the time it was spawned.
    child = [sys.executable, __file__, "--write-only", "--corpus", args.corpus]
    written = subprocess.run(
        [*child, "--size", f"{args.size}M"],
        capture_output=True,
        text=True,
        check=True,
    )
    size, planted = (int(field) for field in written.stdout.split())
    megabytes = size / 1e6
    bringup = [sys.executable, "-m", "bringup", "explain", str(LOG), "--json", "--top", "50"]
    grep = ["grep", "-n", "-E", "-f", str(PATTERNS), str(LOG)]
    commands: Commands = {
        f"bringup explain ({engine})": (bringup, dict(os.environ, BRINGUP_TRIAGE_ENGINE=engine))
        for engine in _engines()
    }
    commands["grep -E -f"] = (grep, dict(os.environ, LC_ALL="C"))
    if args.prepare:
        _print_commands(commands, size)
        return 0
    outputs = {name: OUTPUT.with_suffix(f".{index}") for index, name in enumerate(commands)}
    try:
        subprocess.run(grep, env=commands["grep -E -f"][1], capture_output=True, check=False)
        times, peaks, codes, cpus = _time(commands, outputs, args.repeat)
        grep_lines = len(outputs["grep -E -f"].read_bytes().splitlines())
        reports = {
            name: _found(outputs[name].read_text(encoding="utf-8"))
            for name in commands
            if name.startswith("bringup")
        }
        early, _, _, _ = _run(grep, commands["grep -E -f"][1], Path(os.devnull))
    finally:
        for path in [*outputs.values(), *([] if args.keep else [LOG])]:
            path.unlink(missing_ok=True)

    found = {name: sum(matches for _, matches, _ in report[1]) for name, report in reports.items()}
    what = "sample logs per copy" if args.corpus == "real" else "planted error lines"
    print(f"log: {megabytes:.0f} MB, {planted} {what}; grep matched {grep_lines}")
    for name, (engine, _) in reports.items():
        print(f"{name}: engine {engine}, {found[name]} matching (line, signature) pairs")
    assert len({str(report[1]) for report in reports.values()}) == 1, "engines disagree"
    signatures = len(matcher.catalogue.signatures)
    print(f"patterns: {len(patterns)} (signatures and knowledge: {signatures}; and observers)")
    print(f"not convertible to ERE: {failed if failed else 'none'}")
    _print_figures(times, cpus, peaks, codes, megabytes=megabytes, engines=list(reports))
    print(f"(grep -E -f > /dev/null: {early:.2f} s, it stops at the first match: not comparable)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
