"""outsider10 #8: gaussian-splatting-cuda's vcpkg toolchain was never detected (its CMake sets
``CMAKE_TOOLCHAIN_FILE`` to vcpkg's from ``$ENV{VCPKG_ROOT}``, and ``cmake -S . -B build``
fails without it), and the libtorch its ``Torch_DIR`` points at was read as a pip torch. Real
lines from MrNeRF/gaussian-splatting-cuda@0ff1dc23 CMakeLists.txt."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.cmake import extract_cmake
from bringup.scan.extraction import SourceFile
from bringup.scan.repo import scan_repo

# CMakeLists.txt:5-14 (the message's long line of :10 cut short)
TOOLCHAIN = """# windows/linux platform independent
set(RAW_VCPKG_PATH $ENV{VCPKG_ROOT})
file(TO_CMAKE_PATH "${RAW_VCPKG_PATH}" VCPKG_ROOT)

if ("${CMAKE_TOOLCHAIN_FILE}" STREQUAL "")
    message(STATUS "user didn't specify CMAKE_TOOLCHAIN_FILE manually")
    set(CMAKE_TOOLCHAIN_FILE "${VCPKG_ROOT}/scripts/buildsystems/vcpkg.cmake")
endif()

cmake_minimum_required(VERSION 3.30)
"""


def _needs(text: str) -> set[tuple[str, str, int | None]]:
    file = SourceFile(ref="CMakeLists.txt", rel="CMakeLists.txt", text=text)
    return {(r.subject, r.spec, r.source.line) for r in extract_cmake(file).requirements}


def test_a_vcpkg_toolchain_needs_vcpkg_and_its_root() -> None:
    needs = _needs(TOOLCHAIN)
    assert ("system_package", "vcpkg", 7) in needs
    assert ("env_var", "VCPKG_ROOT", 7) in needs


def test_another_toolchain_file_is_no_vcpkg() -> None:
    # constructed: a cross-compiling toolchain of the repo's own
    other = TOOLCHAIN.replace("scripts/buildsystems/vcpkg.cmake", "cmake/aarch64.cmake")
    assert not {n for n in _needs(other) if n[0] in ("system_package", "env_var")}


# CMakeLists.txt:101-102 and :277 (the Linux branch's Torch_DIR, then the find)
LIBTORCH = """else()
    set(Torch_DIR "${PROJ_ROOT_DIR}/external/libtorch/share/cmake/Torch")
endif()
find_package(Torch REQUIRED)
"""


def test_torch_found_in_a_libtorch_folder_is_libtorch_not_a_wheel(tmp_path: Path) -> None:
    (tmp_path / "CMakeLists.txt").write_text("cmake_minimum_required(VERSION 3.30)\n" + LIBTORCH)
    needs = {(r.subject, r.spec) for r in scan_repo(tmp_path, "gs").component.requirements}
    assert ("system_package", "libtorch") in needs
    assert "torch" not in {subject for subject, _ in needs}


def test_torch_found_where_python_says_stays_the_wheel(tmp_path: Path) -> None:
    # constructed: Torch_DIR asked of the installed wheel, the usual extension build
    asked = 'execute_process(COMMAND python -c "import torch" OUTPUT_VARIABLE Torch_DIR)\n'
    (tmp_path / "CMakeLists.txt").write_text(asked + "find_package(Torch REQUIRED)\n")
    needs = {r.subject for r in scan_repo(tmp_path, "ext").component.requirements}
    assert "torch" in needs
    assert "system_package" not in needs
