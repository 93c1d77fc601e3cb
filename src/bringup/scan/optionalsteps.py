"""The installs a guide marks optional are no steps of the repo's own route.

"### 可选依赖" (optional dependencies), "如果您需要使用特定的加速特性..." (if you
need specific acceleration features, install the matching dependencies) over ``pip install
flash-attn``, ``pip install deepspeed``, ``pip install unsloth`` (hiyouga/LLaMA-Factory@ff6d4d12
docs/zh/getting-started.md:53-66): each is for the user who wants that feature, and the
requirements they name are already that option's (``docs.optional``); run as steps they put a
CUDA-only tool into every environment (outsider14 D3). The install of the checkout itself stays:
an optional block may hold it too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Optional

from bringup.model import Step
from bringup.scan.purpose import OPTIONAL_WORDS
from bringup.scan.sourceinstalls import installs_here


def not_optional(
    steps: Sequence[Step], option: str, marked: Mapping[int, bool], everything: Optional[bool]
) -> list[Step]:
    """``steps`` (one code block's) less the installs the guide marks optional: in a section
    whose heading says so (``option``, a ``docsections.option_section``), under words before
    the block that say so (``everything``, ``purpose.optional_intro``) or a comment beside
    the command (``marked``, ``purpose.optional_commands``)."""
    whole = everything is not None or bool(option and OPTIONAL_WORDS.search(option))
    return [
        step
        for step in steps
        if step.kind != "install"
        or installs_here(step.argv)
        or not (whole or (step.source.line or 0) in marked)
    ]
