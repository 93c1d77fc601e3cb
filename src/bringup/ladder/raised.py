"""What a rung's program caught and reported, read as a FAIL (or BLOCKED) judgement."""

from __future__ import annotations

import re
from typing import Optional

from bringup.ladder.model import Evidence, Judgement, Rung


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
    first = first_line(message) or str(error.get("type") or "error")
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


def first_line(text: str) -> str:
    """The first non-empty line of a message, cut to 300 characters: the runtimes (device
    extensions, collective libraries) put what went wrong first and the details after."""
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:300]
    return ""
