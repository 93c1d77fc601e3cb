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
_CXX_LOCATION = re.compile(r"([\w./+-]{1,300}\.(?:c|cc|cpp|cxx|h|hpp|cu|cuh))(?::|\()[0-9]{1,7}")
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
    r"^[^\n]{0,300}?(?:([\w./+-]{1,300}\.(?:c|cc|cpp|cxx|h|hpp|cu|cuh))"
    r"(?:(?::[0-9]{1,7}){1,2}|\([0-9]{1,7}\)): )?"
    r"(?:fatal )?error: ",
    re.MULTILINE,
)
_ERROR_KINDS = (
    ("missing file", r"No such file or directory|file not found|cannot open source file"),
    ("#error", r"error: #error|#error "),
    (
        "names (undeclared/no member)",
        r"not declared|undeclared|no member|is not a member|is undefined|does not name a type"
        r"|unknown type name|has not been declared",
    ),
    (
        "types/overloads",
        r"no matching|no viable|cannot convert|invalid conversion|conversion|incompatible"
        r"|incomplete type|ambiguous|no instance of|deleted function|cannot be used to initialize",
    ),
    ("syntax (expected)", r"error: expected "),
    ("flag/argument", r"unrecognized|unknown argument|unknown option|not supported|unsupported"),
    ("Werror", r"-Werror"),
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
_RUNG_WORDS = (
    (
        "install",
        r"(?i)\benvironment variables?\b|\bset_env\.sh\b"
        r"|\b(?:LD_LIBRARY_PATH|PYTHONPATH|ASCEND_\w{0,30}PATH)\b"
        r"|\bnot installed\b|\bpermission\b|\bowner\b|\bversions?\b|\bconfig(?:uration)?\b"
        r"|\bno such file\b|\bnot found\b|\bpath\b",
    ),
    (
        "device_init",
        r"(?i)\bset_?device\b|\bsetdevice\b|\bopen(?:ing)? (?:the )?device\b|\bdevice_?count\b"
        r"|\bdevice (?:is )?(?:busy|occupied|in use)\b|\bvisible\b|\bdriver\b|\bfirmware\b"
        r"|\bECC\b|\bHBM\b|\bTsdOpen\b|\bdrvMng|\bdcmi\b|\bno (?:cuda |npu |gpu )?devices?\b",
    ),
)
"""The words the layer rule (tests/data/triage_thirtyfourth/LABEL-BRIEF.md) gives its first rungs:
install's environment variables, paths, versions, permissions and configuration; device_init's
opening, counting and seeing the device, its driver and firmware, hardware faults at start."""
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


def _message_kind(text: str, raised: re.Match[str] | None) -> str:
    """Whether the exception says anything after its type: none (a bare ``assert``), a message
    that names a value it got or needs (a number or a quoted name), or words alone."""
    if raised is None:
        return "no exception"
    end = text.find("\n", raised.end())
    message = text[raised.end() : end if end >= 0 else len(text)].strip(": \t")
    if not message:
        return "bare"
    return "names a value" if re.search(r"[0-9]|'[^']+'|`[^`]+`|\"[^\"]+\"", message) else "words"


def _traceback_features(text: str) -> Iterator[str]:
    block = _first_traceback(text)
    if block is None:
        yield "traceback: none"
        pasted = _EXCEPTION.search(text)
        yield f"exception line alone: {exception_family(pasted.group(1)) if pasted else 'none'}"
        yield f"exception type: {pasted.group(1).rsplit('.', 1)[-1] if pasted else 'none'}"
        yield f"exception message: {_message_kind(text, pasted)}"
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
    yield f"exception type: {raised.group(1).rsplit('.', 1)[-1] if raised else 'none'}"
    yield f"exception message: {_message_kind(after, raised)}"


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
    if compiled is not None:
        end = text.find("\n", compiled.start())
        line = text[compiled.start() : end if end >= 0 else len(text)]
        kind = next((name for name, form in _ERROR_KINDS if re.search(form, line)), "other")
        yield f"compiler error kind: {kind}"


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


_UNDEFINED = re.compile(r"undefined symbol: ?(\S{1,400})")
_SYMBOL_OWNERS = (
    (
        "torch",
        r"^_ZN?K?\d*(?:3c10|2at|5torch|6caffe2)|^_ZN[^\d]{0,4}(?:3c10|2at|5torch)|c10::|at::|torch::",
    ),
    ("C++ runtime", r"^_ZN?K?St|^_ZNSt|__cxx11|GLIBCXX|CXXABI|^_ZTI|^_ZTV"),
    ("CUDA/NCCL", r"^_?_?(?:cu|cuda|cublas|cudnn|nccl|nvrtc|cusparse|curand|cufft)[A-Z_]"),
    ("CANN/HCCL", r"^(?:acl|Hccl|hccl|rt[A-Z]|Hcom|ge|aclnn)"),
    ("Python", r"^_?Py[A-Z_]"),
)


def _symbol_owner(text: str) -> str:
    """Whose library an ``undefined symbol`` names: torch's (c10, at, torch namespaces), the C++
    runtime's, CUDA's, CANN's, Python's, or another (the project's own, a third party's)."""
    symbol = _UNDEFINED.search(text)
    if symbol is None:
        return "none"
    name = symbol.group(1)
    return next((owner for owner, form in _SYMBOL_OWNERS if re.search(form, name)), "other")


def features(log: bytes) -> list[str]:
    """The log's features as ``name: value`` strings (one per name)."""
    text = log.decode("utf-8", errors="replace")
    found = [*_traceback_features(text), *_native_features(text), *_code_features(text)]
    words = [name for name, pattern in _WORDS if re.search(pattern, text, re.MULTILINE)]
    found.append(f"words: {'+'.join(words) or 'none of these'}")
    rungs = [name for name, pattern in _RUNG_WORDS if re.search(pattern, text)]
    found.append(f"rung words: {'+'.join(rungs) or 'none'}")
    found.append(f"version statement: {'yes' if _VERSION.search(text) else 'no'}")
    found.append(f"length: {_length_band(text.count(chr(10)) + 1)}")
    found.append(f"zh: {'yes' if _CJK.search(text) else 'no'}")
    found.append(f"undefined symbol of: {_symbol_owner(text)}")
    return found
