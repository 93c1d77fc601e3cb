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
