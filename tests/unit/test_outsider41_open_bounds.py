"""A knowledge-base row's bound on an open subject cuts its regions (outsider22 D2): a C++ 17
build run by a bare ``cmake ..`` was "no C++ standard and CMake satisfies all of tilelang-npu's
lines" on a host without CMake, while ``kb why cxx_standard==17 cmake==3.26`` said compatible:
CMake's only region was "any version", which the row "CXX_STANDARD 17: new in CMake 3.8"
(kb cxx_standard/cxx17-cmake) does not admit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main

# the Ascend host fixture has no CMake: the plan installs one from the package index
HOST = (
    Path(__file__).resolve().parents[1]
    / "fixtures"
    / "hosts"
    / "linux-aarch64-ascend-910b-two-cann-toolkits"
)
# zhaojiqiao/tilelang-npu@1bc99fd CMakeLists.txt:65 and install_ascend.sh:116
CMAKELISTS = "set(CMAKE_CXX_STANDARD 17)\n"
SCRIPT = "#!/bin/bash\ncmake ..\n"


def test_a_cxx17_build_with_an_unversioned_cmake_has_no_conflict(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "CMakeLists.txt").write_text(CMAKELISTS, encoding="utf-8")
    (tmp_path / "build.sh").write_text(SCRIPT, encoding="utf-8")
    main(["check", str(tmp_path), "--snapshot", str(HOST), "--json"])
    data = json.loads(capsys.readouterr().out)["data"]
    assert data["conflicts"] == []
    pins = {p["subject"]: p for e in data["resolution"]["environments"] for p in e["pins"]}
    assert pins["cmake"]["version"] == ">=3.8"
