"""A driver a log states that runs the CUDA of the image it states: error 35 is then no old driver.

CUDA error 35 ("CUDA driver version is insufficient for CUDA runtime version") says the driver is
older than the runtime, and the runtime says the same where no driver reaches it at all (a
container started without the NVIDIA runtime, a `docker build` step: NVIDIA/nvidia-docker#191,
driver 367.48 beside an ``nvidia/cuda:7.5`` image, fixed by moving the step from RUN to CMD). A
log that states both the driver ("Driver: 367.48", nvidia-smi's "Driver Version: 367.48") and the
image's CUDA (``nvidia/cuda:7.5-...``, one each) is asked of the knowledge base's ``cuda_driver``
rows; where they say the driver runs that CUDA, the old-driver reading is told with low confidence
and its cause says what the log states and what is left. A CUDA version said otherwise
("CUDA Version: 12.2" of nvidia-smi is the driver's own, a toolkit's or torch's build is not the
runtime that failed) is not read: unknown stays unknown.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Optional

import msgspec

from bringup.model.diagnosis import Diagnosis
from bringup.triage.lookups import knowledge_of, loaded

if TYPE_CHECKING:
    from bringup.triage.findings import FailureSighting
    from bringup.triage.signatures import SignatureSet

DRIVER_INSUFFICIENT = "cuda.runtime.driver-insufficient"
PATTERN = (
    r"(?i)(?P<driver_or_image>\bdriver(?:[ \t]version)?\W{0,3}[:=]\W{0,3}[0-9]{3}\.[0-9]{1,3}"
    r"|\bnvidia/cuda:[0-9]{1,2}\.[0-9])"
)
"""A line that may state the NVIDIA driver's version or a CUDA image's (``findings.VERSION``)."""
_DRIVER = re.compile(
    r"(?i)\bdriver(?: version)?\W{0,3}[:=]\W{0,3}([0-9]{3}\.[0-9]{1,3}(?:\.[0-9]{1,3})?)"
)
_IMAGE = re.compile(r"(?i)\bnvidia/cuda:([0-9]{1,2}\.[0-9])")


def judged(
    diagnoses: list[Diagnosis], sightings: Sequence[FailureSighting], catalogue: SignatureSet
) -> list[Diagnosis]:
    """``diagnoses`` with the old-driver reading of error 35 told with low confidence where the
    log states a driver and an image's CUDA that the tables say go together."""
    if not any(d.signature_id == DRIVER_INSUFFICIENT for d in diagnoses):
        return diagnoses
    pair = _stated(sightings)
    if pair is None:
        return diagnoses
    driver, cuda = pair
    kb = loaded(knowledge_of(catalogue.tables))
    if kb is None or kb.compatible(f"cuda=={cuda}", f"nvidia_driver=={driver}").status != (
        "compatible"
    ):
        return diagnoses
    note = (
        f"The log states driver {driver} and an image of CUDA {cuda}, which that driver runs "
        "(the CUDA release notes' driver table): the driver is not too old here, so the likelier "
        "reading is that no driver reaches the process (a container started without the NVIDIA "
        "runtime, or a `docker build` step, where GPUs are not given). "
    )
    return [
        msgspec.structs.replace(d, confidence="low", cause=note + d.cause)
        if d.signature_id == DRIVER_INSUFFICIENT
        else d
        for d in diagnoses
    ]


def _stated(sightings: Sequence[FailureSighting]) -> Optional[tuple[str, str]]:
    """The one driver version and the one image CUDA the noted lines state, or None."""
    drivers: set[str] = set()
    images: set[str] = set()
    for sighting in sightings:
        for text in (sighting.text, *sighting.following.split("\n")[:2]):
            drivers.update(_DRIVER.findall(text))
            images.update(_IMAGE.findall(text))
    if len(drivers) != 1 or len(images) != 1:
        return None
    return next(iter(drivers)), next(iter(images))
