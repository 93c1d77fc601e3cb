"""Which exception rule explains an exception: its type, its message, the packages of its frames.

Kept apart from ``bringup.triage.fallback``, which turns the rule found into a diagnosis.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Optional

from bringup.model.diagnosis import KERNEL_LAYER
from bringup.triage.fallbackrules import ExceptionRule
from bringup.triage.findings import ExceptionSighting

GENERIC_RULE = "traceback.operator.other"

_OWN_MESSAGE = re.compile(r"\s*(?!assert\b|(?:True|False) is not (?:true|false)\b)\S")
"""A message that is the check's own words, not a failed test's (pytest's ``assert``
expression, unittest's "False is not true")."""
_TEST_COMPARISON = re.compile(
    r" [!=]= | not less than | not greater than |Tensor-likes are not |Lists differ|"
    r"Tuples differ|Arrays are not |Mismatched elements|Items in the "
)
"""A failed test's comparison: unittest's ``assertEqual`` ("3 != 4", "Lists differ"),
``torch.testing.assert_close`` ("Tensor-likes are not close!", "Mismatched elements"),
``numpy.testing`` ("Arrays are not equal")."""
_MODULE_CALL = re.compile(
    r"(?<![\w.])(?!(?:self|cls|super)\b)[A-Za-z_]\w{0,100}(?:\.[A-Za-z_]\w{0,100}){1,8}\("
)
"""A call through a name's attribute (``np.zeros(``, ``flash_attn_cuda.fwd(``), not the
object's own (``self.f(``): the callee may be a package's, compiled code with no frame of its
own."""

_STATEMENT = re.compile(r"(?<![\w.])(?:raise|assert)\b")
"""The innermost frame's line raises or asserts itself (``raise ValueError(...)``, ``assert
n % tp == 0``), whatever it calls on the way."""
_RAISED_NOT_WINDOW = 2000
"""How much of ``<type>: <message>`` the ``raised_not`` words are looked for in: the type's
module and the words that name a device, runtime or chip come first, and a message of a
megabyte (a printed tensor) took ~0.6 s a search over all of it (review33)."""
_STANDARD_LIBRARY = re.compile(r"/lib/python[0-9.]{1,8}/(?![\w.-]{0,40}-packages/)")
"""A frame of Python's standard library (``/usr/lib/python3.10/threading.py``), not of a package
installed beside it: what it raises is the host's answer ("can't start new thread") or an
exception it re-raises for another thread (``concurrent.futures``), not the job's logic."""


def match_exception(
    sighting: ExceptionSighting, rules: Sequence[ExceptionRule], memo: Optional[Memo] = None
) -> Optional[ExceptionRule]:
    """The first rule that explains ``sighting``. A rule's ``any_message`` types need no
    ``message`` when an installed package raised the exception; pasted alone (no frames) with
    a message of its own, when no rule places it outside an operation (torch's "The NVIDIA
    driver on your system is too old" is the driver's failure; a failed test's "assert x ==
    y" is no project's check). A rule's ``pasted`` forms ("Type: message") explain such an
    exception, in the rules' order, whatever its ``exception`` and ``message`` say; and one
    raised where no frame is an installed package's (the job's own code, the standard library
    it called: ``unnamed``) when no rule reads it from its frames, since its frames name no
    second package either (verl's ``marked_timer() takes 2 positional arguments but 3 were
    given`` through contextlib), unless the innermost frame's line calls through a module or
    an object (a compiled extension's function has no frame: ``flash_attn_cuda.fwd(...)``
    refusing the arguments of another release is no defect of the job). ``memo``
    keeps the searches for another call over the same exception (``Memo``)."""
    memo = {} if memo is None else memo
    own = (
        _OWN_MESSAGE.match(sighting.message) is not None
        and _TEST_COMPARISON.search(sighting.message) is None
    )
    alone = own and not sighting.frames
    unnamed = (
        own
        and bool(sighting.frames)
        and not any(sighting.packages)
        and _MODULE_CALL.search(sighting.call) is None
    )
    found = _first_rule(sighting, rules, memo, pasted=False, forms=alone)
    if not (alone or unnamed):
        return found
    if found is not None and found.id != GENERIC_RULE and (unnamed or found.layer != KERNEL_LAYER):
        return found
    return _first_rule(sighting, rules, memo, pasted=alone, forms=True) or found


def raised_by_project(
    sighting: ExceptionSighting, rules: Sequence[ExceptionRule], memo: Optional[Memo] = None
) -> Optional[ExceptionRule]:
    """The class rule (``raised``) of an exception no other rule explains, told by who raised it
    and how: the job's own code (the framework, plugin or script whose frame is innermost, not
    ``frames_not``: a vendor runtime or binding) raised it in its own words, by a ``raise`` or
    an ``assert`` on that frame's line or in a frame that called no binding (a compiled
    function has no frame of its own: ``torch_npu.npu_x(...)`` raising is the binding's check,
    ``_MODULE_CALL``); not a failed test's comparison; pasted alone (no frame says who raised
    it), only the types that Python code raises and no binding does (``raised_alone``); not one
    the standard library raised (``_STANDARD_LIBRARY``). A rule that reads
    the message's words (``raised_message``: a refusal) is tried before one that takes any
    message, and such a refusal that an installed package raised when another installed
    package called it is left to the evidence entry (``_two_packages``: the caller may be
    written for another release), while a plugin's own logic failing under its host's call
    is the plugin's defect; ``raised_not`` words (a device, a runtime, the chip, the
    environment) leave the exception to its evidence entry."""
    memo = {} if memo is None else memo
    statement = _STATEMENT.search(sighting.call)
    own = _OWN_MESSAGE.match(sighting.message) is not None or (
        not sighting.message and statement is not None and statement.group() == "raise"
    )
    if (
        not own
        or _TEST_COMPARISON.search(sighting.message) is not None
        or (statement is None and _MODULE_CALL.search(sighting.call) is not None)
        or (bool(sighting.frames) and _STANDARD_LIBRARY.search(sighting.frames[-1]) is not None)
    ):
        return None
    said = f"{sighting.name}: {sighting.message}"[:_RAISED_NOT_WINDOW]
    for rule in sorted((r for r in rules if r.raised), key=lambda r: not r.raised_message):
        types = rule.raised if sighting.frames else rule.raised_alone
        if not types or not re.search(types, sighting.name):
            continue
        if rule.frames_not and sighting.frames and re.search(rule.frames_not, sighting.frames[-1]):
            continue
        if rule.raised_not and _found(memo, rule.raised_not, said):
            continue
        if rule.raised_message and not _found(memo, rule.raised_message, sighting.message):
            continue
        return None if rule.raised_message and _two_packages(sighting.packages) else rule
    return None


def _two_packages(packages: Sequence[str]) -> bool:
    """Whether the innermost frame is an installed package's and the frame that called it
    another's: a package that refuses how another calls it (tensordict refusing verl's ``in``)
    may be the two out of step, no setting of the job."""
    return len(packages) > 1 and "" not in packages[-2:] and packages[-1] != packages[-2]


Memo = dict[tuple[str, str], bool]
"""Searches done for one exception: (pattern, text) -> found. The caller makes one per
exception and passes it to each ``match_exception`` over it."""


def _found(memo: Memo, pattern: str, text: str) -> bool:
    """Whether ``pattern`` is found in ``text``, each search done once per ``memo``. The rules
    are tried up to four times over one exception (as itself and as pasted alone, then the
    rules that place it: ``fallback._placed``), and a message can be a line of a megabyte (a
    printed tensor; a fuzzed log's run of 2 MB of digits, whose 54 message searches took 2.5 s
    a pass)."""
    key = (pattern, text)
    found = memo.get(key)
    if found is None:
        found = memo[key] = re.search(pattern, text) is not None
    return found


def _first_rule(
    sighting: ExceptionSighting,
    rules: Sequence[ExceptionRule],
    memo: Memo,
    *,
    pasted: bool,
    forms: bool = False,
) -> Optional[ExceptionRule]:
    innermost = sighting.packages[-1] if sighting.packages else None
    said = f"{sighting.name}: {sighting.message}"
    for rule in rules:
        if rule.message_not and _found(memo, rule.message_not, sighting.message):
            continue
        if forms and rule.pasted and _found(memo, rule.pasted, said):
            return rule
        if rule.stated and _found(memo, rule.stated, said):
            return rule
        if not re.search(rule.exception, sighting.name):
            continue
        if (
            rule.message
            and not _found(memo, rule.message, sighting.message)
            and not (
                (innermost or pasted)
                and rule.any_message
                and re.search(rule.any_message, sighting.name)
            )
        ):
            continue
        if rule.raised_in == "package" and not innermost:
            continue
        if rule.raised_in == "user" and (innermost is None or innermost):
            continue
        if rule.frames and not (sighting.frames and re.search(rule.frames, sighting.frames[-1])):
            continue
        if rule.frames_not and sighting.frames and re.search(rule.frames_not, sighting.frames[-1]):
            continue
        if rule.through and not any(_found(memo, rule.through, f) for f in sighting.frames):
            continue
        return rule
    return None
