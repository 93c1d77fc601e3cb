"""Pure judges: one rung's evidence (the JSON its program printed) -> a ``Judgement``.

No I/O: the driver tool's output is read by the backend's own parser (``Rung.smi_parser``), the
chip's nominal peak comes in as data (``Peaks``), so every judgement is tested on recorded
evidence from healthy and broken hosts.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping, Sequence
from typing import Callable, Optional

import msgspec

from bringup.ladder.model import Evidence, Judgement, Rung
from bringup.model.snapshot import Accelerator
from bringup.model.source import Source
from bringup.parsing import Collected

TOLERANCE: Mapping[str, float] = {"fp32": 1e-3, "fp16": 1e-2, "bf16": 5e-2}
"""Relative tolerance per dtype, used as ``|got - ref| <= tol * (1 + max|ref|)`` against a
float64 CPU reference computed from the same rounded inputs. fp32 allows for TF32/HF32, which
devices enable for matmul and convolution by default (an error of about 1e-3 relative);
fp16 has 11 significant bits and bf16 8, and sums of a few hundred products lose a few more."""

MEMORY_SLACK = 64 << 20
"""Bytes an allocator may keep after everything is freed before it counts as a leak (a
runtime's own bookkeeping, the CPU's page cache of a freed block)."""

LOW_PEAK_RATIO = 0.05
"""Below this share of the nominal peak the timed matmul earns a note (a small quick-level
matrix rarely reaches it; a far lower figure is worth a look)."""


class Peak(msgspec.Struct, frozen=True):
    """A device's nominal dense TFLOP/s in one dtype, from the knowledge base."""

    device: str
    dtype: str
    tflops: float
    source: str


class Peaks(msgspec.Struct, frozen=True):
    """The peaks the knowledge base knows, by device name exactly as the runtime reports it
    (``torch.<device>.get_device_name``: the vendor tool's product
    name or the SoC name, per backend). Exact on purpose: a product's variant (``<name> NVL``,
    ``<family>B3``) is not the product or family it extends."""

    entries: tuple[Peak, ...] = ()

    def find(self, device: str, dtype: str) -> Optional[Peak]:
        wanted = device.strip().lower()
        return next(
            (p for p in self.entries if p.dtype == dtype and p.device.lower() == wanted), None
        )


Judge = Callable[[Rung, Evidence, Peaks], Judgement]


def judge(rung: Rung, evidence: Evidence, peaks: Optional[Peaks] = None) -> Judgement:
    """The judgement of ``evidence`` by ``rung``'s judge."""
    found = JUDGES.get(rung.judge)
    if found is None:
        return Judgement(verdict="ERROR", reason=f"no judge named {rung.judge!r}", phase="judge")
    return found(rung, evidence, peaks if peaks is not None else Peaks())


def raised(evidence: Evidence, rung: Optional[Rung] = None) -> Optional[Judgement]:
    """FAIL with the exception the program caught, if it caught one; BLOCKED when it is the
    interpreter's lack of the framework the ``rung`` runs on (``_without_runtime``)."""
    error = evidence.get("error")
    if not isinstance(error, dict):
        return None
    phase = str(error.get("phase") or evidence.get("phase") or "")
    absent = _without_runtime(rung, error, phase) if rung is not None else None
    if absent is not None:
        return absent
    message = str(error.get("message") or "").strip()
    first = _first_line(message) or str(error.get("type") or "error")
    return Judgement(
        verdict="FAIL",
        reason=f"{error.get('type', 'error')} in {phase}: {first}",
        phase=phase,
        error_text=str(error.get("traceback") or message),  # a traceback ends with the message
    )


_NO_MODULE = re.compile(r"No module named '(\w+)'")


