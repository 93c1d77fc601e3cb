"""Go source files: what cgo and the libraries a Go program loads need of the machine.

cgo (pkg.go.dev/cmd/cgo): a file that imports the pseudo-package ``"C"`` has its preamble
(the comment above the import) compiled by the C compiler, ``CC``, gcc by default; without
one on the PATH cgo is off and the package does not build. So each such file needs ``gcc``
(cited at its ``import "C"``), and each ``-l`` flag of its ``#cgo LDFLAGS:`` lines naming a
library a backend knows (``linked``: ``-lcudart`` is the CUDA toolkit) needs its provider.

A Go program that names a known library's file in a string loads it at run time (dlopen
through cgo or go-nvml's ``dl``): ``dcmiLibraryName = "libdcmi.so"`` (Ascend/ascend-npu-exporter
devmanager/dcmi/dcmi.go:412, the driver's DCMI, loaded at ``DcInit``), ``libraryName =
"libcuda.so.1"`` (NVIDIA/k8s-device-plugin internal/cuda/api.go:24): its provider is needed to
run. Test files (``_test.go``) are not read (``walk``): cgo is not allowed in them.
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.linked import linked_in, provider

_IMPORT_C = lazyre.compile(r'^import\s{1,8}"C"', re.MULTILINE)
_LDFLAGS = lazyre.compile(
    r"^[ \t]{0,8}(?://[ \t]{0,8})?#cgo[ \t]{1,8}(?:[\w,!]{1,40}[ \t]{1,8}){0,4}"
    r"LDFLAGS:([^\n]{0,500})",
    re.MULTILINE,
)
"""A ``#cgo`` line setting linker flags, for any build constraint (``#cgo linux LDFLAGS:``), in
a ``/* */`` preamble or a ``//`` one (``// #cgo LDFLAGS: -ldl``)."""
_LIBRARY = lazyre.compile(r'"(lib[A-Za-z][\w+-]{0,60}\.so(?:\.\d{1,4}){0,3})"')
"""A string that is a shared library's file name (``"libcuda.so.1"``)."""


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _cgo(file: SourceFile, imported: int) -> list[Requirement]:
    """gcc at the ``import "C"`` line, and the provider of each known ``-l`` library."""
    text = 'import "C": cgo compiles the preamble with the C compiler (CC, gcc by default)'
    found = [file.requirement("gcc", "", imported, text=text)]
    seen = set()
    for flags in _LDFLAGS.finditer(file.text):
        for subject, why, flag in linked_in(flags.group(1)):
            if subject not in seen:
                seen.add(subject)
                at = _line(file.text, flags.start())
                found.append(file.requirement(subject, "", at, text=f"links {flag} ({why})"))
    return found


def extract_go_source(file: SourceFile) -> Extraction:
    """What one Go source file needs: cgo's C compiler and libraries, the libraries it loads."""
    imported = _IMPORT_C.search(file.text)
    found = _cgo(file, _line(file.text, imported.start())) if imported else []
    named = {r.subject for r in found}
    for match in _LIBRARY.finditer(file.text):
        known = provider(match.group(1))
        if known is not None and known[0] not in named:
            named.add(known[0])
            text = f"loads {match.group(1)} at run time ({known[1]})"
            at = _line(file.text, match.start())
            found.append(file.requirement(known[0], "", at, text=text, confidence="medium"))
    return Extraction(requirements=tuple(found))
