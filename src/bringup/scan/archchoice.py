"""The device architectures a guide has its reader set are the reader's choice, no need.

A build script or a CMake file that lists the architectures it builds for states what the
build targets (``architectures``): the oldest is the least device it runs on. A guide's
command that sets the list (``export TORCH_CUDA_ARCH_LIST="5.2 6.0 6.1 7.0 7.5 8.0 8.6+PTX";
python setup.py install --force_cuda`` under "In some cases, you need to explicitly specify
which compute capability your GPU uses", MinkowskiEngine README.md:287-290;
``TORCH_CUDA_ARCH_LIST="7.0;7.5" pip install ...`` "if you want to compile for a
Turing-architecture GPU", torchsparse docs/FAQ.md:24-27) shows the reader how to name their
own GPUs: the example's list is no floor, and the variable is no ``env_var`` either, for the
build fills it from the GPUs it sees when it is unset (the truth conventions, C2: a read
with a fallback, an example's environment, is not a requirement).
"""

from __future__ import annotations

from bringup.model import Requirement
from bringup.scan.architectures import listing


def without_reader_choices(found: list[Requirement]) -> list[Requirement]:
    """``found`` (what a guide's commands set up, ``shell.environment_requirements``) less
    each architecture list an assignment sets."""
    out: list[Requirement] = []
    for requirement in found:
        name, assigned, _ = (requirement.text or "").partition("=")
        target = listing(name) if assigned else None
        if target is None or requirement.subject != target.subject:
            out.append(requirement)
    return out
