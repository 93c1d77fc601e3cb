"""Which module an import that failed on a missing CUDA library was loading: a framework that
ships its CUDA libraries (torch, TensorFlow, JAX...), or a compiled extension of a third party.

The loader's line ("ImportError: libcudart.so.9.2: cannot open shared object file") is the same
for both, but the fix is not: the framework's CUDA libraries are missing or of another release
(install them, or the framework's build for the CUDA there is), while an extension built before
CUDA was upgraded asks for the old CUDA's soname and is rebuilt against the installed one
(outsider O15 D14: Pytorch-Correlation-extension's `from spatial_correlation_sampler import`
after CUDA 9.2 -> 10.1, where the maintainer's answer is to rebuild). The traceback says which:
the source line under its innermost frame imports the module, and the innermost frame's file
belongs to a package. ``cuda.runtime.extension-built-for-other-cuda`` is found by the loader's
line as a symptom; here it goes first when the import is an extension's, as sure as the library's
reading, and is dropped when it is the framework's own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Optional

import msgspec

from bringup.model.diagnosis import Diagnosis
from bringup.triage.findings import Findings
from bringup.triage.frames import package_of

EXTENSION = "cuda.runtime.extension-built-for-other-cuda"
LIBRARY = "cuda.runtime.cuda-lib-missing"
FRAMEWORKS = frozenset(
    {
        "torch",
        "tensorflow",
        "jax",
        "jaxlib",
        "paddle",
        "mxnet",
        "cupy",
        "onnxruntime",
        "tensorrt",
        "mindspore",
        "caffe2",
    }
)
"""Packages whose own binaries link the CUDA libraries, built for one CUDA per wheel: their
import failing on a CUDA library is the framework's CUDA, not an extension's build."""
_IMPORT = re.compile(r"^\s*(?:from\s+(?P<source>\.*[\w.]*)\s+import\b|import\s+(?P<name>[\w.]+))")


def placed(diagnoses: Sequence[Diagnosis], findings: Findings) -> list[Diagnosis]:
    """``diagnoses`` with the extension's reading first when the import that failed is of a
    compiled extension, and without it when it is a framework's own; as they are when the
    traceback does not say."""
    extension = next((d for d in diagnoses if d.signature_id == EXTENSION), None)
    if extension is None or not extension.evidence:
        return list(diagnoses)
    third_party = _third_party(findings, extension.evidence[0].line)
    if third_party is None:
        return list(diagnoses)
    rest = [d for d in diagnoses if d is not extension]
    if not third_party:
        return rest
    at = next((i for i, d in enumerate(rest) if d.signature_id == LIBRARY), len(rest))
    if at < len(rest):
        # the loader's own message, read by the traceback: as sure as the library's reading
        score = max(extension.score, rest[at].score + 1)
        extension = msgspec.structs.replace(extension, score=score)
    return [*rest[:at], extension, *rest[at:]]


def _third_party(findings: Findings, line: int) -> Optional[bool]:
    """Whether the exception raised on ``line`` imported a compiled extension (``extension``)."""
    sighting = next((s for s in findings.all_exceptions() if s.line == line), None)
    if sighting is None:
        return None
    return extension(sighting.call, sighting.frames[-1] if sighting.frames else "")


def extension(call: str, innermost: str) -> Optional[bool]:
    """Whether ``call``, the source line under the innermost frame (in file ``innermost``),
    imports a module of neither a framework nor a framework's own package: a relative import
    is of the package of its file, or of code outside any installed package (a checkout's own
    extension). None when ``call`` is no import."""
    imported = _IMPORT.match(call)
    if imported is None:
        return None
    package = package_of(innermost) if innermost else ""
    if package in FRAMEWORKS:
        return False
    module = imported.group("name") or imported.group("source")
    top = module.split(".")[0] if module and not module.startswith(".") else package
    return top not in FRAMEWORKS
