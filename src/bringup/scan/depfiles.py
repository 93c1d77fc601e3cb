"""RAPIDS' ``dependencies.yaml``, the input of rapids-dependency-file-generator: each of its
``files`` is generated for a ``matrix`` of CUDA releases and CPU architectures (rmm
dependencies.yaml:5-10 ``arch: [x86_64, aarch64]``), one environment file per pair
(``conda/environments/all_cuda-129_arch-x86_64.yaml``). The architectures are those the
repo builds on, any one of them: an ``arch`` requirement. The CUDA releases and the packages
are the generated files' to state (``conda_env``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.images import ARCH_NAMES

if TYPE_CHECKING:
    from yaml.nodes import Node

NAME = "dependencies.yaml"


def generated_arches(file: SourceFile, document: Node) -> list[Requirement]:
    """One ``arch`` any-of per file the generator writes, cited at its ``matrix``'s ``arch``."""
    from bringup.scan import yamlnodes

    files = yamlnodes.value_of(document, "files")
    found: list[Requirement] = []
    for _, generated in yamlnodes.pairs(files) if files is not None else ():
        matrix = yamlnodes.value_of(generated, "matrix")
        arch = yamlnodes.value_of(matrix, "arch") if matrix is not None else None
        named = yamlnodes.scalars(arch) if arch is not None else []
        values = list(dict.fromkeys(ARCH_NAMES.get(v, v) for v, _ in named))
        if values:
            text = f"{NAME}: generated for arch {', '.join(values)}"
            found.append(file.requirement("arch", ",".join(values), named[0][1], text=text))
    return found
