"""Pure judges: one rung's evidence (the JSON its program printed) -> a ``Judgement``.

No I/O: the driver tool's output is read by the backend's own parser (``Rung.smi_parser``), the
chip's nominal peak comes in as data (``Peaks``), so every judgement is tested on recorded
evidence from healthy and broken hosts.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Callable, Optional

import msgspec

from bringup.ladder.collectives import judge_communication
from bringup.ladder.model import Evidence, Judgement, Peaks, Rung
from bringup.ladder.raised import first_line, raised
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


Judge = Callable[[Rung, Evidence, Peaks], Judgement]


def judge(rung: Rung, evidence: Evidence, peaks: Optional[Peaks] = None) -> Judgement:
    """The judgement of ``evidence`` by ``rung``'s judge."""
    found = JUDGES.get(rung.judge)
    if found is None:
        return Judgement(verdict="ERROR", reason=f"no judge named {rung.judge!r}", phase="judge")
    return found(rung, evidence, peaks if peaks is not None else Peaks())


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
            why = first_line(stderr or stdout) or "no devices listed"
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
        + first_line(str(op["unsupported"]))
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
            + first_line(message),
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
