"""Version schemes: each turns a raw string into a comparable key and prefix segments.

Vendor strings are not PEP 440 (``8.0.RC2.alpha003`` is rejected by ``packaging``;
``535.104.05`` is normalised to ``535.104.5``), so the raw spelling is kept for display and
table look-ups and only the key is used for ordering.
"""

from __future__ import annotations

import re
from typing import Any, Callable, NamedTuple

from packaging.version import InvalidVersion as _Pep440Invalid
from packaging.version import Version as _Pep440Version

from bringup.versions.errors import InvalidVersion


class Parsed(NamedTuple):
    """A scheme's reading of one string: ``key`` orders, ``segments`` match ``X.Y.*``."""

    key: Any
    segments: tuple[str, ...]


SchemeParser = Callable[[str], Parsed]


def _strip_zeros(numbers: tuple[int, ...]) -> tuple[int, ...]:
    end = len(numbers)
    while end > 1 and numbers[end - 1] == 0:
        end -= 1
    return numbers[:end]


_NUMERIC = re.compile(r"^\d+(?:\.\d+)*$")


def parse_numeric(raw: str) -> Parsed:
    """Dotted numbers: CUDA ``12.4``/``13.0.88``, GCC ``12.2.0``, NVIDIA driver
    ``535.104.05``, glibc, CMake, firmware ``7.1.0.9.220``. Trailing zeros do not count
    (``12.4 == 12.4.0``) and leading zeros do not either (``05 == 5``)."""
    text = raw.strip()
    if not _NUMERIC.match(text):
        raise InvalidVersion(raw, "numeric", "dotted numbers such as 12.4 or 535.104.05")
    numbers = tuple(int(part) for part in text.split("."))
    return Parsed(_strip_zeros(numbers), tuple(str(n) for n in numbers))


# Ascend (CANN and HDK driver) stages, lowest first. ``X.Y`` alone is the start of the X.Y
# series, so ``>=7.0`` admits 7.0.RC1 and ``<8.2`` excludes 8.2.RC1, as a reader means it.
_SERIES_START, _INTERNAL, _RC, _FINAL = -1, 0, 1, 2
# Pre-release tags, per torch_npu's GetCANNInfo.cpp weights: alpha < beta < rc < final.
_PRE_RANK = {"alpha": 0, "beta": 1, "rc": 2}
_NO_PRE = (3, 0)
_ASCEND_TOKEN = re.compile(r"^(?:(\d+)|rc(\d+)|t(\d+)|b(\d+)|(alpha|beta|rc)(\d*))$")
_ASCEND_CHARS = re.compile(r"^\d+\.\d+(?:[.\-][0-9A-Za-z]+)*$")
_ASCEND_EXPECTED = (
    "X.Y.RCn, X.Y.Z, X.Y.Tn, with optional .N patch, .alphaN/.betaN or -beta.N, .bNNN"
)


def parse_ascend(raw: str) -> Parsed:
    """CANN (``6.3.RC2``, ``8.0.RC2.alpha003``, ``8.1.RC1.beta1``, ``9.0.0-beta.1``,
    ``8.0.T6``) and Ascend HDK driver (``23.0.0``, ``24.1.rc2``, ``25.0.RC1.1``,
    ``24.1.rc3.7``, ``24.1.rc2.b010``). Case-insensitive: npu-smi prints ``rc`` in lower case.

    Order: X.Y.Tn < X.Y.RC1 < X.Y.RC2 < X.Y.0 < X.Y.1; a pre-release sorts below its release
    and a patch (``.1``) or build (``.b010``) above it."""
    text = raw.strip()
    if not _ASCEND_CHARS.match(text):
        raise InvalidVersion(raw, "ascend", _ASCEND_EXPECTED)
    tokens = re.split(r"[.\-]", text.lower())
    major, minor = int(tokens[0]), int(tokens[1])
    stage, number = _SERIES_START, 0
    pre = _NO_PRE
    patch: list[int] = []
    build = -1
    pending_pre: str | None = None
    rest = tokens[2:]
    if rest:
        first = _ASCEND_TOKEN.match(rest[0])
        if first is None or first.group(4) is not None or first.group(5) is not None:
            raise InvalidVersion(raw, "ascend", _ASCEND_EXPECTED)
        if first.group(1) is not None:
            stage, number = _FINAL, int(first.group(1))
        elif first.group(2) is not None:
            stage, number = _RC, int(first.group(2))
        else:
            stage, number = _INTERNAL, int(first.group(3))
        rest = rest[1:]
    for token in rest:
        match = _ASCEND_TOKEN.match(token)
        if match is None or build >= 0:
            raise InvalidVersion(raw, "ascend", _ASCEND_EXPECTED)
        digits, rc_n, _internal, b_n, tag, tag_n = match.groups()
        if pending_pre is not None:
            if digits is None:
                raise InvalidVersion(raw, "ascend", _ASCEND_EXPECTED)
            pre, pending_pre = (_PRE_RANK[pending_pre], int(digits)), None
        elif digits is not None and pre == _NO_PRE:
            patch.append(int(digits))
        elif b_n is not None:
            build = int(b_n)
        elif (tag is not None or rc_n is not None) and pre == _NO_PRE and stage >= _INTERNAL:
            name = tag if tag is not None else "rc"
            value = tag_n if tag is not None else rc_n
            if value:
                pre = (_PRE_RANK[name], int(value))
            else:
                pending_pre = name
        else:
            raise InvalidVersion(raw, "ascend", _ASCEND_EXPECTED)
    if pending_pre is not None:
        pre = (_PRE_RANK[pending_pre], 0)
    key = (major, minor, stage, number, pre, _strip_zeros(tuple(patch)) if patch else (), build)
    return Parsed(key, tuple(tokens))


def parse_pep440(raw: str) -> Parsed:
    """Python packages and interpreters (``2.1.0.post3``, ``3.11.7``, ``2.5.1+cpu``)."""
    try:
        version = _Pep440Version(raw.strip())
    except _Pep440Invalid:
        raise InvalidVersion(raw, "pep440", "a PEP 440 version such as 2.1.0.post3") from None
    return Parsed(version, tuple(str(part) for part in version.release))


_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.+\-]*$")


def parse_name(raw: str) -> Parsed:
    """Unordered names such as chip families (``910B``, ``910_93``, ``310P``): equality only,
    case-insensitive."""
    text = raw.strip()
    if not _NAME.match(text):
        raise InvalidVersion(raw, "name", "a name such as 910B")
    return Parsed(text.lower(), (text.lower(),))


SCHEMES: dict[str, SchemeParser] = {
    "pep440": parse_pep440,
    "ascend": parse_ascend,
    "numeric": parse_numeric,
    "name": parse_name,
}
"""Every scheme by name; ``name`` is unordered (equality and membership only)."""
