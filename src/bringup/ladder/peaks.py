"""The nominal peaks the knowledge base knows: ``peak_tflops_<dtype>`` tables in the ``details`` of
any rule row or chip record (a backend's device table under ``kb/data``), each with its
``peak_source``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bringup.kb.knowledge import KnowledgeBase
from bringup.kb.schema import Detail
from bringup.ladder.model import Peak, Peaks

PREFIX = "peak_tflops_"


def peaks_from(knowledge: KnowledgeBase) -> Peaks:
    tables: list[Mapping[str, Detail]] = [r.details for r in knowledge.rule_records() if r.details]
    tables.extend(chip.details for chip in knowledge.chips() if chip.details)
    return Peaks(entries=tuple(_entries(tables)))


def _entries(tables: Iterable[Mapping[str, Detail]]) -> Iterable[Peak]:
    for details in tables:
        source = details.get("peak_source")
        for key, values in details.items():
            if not key.startswith(PREFIX) or not isinstance(values, dict):
                continue
            for device, tflops in values.items():
                try:
                    value = float(tflops)
                except ValueError:
                    continue  # not a figure: the peak stays unknown
                yield Peak(
                    device=device,
                    dtype=key[len(PREFIX) :],
                    tflops=value,
                    source=source if isinstance(source, str) else "knowledge base",
                )
