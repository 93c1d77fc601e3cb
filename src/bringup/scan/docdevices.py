"""The device a document's Python examples put their work on: a need of the examples only.

A README's usage block (``model = Model().cuda()``) shows one way to call the library, on the
writer's machine; the design's scopes make a code block outside the install, build and test
sections an example (DESIGN.md, "Scopes"), and a Python block is never a step. So its device
calls, read as ``devicecalls`` reads a package module (Python's own ``ast``, guarded calls
and blocks that name a fallback left out), are the feature ``task:usage examples``: shown
beside the repo ("also, for usage examples: a GPU"), never the repo's hard need, which only
its own package's calls (``pkgimports.package_devices``) and stated lines make. Measured
(session 35, o15e): read as the repo's need, these calls found no hardware need of either
half's truth and added 9 wrong ones to the tuning half, 7 to the held-out half.
"""

from __future__ import annotations

import msgspec

from bringup import backends
from bringup.model import Requirement
from bringup.scan.devicecalls import FALLBACK_WORDS, device_calls
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.markdown import Fence, markdown_blocks

EXAMPLES = "task:usage examples"
"""The feature a document's Python examples' device needs belong to."""
_PYTHON = frozenset({"python", "python3", "py", "ipython", "ipython3"})


def example_devices(file: SourceFile) -> list[Requirement]:
    """One need per device kind the document's Python blocks put work on, cited at the first
    call (the next few in ``also_at``), of the feature ``EXAMPLES``; none in rst or where a
    block names a fallback (``FALLBACK_WORDS``: that block chooses its device)."""
    lowered = file.text.lower()
    if file.rel.lower().endswith((".rst", ".txt")) or not any(
        f"```{name}" in lowered for name in ("py", "ipy")
    ):
        return []
    lines = file.text.splitlines()
    found: dict[str, list[int]] = {}
    for block in markdown_blocks(file.text).values():
        if not isinstance(block, Fence) or block.language not in _PYTHON:
            continue
        code = "\n".join(lines[block.start : block.end])
        if any(word in code for word in FALLBACK_WORDS):
            continue
        for kind, line in device_calls(code):
            found.setdefault(kind, []).append(block.start + line)
    out = []
    for kind, at in found.items():
        subject = backends.count_subject(kind)
        if subject is None:
            continue
        sources = [file.source(line) for line in sorted(at)]
        out.append(
            Requirement(
                subject=subject,
                spec=">=1",
                component="",
                source=sources[0],
                confidence="low",
                text="its usage example puts work on the device",
                feature=EXAMPLES,
                also_at=tuple(sources[1:4]),
            )
        )
    return out


def extract_docs_and_examples(file: SourceFile) -> Extraction:
    """``docs.extract_docs`` (lines, tables, command blocks), with ``example_devices``."""
    from bringup.scan.docs import extract_docs

    read = extract_docs(file)
    examples = example_devices(file)
    if not examples:
        return read
    return msgspec.structs.replace(read, requirements=(*read.requirements, *examples))
