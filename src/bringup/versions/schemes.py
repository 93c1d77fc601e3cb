"""Version schemes: each turns a raw string into a comparable key and prefix segments.

Vendor strings are not PEP 440 (``8.0.RC2.alpha003`` is rejected by ``packaging``;
``535.104.05`` is normalised to ``535.104.5``), so the raw spelling is kept for display and
table look-ups and only the key is used for ordering. The generic schemes are here; a
backend registers the schemes of its vendor's release trains (``Backend.schemes``), found on
first use of their name.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Optional

from packaging.version import InvalidVersion as _Pep440Invalid
from packaging.version import Version as _Pep440Version

from bringup import lazyre
from bringup.versions.errors import InvalidVersion


class Parsed(NamedTuple):
    """A scheme's reading of one string: ``key`` orders, ``segments`` match ``X.Y.*``."""

    key: Any
    segments: tuple[str, ...]


SchemeParser = Callable[[str], Parsed]


def _as_written(raw: str) -> str:
    return raw


def _never(raw: str) -> bool:
    return False


class Scheme(NamedTuple):
    """A version scheme. ``parse`` reads a string. ``canonical`` respells a version read from
    text the way the scheme's owner writes it (``8.0.rc1`` -> ``8.0.RC1``). ``first_release``
    is the first real release of a bare series ``X.Y`` (the series itself where ``X.Y`` is a
    release), for probing which specs a series meets. ``prerelease`` tells an alpha, beta,
    release candidate or dev build from a release (the solver picks one only where nothing
    else will do, as pip does)."""

    parse: SchemeParser
    canonical: Callable[[str], str] = _as_written
    first_release: Callable[[str], str] = _as_written
    prerelease: Callable[[str], bool] = _never


def strip_zeros(numbers: tuple[int, ...]) -> tuple[int, ...]:
    """``(12, 4, 0)`` -> ``(12, 4)``: trailing zeros do not order a version."""
    end = len(numbers)
    while end > 1 and numbers[end - 1] == 0:
        end -= 1
    return numbers[:end]


_NUMERIC = lazyre.compile(r"^\d+(?:\.\d+)*$")


def parse_numeric(raw: str) -> Parsed:
    """Dotted numbers: a toolkit's ``12.4``/``13.0.88``, GCC ``12.2.0``, a driver's
    ``535.104.05``, glibc, CMake, firmware ``7.1.0.9.220`` (which subjects use it: each
    ``Subject.scheme``). Trailing zeros do not count
    (``12.4 == 12.4.0``) and leading zeros do not either (``05 == 5``)."""
    text = raw.strip()
    if not _NUMERIC.match(text):
        raise InvalidVersion(raw, "numeric", "dotted numbers such as 12.4 or 535.104.05")
    numbers = tuple(int(part) for part in text.split("."))
    return Parsed(strip_zeros(numbers), tuple(str(n) for n in numbers))


def parse_pep440(raw: str) -> Parsed:
    """Python packages and interpreters (``2.1.0.post3``, ``3.11.7``, ``2.5.1+cpu``)."""
    try:
        version = _Pep440Version(raw.strip())
    except _Pep440Invalid:
        raise InvalidVersion(raw, "pep440", "a PEP 440 version such as 2.1.0.post3") from None
    return Parsed(version, tuple(str(part) for part in version.release))


def parse_cxx_standard(raw: str) -> Parsed:
    """A C++ standard by its two-digit year (``98``, ``03``, ``11`` ... ``23``, ``26``): ordered
    by the year it stands for, so C++98 comes before C++11 and a build asking for C++23 is not
    met by 98 (a plain number puts 98 after 29). A four-digit year reads as itself."""
    parsed = parse_numeric(raw)
    numbers = tuple(int(part) for part in parsed.segments)
    if len(numbers) != 1:
        raise InvalidVersion(raw, "cxx_standard", "a C++ standard such as 17 or 23")
    year = numbers[0]
    if year < 100:
        year += 1900 if year >= 70 else 2000
    return Parsed((year,), parsed.segments)


def pep440_prerelease(raw: str) -> bool:
    """``2.7.1.dev20250724``, ``0.18.0rc1``: a PEP 440 pre-release or dev release."""
    try:
        return _Pep440Version(raw.strip()).is_prerelease
    except _Pep440Invalid:
        return False


_NAME = lazyre.compile(r"^[A-Za-z0-9][A-Za-z0-9_.+\-]*$")


def parse_name(raw: str) -> Parsed:
    """Unordered names such as chip families (``910B``, ``910_93``, ``310P``): equality only,
    case-insensitive."""
    text = raw.strip()
    if not _NAME.match(text):
        raise InvalidVersion(raw, "name", "a name such as 910B")
    return Parsed(text.lower(), (text.lower(),))


GENERIC: dict[str, Scheme] = {
    "pep440": Scheme(parse_pep440, prerelease=pep440_prerelease),
    "numeric": Scheme(parse_numeric),
    "name": Scheme(parse_name),
    "cxx_standard": Scheme(parse_cxx_standard),
}
"""The schemes every backend shares; ``name`` is unordered (equality and membership only)."""

SCHEMES: dict[str, Scheme] = dict(GENERIC)
"""Every scheme known so far by name: the generic ones and those backends registered."""


def register(name: str, scheme: Scheme) -> None:
    """Make a backend's scheme known (the first registration of a name wins)."""
    SCHEMES.setdefault(name, scheme)


def forget_registered() -> None:
    """Back to the generic schemes (the backends are loaded again after a reset)."""
    SCHEMES.clear()
    SCHEMES.update(GENERIC)


def scheme_named(name: str) -> Optional[Scheme]:
    """The scheme called ``name``; an unknown name loads the backends, which register theirs."""
    found = SCHEMES.get(name)
    if found is None:
        from bringup.backends import registry  # deferred: backends register their schemes

        registry()
        found = SCHEMES.get(name)
    return found


def canonical(version: str, scheme: str) -> str:
    """``version`` spelled the way ``scheme`` writes it (``Scheme.canonical``)."""
    found = scheme_named(scheme)
    return found.canonical(version) if found is not None else version


def is_prerelease(version: str, scheme: str) -> bool:
    """Whether ``version`` is a pre-release in ``scheme`` (``Scheme.prerelease``)."""
    found = scheme_named(scheme)
    return found.prerelease(version) if found is not None else False


def first_release(series: str, scheme: str) -> str:
    """The first release of ``series`` in ``scheme`` (``Scheme.first_release``)."""
    found = scheme_named(scheme)
    return found.first_release(series) if found is not None else series
