"""Versions and specifiers in every scheme the stack uses: PEP 440 via ``packaging``; vendor
release trains that backends register (``Backend.schemes``); dotted numbers (``numeric``);
unordered names for chip families (``name``). Which subject reads which scheme is the subject
catalogue's business (``bringup.subjects``)."""

from bringup.versions.errors import InvalidSpecifier, InvalidVersion
from bringup.versions.schemes import (
    SCHEMES,
    Parsed,
    Scheme,
    canonical,
    first_release,
    is_prerelease,
)
from bringup.versions.specifiers import Clause, SpecifierSet
from bringup.versions.version import Version, is_version

__all__ = [
    "InvalidSpecifier",
    "InvalidVersion",
    "SCHEMES",
    "Parsed",
    "Scheme",
    "canonical",
    "first_release",
    "is_prerelease",
    "Clause",
    "SpecifierSet",
    "Version",
    "is_version",
]
