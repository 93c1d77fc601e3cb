"""The Ascend release trains (CANN, the HDK driver) as a version scheme, which the Ascend
backend registers as ``ascend`` (``Backend.schemes``)."""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.versions.errors import InvalidVersion
from bringup.versions.schemes import Parsed, Scheme, strip_zeros

# Ascend (CANN and HDK driver) stages, lowest first. ``X.Y`` alone is the start of the X.Y
# series, so ``>=7.0`` admits 7.0.RC1 and ``<8.2`` excludes 8.2.RC1, as a reader means it.
_SERIES_START, _INTERNAL, _RC, _FINAL = -1, 0, 1, 2
# Pre-release tags, per torch_npu's GetCANNInfo.cpp weights: alpha < beta < rc < final.
_PRE_RANK = {"alpha": 0, "beta": 1, "rc": 2}
_NO_PRE = (3, 0)
_ASCEND_TOKEN = lazyre.compile(r"^(?:(\d+)|rc(\d+)|t(\d+)|b(\d+)|(alpha|beta|rc)(\d*))$")
_ASCEND_CHARS = lazyre.compile(r"^\d+\.\d+(?:[.\-][0-9A-Za-z]+)*$")
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
    key = (major, minor, stage, number, pre, strip_zeros(tuple(patch)) if patch else (), build)
    return Parsed(key, tuple(tokens))


_SERIES = lazyre.compile(r"\d+\.\d+")
_LOWER_RC = lazyre.compile(r"rc(?=\d)", re.IGNORECASE)


def canonical(version: str) -> str:
    """``8.0.rc1`` as Huawei writes it: ``8.0.RC1``."""
    return _LOWER_RC.sub("RC", version)


def first_release(series: str) -> str:
    """A bare series ``X.Y`` is probed as ``X.Y.RC1``, its first real release, since no
    release is called ``7.0``."""
    return series + ".RC1" if _SERIES.fullmatch(series) else series


def prerelease(raw: str) -> bool:
    """An alpha or beta (``8.5.0.alpha001``, ``9.1.0-beta.3``) or an internal test build
    (``8.0.T63``); ``X.Y.RCn`` is a release of its own (CANN's commercial RCs), not one."""
    try:
        key = parse_ascend(raw).key
    except InvalidVersion:
        return False
    stage: int = key[2]
    pre: tuple[int, int] = key[4]
    return stage == _INTERNAL or (pre != _NO_PRE and pre[0] < _PRE_RANK["rc"])


def internal_build(raw: str) -> bool:
    """Whether ``raw`` is an internal build number (``8.2.T12.0``, a cann-hccl fork's
    version.info:1): no installer Huawei publishes carries it."""
    try:
        stage: int = parse_ascend(raw).key[2]
    except InvalidVersion:
        return False
    return stage == _INTERNAL


SCHEME = Scheme(
    parse_ascend, canonical=canonical, first_release=first_release, prerelease=prerelease
)
