"""Structural features of a failure log, read without the triage engine, for counting.

``triage_breakdown.py --features`` tallies these per group of missed logs (counts only: the
held-out half may not be read case by case), so a session sees which structure a family's
misses share (a traceback whose innermost frame is the project's own code, a C++ check in a
vendor's path, an Ascend error code's family) before it writes a reader for that family. Each
reader is deliberately plain (one regular expression or two): it says what a log looks like,
not what caused it. Sources of the forms: Python's traceback module prints ``Traceback (most
recent call last):`` and ``  File "<path>", line <n>, in <name>`` (Lib/traceback.py); the
exception line is ``<qualified type>: <message>``; CANN's error codes are ``E<component><4
digits>`` (hiascend.com "Error Codes" of the CANN application development guide), torch_npu's
``ERR<2-digit area><3 digits>`` (Ascend/pytorch torch_npu/csrc/core/npu/NPUException.h), ACL's
return codes 6 digits with the family in the first (1 parameter/state, 2 resource, 5 internal;
torch_npu NPUErrorCodes.h).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

_TRACEBACK = re.compile(r"Traceback \(most recent call last\):")
_FRAME = re.compile(r'^\s*File "([^"\n]{1,400})", line [0-9]+', re.MULTILINE)
_EXCEPTION = re.compile(
    r"^\s{0,8}((?:[A-Za-z_]\w{0,60}\.){0,8}[A-Z]\w{0,80}(?:Error|Exception|Exit|Interrupt|Failure"
    r"|Warning|Conflict|NotFound))(?::|$)",
    re.MULTILINE,
)
_CXX_LOCATION = re.compile(r"([\w./+-]{1,300}\.(?:c|cc|cpp|cxx|h|hpp|cu|cuh)):[0-9]{1,7}")
_CXX_CHECK = re.compile(
    r"Check failed|CHECK failed|Assertion `|\bassert(?:ion)? failed\b|\bTORCH_CHECK\b", re.I
)
_VENDOR_PATH = re.compile(
    r"(?:^|/)(?:usr|opt)/|site-packages/|dist-packages/|ascend-toolkit|/torch/csrc/|torch_npu/csrc|"
    r"\bc10/|\baten/|third_party/|/include/"
)
_CANN_CODE = re.compile(r"(?<![\w-])(E[0-9A-Z])[0-9]{4}(?![\w-])")
_PTA_CODE = re.compile(r"\bERR([0-9]{2})[0-9]{3}\b")
_ACL_CODE = re.compile(
    r"(?i)(?:error ?code(?: is)?|ret(?:urn)?(?: code)?|err(?:or)?)"
    r"\s{0,3}[:=]?\s{0,3}\[?([1-5])[0-9]{4,5}\b"
)
_VERSION = re.compile(
    r"(?i)\bversion\b[^\n]{0,30}?\b[0-9]+\.[0-9]+|\b[A-Za-z][\w-]{1,40}(?:==|\s)v?[0-9]+\.[0-9]+\.[0-9]+\b"
)
_COMPILER_ERROR = re.compile(
    r"^[^\n]{0,300}?(?:([\w./+-]{1,300}\.(?:c|cc|cpp|cxx|h|hpp|cu|cuh))(?::[0-9]{1,7}){1,2}: )?"
    r"(?:fatal )?error: ",
    re.MULTILINE,
)
_PY_LOCATION = re.compile(r"[\w./-]{1,300}\.py(?::[0-9]{1,7}\b|\b\", line [0-9])")
_WORDS = (
    (
        "signal",
        r"(?i)segmentation fault|\bSIG(?:SEGV|ABRT|BUS|ILL|FPE)\b|core dumped|^\s*Aborted\b",
    ),
    (
        "numbers wrong",
        r"(?i)\bnan\b|\binf\b|accuracy|precision|\bgarbled|wrong (?:output|result)"
        r"|mismatch(?:ed)? elements",
    ),
    ("hang/timeout", r"(?i)\bhangs?\b|\bstuck\b|timed? ?out\b|deadlock"),
    ("not supported", r"(?i)not (?:yet )?supported|unsupported|only supports?"),
    (
        "missing module/symbol/attr",
        r"(?i)no module named|undefined symbol|has no attribute|cannot import name",
    ),
    (
        "call mismatch",
        r"unexpected keyword argument|positional arguments? but|missing [0-9]+ required",
    ),
    ("out of memory", r"(?i)out of memory|\bOOM\b"),
    ("no attribute", r"object has no attribute|module '[\w.]+' has no attribute"),
    ("MSVC error code", r"\b(?:error|fatal error) C[0-9]{4}\b"),
    ("undefined reference", r"undefined reference to|unresolved external symbol"),
    ("CMake Error", r"CMake Error"),
    ("nvcc (N): error", r"\.(?:cu|cuh|h|hpp|cpp)\([0-9]{1,7}\): error"),
    ("make Error", r"make(?:\[[0-9]+\])?: \*\*\*"),
)
_CJK = re.compile("[\u4e00-\u9fff]")
_STDLIB = re.compile(
    r"/lib/python3(?:\.[0-9]+)?/(?!(?:site|dist)-packages/)|^<frozen |\bPython3[0-9]*\\Lib\\"
)
_PACKAGES = re.compile(r"(?:site|dist)-packages/([A-Za-z_][\w]*)")
_CODE_EXCEPTIONS = frozenset(
    {
        "KeyError",
        "IndexError",
        "NameError",
        "UnboundLocalError",
        "TypeError",
        "AttributeError",
        "ZeroDivisionError",
    }
)
_IMPORT_EXCEPTIONS = frozenset({"ImportError", "ModuleNotFoundError"})
_CHECK_EXCEPTIONS = frozenset({"AssertionError", "ValueError", "NotImplementedError"})
_OS_EXCEPTIONS = frozenset(
    {
        "OSError",
        "FileNotFoundError",
        "PermissionError",
        "ConnectionError",
        "TimeoutError",
        "CalledProcessError",
    }
)


def _first_traceback(text: str) -> str | None:
    """The first traceback's text, from its header to the next header (the original failure
    comes first; a chained one follows it)."""
    headers = [match.start() for match in _TRACEBACK.finditer(text)]
    if not headers:
        return None
    end = headers[1] if len(headers) > 1 else len(text)
    return text[headers[0] : end]


def frame_owner(path: str) -> str:
    """Who owns a frame's file: the standard library, torch, torch_npu, another installed
    package, or the project (a path outside every install tree)."""
    if _STDLIB.search(path):
        return "stdlib"
    package = _PACKAGES.search(path)
    if package is None:
        return "project"
    name = package.group(1)
    return name if name in {"torch", "torch_npu"} else "other package"


def exception_family(name: str) -> str:
    """The exception type's family: a code defect's, an import's, a check's, the system's, a
    runtime error's, or another."""
    short = name.rsplit(".", 1)[-1]
    for family, names in (
        ("code (Key/Index/Name/Type/Attribute)", _CODE_EXCEPTIONS),
        ("import", _IMPORT_EXCEPTIONS),
        ("check (Assertion/Value/NotImplemented)", _CHECK_EXCEPTIONS),
        ("os/process", _OS_EXCEPTIONS),
    ):
        if short in names:
            return family
    return "RuntimeError" if short == "RuntimeError" else "other"


