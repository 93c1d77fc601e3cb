"""What the process was doing when it failed, as its traceback shows: importing a module.

A failure's words often name no component ("TypeError: unsupported operand type(s) for |"),
and its type names only a kind of defect; the frames it was raised in still say what the
process was doing. Python runs a module's body (a frame ``in <module>``) when the program
starts it (the script, ``python -c``, ``python -m`` through runpy, a file ``exec``'d by a
launcher) and when something imports it. A module body below another frame, that no runner
started, is an import: the failure happened while the program was still loading its packages,
before it ran any of its own work, whatever failed there (a package written for another Python,
a plugin out of step with its host, a module that runs a check at import). That is the install
rung of a bring-up, not an operation of the job (``ranking`` reads the layer so for a diagnosis
that only says an operation failed).

Both of Python's traceback forms are read (``File "x.py", line 3, in <module>``) and pytest's
(``x.py:3: in <module>``, its short and long reports of a failed test or collection).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

import msgspec

from bringup.model.diagnosis import KERNEL_LAYER, Diagnosis, Layer
from bringup.triage.findings import Findings

_TRACEBACK = b"Traceback (most recent call last):"
_FRAME = re.compile(
    rb'(?m)^[^\n]{0,200}?\bFile "(?P<path>[^"\n]{1,400})", line [0-9]{1,9}, in (?P<fn>\S{1,200})'
    rb"|^[ \t]{0,8}(?P<short>[^\s:]{1,400}\.py):[0-9]{1,9}: in (?P<sfn>\S{1,200})[ \t]*$"
)
_RUNPY = re.compile(r"(?:^|[/\\])runpy\.py$|^<frozen runpy>$")
"""runpy runs a module's body as the program (``python -m``, ``runpy.run_path``): no import."""
_STARTED = re.compile(r"^<[^>\n]{1,60}>$|(?:^|[/\\])setup\.py$")
"""Module bodies that are started, not imported: code with no file (``<string>`` of ``python
-c`` and ``exec``, ``<pip-setuptools-caller>``, a notebook's ``<ipython-input-N>``) and a
build's setup.py, which pip and setuptools ``exec``."""
MODULE = "<module>"
INSTALL: Layer = "install"


def frames_of(text: bytes) -> list[tuple[str, str]]:
    """The frames of the traceback ``text`` ends with, outermost first, as (file, function):
    those after its last ``Traceback`` header, or every frame for pytest's report (none)."""
    start = max(text.rfind(_TRACEBACK), 0)
    found = []
    for frame in _FRAME.finditer(text, start):
        path = frame.group("path") or frame.group("short")
        function = frame.group("fn") or frame.group("sfn")
        found.append((path.decode("utf-8", "replace"), function.decode("utf-8", "replace")))
    return found


def imported(frames: Sequence[tuple[str, str]]) -> bool:
    """Whether a module body runs below the outermost frame, started by no runner: the
    failure happened while a module was being imported."""
    return any(
        function == MODULE and not _STARTED.search(path) and not _RUNPY.search(outer)
        for (outer, _), (path, function) in zip(frames, frames[1:])
    )


def importing_before(text: bytes) -> bool:
    """Whether the traceback ``text`` (what precedes an exception line) ends with shows the
    exception raised while a module was being imported."""
    return imported(frames_of(text))


def read_in(
    diagnoses: list[Diagnosis], findings: Findings, loose: Collection[str]
) -> list[Diagnosis]:
    """``diagnoses`` with the layer ``operator_execution`` read as ``install`` for one of
    ``loose`` (a catch-all or a fallback's reading: its layer is only the usual one, an
    operation of the job) whose evidence is an exception raised while a module was being
    imported: the job had not started its work."""
    imports = {sighting.line for sighting in findings.all_exceptions() if sighting.importing}
    if not imports:
        return diagnoses
    return [
        msgspec.structs.replace(d, layer=INSTALL)
        if d.layer == KERNEL_LAYER
        and d.signature_id in loose
        and d.evidence
        and d.evidence[0].line in imports
        else d
        for d in diagnoses
    ]
