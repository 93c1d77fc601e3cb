"""The libraries a vcpkg manifest (``vcpkg.json``) installs for the build.

In manifest mode the configure, through vcpkg's toolchain file, installs every entry of the
manifest's ``dependencies`` before the first ``find_package`` runs
(https://learn.microsoft.com/vcpkg/reference/vcpkg-json): a name (``"tbb"``) or an object
with ``name``, a floor ``version>=``, ``features`` and a ``platform`` expression it is
installed on (MrNeRF/gaussian-splatting-cuda@0ff1dc23 vcpkg.json:3-27, 13 libraries; outsider10
#8: the scan named them as the CMake packages its ``find_package`` calls look for, never
saying they come from vcpkg). vcpkg builds them from its ports, so what the machine needs is
vcpkg: one need, cited at ``dependencies`` with each library named and cited beside it, not a
system package per library. One for other platforms only (``"platform": "windows"``) is not
installed on Linux, vcpkg's own helper ports (``vcpkg-cmake``) are its tool's, and an
``overrides`` entry pins the version vcpkg takes.
"""

from __future__ import annotations

import json
from typing import Optional

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.cmakewords import vocabulary
from bringup.scan.extraction import Extraction, SourceFile
from bringup.subjects import scope_of

VCPKG_MANIFEST = "vcpkg"
"""The file kind ``walk`` gives a vcpkg manifest (``vcpkg.json``)."""

_STRING = lazyre.compile(r'"(?:[^"\\\n]|\\.)*"')
_ARRAY = lazyre.compile(r"\s*:\s*\[")
_NAMED = lazyre.compile(r'"name"\s*:\s*"([^"\n]{1,200})"')
_TOKEN = lazyre.compile(r"[!&|,()]|[A-Za-z0-9_-]{1,40}")
_NOT_LINUX = frozenset(
    {"windows", "uwp", "osx", "ios", "android", "emscripten", "wasm32", "freebsd", "openbsd"}
    | {"mingw", "xbox", "qnx", "vxworks"}
)
"""vcpkg's platform identifiers that are false on Linux; ``linux`` is true there, and any
other (``x64``, ``static``) is not known here."""
_VERSIONS = ("version", "version-semver", "version-date", "version-string")
Listed = tuple[str, str, str, int]
"""A dependency: its name, version spec, the text that says it, its line."""
"""The fields an ``overrides`` entry gives its version in."""


def _elements(text: str, key: str) -> list[int]:
    """The offset of each element of the top-level object's array ``key`` in the JSON
    ``text``, in order: what ``json`` does not keep, the line each one is written on."""
    offsets: list[int] = []
    depth, array, expect, at = 0, 0, False, 0
    while at < len(text):
        char = text[at]
        if char in " \t\r\n":
            at += 1
            continue
        if array and depth == array and expect and char != "]":
            offsets.append(at)
            expect = False
        if char == '"':
            string = _STRING.match(text, at)
            if string is None:
                return offsets
            opened = _ARRAY.match(text, string.end()) if not array and depth == 1 else None
            if opened is not None and string.group()[1:-1] == key:
                depth, expect, at = depth + 1, True, opened.end()
                array = depth
                continue
            at = string.end()
            continue
        if char in "{[":
            depth += 1
        elif char in "}]":
            if array and depth == array:
                return offsets
            depth -= 1
        elif char == "," and array and depth == array:
            expect = True
        at += 1
    return offsets


def _on_linux(expression: str) -> Optional[bool]:
    """A platform expression's value on Linux (``!``, ``&``, ``|`` or ``,``, parentheses):
    False where it cannot hold there, None where it depends on what is not known here."""
    tokens = _TOKEN.findall(expression)
    try:
        value, used = _any(tokens, 0)
    except IndexError:
        return None
    return value if used == len(tokens) else None


def _any(tokens: list[str], at: int) -> tuple[Optional[bool], int]:
    values = []
    value, at = _all(tokens, at)
    values.append(value)
    while at < len(tokens) and tokens[at] in ("|", ","):
        value, at = _all(tokens, at + 1)
        values.append(value)
    return (True if True in values else None if None in values else False), at