def _traceback_features(text: str) -> Iterator[str]:
    block = _first_traceback(text)
    if block is None:
        yield "traceback: none"
        pasted = _EXCEPTION.search(text)
        yield f"exception line alone: {exception_family(pasted.group(1)) if pasted else 'none'}"
        yield f"a .py location: {'yes' if _PY_LOCATION.search(text) else 'no'}"
        return
    yield "traceback: yes"
    frames = _FRAME.findall(block)
    yield f"innermost frame: {frame_owner(frames[-1]) if frames else 'none'}"
    owners = {frame_owner(path) for path in frames}
    yield f"a project frame: {'yes' if 'project' in owners else 'no'}"
    after = block[block.rfind(frames[-1]) :] if frames else block
    raised = _EXCEPTION.search(after)
    yield f"exception: {exception_family(raised.group(1)) if raised else 'none read'}"


def _native_features(text: str) -> Iterator[str]:
    locations = [match.group(1) for match in _CXX_LOCATION.finditer(text)]
    if not locations:
        yield "C++ file:line: none"
    else:
        vendor = all(_VENDOR_PATH.search(path) for path in locations)
        yield f"C++ file:line: {'vendor paths only' if vendor else 'a project path'}"
    yield f"C++ check/assert: {'yes' if _CXX_CHECK.search(text) else 'no'}"
    compiled = _COMPILER_ERROR.search(text)
    if compiled is None:
        yield "compiler error: none"
    elif compiled.group(1) is None:
        yield "compiler error: no location"
    else:
        owner = (
            "in a vendor path" if _VENDOR_PATH.search(compiled.group(1)) else "in a project path"
        )
        yield f"compiler error: {owner}"


def _code_features(text: str) -> Iterator[str]:
    cann = sorted({match.group(1) for match in _CANN_CODE.finditer(text)})
    yield f"CANN code: {'+'.join(cann) if cann else 'none'}"
    yield f"torch_npu ERR area: {'+'.join(sorted(set(_PTA_CODE.findall(text)))) or 'none'}"
    yield f"ACL code family: {'+'.join(sorted(set(_ACL_CODE.findall(text)))) or 'none'}"


def _length_band(lines: int) -> str:
    if lines <= 2:
        return "1-2 lines"
    for bound in (5, 20, 100, 1000):
        if lines < bound:
            return f"< {bound} lines"
    return ">= 1000 lines"


def features(log: bytes) -> list[str]:
    """The log's features as ``name: value`` strings (one per name)."""
    text = log.decode("utf-8", errors="replace")
    found = [*_traceback_features(text), *_native_features(text), *_code_features(text)]
    words = [name for name, pattern in _WORDS if re.search(pattern, text, re.MULTILINE)]
    found.append(f"words: {'+'.join(words) or 'none of these'}")
    found.append(f"version statement: {'yes' if _VERSION.search(text) else 'no'}")
    found.append(f"length: {_length_band(text.count(chr(10)) + 1)}")
    found.append(f"zh: {'yes' if _CJK.search(text) else 'no'}")
    return found