def _without_runtime(rung: Rung, error: Evidence, phase: str) -> Optional[Judgement]:
    """BLOCKED, not FAIL, when loading the runtime found no torch (or no module the rung's
    ``--runtime`` names) at all: the interpreter is not an environment of the stack, so nothing
    was tested, and the traceback is bringup's own rung program's (outsider test 22 item 17:
    ``bringup ladder`` in a Python without torch printed "[ FAIL ] device-init" and
    rung_device.py's frames). A module that torch itself fails to import is still a FAIL."""
    found = _NO_MODULE.fullmatch(str(error.get("message") or "").strip())
    if phase != "runtime" or error.get("type") != "ModuleNotFoundError" or found is None:
        return None
    args = list(rung.args)
    runtime = args[args.index("--runtime") + 1] if "--runtime" in args[:-1] else ""
    module = found.group(1)
    if module not in ("torch", runtime):
        return None
    return Judgement(
        verdict="BLOCKED",
        reason=f"no {module} in this Python: run the ladder in the stack's environment "
        "(--python PATH or --env DIR)",
        phase=phase,
    )


def _first_line(text: str) -> str:
    """The first non-empty line of a message, cut to 300 characters: the runtimes (device
    extensions, collective libraries) put what went wrong first and the details after."""
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:300]
    return ""


# -- device ---------------------------------------------------------------------------------


def judge_device(rung: Rung, evidence: Evidence, peaks: Peaks) -> Judgement:
    """The driver tool sees healthy devices, the runtime imports and initialises, and sees as
    many devices as the driver (or as the visible-device variable allows)."""
    driver: Optional[Collected] = None
    if rung.smi_parser is not None:
        driver_or_failure = _driver(rung, evidence)
        if isinstance(driver_or_failure, Judgement):
            return driver_or_failure
        driver = driver_or_failure
    failed = raised(evidence, rung)
    if failed is not None:
        return failed
    count = int(evidence.get("count") or 0)
    names = [str(n) for n in evidence.get("names") or ()]
    visible = {str(k): str(v) for k, v in (evidence.get("visible") or {}).items()}
    if count == 0:
        why = "is_available() is False" if not evidence.get("available") else "count is 0"
        shown = ", ".join(f"{k}={v!r}" for k, v in visible.items())
        return Judgement(
            verdict="FAIL",
            phase="count",
            reason=f"the runtime sees no device ({why})" + (f" with {shown}" if shown else ""),
        )
    notes: list[str] = []
    if driver is not None:
        mismatch = _count_mismatch(driver.accelerators, count, visible)
        if mismatch is not None:
            return Judgement(verdict="FAIL", phase="count", reason=mismatch)
        notes.extend(_name_notes(driver.accelerators, names))
    runtime = evidence.get("runtime_module") or "torch"
    version = evidence.get("runtime_version") or evidence.get("torch") or ""
    return Judgement(
        verdict="PASS",
        phase="init",
        reason=f"{count} device(s) through {runtime} {version}".rstrip()
        + (f": {', '.join(sorted(set(names)))}" if names else ""),
        notes=tuple(notes),
        measures={"devices": float(count)},
    )


def _driver(rung: Rung, evidence: Evidence) -> Collected | Judgement:
    """The driver tool's devices, or FAIL: not there, failing, unreadable, a device unhealthy."""
    tool = evidence.get("driver")
    name = rung.smi_parser or "the driver tool"
    if not isinstance(tool, dict):
        return Judgement(verdict="ERROR", phase="driver", reason="no answer from the driver tool")
    argv = [str(a) for a in tool.get("argv") or ()]
    program = argv[0] if argv else name
    if tool.get("error"):
        return Judgement(
            verdict="FAIL",
            phase="driver",
            reason=f"{program}: {tool['error']} (no driver, or not on PATH)",
            error_text=str(tool.get("message") or ""),
        )
    stdout, stderr = str(tool.get("stdout") or ""), str(tool.get("stderr") or "")
    parsed = _parser(rung)(stdout or stderr, Source(kind="command", ref=" ".join(argv)))
    problem = next((f for f in parsed.facts if f.status in ("failed", "absent")), None)
    if problem is not None or tool.get("returncode") not in (0, None) or not parsed.accelerators:
        if problem is not None and problem.reason:
            why = problem.reason
        else:
            why = _first_line(stderr or stdout) or "no devices listed"
        return Judgement(
            verdict="FAIL",
            phase="driver",
            reason=f"{program} (exit status {tool.get('returncode')}): {why}",
            error_text=stdout + stderr,
        )
    sick = [d for d in parsed.accelerators if d.health not in (None, "OK")]
    if sick:
        listed = ", ".join(f"{d.index} {d.name}: {d.health}" for d in sick)
        return Judgement(verdict="FAIL", phase="driver", reason=f"unhealthy device(s): {listed}")
    return parsed


