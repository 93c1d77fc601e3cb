"""Versions and specifiers in every scheme the stack uses: PEP 440 via ``packaging``; vendor
release trains with RC and alpha/beta stages (``ascend``); dotted numbers (``numeric``);
unordered names for chip families (``name``). Which subject reads which scheme is the subject
catalogue's business (``bringup.subjects``)."""

from bringup.versions.errors import InvalidSpecifier, InvalidVersion
from bringup.versions.schemes import SCHEMES, Parsed
from bringup.versions.specifiers import Clause, SpecifierSet
from bringup.versions.version import Version, is_version

__all__ = [
    "InvalidSpecifier",
    "InvalidVersion",
    "SCHEMES",
    "Parsed",
    "Clause",
    "SpecifierSet",
    "Version",
    "is_version",
]
