"""The chips a CMake presets file builds for (``cmakepresets``), on real lines.

Source: linnlh/ascendc-competition-s3 04c0c97dc5623053fefc585786697a8c19b9504a
basic/asinh/asinh/CMakePresets.json:24-31 (msopgen's generated presets; perf/nll_loss's names
ascend910b on the same line).
"""

from __future__ import annotations

from bringup.scan.cmakepresets import preset_chips
from bringup.scan.extraction import SourceFile
from bringup.scan.filekinds import classify

_PRESETS = (
    '                "ENABLE_BINARY_PACKAGE": {\n'
    '                    "type": "BOOL",\n'
    '                    "value": "True"\n'
    "                },\n"
    '                "ASCEND_COMPUTE_UNIT": {\n'
    '                    "type": "STRING",\n'
    '                    "value": "ascend310b"\n'
    "                },\n"
)


def _chips(text: str) -> list[tuple[str, int | None, bool]]:
    file = SourceFile(ref="CMakePresets.json", rel="CMakePresets.json", text=text)
    return [(r.spec, r.source.line, r.hard) for r in preset_chips(file)]


def test_the_compute_unit_msopgen_wrote_is_a_soft_chip_at_its_value() -> None:
    assert _chips(_PRESETS) == [("310B", 7, False)]
    assert classify("basic/asinh/asinh/CMakePresets.json") == "cmake_presets"


def test_a_value_on_the_key_s_line_and_words_that_name_no_chip() -> None:
    # constructed: the short form of a cache variable, and a path that names no chip
    text = (
        '"SOC_VERSION": "ascend910b;ascend310p",\n'
        '"ASCEND_CANN_PACKAGE_PATH": {"type": "PATH",\n'
        '    "value": "/home/HwHiAiUser/Ascend/ascend-toolkit/latest"}\n'
    )
    assert _chips(text) == [("910B,310P", 1, False)]