def _parser(rung: Rung) -> Callable[[str, Source], Collected]:
    module, _, attribute = str(rung.smi_parser).partition(":")
    parser: Callable[[str, Source], Collected] = getattr(importlib.import_module(module), attribute)
    return parser


def _count_mismatch(
    devices: Sequence[Accelerator], count: int, visible: Mapping[str, str]
) -> Optional[str]:
    """Why the runtime's count is not the driver's, taking the visible-device variables into
    account (``<VENDOR>_VISIBLE_DEVICES=0,1`` on an 8-device host: 2 is right)."""
    expected = len(devices)
    chosen = ""
    for name, value in visible.items():
        ids = [part for part in value.split(",") if part.strip()]
        if value.strip() == "" or ids:
            expected = min(expected, len(ids))
            chosen = f" with {name}={value!r}"
    if count == expected:
        return None
    return (
        f"the runtime sees {count} device(s), the driver lists {len(devices)}{chosen} "
        f"(expected {expected})"
    )


def _name_notes(devices: Sequence[Accelerator], names: Sequence[str]) -> list[str]:
    """A note when a runtime name matches no driver name (``Ascend910B3`` matches ``910B3``)."""
    known = [d.name.lower() for d in devices]
    odd = sorted({n for n in names if not any(k in n.lower() or n.lower() in k for k in known)})
    if not odd:
        return []
    return [f"runtime names {', '.join(odd)} not among the driver's: {', '.join(set(known))}"]


# -- operators ------------------------------------------------------------------------------


def judge_operators(rung: Rung, evidence: Evidence, peaks: Peaks) -> Judgement:
    """Every op in every supported dtype is finite and within tolerance of the reference; an
    unsupported dtype is a note with its reason; the timed matmul against the nominal peak."""
    failed = raised(evidence, rung)
    if failed is not None:
        return failed
    notes = [
        f"{dtype} skipped: {info.get('why', 'not supported')}"
        for dtype, info in (evidence.get("dtypes") or {}).items()
        if not info.get("supported", True)
    ]
    every = list(evidence.get("ops") or ())
    # an op this torch's CPU build has no kernel for in a dtype: a note, not a fault
    notes += [
        f"{op.get('op')} in {op.get('dtype')} not supported by this torch on the CPU: "
        + _first_line(str(op["unsupported"]))
        for op in every
        if op.get("unsupported")
    ]
    ops = [op for op in every if not op.get("unsupported")]
    if not ops:
        return Judgement(verdict="FAIL", phase="ops", reason="no operator ran")
    for op in ops:
        verdict = _op_failure(op)
        if verdict is not None:
            return verdict
    measures, timed_notes = _timed(evidence, peaks)
    checked = sorted({str(op["dtype"]) for op in ops}, key=list(TOLERANCE).index)
    names = sorted({str(op["op"]) for op in ops})
    return Judgement(
        verdict="PASS",
        phase="ops",
        reason=f"{len(names)} ops x {'/'.join(checked)} match the CPU reference"
        + (f"; matmul {measures['tflops']:.3g} TFLOP/s" if "tflops" in measures else ""),
        notes=tuple(notes + timed_notes),
        measures=measures,
    )


