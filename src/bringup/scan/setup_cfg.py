"""``setup.cfg`` (setuptools' declarative config): ``[metadata] name``, ``[options]
python_requires``/``install_requires``/``setup_requires`` and ``[options.extras_require]``,
read line by line so each requirement keeps its own line (configparser would lose them)."""

from __future__ import annotations

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan import scopes
from bringup.scan.extraction import Extraction, Finding, SourceFile
from bringup.scan.pydeps import add_python_requirement
from bringup.subjects import python_subject
from bringup.versions import InvalidSpecifier, SpecifierSet

_SECTION = lazyre.compile(r"^\[([^\]]+)\]\s*$")
_KEY = lazyre.compile(r"^([A-Za-z_][\w.-]*)\s*[=:]\s*(.*)$")


def _entries(text: str) -> list[tuple[str, str, str, int]]:
    """``(section, key, value, line)`` for every value, continuation lines split out."""
    entries: list[tuple[str, str, str, int]] = []
    section = ""
    key = ""
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split(" #", 1)[0].rstrip()
        if not line.strip() or line.lstrip().startswith(("#", ";")):
            continue
        header = _SECTION.match(line)
        if header is not None:
            section, key = header.group(1).strip(), ""
            continue
        if line[:1] in (" ", "\t") and key:
            entries.append((section, key, line.strip(), number))
            continue
        match = _KEY.match(line)
        if match is not None:
            key = match.group(1)
            if match.group(2).strip():
                entries.append((section, key, match.group(2).strip(), number))
    return entries


def extract_setup_cfg(file: SourceFile) -> Extraction:
    """What ``setup.cfg`` declares."""
    requirements: list[Requirement] = []
    findings: list[Finding] = []
    provides: list[str] = []
    for section, key, value, line in _entries(file.text):
        if section == "metadata" and key == "name":
            provides.append(python_subject(value))
        elif section == "options" and key == "python_requires":
            try:
                SpecifierSet(value, "pep440")
            except InvalidSpecifier as error:
                findings.append(file.finding("invalid", str(error), line))
                continue
            words = f"python_requires = {value}"
            requirements.append(file.requirement("python", value, line, text=words))
        elif (section == "options" and key in ("install_requires", "setup_requires")) or (
            section == "options.extras_require"
        ):
            if value.startswith(("file:", "attr:")):
                findings.append(file.finding("note", f"{key} = {value}: read from elsewhere", line))
                continue
            hard = section == "options"
            why = None if key == "install_requires" else "build" if hard else f"optional [{key}]"
            add_python_requirement(
                requirements,
                findings,
                value,
                file.source(line),
                hard=hard,
                why=why,
                feature="" if hard else scopes.extra_feature(key),
            )
    return Extraction(
        requirements=tuple(requirements), findings=tuple(findings), provides=tuple(provides)
    )
