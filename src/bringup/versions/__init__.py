"""Versions and specifiers in every scheme the stack uses: PEP 440 via ``packaging``; CANN and
Ascend HDK (``ascend``); dotted numbers for CUDA, GCC, NVIDIA driver, firmware (``numeric``);
unordered names for chip families (``name``)."""

from bringup.versions.errors import InvalidSpecifier, InvalidVersion
from bringup.versions.schemes import SCHEMES, Parsed
from bringup.versions.specifiers import Clause, SpecifierSet
from bringup.versions.subjects import FRAMEWORKS, SUBJECT_SCHEMES, python_subject, scheme_for
from bringup.versions.version import Version, is_version

__all__ = [
    "InvalidSpecifier",
    "InvalidVersion",
    "SCHEMES",
    "Parsed",
    "Clause",
    "SpecifierSet",
    "FRAMEWORKS",
    "SUBJECT_SCHEMES",
    "python_subject",
    "scheme_for",
    "Version",
    "is_version",
]
