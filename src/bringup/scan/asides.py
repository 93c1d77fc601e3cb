"""Hardware a clause names as an aside, not as what the repo needs: the hardware of an
illustration, and the hardware the authors trained, measured or benchmarked on."""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.scan.architectures import capability_subject
from bringup.scan.mention import Mention

ILLUSTRATION = lazyre.compile(
    r"^[\s*>#\-\d.、)\uff09]*(?:for\s+(?:example|instance)|e\.\s?g\.|例如|比如|譬如|举例(?:来说|而言)?)",
    re.IGNORECASE,
)
"""A sentence that opens as an illustration ("例如" … "希望在2机8卡A100" … "的环境上测试这一任务",
FlagOpen/FlagPerf@1b5a0303 training/README.md:78, showing the format of a CASES key):
the hardware it names is the example's, no requirement of the repo's."""

_MEASURED_ON = lazyre.compile(
    r"\b(?:(?:pre-?|re-?)?trained|fine-?tuned|measured|benchmarked|profiled|timed|evaluated"
    r"|obtained|collected|recorded)\b[^.;:!?]{0,60}?\b(?:on|with|using|across)\s+"
    r"(?:[\w.-]{1,20}(?:\s{0,2}[x\u00d7*])?\s{1,3}){0,5}$"
    r"|\b(?:hours?|days?|minutes?|mins|seconds|weeks?)\s+(?:on|with|using)\s+"
    r"(?:[\w.-]{1,20}(?:\s{0,2}[x\u00d7*])?\s{1,3}){0,5}$",
    re.IGNORECASE,
)
"""Words reporting what hardware something was done on, right before the hardware: "trained
on 32 x 8 x A100 GPUs", "latency measured on an H100", "benchmarked with 8 V100s", "will take
about 15 hours on 8 A100 GPUs" (IVGSZ/Flash-VStream@8f6bde2f Flash-VStream-LLaVA/README.md:222,
226). That is the authors' machine, a record of a past run (a model card's training hardware,
a results table's setup), not what running the repo takes (outsider16 D2:
CompVis/stable-diffusion@21f890f Stable_Diffusion_v1_Model_Card.md:128, the carbon estimate's
"A100 PCIe 40GB", made the repo need compute capability 8.0 although README.md:19 says any GPU
with 10 GB runs it)."""
_REACH = 120
"""How far before the hardware the reporting words are looked for."""
_CAN_BE = lazyre.compile(
    r"\b(?:can|could|may|might|must|should|will|would|needs?\s+to|has\s+to|have\s+to)"
    r"(?:\s+(?:only|also|still|easily|even))?\s+be\s+$",
    re.IGNORECASE,
)
"""A modal before the reporting word: what it can or must be done on is what running takes,
not a record ("The default setting can be trained on a single A100 GPU without DDP:",
FrozenBurning/Text2Light@c5b84534 README.md, the training command that follows)."""


def _hardware(mention: Mention) -> bool:
    """Whether ``mention`` is of the machine's devices: chips, counts, memory, capability."""
    return mention.subject in ("chip", capability_subject()) or mention.subject.endswith(
        ("_count", "_memory")
    )


def illustrated(mentions: list[Mention], clause: str) -> list[Mention]:
    """``mentions`` without the hardware an illustration names (``ILLUSTRATION``) or the
    authors report having used (``_MEASURED_ON``): its chips, device counts, memory and the
    capability a product implies."""
    if ILLUSTRATION.match(clause):
        return [m for m in mentions if not _hardware(m)]
    return [m for m in mentions if not _hardware(m) or not _recorded(clause, m.offset)]


def _recorded(clause: str, offset: int) -> bool:
    """Whether the words before ``offset`` report hardware something was done on."""
    found = _MEASURED_ON.search(clause, max(0, offset - _REACH), offset)
    if found is None:
        return False
    return _CAN_BE.search(clause, max(0, found.start() - 40), found.start()) is None