def _all(tokens: list[str], at: int) -> tuple[Optional[bool], int]:
    values = []
    value, at = _one(tokens, at)
    values.append(value)
    while at < len(tokens) and tokens[at] == "&":
        value, at = _one(tokens, at + 1)
        values.append(value)
    return (False if False in values else None if None in values else True), at


def _one(tokens: list[str], at: int) -> tuple[Optional[bool], int]:
    word = tokens[at]
    if word == "!":
        value, at = _one(tokens, at + 1)
        return (None if value is None else not value), at
    if word == "(":
        value, at = _any(tokens, at + 1)
        return value, at + 1
    name = word.lower()
    return (True if name == "linux" else False if name in _NOT_LINUX else None), at + 1


def _pins(manifest: dict[str, object]) -> dict[str, str]:
    """The version each ``overrides`` entry pins, by port name."""
    pins: dict[str, str] = {}
    for entry in _listed(manifest.get("overrides")):
        if isinstance(entry, dict) and isinstance(entry.get("name"), str):
            version = next((entry[f] for f in _VERSIONS if isinstance(entry.get(f), str)), "")
            if version:
                pins[entry["name"].lower()] = f"=={version}"
    return pins


def _features(value: object) -> list[str]:
    """The feature names a dependency asks for: strings, or objects with a ``name``."""
    named = (f.get("name") if isinstance(f, dict) else f for f in _listed(value))
    return [name for name in named if isinstance(name, str)]


def _listed(value: object) -> list[object]:
    return value if isinstance(value, list) else []


def _entry(file: SourceFile, entry: object, at: int, pins: dict[str, str]) -> Optional[Listed]:
    """One ``dependencies`` entry as the text that says it (``name>=floor[features]``) and
    its line (an object's: the one that names it); None for another platform's or vcpkg's
    own helper port."""
    fields = entry if isinstance(entry, dict) else {"name": entry}
    name, platform = fields.get("name"), fields.get("platform")
    if not isinstance(name, str) or not name or name.lower().startswith("vcpkg-"):
        return None
    if isinstance(platform, str) and _on_linux(platform) is False:
        return None
    if isinstance(entry, dict):
        named = _NAMED.search(file.text, at)
        at = named.start() if named is not None and named.group(1) == name else at
    floor = fields.get("version>=")
    spec = pins.get(name.lower()) or (f">={floor}" if isinstance(floor, str) and floor else "")
    features = _features(fields.get("features"))
    said = name + spec + (f"[{','.join(features)}]" if features else "")
    return name, spec, said, file.text.count("\n", 0, max(at, 0)) + 1


def extract_vcpkg_manifest(file: SourceFile) -> Extraction:
    """vcpkg, at the manifest's ``dependencies``, with the libraries it installs named and
    cited beside it; a toolkit among them (vcpkg's ``cuda`` port only finds the installed
    one) a need of its own. Nothing from a file that is no JSON object."""
    try:
        manifest = json.loads(file.text)
    except (ValueError, RecursionError):
        return Extraction()
    listed = manifest.get("dependencies") if isinstance(manifest, dict) else None
    if not isinstance(listed, list) or not listed:
        return Extraction()
    offsets = _elements(file.text, "dependencies")
    if len(offsets) != len(listed):
        offsets = [file.text.find('"dependencies"')] * len(listed)
    pins = _pins(manifest)
    entries = [_entry(file, entry, at, pins) for entry, at in zip(listed, offsets)]
    found: list[Requirement] = []
    libraries: list[Listed] = []
    for item in entries:
        toolkit = vocabulary().packages.get(item[0].lower()) if item else None
        if item and toolkit and scope_of(toolkit) == "toolkit":
            text = f"{file.rel} lists {item[2]}: vcpkg takes the installed {toolkit}"
            found.append(file.requirement(toolkit, item[1], item[3], text=text))
        elif item:
            libraries.append(item)
    key = file.text.count("\n", 0, max(file.text.find('"dependencies"'), 0)) + 1
    names = ", ".join(dict.fromkeys(said for _, _, said, _ in libraries))
    text = f"{file.rel}: vcpkg installs {names or 'no library'} for the build"
    need = file.requirement("system_package", "vcpkg", key, text=text[:300])
    also = tuple(dict.fromkeys(file.source(line) for *_, line in libraries))
    found.insert(0, msgspec.structs.replace(need, also_at=also) if also else need)
    return Extraction(requirements=tuple(found))
