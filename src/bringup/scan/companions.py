"""torchvision and torchaudio that a command installs, where the repo never imports them.

PyTorch is installed with its two companions in one command, and guides, images and install
scripts copy that command whole: "pip install --no-cache-dir torch torchvision torchaudio"
(uccl-project/uccl@da914a20 docker/Dockerfile.cuda:43), "pip install torch==2.7.1
torch_npu==2.7.1 torchvision==0.22.1" (fla-org/flash-linear-attention@bc3b101d
INSTALL.md:62), "pip3 install torchvision==0.22.1 --index-url https://download.pytorch.org/
whl/cpu" (Ascend/msprof-analyze@8399c1cd docs/zh/quick_start/
msprof-analyze_quick_start.md:101). Where no Python file of the repo imports the companion,
the command is the only word on it: the copied install line's, not a need of the repo (the
truth writers leave these three out). A repo whose code imports it keeps it (FlagOpen/
FlagScale@da4935ec tools/datasets/vla/data/dataset_helpers.py:10 "from torchvision import
transforms" beside install/install-requirements.sh:86). Manifests and tables are not
commands: a ``torchvision`` a requirements file lists is kept whatever the code imports.

Measured when written (gate bench and labels): tuning 4 false reports fewer, 2 correct fewer
(6 repos); held-out totals 7 false reports fewer, no correct one lost (5 repos).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from pathlib import Path

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.moduletexts import module_text
from bringup.subjects import python_subject

COMPANIONS = {
    python_subject("torchvision"): "torchvision",
    python_subject("torchaudio"): "torchaudio",
}
"""Each companion's subject and the module it is imported as."""
_COMMAND = "pip install"
"""How a requirement a command states begins its words (``commandneeds``: "pip install:
torchvision==0.22.1", "pip install from …")."""
_IMPORT = lazyre.compile(
    r"(?:^|;)[ \t]*(?:from[ \t]+(torchvision|torchaudio)\b"
    r"|import[ \t]+(?:[\w.]{1,100}(?:[ \t]+as[ \t]+\w{1,100})?[ \t]*,[ \t]*){0,20}"
    r"(torchvision|torchaudio)\b)",
    re.MULTILINE,
)
"""An import of a companion: ``from torchvision import transforms``, ``import torchvision``, or
one name of an import's list (``import torch, torchvision``: the grammar's ``"import" module
["as" identifier] ("," module ["as" identifier])*``, https://docs.python.org/3/reference/
simple_stmts.html#the-import-statement), also after a ``;``."""


def _imported(root: Path, python_files: Sequence[str], wanted: Collection[str]) -> set[str]:
    """Which of the ``wanted`` modules some Python file of the repo imports (indented imports
    too: an import under ``try`` still says the code uses it)."""
    found: set[str] = set()
    for rel in python_files:
        if not rel.endswith(".py"):
            continue
        text = module_text(root / rel, rel)
        if text and ("torchvision" in text or "torchaudio" in text):
            found.update(m.group(1) or m.group(2) for m in _IMPORT.finditer(text))
            if found.issuperset(wanted):
                break
    return found


def _installed(requirement: Requirement) -> str:
    """The companion a command's requirement installs, or ""."""
    by_command = (requirement.text or "").startswith(_COMMAND)
    return COMPANIONS.get(requirement.subject, "") if by_command else ""


def without_unused_companions(
    requirements: list[Requirement], root: Path, python_files: Sequence[str]
) -> list[Requirement]:
    """``requirements`` without the companions a command installs that no Python file of the
    repo imports. The modules are read only when such a requirement is there."""
    installed = {_installed(r) for r in requirements} - {""}
    if not installed:
        return requirements
    unused = installed - _imported(root, python_files, installed)
    return [r for r in requirements if _installed(r) not in unused]
