"""Error-code catalogues: what the vendors' and runtimes' own codes mean, as data.

A log names its failure in codes far more often than in words a signature was written for: a
runtime's numeric return code (``error code is N``), a code whose characters name its module, an
extension's own code, a collective library's error name, a runtime's error message; each catalogue's
header quotes its real forms. Each catalogue (``kb/data/codes/*.toml``) holds the codes of one
vendor API transcribed from its public source, the ``finder`` expressions that find them in a log
line (a named group says how to look the value up: ``code``, ``name``, ``message`` or ``warn``), and
``family`` rows that give the meaning of a code nobody transcribed from its prefix (a first digit, a
module letter). Every code and family has a public source, its own or its catalogue's; the loader
rejects one without.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NamedTuple, Optional

import msgspec

from bringup.model.diagnosis import CauseKind, Layer
from bringup.tomlfile import line_of, read_data_toml
from bringup.triage.signatures import SignatureError, pattern_problem

CODES_DIR = Path(__file__).resolve().parent.parent / "kb" / "data" / "codes"
KEYS = ("code", "name", "message", "warn")
"""Named groups a finder may capture: the value is looked up by that field of the codes
(``warn``: a free-text warning line, which only a family can explain)."""
NAMES = "{names}"
"""In a finder, the names of the catalogue's codes (one alternation): a catalogue of things
(the programs and libraries a log says are missing) finds only the names it lists, so that a
name it does not list is no finding at all, not a code without a meaning."""
HELD = "{held}"
"""In a finder, the words that hold a numeric return code, one class for every catalogue whose
codes are numbers: the variable or field a program prints it in, in any case or spelling
("errno:361001", "ret=507015", "error code: 161002", "err_no 1", "return[100000]", "runtime
result = 507899", "the error code is : 500002"). Each catalogue keeps its own number range:
the words say a code is there, the digits say whose it is (outsider O14 D9: vllm-ascend#8679's
"errno:361001" is an aclnnStatus)."""
HELD_WORDS = (
    r"(?i:\b(?:(?:the )?error[ _]?code(?: is)?|ret(?:urn)?(?:[ _]?(?:code|value|val))?"
    r"|err(?:or)?(?:[ _]?(?:no|num))?|acl_?error|runtime (?:result|ret)))(?:[*_]*[ =:]+|\[)"
)


class CatalogueInfo(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: str
    title: str
    source: str
    licence: str
    named_only: bool = False
    """The source names its codes and says no more (an enum of a driver's return values): a
    code says which module failed, and how in the module's words, not what went wrong for the
    job. Each ranks, and is told with ``medium`` confidence, as a code whose meaning is only
    its module's failure (``placed`` with ``named_module``), below the runtime's own report of
    the same failure when that comes first; one whose ``same_as`` names a cause is told as that,
    with the same confidence."""


class Finder(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pattern: str


class Family(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The meaning of every code that starts with ``prefix`` (the longest prefix wins)."""

    prefix: str
    meaning: str
    layer: Layer
    kind: CauseKind
    source: Optional[str] = None
    confidence: str = "high"
    wrapper: bool = False
    meaning_zh: str = ""


class Code(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One code: found by its number (``code``), its symbolic ``name`` or the ``message`` a
    runtime prints for it."""

    meaning: str
    layer: Layer
    kind: CauseKind
    code: str = ""
    name: str = ""
    message: str = ""
    action: str = ""
    source: Optional[str] = None
    wrapper: bool = False
    """The code only says that a call into another component failed (an extension's "call
    <api> failed"): the code of that call, when the log has it, says more."""
    meaning_zh: str = ""
    action_zh: str = ""
    """The meaning and action in Chinese, where the source gives them (``--lang zh``)."""
    same_as: str = ""
    """The id of a failure signature whose cause this code is (``cudaErrorNoKernelImageForDevice``
    is ``cuda.runtime.no-kernel-image``), or of the fallback's class of failure that its meaning
    is (ACLNN_ERR_PARAM_INVALID: an operator refusing its inputs): a log that shows only the code
    is diagnosed as that signature or class, with the code's line as evidence."""
    placed: bool = False
    """The code says only that its module failed inside (CANN's "Inner Error" codes, digits
    9000-9999): its ``layer`` is the module's usual one, and the words of its failure (the reason
    and TraceBack lines after it) place it, and it ranks, as a code known by its family only."""
    named_module: bool = False
    """With ``placed``: the meaning names the module that failed (ACL's 507899, "an internal
    error occurs in the Driver module"), so the code keeps its ``layer``, the module's, where
    its line's words would place a code known by its family only; it still ranks as one."""
    fills: str = ""
    """The capture group of the ``same_as`` signature that the value found fills (``lib``): the
    name of a missing thing (``libtbe_adapter``) is what that signature's cause names."""
    confidence: str = "high"
    """How sure the code's meaning (or its ``same_as``) is of the cause, at most: ``medium``
    where the code says a call refused a value but not whose value it was."""
    same_as_not: str = ""
    """Words on the code's line that say the value refused is this machine's limit, not the
    caller's mistake (a platform without the feature: "on WSL2"; a device with less of a
    resource than the kernel asks: "MaxDynamicSharedMemorySize"): there ``same_as`` does not
    hold and the code is told as itself."""
    alone: bool = False
    """``same_as`` holds only for the code printed alone: where the device's own error message
    (another catalogue's code) is on its line, the code is told as itself (torch_npu gives its
    driver-and-firmware guess for 207000 only when the device said nothing)."""


class CodeFile(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    catalogue: CatalogueInfo
    finder: list[Finder] = []
    family: list[Family] = []
    code: list[Code] = []


class Meaning(NamedTuple):
    """What a value found in a log means: its code (or the family it falls in), with source."""

    catalogue: str
    title: str
    key: str
    meaning: str
    action: str
    layer: Layer
    kind: CauseKind
    source: str
    exact: bool
    wrapper: bool = False
    meaning_zh: str = ""
    action_zh: str = ""
    same_as: str = ""
    placed: bool = False
    fills: str = ""
    alone: bool = False
    named_module: bool = False
    same_as_not: str = ""
    confidence: str = "high"

    def same_as_on(self, line: str) -> str:
        """``same_as``, or nothing where ``line``'s words say the machine's limit refused."""
        refused_here = self.same_as_not and _compiled(self.same_as_not).search(line)
        return "" if refused_here else self.same_as


@functools.cache
def _compiled(pattern: str) -> Any:
    import re2

    return re2.compile(pattern)


class Catalogue(NamedTuple):
    """One file's codes, indexed for look-up."""

    info: CatalogueInfo
    path: str
    finders: tuple[str, ...]
    families: tuple[Family, ...]
    by_key: dict[tuple[str, str], Code]

    def lookup(self, group: str, value: str) -> Optional[Meaning]:
        """The meaning of ``value`` captured by a finder's ``group``; None when neither a code
        nor a family explains it."""
        wanted = " ".join(value.split())
        code = self.by_key.get((group, wanted.lower() if group == "message" else wanted))
        if code is None and group == "message":
            code = self._by_message_prefix(wanted.lower())
        if code is None and group == "name":
            code = self._by_binding_name(wanted)
        if code is not None:
            key = code.code or code.name or code.message
            label = f"{code.name} ({code.code})" if code.name and code.code else key
            return Meaning(
                self.info.name,
                f"{self.info.title} {label}",
                key,
                code.meaning,
                code.action,
                code.layer,
                code.kind,
                code.source or self.info.source,
                True,
                code.wrapper,
                code.meaning_zh,
                code.action_zh,
                code.same_as,
                code.placed or self.info.named_only,
                code.fills,
                code.alone,
                code.named_module or self.info.named_only,
                code.same_as_not,
                code.confidence,
            )
        family = max(
            (f for f in self.families if wanted.startswith(f.prefix)),
            key=lambda f: len(f.prefix),
            default=None,
        )
        if family is None:
            return None
        return Meaning(
            self.info.name,
            f"{self.info.title} {wanted if group != 'warn' else ''}".rstrip(),
            wanted,
            family.meaning,
            "",
            family.layer,
            family.kind,
            family.source or self.info.source,
            False,
            family.wrapper,
            family.meaning_zh,
        )

    def _by_binding_name(self, name: str) -> Optional[Code]:
        """The code a language binding's exception class is named after: Python bindings name
        their exceptions from the C library's codes (``DCMIError_NotSupport`` for
        ``DCMI_ERR_CODE_NOT_SUPPORT``, ``NVMLError_LibRmVersionMismatch``), so a name is
        compared by what follows its error prefix, letters only, case ignored."""
        wanted = _after_error_prefix(name)
        found = (c for (g, n), c in self.by_key.items() if g == "name" and n != name)
        return next((c for c in found if wanted and _after_error_prefix(c.name) == wanted), None)

    def _by_message_prefix(self, text: str) -> Optional[Code]:
        """The code whose message starts ``text`` (runtimes append hints after it)."""
        best: Optional[Code] = None
        for (group, message), code in self.by_key.items():
            longer = best is None or len(message) > len(best.message)
            if group == "message" and text.startswith(message) and longer:
                best = code
        return best


def _after_error_prefix(name: str) -> str:
    letters = re.sub(r"[^a-z0-9]", "", name.lower())
    return re.sub(r"^.*?err(?:or)?(?:code)?", "", letters, count=1)


def _alternation(names: Iterable[str]) -> str:
    """``names`` as one group of literal alternatives, the longest first."""
    ordered = sorted(set(names), key=lambda name: (-len(name), name))
    return "(?:" + "|".join(re.escape(name) for name in ordered) + ")"


def read_catalogue(path: Path) -> Catalogue:
    """One catalogue file, checked: every code and family has a public source (its own or
    the catalogue's), a way to be found, valid finders; raises ``SignatureError``."""
    text, document = read_data_toml(path)
    try:
        content = msgspec.convert(document, type=CodeFile, strict=True)
    except msgspec.ValidationError as error:
        raise SignatureError(str(error), path=str(path)) from None
    name = content.catalogue.name

    def fail(message: str, key: str, value: str) -> SignatureError:
        return SignatureError(
            message, path=str(path), line=line_of(text, key, value), record_id=name, field=key
        )

    if not content.catalogue.source.startswith("https://"):
        raise fail("the catalogue needs a public https:// source", "name", name)
    names = _alternation(code.name for code in content.code if code.name)
    finders = [
        finder.pattern.replace(NAMES, names).replace(HELD, HELD_WORDS) for finder in content.finder
    ]
    for finder, pattern in zip(content.finder, finders):
        problem = pattern_problem(pattern)
        groups = [key for key in KEYS if f"(?P<{key}>" in pattern]
        if problem or len(groups) != 1:
            why = problem or f"a finder captures exactly one of {', '.join(KEYS)}"
            raise fail(f"finder {finder.pattern!r}: {why}", "pattern", finder.pattern)
    by_key: dict[tuple[str, str], Code] = {}
    for code in content.code:
        key = code.code or code.name or code.message
        if not key:
            raise fail("a code needs a code, a name or a message", "meaning", code.meaning)
        if code.source is not None and not code.source.startswith("https://"):
            raise fail("source must be a public https:// URL", "code", code.code)
        problem = pattern_problem(code.same_as_not) if code.same_as_not else None
        if problem:
            raise fail(f"same_as_not: {problem}", "same_as_not", code.same_as_not)
        for group, value in (("code", code.code), ("name", code.name)):
            if value:
                by_key.setdefault((group, value), code)
        if code.message:
            by_key.setdefault(("message", code.message.lower()), code)
    for family in content.family:
        if family.source is not None and not family.source.startswith("https://"):
            raise fail("source must be a public https:// URL", "prefix", family.prefix)
    return Catalogue(
        content.catalogue,
        str(path),
        tuple(finders),
        tuple(content.family),
        by_key,
    )


def read_catalogues(directory: Path = CODES_DIR) -> tuple[Catalogue, ...]:
    return tuple(read_catalogue(path) for path in sorted(directory.glob("*.toml")))


@functools.cache
def builtin_catalogues() -> tuple[Catalogue, ...]:
    """The catalogues shipped with bringup, read once per process."""
    return read_catalogues()
