"""The fallback's advice fitted to the log's vendor: a next step written for every vendor
names each one's variable side by side ("rerun with ASCEND_LAUNCH_BLOCKING=1 /
CUDA_LAUNCH_BLOCKING=1"); where the log names one vendor's stack only (the scan's marks,
``vendors.stack_mark``), it keeps that vendor's variable: a CUDA log is not told to set an
Ascend one (outsider O8 D16: the q8-kernels SM89 assertion got ASCEND_GLOBAL_LOG_LEVEL). A
fallback reading written for every vendor cites that vendor's page where its rule has one
(``sources``): an Ascend kernel's failure does not cite CUDA's runtime reference (outsider O14
D9, vllm-ascend#8679)."""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Sequence
from typing import Optional

import msgspec

from bringup import backends
from bringup.backends.base import Backend
from bringup.model.diagnosis import Diagnosis
from bringup.triage.fallbackrules import builtin_rules
from bringup.triage.vendors import stack_mark

_SETTING = r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]*=[0-9A-Za-z]+"
_ALTERNATIVES = re.compile(rf"{_SETTING}(?: / {_SETTING})+")


def _prefixes(registered: tuple[Backend, ...]) -> dict[str, str]:
    """Each vendor's variable prefix, the first word of its launch-blocking variable (ASCEND,
    CUDA), by vendor."""
    return {
        b.vendor: b.vocabulary.launch_blocking.split("_")[0] + "_"
        for b in registered
        if b.vendor and b.vocabulary.launch_blocking
    }


prefixes = backends.per_registry(_prefixes)


def fitted(diagnoses: Sequence[Diagnosis], marks: Collection[str]) -> list[Diagnosis]:
    """``diagnoses`` with each fix's side-by-side vendor settings cut to the one vendor the
    log names (unchanged where it names none or several, or no setting is that vendor's)."""
    named = [v for v in prefixes() if stack_mark(v) in marks]
    if len(named) != 1:
        return list(diagnoses)
    return [_fitted(d, named[0]) for d in diagnoses]


def _fitted(diagnosis: Diagnosis, vendor: str) -> Diagnosis:
    prefix = prefixes()[vendor]
    fix = _ALTERNATIVES.sub(lambda m: _own(m.group(0), prefix) or m.group(0), diagnosis.fix)
    source = _vendor_sources().get(diagnosis.signature_id, {}).get(vendor, diagnosis.source)
    if (fix, source) == (diagnosis.fix, diagnosis.source):
        return diagnosis
    return msgspec.structs.replace(diagnosis, fix=fix, source=source)


@functools.cache
def _vendor_sources() -> dict[str, dict[str, str]]:
    """Each fallback rule's pages by vendor, by the rule's id."""
    rules = builtin_rules()
    found: dict[str, dict[str, str]] = {}
    for group in (rules.exceptions, rules.lines, rules.evidence):
        found.update((rule.id, rule.sources) for rule in group if rule.sources)
    return found


def _own(alternatives: str, prefix: str) -> Optional[str]:
    mine = [s for s in alternatives.split(" / ") if s.startswith(prefix)]
    return " / ".join(mine) if mine else None
