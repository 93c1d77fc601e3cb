"""What a document of the repo's scope states for an example or a build option, not the repo.

Two shapes real docs share:

- A quick start runs one example: "当前示例脚本中`NPUS_PER_NODE=8`表示需要8个NPU" (MindSpeed-MM
  docs/zh/pytorch/quickstart.md:24), then ``pip install diffusers==0.33.1`` for that model
  (:270). The device count it needs and the packages it adds are the example's; the
  interpreter, the framework and the chips it names stay the repo's (a quick start is where
  many repos say which chips they support).
- A build option's row or clause: "| NVIDIA CUDA / GPUDirect | `-DUSE_CUDA=ON` | Install CUDA
  12.1+ … |" (Mooncake docs/source/getting_started/build.md:86), "CUDA 12.1 or later, if the
  package is built with `-DUSE_CUDA` (disabled by default)" (docs/source/getting_started/
  quick-start.md:10). What the line needs is that option's (``option:USE_CUDA``), the same
  feature ``cmake_options`` gives what an off-by-default option guards in CMake.
"""

from __future__ import annotations

import re

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.subjects import frameworks, scope_of

_QUICK_START = lazyre.compile(
    r"quick[-_ ]?start|get(?:ting)?[-_ ]?started|快速(?:入门|上手|开始)", re.IGNORECASE
)
_OPTION_ON = lazyre.compile(
    r"(?<![\w-])-D((?:USE|WITH|ENABLE|BUILD)_[A-Z0-9_]+)(?:\s*=\s*(?:ON|1|TRUE|YES)\b)?"
)
"""A build option switched on (``-DUSE_CUDA=ON``; in a clause "built with `-DUSE_CUDA`")."""
_OPTION_OFF = lazyre.compile(r"=\s*(?:OFF|0|FALSE|NO)\b", re.IGNORECASE)


def example_page(rel: str) -> str:
    """The feature a quick-start page's example is (the page's path without suffix), or ""."""
    stem = rel.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return rel.rsplit(".", 1)[0] if _QUICK_START.search(stem) else ""


def _example_subject(subject: str) -> bool:
    """A device count, or a Python package that is not a framework the repo builds on."""
    if subject.endswith("_count"):
        return True
    return scope_of(subject) in (None, "python_package") and subject not in frameworks()


def option_on(line: str) -> str:
    """``option:<NAME>`` of the one build option ``line`` switches on, or ""."""
    names = {m.group(1) for m in _OPTION_ON.finditer(line) if not _OPTION_OFF.match(line, m.end())}
    return f"option:{names.pop()}" if len(names) == 1 else ""


def featured(rel: str, text: str, found: list[Requirement]) -> list[Requirement]:
    """``found`` (what the document at ``rel`` states) with what belongs to a build option or
    to a quick start's example moved to that feature."""
    lines = text.splitlines()
    example = example_page(rel)
    out = []
    for stated in found:
        line = stated.source.line
        said = lines[line - 1] if line is not None and 0 < line <= len(lines) else ""
        feature = option_on(said) if "-D" in said else ""
        if not feature and example and _example_subject(stated.subject):
            feature = example
        moved = feature and not stated.feature
        out.append(msgspec.structs.replace(stated, feature=feature) if moved else stated)
    return out
