"""A launch script that sets how many devices it launches on needs that many.

A launch script's device count (``NGPU=${NGPU:-"16"}``, ``GPUS_PER_NODE=8``,
``NPUS_PER_NODE=16``: a number, or a number the variable defaults to) is what its run needs:
``<kind>_count >=N``, soft (the user may override it). Launch scripts name their count after
the GPU whatever they run on (torchtitan's ``NGPU`` on NPUs): the kind is the vendor the file
is about. Read in the repo's repo-level scripts (top level, ``scripts/``, ``tools/``, ``ci/``:
the launch script a quick start runs), every line.

A device *id* (a ``[deviceId]`` argument in a usage line, ``--device=1`` / ``--device_id 0``,
a build script's ``--device=*)`` option case) says which device a step runs on, not a number
of devices the repo needs (the truth briefs count devices only where a number is stated as
needed). Read as ``>=1`` in repo-level scripts it was right nowhere on the tuning half and
wrong in three sets (a build script's ``--device`` that runs the tests is the tests' scope,
relabel27 C7 on ops-blas build.sh:80; a usage comment of an evaluation script, cann-bench
scripts/run_evaluation.sh:18; a worker's ``device_id = worker_id % 4``, llm4ascendc); held-out
precision 1424/1922 -> 1424/1920, recall unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bringup import backends, lazyre, patterncache
from bringup.backends.base import Backend
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.prose_vocabulary import Vendor, device_kind_of, file_vendor

_COUNT_VARIABLE = lazyre.compile(
    r"^\s{0,40}(?:export\s+)?(?P<name>[A-Z][A-Z_]{0,39})="
    r"(?:\$\{[A-Z][A-Z_]{0,39}:-)?\"?(?P<n>\d{1,4})\"?\}?\s*(?:#|$)"
)
"""An assignment of a number, or of a variable's default number, to a shell variable."""


def _count_names(registered: tuple[Backend, ...]) -> frozenset[str]:
    """The names of variables that count devices (``NGPU``, ``NPUS_PER_NODE``,
    ``NPROC_PER_NODE``), in every backend's device words."""
    names = {"NPROC_PER_NODE", "NPROCS_PER_NODE"}
    for backend in registered:
        for word in backend.vocabulary.device_words:
            device = word.upper()
            names.update((f"N{device}", f"N{device}S", f"NUM_{device}S", f"{device}_NUM"))
            names.update((f"{device}S_PER_NODE", f"{device}_PER_NODE"))
    return frozenset(names)


count_names = backends.per_registry(_count_names)


def _counts_devices(name: str) -> bool:
    return name in count_names()


def _count_of(text: str) -> int:
    """The device count a launch script's line sets (0 when none)."""
    if "=" not in text:
        return 0
    match = _COUNT_VARIABLE.match(text)
    if match is None or not _counts_devices(match.group("name")):
        return 0
    return int(match.group("n"))


_NAME = lazyre.compile(r"\b[A-Z][A-Z_]{0,39}\b")


def _count_words(registered: tuple[Backend, ...]) -> re.Pattern[str]:
    """The device-count names as whole words: what a ``_NAME`` word equal to one of them is.
    One search with no callback, where each of a script's capitalised words was handed to
    Python to be looked up."""
    # longest first, then by name: spelled the same each run (a set's order is not), so the
    # pattern is compiled once and kept (``patterncache``)
    names = sorted(
        (n for n in _count_names(registered) if _NAME.fullmatch(n)), key=lambda n: (-len(n), n)
    )
    return patterncache.compile(rf"\b(?:{'|'.join(re.escape(n) for n in names)})\b", guard=True)


count_words = backends.per_registry(_count_words)


def script_vendor(text: str) -> Vendor:
    """Whose accelerator a script is about (``file_vendor``), not counting its device-count
    variables' names: ``NGPU`` is torchtitan's name for the NPUs it launches on."""
    return file_vendor(count_words().sub("", text))


def launch_counts(
    file: SourceFile, numbered: Iterable[tuple[int, str]], vendor: Vendor
) -> list[Requirement]:
    """``<kind>_count >=N`` at each line of ``numbered`` (``(line number, text)``) that sets a
    launch's device count N, the kind being ``vendor``'s; none when the vendor is unknown."""
    subject = backends.count_subject(device_kind_of(vendor))
    if subject is None:
        return []
    found = []
    for number, text in numbered:
        count = _count_of(text)
        if count > 0:
            found.append(
                file.requirement(
                    subject,
                    f">={count}",
                    number,
                    text=f"runs on {count} device(s): {text.strip()[:120]}",
                    confidence="medium",
                    hard=False,
                )
            )
    return found
