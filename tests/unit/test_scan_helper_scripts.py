"""The CANN repo template's helper scripts read for what they are for (issue 11, class W3 of
/work/notes/scan9-analysis.md): a commit hook's licence check, a usage line, a package file
name, the installer of the built package. Each on the real lines quoted with repository,
commit, file and line."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.archchecks import arch_branches
from bringup.scan.extraction import SourceFile
from bringup.scan.repo import scan_repo
from bringup.scan.scopes import PACKAGE, REPO, Scopes
from bringup.scan.shell import extract_shell

CATLASS = "hicann/catlass@0dfcf9df304f297361edab86448ac5ea6aed1647"
DRIVING = "Ascend/DrivingSDK@e667017eb751b614c128c9c81812634cae362ee4"
HIXL = "hicann/hixl@9ed283b27309463ed0faa490b79c0dc9ddef6377"
SHMEM = "hicann/shmem@643bfb73b50d88042234d3f5e0c7c9841cdedbbe"
MEMFABRIC = "Ascend/memfabric_hybrid@7171ad35d67df61bcdd3f016fb43f71790ebb6f8"


def _subjects(rel: str, text: str) -> list[tuple[str, str]]:
    found = extract_shell(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return [(r.subject, r.spec) for r in found]


def test_a_branch_that_ends_the_script_successfully_states_no_need() -> None:
    # CATLASS scripts/oat_check.sh:44-48 (the same file in hixl and pyasc): a commit hook that
    # skips its licence check when no Python 3.7 is found
    hook = (
        'if [ -z "$_PYTHON" ]; then\n'
        '    echo "[OAT] [WARNING] Python 3.7+ is required but not found. Please install '
        'Python 3.7 or later."\n'
        '    echo "[OAT] Skipping OAT check, continuing commit..."\n'
        "    exit 0\nfi\n"
    )
    assert _subjects("scripts/oat_check.sh", hook) == []
    # the same message in a branch that stops the script states the need
    stopping = hook.replace("exit 0", "exit 1").replace("Skipping OAT check, continuing", "no")
    assert ("python", ">=3.7") in _subjects("scripts/build.sh", stopping)


def test_a_usage_line_shows_example_values_not_needs() -> None:
    # DRIVING ci/build.sh:23-25
    usage = (
        "function usage() {\n"
        '    echo "Usage: $0 --python=3.7 [--single_op=xxx] [--debug] [--a5]" 1>&2\n}\n'
    )
    assert [s for s, _ in _subjects("ci/build.sh", usage) if s == "python"] == []


def test_branches_that_only_name_the_package_cpu_are_no_support_list() -> None:
    # HIXL cmake/package.cmake:11-21: CPack names the package after the CPU, any other CPU
    # going on under its own name
    package = (
        "#### CPACK to package run #####\n"
        'message(STATUS "System processor: ${CMAKE_SYSTEM_PROCESSOR}")\n'
        'if (CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64")\n'
        '    message(STATUS "Detected architecture: x86_64")\n'
        "    set(ARCH x86_64)\n"
        'elseif (CMAKE_SYSTEM_PROCESSOR MATCHES "aarch64|arm64|arm")\n'
        '    message(STATUS "Detected architecture: ARM64")\n'
        "    set(ARCH aarch64)\n"
        "else ()\n"
        '    message(WARNING "Unknown architecture: ${CMAKE_SYSTEM_PROCESSOR}")\n'
        "    set(ARCH ${CMAKE_SYSTEM_PROCESSOR})\n"
        "endif ()\n"
    )
    rel = "cmake/package.cmake"
    assert arch_branches(SourceFile(ref=rel, rel=rel, text=package), cmake=True) == []
    # refusing the others instead is a support list
    refusing = package.replace(
        "    set(ARCH ${CMAKE_SYSTEM_PROCESSOR})\n",
        '    message(FATAL_ERROR "Unsupported architecture")\n',
    )
    found = arch_branches(SourceFile(ref=rel, rel=rel, text=refusing), cmake=True)
    assert [(r.subject, r.spec, r.hard) for r in found] == [("arch", "x86_64,aarch64", True)]


RELEASE = (
    "    cp $PROJECT_ROOT/scripts/install.sh $OUTPUT_DIR\n"
    "    cp $PROJECT_ROOT/scripts/set_env.sh $OUTPUT_DIR\n"
    "    cp $PROJECT_ROOT/scripts/uninstall.sh $OUTPUT_DIR/scripts\n"
    "    cp $PROJECT_ROOT/scripts/preinstall_check.sh $OUTPUT_DIR/scripts\n"
)
"""SHMEM scripts/release.sh:32-35."""


def test_the_installer_a_packaging_script_copies_is_the_packages() -> None:
    scopes = Scopes(
        [
            "CMakeLists.txt",
            "scripts/build.sh",
            "scripts/release.sh",
            "scripts/install.sh",
            "scripts/preinstall_check.sh",
            "script/run_pkg_maker/make_run.sh",
            "script/run_pkg_maker/install.sh",
        ],
        {
            "scripts/release.sh": RELEASE,
            # MEMFABRIC script/run_pkg_maker/make_run.sh:88, the installer beside it
            "script/run_pkg_maker/make_run.sh": 'cp "${BASH_PATH}"/install.sh ${PKG_DIR}/script/\n',
        },
    )
    assert scopes.of("scripts/install.sh") == scopes.of("scripts/preinstall_check.sh") == PACKAGE
    assert scopes.of("script/run_pkg_maker/install.sh") == PACKAGE
    # the scripts that build and copy are the repo's
    assert scopes.of("scripts/build.sh") == scopes.of("scripts/release.sh") == REPO


def test_what_the_package_installer_checks_is_not_the_builds_need(tmp_path: Path) -> None:
    # SHMEM scripts/install.sh:106-111: the installed package's check of the target machine
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "release.sh").write_text(RELEASE)
    (tmp_path / "scripts" / "install.sh").write_text(
        "function check_owner()\n{\n    local cur_owner=$(whoami)\n\n"
        '    if [ "${ASCEND_TOOLKIT_HOME}" == "" ]; then\n'
        '        print "ERROR" "please check env ASCEND_TOOLKIT_HOME is set"\n'
        "        exit 1\n    fi\n}\n"
    )
    component = scan_repo(tmp_path, "shmem").component
    assert "env_var" not in {r.subject for r in component.requirements}
    package = [s for s in component.scopes if s.name == PACKAGE]
    assert [(r.subject, r.spec) for s in package for r in s.requirements] == [
        ("env_var", "ASCEND_TOOLKIT_HOME")
    ]
