"""Which repo scripts are steps here (outsider15 D2): a word of the name, not a word that
starts alike; not another platform's script; not a helper another script runs. On the real
lines of ebiggers/libdeflate@28e88e9c6f6c197594753e7c9139e8a70c1a7b89 scripts/."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.extraction import SourceFile
from bringup.scan.repo import scan_repo
from bringup.scan.scriptsteps import step_script
from bringup.scan.shell import extract_shell

# scripts/android_tests.sh:3-4, 49 (an Android device driven through adb)
ANDROID_TESTS = (
    "#!/bin/bash\n"
    "#\n"
    "# Test libdeflate on a connected arm64 Android device.\n"
    "# Requires the Android NDK (release 19 or later) and adb.\n"
    '	adb push "$TESTDATA" ./scripts/exec_tests.sh \\\n'
    '	    "$BUILDDIR"/programs/{benchmark,test_*} /data/local/tmp/ > /dev/null\n'
)
# scripts/checksum.sh:1-10 (a checksum benchmark, not a check)
CHECKSUM = (
    "#!/bin/bash\n\nset -e\n\n"
    'SCRIPTDIR="$(dirname "$(realpath "$0")")"\n'
    'BUILDDIR="$SCRIPTDIR/../build"\n\n'
    '"$SCRIPTDIR"/cmake-helper.sh -DLIBDEFLATE_BUILD_TESTS=1 -G Ninja > /dev/null\n'
    'ninja -C "$BUILDDIR" --quiet checksum\n'
    '"$BUILDDIR"/programs/checksum "$@"\n'
)
# scripts/cmake-helper.sh:1-17
CMAKE_HELPER = (
    "#!/bin/sh\n\n"
    "# This script ensures that the 'build' directory has been created and configured\n"
    "# with the given CMake options and environment.\n\nset -e\n\n"
    'TOPDIR="$(dirname "$0")"/..\nBUILDDIR="$TOPDIR"/build\n\n'
    'flags=$(env; echo "@CMAKEOPTS@=$*")\n'
    'if [ "$flags" != "$(cat "$BUILDDIR"/.flags 2>/dev/null || true)" ]; then\n'
    '	rm -rf "$BUILDDIR"/CMakeCache.txt "$BUILDDIR"/CMakeFiles\n'
    '	mkdir -p "$BUILDDIR"\n'
    '	cmake -S "$TOPDIR" -B "$BUILDDIR" "$@"\n'
    '	echo "$flags" > "$BUILDDIR"/.flags\nfi\n'
)
# scripts/run_tests.sh:15-16, 116-117 (the CI's test script, .github/workflows/ci.yml:20)
RUN_TESTS = (
    "set -eu -o pipefail\n"
    'cd "$(dirname "$0")/.."\n'
    '	CFLAGS="$CFLAGS -DTEST_SUPPORT__DO_NOT_USE=1" scripts/cmake-helper.sh \\\n'
    '		-DLIBDEFLATE_BUILD_TESTS=1 "$@" > /dev/null\n'
)


def _steps(rel: str, text: str) -> list[tuple[str, ...]]:
    return [s.argv for s in extract_shell(SourceFile(ref=rel, rel=rel, text=text)).default_steps]


def test_a_name_is_read_by_whole_words_and_word_ends() -> None:
    assert step_script("run_tests.sh")
    assert step_script("rebuild.sh")
    assert step_script("unittest.sh")
    assert step_script("buildAll.sh")
    assert step_script("install_deps.sh")
    assert step_script("compiling.sh")
    # words that only start alike: a checksum benchmark, a checkpoint tool
    assert not step_script("checksum.sh")
    assert not step_script("checkpoint_merge.sh")
    # words that only end alike, or undo the step (review34): not steps
    for name in ("download_latest.sh", "contest.sh", "bookmaker.sh", "uninstall.sh"):
        assert not step_script(name), name
    assert step_script("selftest.sh")
    assert _steps("scripts/checksum.sh", CHECKSUM) == []


def test_another_platforms_script_is_no_step_here() -> None:
    # scripts/android_build.sh:19 "Build libdeflate for Android."
    assert not step_script("android_build.sh")
    assert not step_script("build_windows.sh")
    assert not step_script("cross_compile.sh")
    assert not step_script("build-ios.sh")
    assert not step_script("buildMacOS.sh")
    # named for tests, but it drives an Android device (adb)
    assert _steps("scripts/android_tests.sh", ANDROID_TESTS) == []
    assert _steps("scripts/device_tests.sh", ANDROID_TESTS) == []
    # the repo's own test script stays a step
    assert _steps("scripts/run_tests.sh", RUN_TESTS) == [("bash", "scripts/run_tests.sh")]


def test_a_script_another_script_runs_is_its_helper(tmp_path: Path) -> None:
    (tmp_path / "scripts").mkdir()
    (tmp_path / "CMakeLists.txt").write_text("cmake_minimum_required(VERSION 3.10)\n")
    (tmp_path / "scripts" / "cmake-helper.sh").write_text(CMAKE_HELPER)
    (tmp_path / "scripts" / "run_tests.sh").write_text(RUN_TESTS)
    steps = [s.argv for s in scan_repo(tmp_path, str(tmp_path)).component.steps]
    assert ("bash", "scripts/run_tests.sh") in steps
    assert ("bash", "scripts/cmake-helper.sh") not in steps
    # alone, the same script is a step (the test fails if helpers were never steps)
    (tmp_path / "scripts" / "run_tests.sh").unlink()
    steps = [s.argv for s in scan_repo(tmp_path, str(tmp_path)).component.steps]
    assert ("bash", "scripts/cmake-helper.sh") in steps