def _op_failure(op: Evidence) -> Optional[Judgement]:
    name, dtype = str(op.get("op")), str(op.get("dtype"))
    phase = f"op:{name}:{dtype}"
    error = op.get("error")
    if isinstance(error, dict):
        message = str(error.get("message") or "")
        return Judgement(
            verdict="FAIL",
            phase=phase,
            reason=f"{name} in {dtype} raised {error.get('type', 'an error')}: "
            + _first_line(message),
            error_text=str(error.get("traceback") or message),
        )
    if not op.get("finite", True):
        return Judgement(verdict="FAIL", phase=phase, reason=f"{name} in {dtype}: NaN or inf")
    got = float(op.get("max_abs_error") or 0.0)
    scale = float(op.get("max_abs_reference") or 0.0)
    tolerance = TOLERANCE.get(dtype, TOLERANCE["fp32"]) * (1.0 + scale)
    if got > tolerance:
        return Judgement(
            verdict="FAIL",
            phase=phase,
            reason=f"{name} in {dtype} is off: max |error| {got:.3g} > {tolerance:.3g} "
            f"(tolerance {TOLERANCE.get(dtype, TOLERANCE['fp32']):g} x (1 + max|ref| {scale:.3g}))",
        )
    return None


def _timed(evidence: Evidence, peaks: Peaks) -> tuple[dict[str, float], list[str]]:
    timed = evidence.get("timed")
    if not isinstance(timed, dict) or not timed.get("tflops"):
        return {}, []
    tflops = float(timed["tflops"])
    dtype = str(timed.get("dtype"))
    device = str(evidence.get("name") or "")
    measures = {"tflops": tflops, "matmul_side": float(timed.get("side") or 0)}
    peak = peaks.find(device, dtype)
    if peak is None:
        return measures, [f"no nominal {dtype} peak known for {device or 'this device'}"]
    ratio = tflops / peak.tflops
    measures.update(peak_tflops=peak.tflops, peak_ratio=ratio)
    note = (
        f"matmul {dtype} {tflops:.1f} TFLOP/s = {ratio:.0%} of {peak.device}'s nominal "
        f"{peak.tflops:g} ({peak.source})"
    )
    notes = [note]
    if ratio < LOW_PEAK_RATIO:
        notes.append(f"under {LOW_PEAK_RATIO:.0%} of peak: try --level long for a fair figure")
    return measures, notes


# -- communication --------------------------------------------------------------------------

BUS_FACTOR: Mapping[str, Callable[[int], float]] = {
    "all_reduce": lambda n: 2 * (n - 1) / n,
    "all_gather": lambda n: (n - 1) / n,
    "broadcast": lambda n: 1.0,
}
"""The collective benchmarks' bus bandwidth factors (nccl-tests, doc/PERFORMANCE.md):
busbw = algbw x factor(ranks)."""


def message_bytes(op: str, count: int, ranks: int, item: int = 4) -> int:
    """The size the collective benchmarks report and divide by the time: all_gather counts the
    whole gathered buffer (count x ranks), all_reduce and broadcast one buffer."""
    return count * item * (ranks if op == "all_gather" else 1)


def judge_communication(rung: Rung, evidence: Evidence, peaks: Peaks) -> Judgement:
    """Every rank initialised, ran the three collectives and checked their results; the
    bandwidths (the slowest rank's time) as the collective benchmarks compute them. One
    device: SKIP."""
    failed = raised(evidence, rung)
    if failed is not None:
        return failed
    world = int(evidence.get("world") or 0)
    backend = str(evidence.get("backend") or "")
    if world < 2:
        devices = int(evidence.get("devices") or 0)
        return Judgement(
            verdict="SKIP",
            phase="count",
            reason=f"{devices} device(s) visible: {backend} collectives need two or more",
        )
    ranks = list(evidence.get("ranks") or ())
    for index, rank in enumerate(ranks):
        broken = _rank_failure(index, rank)
        if broken is not None:
            return broken
    if len(ranks) != world:
        return Judgement(verdict="FAIL", phase="launch", reason=f"{len(ranks)} of {world} ranks")
    measures: dict[str, float] = {}
    details = []
    for name, factor in BUS_FACTOR.items():
        timings = [r for rank in ranks for r in rank.get("collectives", ()) if r.get("op") == name]
        if len(timings) != world:
            return Judgement(verdict="FAIL", phase=name, reason=f"{name} did not run on all ranks")
        if not all(t.get("correct") for t in timings):
            bad = [i for i, t in enumerate(timings) if not t.get("correct")]
            return Judgement(verdict="FAIL", phase=name, reason=f"{name} wrong on ranks {bad}")
        seconds = max(float(t["seconds"]) for t in timings)
        size = message_bytes(name, int(timings[0]["count"]), world)
        algbw = size / seconds / 1e9
        busbw = algbw * factor(world)
        measures[f"{name}_algbw_gbps"] = algbw
        measures[f"{name}_busbw_gbps"] = busbw
        details.append(f"{name}: {size / 2**20:.0f} MiB, algbw {algbw:.2f} GB/s, busbw {busbw:.2f}")
    return Judgement(
        verdict="PASS",
        phase="collectives",
        reason=f"all_reduce, all_gather, broadcast correct on {world} ranks over {backend}",
        details=tuple(details),
        measures=measures,
    )


