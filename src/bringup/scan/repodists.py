"""The Python distribution a repository's project publishes, named by its URL: the
repository's name, or the name its project publishes under where they differ
(``_PUBLISHED``). Read by a guide's source install (``sourceinstalls``) and a bare VCS URL in a
requirements list (``pydeps``)."""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.scan.tablecells import cell_subject
from bringup.subjects import python_subject

_PUBLISHED = {
    "dao-ailab/flash-attention": "flash-attn",
    "hazyresearch/flash-attention": "flash-attn",
    "nvidia/transformerengine": "transformer-engine",
    "pytorch/vision": "torchvision",
    "pytorch/audio": "torchaudio",
    "pytorch/pytorch": "torch",
}
"""Repositories (owner/name, lower case) whose project publishes under another name:
Dao-AILab/flash-attention's setup.py (HazyResearch/flash-attention before it moved) names
``flash_attn``, NVIDIA/TransformerEngine's ``transformer_engine``, pytorch/vision
``torchvision``, pytorch/audio ``torchaudio``, pytorch/pytorch ``torch``; another owner's
``vision`` is its own project. Read only where the install names no distribution."""

_NAME = lazyre.compile(r"^[A-Za-z][\w.-]{0,80}$")


def published_subject(repository: str) -> str | None:
    """The distribution a repository's project publishes."""
    owner, name = ["", *re.split(r"[/:]", repository.rstrip("/").removesuffix(".git"))][-2:]
    if not _NAME.match(name):
        return None
    published = _PUBLISHED.get(f"{owner}/{name}".lower())
    if published is not None:
        return python_subject(published)
    subject = cell_subject(name)
    return subject if subject is not None and subject.startswith("pypi:") else python_subject(name)
