"""What a repo's README says its software runs on, named as a kind of device: "Acceleration
library for large language models in Ascend platform" (Ascend/AscendSpeed README.md:3),
"基于MindSpore+昇腾设备的大模型加速库" (Ascend/MindSpeed-Core-MS README.md:3), "生成适配昇腾AI
处理器的apex代码" (Ascend/apex README.zh.md:32). The repo needs one of that vendor's chips,
which one unstated: a soft unversioned ``chip``, which joins a list of chips where the repo
states one (``anyof.unite``)."""

from __future__ import annotations

import re
from typing import Optional

from bringup import backends, patterncache
from bringup.backends.base import Backend
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile

_KINDS = (
    r"(?:AI\s*)?(?:platforms?|devices?|processors?|chips?|hardware)\b|AI\s*处理器|处理器|设备|"
    r"平台|芯片|硬件"
)


def _compile(registered: tuple[Backend, ...]) -> Optional[re.Pattern[str]]:
    """The vendor of a backend that names chips, then a device word or a kind of device."""
    chosen = [b.vocabulary for b in registered if b.vocabulary.chips]
    vendors = [re.escape(w) for v in chosen for w in v.vendor_words]
    devices = [re.escape(w) + r"s?\b" for v in chosen for w in v.device_words]
    if not vendors:
        return None
    kinds = "|".join([*devices, _KINDS])
    # ASCII word bounds: "AscendNPU-IR" is a product's name, "昇腾设备的" a kind of device
    pattern = rf"(?<![\w-])(?:{'|'.join(vendors)})\s*(?:{kinds})(?![\w-])"
    return patterncache.compile(pattern, re.IGNORECASE | re.ASCII)


_target = backends.per_registry(_compile)


def top_readme(rel: str) -> bool:
    """The repo's own README (``README.md``, ``README.zh.md``), not a sub-project's."""
    return "/" not in rel and rel.lower().startswith("readme")


def device_target(file: SourceFile, line: int, text: str) -> list[Requirement]:
    """An unversioned chip when ``text`` names the vendor's devices as what the software is
    for ("in Ascend platform", "昇腾设备", "昇腾AI处理器")."""
    pattern = _target()
    match = pattern.search(text) if pattern is not None else None
    if match is None or _other_backend(text, match.group(0)):
        return []
    return [file.requirement("chip", "", line, text=text.strip(), confidence="low", hard=False)]


def _other_backend(text: str, named: str) -> bool:
    """Whether ``text`` names another backend's devices too ("on Ascend NPUs, NVIDIA GPUs or
    plain CPUs", examples/six-repos/ascend-comm README.md:3): the software runs on any."""
    for backend in backends.registered():
        words = (*backend.vocabulary.vendor_words, *backend.vocabulary.device_words)
        if any(w.lower() in named.lower() for w in words):
            continue
        if any(re.search(rf"(?<![\w-]){re.escape(w)}s?(?![\w-])", text, re.I) for w in words):
            return True
    return False
