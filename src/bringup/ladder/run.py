"""Running a ladder: each rung's program in the target interpreter through the one process
runner (``bringup.process``), in ``requires`` order; a rung whose prerequisite did not pass is
BLOCKED with the reason; the ladder stops at the first failing layer unless ``keep_going``; a
failing rung's evidence goes to ``bringup explain``'s engine for the top diagnosis."""

from __future__ import annotations

import importlib
import os
import re
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Optional

from bringup import backends
from bringup.ladder.evidence import read_evidence, tail
from bringup.ladder.judge import judge
from bringup.ladder.model import (
    LAYERS,
    Judgement,
    LadderLayer,
    LadderReporter,
    LadderResult,
    Level,
    Peaks,
    Rung,
    RungResult,
)
from bringup.ladder.order import blocked_by, first_failure, layer_stopped, order
from bringup.model.diagnosis import Diagnosis
from bringup.process import CommandRunner, SubprocessRunner

PROGRAMS = Path(__file__).parent / "programs"
_NO_MODULE = re.compile(r"No module named '([\w.]{1,200})'")


def ladder_backends() -> tuple[str, ...]:
    """The registered backends that declare rungs (their ``ladder_rungs`` slot), in order."""
    return tuple(b.name for b in backends.registered() if b.ladder_rungs)


def backend_rungs(backend: str) -> tuple[Rung, ...]:
    """The rungs ``backend`` declares in its ``ladder_rungs`` slot (a plug-in backend's
    too); a backend without rungs names the ones that have them."""
    try:
        targets = backends.backend(backend).ladder_rungs
    except KeyError:
        targets = ()
    if not targets:
        known = ", ".join(ladder_backends())
        raise KeyError(f"no ladder for backend {backend!r}; known: {known}")
    rungs: list[Rung] = []
    for target in targets:
        module_name, _, attribute = target.partition(":")
        rungs.extend(getattr(importlib.import_module(module_name), attribute))
    return tuple(rungs)


def rung_argv(rung: Rung, python: str, level: Level) -> tuple[str, ...]:
    """The command that runs ``rung``: also its re-run command, shown when it fails."""
    program = Path(rung.program)
    if not program.is_absolute():
        program = PROGRAMS / program
    budget = f"{rung.timeout(level):g}"
    return (python, "-I", str(program), *rung.args, "--level", level, "--budget", budget)


def run_ladder(
    backend: str,
    python: str,
    level: Level = "quick",
    reporter: Optional[LadderReporter] = None,
    *,
    keep_going: bool = False,
    rungs: Optional[Sequence[Rung]] = None,
    runner: Optional[CommandRunner] = None,
    peaks: Optional[Peaks] = None,
    log_dir: Optional[Path] = None,
) -> LadderResult:
    """Run ``backend``'s ladder (or ``rungs``) with ``python`` at ``level``. Never raises for
    a failing rung: every outcome is in the result. ``log_dir``: each rung's full output
    goes to ``<log_dir>/<rung>.log`` (a temporary directory when not given)."""
    chosen = order(rungs if rungs is not None else backend_rungs(backend))
    command_runner = runner or SubprocessRunner()
    known_peaks = peaks if peaks is not None else _kb_peaks()
    logs = log_dir or Path(tempfile.mkdtemp(prefix="bringup-ladder-"))
    done: dict[str, RungResult] = {}
    results: list[RungResult] = []
    for rung in chosen:
        stop = None if keep_going else layer_stopped(first_failure(results), rung)
        why = blocked_by(rung, done) or stop
        if why is not None:
            result = _blocked(rung, level, why)
        else:
            if reporter is not None:
                reporter.rung_started(rung, level)
            result = run_rung(
                rung, python, level, runner=command_runner, peaks=known_peaks, log_dir=logs
            )
        done[rung.id] = result
        results.append(result)
        if reporter is not None:
            reporter.rung_finished(result)
    failed = first_failure(results)
    return LadderResult(
        backend=backend,
        level=level,
        python=python,
        results=tuple(results),
        failed_layer=failed.layer if failed is not None else None,
        log_dir=str(logs),
    )


def run_rung(
    rung: Rung,
    python: str,
    level: Level,
    *,
    runner: CommandRunner,
    peaks: Peaks,
    log_dir: Path,
) -> RungResult:
    """One rung: run its program, read its evidence, judge it, diagnose a failure."""
    argv = rung_argv(rung, python, level)
    log = log_dir / f"{rung.id}.log"
    done = runner.run(argv, timeout=rung.timeout(level), log_path=str(log))
    found = read_evidence(done)
    evidence = found if isinstance(found, dict) else None
    judgement = found if isinstance(found, Judgement) else judge(rung, found, peaks)
    diagnosis = None
    if judgement.verdict in ("FAIL", "ERROR"):
        diagnosis = diagnose(f"{judgement.error_text}\n{done.stderr}", rung.layer)
    return RungResult(
        rung=rung.id,
        title=rung.title,
        layer=rung.layer,
        verdict=judgement.verdict,
        reason=judgement.reason,
        phase=judgement.phase,
        seconds=done.duration_s,
        expected_s=rung.expected(level),
        fastest_s=rung.fastest(level),
        timeout_s=rung.timeout(level),
        details=judgement.details,
        notes=judgement.notes,
        measures=judgement.measures,
        argv=argv,
        evidence_tail="\n".join(tail(f"{judgement.error_text}\n{done.stderr}")),
        evidence=evidence,
        diagnosis=diagnosis,
        log_path=str(log) if done.log_path else None,
    )


def diagnose(text: str, layer: Optional[LadderLayer] = None) -> Optional[Diagnosis]:
    """The top cause ``bringup explain`` finds in a failing rung's error text, if any; for a
    rung of ``layer``, the top one of that layer, of one before it, or of the install (a
    later layer's cause, or a build's, does not explain a rung that builds nothing and stopped
    at its own layer: outsider24 D13, a build-time fix given for device init)."""
    if not text.strip():
        return None
    from bringup.triage import explain_text

    found = explain_text(text, top=None if layer else 1)
    if layer is not None:
        before = ("install", *LAYERS[: LAYERS.index(layer) + 1])
        found = [d for d in found if d.layer in before]
    return found[0] if found else None


def missing_runtime(result: LadderResult) -> Optional[str]:
    """The module a rung could not import (``No module named 'torch'``, a device extension's
    ``torch_npu``): the interpreter is not the job's environment."""
    for rung in result.results:
        error = (rung.evidence or {}).get("error")
        if rung.verdict in ("FAIL", "BLOCKED") and isinstance(error, dict):
            found = _NO_MODULE.search(str(error.get("message") or ""))
            if error.get("type") == "ModuleNotFoundError" and found:
                return found.group(1)
    return None


def _blocked(rung: Rung, level: Level, why: str) -> RungResult:
    return RungResult(
        rung=rung.id,
        title=rung.title,
        layer=rung.layer,
        verdict="BLOCKED",
        reason=why,
        expected_s=rung.expected(level),
        fastest_s=rung.fastest(level),
    )


def _kb_peaks() -> Peaks:
    """The knowledge base's peaks, overlays included (a broken overlay file is left out by
    the loader; the built-in tables are tested)."""
    from bringup.kb import load_knowledge_base
    from bringup.ladder.peaks import peaks_from

    return peaks_from(load_knowledge_base(env=dict(os.environ)))
