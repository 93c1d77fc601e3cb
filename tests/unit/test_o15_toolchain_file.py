"""outsider15 D11: a CMake toolchain file (or the cross SDK it belongs to) that is missing is
the cause, not "no compiler, apt-get install build-essential": CMake stops in project() and the
compiler and generator errors after it follow. Real logs: topfreegames/libpitaya#9 (all three
errors, ninja installed), facebookarchive/caffe2#732 (a broken NDK)."""

from __future__ import annotations

from bringup.triage import explain_text

# https://github.com/topfreegames/libpitaya/issues/9
LIBPITAYA = (
    "CMake Error at /usr/local/Cellar/cmake/3.12.3/share/cmake/Modules/"
    "CMakeDetermineSystem.cmake:100 (message):\n"
    "  Could not find toolchain file:\n"
    "  ../temp/android-ndk-r17b/build/cmake/android.toolchain.cmake\n"
    "Call Stack (most recent call first):\n"
    "  CMakeLists.txt:11 (project)\n"
    "\n"
    "\n"
    'CMake Error: CMake was unable to find a build program corresponding to "Ninja".  '
    "CMAKE_MAKE_PROGRAM is not set.  You probably need to select a different build tool.\n"
    "CMake Error: CMAKE_C_COMPILER not set, after EnableLanguage\n"
    "-- Configuring incomplete, errors occurred!\n"
    "make: *** [build-android] Error 1\n"
)
# https://github.com/facebookarchive/caffe2/issues/732
CAFFE2 = (
    "Building caffe2\n"
    "CMake Error at third_party/android-cmake/android.toolchain.cmake:616 (message):\n"
    "  Could not find any working toolchain in the NDK.  Probably your Android NDK\n"
    "  is broken.\n"
    "Call Stack (most recent call first):\n"
    "  /usr/share/cmake-3.5/Modules/CMakeDetermineSystem.cmake:95 (include)\n"
    "  CMakeLists.txt:3 (project)\n"
    "\n"
    "CMake Error: CMAKE_C_COMPILER not set, after EnableLanguage\n"
    "-- Configuring incomplete, errors occurred!\n"
)
ID = "toolchain.cmake-toolchain-file-missing"


def test_a_missing_toolchain_file_is_the_cause_not_the_compiler() -> None:
    for log in (LIBPITAYA, CAFFE2):
        first = explain_text(log)[0]
        assert first.signature_id == ID
        assert first.layer == "build"


def test_the_compiler_line_alone_is_still_a_missing_compiler() -> None:
    alone = "CMake Error: CMAKE_C_COMPILER not set, after EnableLanguage\n"
    assert explain_text(alone)[0].signature_id != ID