def _rank_failure(index: int, rank: Evidence) -> Optional[Judgement]:
    failed = raised(rank)
    stderr = str(rank.get("stderr") or "")
    if failed is not None:
        return msgspec.structs.replace(
            failed,
            reason=f"rank {index}: {failed.reason}",
            error_text=failed.error_text + "\n" + stderr,
        )
    if rank.get("hung"):
        return Judgement(
            verdict="FAIL",
            phase="timeout",
            reason=f"rank {index} hung in {rank.get('phase', 'start')}: killed after "
            f"{float(rank['hung']):.0f} s",
            details=tuple(stderr.strip().splitlines()[-6:]),
            error_text=stderr,
        )
    code = rank.get("returncode")
    if code != 0 or "collectives" not in rank:
        why = "killed by signal " + str(-code) if isinstance(code, int) and code < 0 else ""
        why = why or (f"exit status {code}" if code else "no collectives reported")
        return Judgement(
            verdict="FAIL",
            phase=str(rank.get("phase") or "rank"),
            reason=f"rank {index} ended without evidence ({why}): {_first_line(stderr[-300:])}",
            error_text=stderr,
        )
    return None


# -- memory ---------------------------------------------------------------------------------


def judge_memory(rung: Rung, evidence: Evidence, peaks: Peaks) -> Judgement:
    """The target was allocated, the largest block found, and after freeing everything the
    allocator holds what it held before (within ``MEMORY_SLACK``)."""
    allocated = int(evidence.get("allocated") or 0)
    target = int(evidence.get("target") or 0)
    free_before = int(evidence.get("free_before") or 0)
    failed = raised(evidence, rung)
    if failed is not None:
        got = f" after {allocated / 2**30:.2f} GiB of {target / 2**30:.2f} GiB asked"
        return msgspec.structs.replace(failed, reason=failed.reason + got)
    if target <= 0:
        return Judgement(verdict="FAIL", phase="init", reason="the runtime reports no free memory")
    used_before = int(evidence.get("used_before") or 0)
    used_after = int(evidence.get("used_after") or 0)
    leak = used_after - used_before
    largest = int(evidence.get("largest_block") or 0)
    measures = {
        "allocated_gib": allocated / 2**30,
        "largest_block_gib": largest / 2**30,
        "leak_mib": max(leak, 0) / 2**20,
    }
    if leak > MEMORY_SLACK:
        return Judgement(
            verdict="FAIL",
            phase="free",
            reason=f"{leak / 2**20:.0f} MiB still held after freeing everything (leak)",
            measures=measures,
        )
    free_after = int(evidence.get("free_after") or 0)
    kept = free_before - free_after
    if evidence.get("device") != "cpu" and free_after and kept > MEMORY_SLACK:
        return Judgement(
            verdict="FAIL",
            phase="free",
            reason=f"{kept / 2**20:.0f} MiB not given back to the device after empty_cache()",
            measures=measures,
        )
    share = allocated / free_before if free_before else 0.0
    return Judgement(
        verdict="PASS",
        phase="free",
        reason=f"{allocated / 2**30:.2f} GiB in {evidence.get('blocks', 0)} blocks "
        f"({share:.0%} of free), largest block {largest / 2**30:.2f} GiB, all given back",
        measures=measures,
    )


JUDGES: Mapping[str, Judge] = {
    "device": judge_device,
    "operators": judge_operators,
    "communication": judge_communication,
    "memory": judge_memory,
}
