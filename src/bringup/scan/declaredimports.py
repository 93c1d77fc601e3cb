"""Which of the main package's imports are needs of their own where the repo lists its
dependencies.

``pkgimports`` reads what the repo's main package imports as needs its manifests may not
state. Where the repo's own top-level manifests do list the install's dependencies
(``install_requires``, ``[project] dependencies``, a requirements file at the root), an import
those lists leave out is one of two things: a framework left to the user on purpose, installed
from an index of its own per device (thu-pacman/chitu@6261b7a0 setup.py:86 "Don't put `torch`
here because it requires downloading from a specific source"), which stays a need; or a
distribution what the lists name brings with it, which is no need of the repo's own: chitu's
``pydantic`` (chitu/async_response.py:6), ``safetensors`` (chitu/backend.py:11) and ``triton``
(chitu/fused_moe.py:18) come with the fastapi, transformers and torch it lists; HowXu/
alphafold3-pytorch-npu@f1b109e0's ``packaging`` (alphafold3_pytorch/tensor_typing.py:6) with
the 46 distributions its pyproject.toml:26-72 names. A repo that lists nothing
(ascend-deepspeed's setup.py names no dependency; deepspeed_npu/adaptor_runtime_comm_hccl.py:9
imports numpy) keeps every import as its word.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bringup import lazyre
from bringup.model import Requirement
from bringup.subjects import scope_of

IMPORTED = "import of "
"""How ``pkgimports`` words an import's need."""
_LEFT_TO_USER = frozenset(
    {"torch", "torchvision", "torchaudio", "torchnpu", "tensorflow", "mindspore", "jax"}
    | {"jaxlib", "paddlepaddle"}
)
"""Frameworks built per device and installed from their own index (``_key`` form)."""
_MANIFEST = lazyre.compile(
    r"^(?:setup\.py|setup\.cfg|pyproject\.toml|requirements[\w.-]*\.txt)$", re.IGNORECASE
)
_NOT_LISTED = ("build: ", "setup.py imports")
"""A build backend's needs and setup.py's own imports list nothing the install pulls in."""


def _key(subject: str) -> str:
    return re.sub(r"[-_.]+", "", subject.rsplit(":", 1)[-1]).lower()


def manifest_file(rel: str) -> bool:
    """Whether ``rel`` is a top-level Python manifest that may list the install's needs."""
    return "/" not in rel and _MANIFEST.match(rel) is not None


def lists_dependencies(requirements: Iterable[Requirement], manifests: set[str]) -> bool:
    """Whether a distribution is listed by one of ``manifests`` (refs of the repo's own
    top-level manifests)."""
    return any(
        r.source.ref in manifests
        and (r.subject.startswith("pypi:") or scope_of(r.subject) == "python_package")
        and not (r.text or "").startswith(_NOT_LISTED)
        for r in requirements
    )


def own_imports(found: list[Requirement], listed: bool) -> list[Requirement]:
    """``found`` less the imports the listed dependencies bring (all kept when nothing is
    ``listed``)."""
    if not listed:
        return found
    return [
        r
        for r in found
        if not (r.text or "").startswith(IMPORTED) or _key(r.subject) in _LEFT_TO_USER
    ]
