"""A failure the fallback places only by its words or its exception, in a log that shows the
project's own build (setup.py, pip building a wheel, CMake, make), is the build's; a module the
build imports and the environment lacks stays the install's (``runtimecompile.in_the_build``)."""

from __future__ import annotations

from bringup.triage import explain_text

# rmjarvis/Piff#49: `python setup.py build` fails in the project's own setup.py (the maintainer:
# "This is only for `python setup.py build`" ... "Fixed on master").
PIFF_SETUP_BUILD = (
    "$ python setup.py build\n"
    "Traceback (most recent call last):\n"
    '  File "setup.py", line 339, in <module>\n'
    "    if (dist.script_install_dir not in os.environ['PATH'].split(':') and\n"
    "AttributeError: Distribution instance has no attribute 'script_install_dir'\n"
)
# baaivision/Emu3#5: flash-attn's setup.py imports torch, not yet installed when pip builds it
# (the fix installs torch first).
FLASH_ATTN_NEEDS_TORCH = (
    '      File "C:\\Users\\user\\AppData\\Local\\Temp\\pip-install-7czi3fmk\\flash-attn_6da82b1'
    '5991a4532b7dc3a5aefc5ec40\\setup.py", line 19, in <module>\n'
    "          import torch\n"
    "      ModuleNotFoundError: No module named 'torch'\n"
)


def test_a_failure_placed_by_its_exception_inside_the_projects_build_is_the_build() -> None:
    diagnoses = explain_text(PIFF_SETUP_BUILD)
    assert diagnoses[0].layer == "build"


def test_the_same_exception_outside_a_build_keeps_its_own_layer() -> None:
    outside = PIFF_SETUP_BUILD.replace("$ python setup.py build\n", "").replace(
        '"setup.py"', '"run.py"'
    )
    diagnoses = explain_text(outside)
    assert diagnoses[0].layer != "build"


def test_a_module_the_build_imports_and_the_environment_lacks_is_the_install() -> None:
    diagnoses = explain_text(FLASH_ATTN_NEEDS_TORCH)
    assert diagnoses[0].layer == "install"


# avelino/jbundle#40 (tests/data/triage_twentyninth b07): openssl-sys's build script, run by Cargo,
# finds no openssl.pc; Cargo echoes what the script printed to it.
OPENSSL_SYS_SCRIPT = (
    "  cargo:rerun-if-env-changed=PKG_CONFIG_SYSROOT_DIR\n"
    "  Could not find openssl via pkg-config:\n"
    "  The system library `openssl` required by crate `openssl-sys` was not found.\n"
    "  The file `openssl.pc` needs to be installed and the PKG_CONFIG_PATH environment variable "
    "must contain its parent directory.\n"
)


def test_a_library_a_cargo_build_script_cannot_find_is_the_build() -> None:
    assert explain_text(OPENSSL_SYS_SCRIPT)[0].layer == "build"


def test_the_same_lines_without_cargos_are_the_install() -> None:
    outside = OPENSSL_SYS_SCRIPT.partition("\n")[2]
    assert explain_text(outside)[0].layer == "install"
