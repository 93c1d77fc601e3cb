"""Which vendor's stack an entry speaks of, and whether a host snapshot rules that vendor out.

An entry written for one vendor's stack (an Ascend signature, a CANN code, a FaultDiag fault, a
CUDA or NCCL one) names a cause that exists only where that vendor's devices are: "community
triton replaced triton-ascend" is no cause on a host whose snapshot shows an NVIDIA A100 and no
NPU (outsider O7's st-3557 log with the ScaleLLM#288 collect_env report). A snapshot rules a
vendor out when it shows devices of another vendor and none of this one's; a host with no
devices at all rules out none (a container the devices were not passed into is a cause of both).
The entry's vendor is read from its id: the namespaces of the vendors' entries.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable, Sequence
from typing import Any, Optional

import msgspec

from bringup import backends
from bringup.model.diagnosis import Confirmation, Diagnosis
from bringup.model.facts import Fact
from bringup.model.snapshot import Snapshot
from bringup.triage.signatures import engine_options

VENDOR_PREFIXES: tuple[tuple[str, str], ...] = (
    ("ascend.", "ascend"),
    ("faultdiag.", "ascend"),
    ("faq.", "ascend"),
    ("code.acl.", "ascend"),
    ("code.aclnn.", "ascend"),
    ("code.adxl.", "ascend"),
    ("code.cann.", "ascend"),
    ("code.dcmi.", "ascend"),
    ("code.drv.", "ascend"),
    ("code.hccl.", "ascend"),
    ("code.rtreason.", "ascend"),
    ("cuda.", "nvidia"),
    ("nccl.", "nvidia"),
    ("code.cuda.", "nvidia"),
    ("code.nccl.", "nvidia"),
    ("code.dcgm.", "nvidia"),
)
"""The id namespaces of one vendor's entries: bringup's own (``ascend.``, ``cuda.``, ``nccl.``),
the vendors' fault knowledge (MindCluster FaultDiag and the FAQ pages are all Ascend's: CANN,
torch_npu, HCCL, MindSpore, vllm-ascend) and the code catalogues (``kb/data/codes``: ACL, aclnn,
ADXL, CANN, DCMI, the Ascend driver, HCCL and the runtime's reasons; CUDA, NCCL, DCGM). The
rest (``python.``, ``toolchain.``, ``frameworks.``, the fallback's readings) hold on any host."""


def vendor_of(entry_id: str) -> Optional[str]:
    """The vendor whose stack the entry ``entry_id`` speaks of, or None for any host."""
    return next((vendor for prefix, vendor in VENDOR_PREFIXES if entry_id.startswith(prefix)), None)


def ruled_out(vendor: str, snapshot: Snapshot) -> tuple[Fact, ...]:
    """The facts by which ``snapshot`` rules ``vendor`` out (empty when it does not): devices
    of another vendor counted, and none of ``vendor``'s (its count absent or zero, or never
    read, as a report made on another vendor's host leaves it; not a count its tool failed to
    give: the devices may be there)."""
    own, mine = _devices(vendor, snapshot)
    if own is None or own > 0:
        return ()
    others = [
        fact
        for other in _vendors()
        if other != vendor
        for count, fact in (_devices(other, snapshot),)
        if count and fact is not None
    ]
    return (*others, *([mine] if mine is not None else [])) if others else ()


def _vendors() -> Iterable[str]:
    return (b.vendor for b in backends.registered() if b.vendor and b.devices is not None)


def _devices(vendor: str, snapshot: Snapshot) -> tuple[Optional[int], Optional[Fact]]:
    """How many devices of ``vendor`` the snapshot counts, and the fact that says it (0 and
    None when it never read them; None and the fact when its tool gave no answer)."""
    found = backends.by_vendor(vendor)
    if found is None or found.devices is None:
        return 0, None
    fact = snapshot.fact(found.devices.count_fact)
    listed = len(snapshot.devices(vendor))
    if fact is None or listed:
        return listed, fact
    if fact.status == "absent":
        return 0, fact
    if not fact.ok:
        return None, fact
    return (fact.value if isinstance(fact.value, int) else 0), fact


def judged(
    entry_id: str,
    confirmation: Confirmation,
    facts: tuple[Fact, ...],
    snapshot: Optional[Snapshot],
    any_vendor: bool = False,
) -> tuple[Confirmation, tuple[Fact, ...]]:
    """A signature's confirmation with its vendor judged too: contradicted, with the facts that
    rule the vendor out, when the snapshot shows another vendor's devices and none of its own
    (whatever its ``when`` conditions said: they hold only on its vendor's host); as it was
    for one that shows on ``any_vendor``'s host (``SignatureRecord.any_vendor``)."""
    vendor = None if any_vendor else vendor_of(entry_id)
    against = ruled_out(vendor, snapshot) if vendor and snapshot is not None else ()
    return ("contradicted", (*facts, *against)) if against else (confirmation, facts)


def stack_mark(vendor: str) -> str:
    """The name of the scan's mark of a line that names ``vendor``'s software stack."""
    return f"stack.{vendor}"


def foreign(entry_id: str, marks: Collection[str], any_vendor: bool = False) -> bool:
    """Whether the entry ``entry_id`` is of a vendor whose stack the log never names while it
    names another vendor's (``marks``: the scan's marks, ``stack_mark``): a FaultDiag fault read
    from "out of memory" in PyTorch's "cuda runtime error (2) : out of memory at .../THC/..."
    (pytorch/pytorch#4661's log) explains an Ascend job, not this one. Never one that shows on
    ``any_vendor``'s host."""
    vendor = None if any_vendor else vendor_of(entry_id)
    if vendor is None or stack_mark(vendor) in marks:
        return False
    return any(mark.startswith("stack.") for mark in marks)


def demoted(
    diagnoses: Sequence[Diagnosis],
    snapshot: Optional[Snapshot],
    weights: tuple[float, float],
    marks: Collection[str] = (),
    judged: Collection[str] = (),
) -> list[Diagnosis]:
    """``diagnoses`` but those of ``judged`` (the signatures, ranked with both already) with those
    of a vendor the snapshot rules out (the fallback's codes: an ACL code on a GPU host) told as
    contradicted, the first of ``weights`` lower, as a signature is; and those of a vendor the log
    itself never names beside another's (``foreign``) the second lower: they rank as the
    catch-alls, which say where a failure shows, not why."""
    contradiction, penalty = weights
    return [
        d
        if d.signature_id in judged
        else _foreign_lowered(_judged_diagnosis(d, snapshot, contradiction), marks, penalty)
        for d in diagnoses
    ]


def _foreign_lowered(diagnosis: Diagnosis, marks: Collection[str], penalty: float) -> Diagnosis:
    if not foreign(diagnosis.signature_id, marks):
        return diagnosis
    return msgspec.structs.replace(diagnosis, score=diagnosis.score - penalty)


def _judged_diagnosis(
    diagnosis: Diagnosis, snapshot: Optional[Snapshot], weight: float
) -> Diagnosis:
    if snapshot is None or diagnosis.confirmation == "contradicted":
        return diagnosis
    confirmation, facts = judged(
        diagnosis.signature_id, diagnosis.confirmation, diagnosis.confirmed_by, snapshot
    )
    if confirmation != "contradicted":
        return diagnosis
    return msgspec.structs.replace(
        diagnosis, confirmation=confirmation, confirmed_by=facts, score=diagnosis.score - weight
    )


def spoken_for(
    diagnoses: Sequence[Diagnosis],
    stacks: tuple[tuple[str, str], ...],
    written: Collection[str] = (),
) -> list[Diagnosis]:
    """``diagnoses`` without the vendor entries read by keywords or codes whose every evidence
    line names another vendor's stack and none of this one's (``stacks``: each vendor's
    words, the fallback's ``[stacks]``, run by RE2 as the scan runs them): FaultDiag's "kernel
    errors might be asynchronously reported" read from PyTorch's "CUDA kernel errors might be
    asynchronously reported at some other API call" (VITA-Group/TEGNAS#19's log) says nothing
    of a CANN operator; a vendor's answer needs that vendor's words where its lines name a
    vendor at all. Never one of ``written``, bringup's own signatures, each written for the
    lines it reads (ascend.runtime.cuda-path-on-npu reads "Torch not compiled with CUDA
    enabled")."""
    words = _stack_words(stacks)
    return [d for d in diagnoses if d.signature_id in written or not _others_only(d, words)]


@functools.lru_cache(maxsize=4)
def _stack_words(stacks: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    import re2

    options = engine_options()
    return {vendor: re2.compile(words.encode("latin-1"), options) for vendor, words in stacks}


def _others_only(diagnosis: Diagnosis, words: dict[str, Any]) -> bool:
    vendor = vendor_of(diagnosis.signature_id)
    own = words.get(vendor) if vendor else None
    if own is None or not diagnosis.evidence:
        return False
    others = [pattern for name, pattern in words.items() if name != vendor]
    texts = [e.text.encode("latin-1", "replace") for e in diagnosis.evidence]
    return all(not own.search(t) and any(p.search(t) for p in others) for t in texts)
