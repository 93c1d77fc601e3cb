"""Test files (Python and C/C++): the device guards that decide where a test can run.

``torch.npu.device_count() < 2`` (skip) and ``device_count() >= 2`` (run) both say the test
needs two devices; ``torch.cuda.get_device_capability() >= (9, 0)`` needs compute capability
9.0; ``torch.npu.is_available()`` one NPU; ``sys.version_info < (3, 10)`` Python 3.10. Tests
are optional for using a repo, so these requirements are soft; they decide which test steps
need hardware. Comments are ignored; the device is NPU or GPU by the names on the line (or
in the file, when the line does not say).
"""

from __future__ import annotations

import re

from bringup.model import Confidence, Requirement
from bringup.scan.extraction import Extraction, SourceFile

_COUNT = re.compile(
    r"\b(?P<name>\w*(?:device_?count|DeviceCount|npu_?count|gpu_?count|num_(?:npus|gpus|devices)))"
    r"\b(?:\([^()]*\))?\s*(?P<op><=|>=|==|<|>)\s*(?P<n>\d+)"
)
_AVAILABLE = re.compile(r"\b(torch\.(?:npu|cuda)|torch_npu\.npu)\.is_available\(\)")
_CAPABILITY = re.compile(
    r"get_device_capability\([^()]*\)\s*(?P<op><=|>=|==|<|>)\s*\(\s*(?P<major>\d+)\s*,\s*(?P<minor>\d+)\s*\)"
)
_PYTHON = re.compile(
    r"sys\.version_info\s*(?P<op><=|>=|<|>)\s*\(\s*(?P<major>\d+)\s*,\s*(?P<minor>\d+)"
)
_NPU = re.compile(r"npu|acl|ascend|hccl|davinci", re.IGNORECASE)
_GPU = re.compile(r"cuda|gpu|nccl|nvidia", re.IGNORECASE)
_LINE_COMMENT = re.compile(r"(?:^|\s)(?:#|//).*$")


def _minimum(operator: str, value: int) -> int:
    """The device count a comparison asks for, read as a guard either way round:
    ``count < 2`` (skip when fewer) and ``count >= 2`` (run when enough) both need 2."""
    return {"<": value, ">=": value, "<=": value + 1, ">": value + 1, "==": max(value, 1)}[operator]


def _kind(line: str, file_kind: str | None) -> str | None:
    if _NPU.search(line):
        return "npu"
    if _GPU.search(line):
        return "gpu"
    return file_kind


def extract_test_guards(file: SourceFile) -> Extraction:
    """The device, capability and Python guards of one test file, as soft requirements."""
    npu_words = len(_NPU.findall(file.text))
    gpu_words = len(_GPU.findall(file.text))
    file_kind = None if npu_words == gpu_words else ("npu" if npu_words > gpu_words else "gpu")
    requirements: list[Requirement] = []

    def add(subject: str, spec: str, line: int, text: str, confidence: Confidence = "high") -> None:
        requirements.append(
            file.requirement(
                subject, spec, line, text=text.strip(), confidence=confidence, hard=False
            )
        )

    for number, raw in enumerate(file.text.splitlines(), start=1):
        line = _LINE_COMMENT.sub("", raw)
        if not line.strip():
            continue
        for match in _COUNT.finditer(line):
            kind = _kind(match.group("name") + " " + line, file_kind)
            count = _minimum(match.group("op"), int(match.group("n")))
            if kind is not None and count >= 1:
                add(f"{kind}_count", f">={count}", number, line)
        for match in _AVAILABLE.finditer(line):
            kind = "npu" if "npu" in match.group(1) else "gpu"
            add(f"{kind}_count", ">=1", number, line, "medium")
        for match in _CAPABILITY.finditer(line):
            operator = match.group("op")
            value = f"{match.group('major')}.{match.group('minor')}"
            spec = {"<": ">=", ">=": ">=", "==": "==", "<=": ">", ">": ">"}[operator] + value
            add("compute_capability", spec, number, line)
        for match in _PYTHON.finditer(line):
            operator = match.group("op")
            value = f"{match.group('major')}.{match.group('minor')}"
            bound = ">=" if operator in ("<", ">=") else ">"
            add("python", f"{bound}{value}", number, line, "medium")
    return Extraction(requirements=tuple(requirements))
