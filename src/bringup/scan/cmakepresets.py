"""The chips a CMake presets file builds for.

msopgen, the CANN tool that generates an Ascend C operator project, writes the chip the
operator is compiled for into the project's ``CMakePresets.json`` as a cache variable
(``"ASCEND_COMPUTE_UNIT": {"type": "STRING", "value": "ascend310b"}``, linnlh/ascendc-
competition-s3 basic/asinh/asinh/CMakePresets.json:28-31), which its ``build.sh`` hands to
CMake: the same statement as ``set(ASCEND_COMPUTE_UNIT ascend910b …)`` in a CMake file, read
as ``kernelchips`` reads that (a vendor's word glued to a chip name, any of them, soft). A
value is read on its key's line (``"SOC_VERSION": "ascend910b"``) or on the ``"value"`` line
of the object the key opens.
"""

from __future__ import annotations

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.kernelchips import build_chips, chip_list

CMAKE_PRESETS = "cmake_presets"
"""The kind of ``CMakePresets.json`` and ``CMakeUserPresets.json``."""
PRESET_NAMES = frozenset({"cmakepresets.json", "cmakeuserpresets.json"})

_VARIABLE = lazyre.compile(r'^\s{0,80}"(\w{1,80})"\s{0,8}:\s{0,8}(?:"([^"]{0,200})"|\{)')
"""A cache variable: its value on the line (group 2), or the object that holds it opened."""
_VALUE = lazyre.compile(r'^\s{0,80}"value"\s{0,8}:\s{0,8}"([^"]{0,200})"')
_WORDS = lazyre.compile(r"[;,\s]+")


def _chips(value: str) -> list[str]:
    return [chip for word in _WORDS.split(value) for chip in build_chips(word)]


def preset_chips(file: SourceFile) -> list[Requirement]:
    """One soft list of the chips the cache variables of ``file`` name (none if none)."""
    lines = file.text.splitlines()
    places: dict[str, int] = {}
    for index, line in enumerate(lines):
        found = _VARIABLE.match(line)
        if found is None or found.group(1) == "value":
            continue
        if found.group(2) is not None:
            for chip in _chips(found.group(2)):
                places.setdefault(chip, index + 1)
            continue
        for offset, inner in enumerate(lines[index + 1 : index + 6], index + 2):
            value = _VALUE.match(inner)
            if value is not None:
                for chip in _chips(value.group(1)):
                    places.setdefault(chip, offset)
                break
            if "}" in inner:
                break
    return chip_list(file, places, f"presets build for {', '.join(places)}")


def extract_cmake_presets(file: SourceFile) -> Extraction:
    return Extraction(requirements=tuple(preset_chips(file)))
