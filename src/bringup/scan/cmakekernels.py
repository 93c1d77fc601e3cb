"""A program a CMake custom command compiles from device kernels and links to the device
runtime: the repo's products run on the devices alone.

Ascend C kernels are compiled by CANN's BiSheng compiler with a device target, and the same
command links the host side to AscendCL into an executable: ``COMMAND ${CCEC} -O2 -std=c++17
-xcce --cce-aicore-arch=dav-c220 ... -lruntime -lstdc++ -lascendcl ... -o
${CMAKE_RUNTIME_OUTPUT_DIRECTORY}/${TARGET}`` (BillionsRichard/mm_rs_with_catlass@e5cfd63
examples/CMakeLists.txt:38-80, its run scripts launch each on 2-8 NPUs; outsider27 D1, where
``check`` said "runs here after installing CANN" on a host with no NPU). The device flags are
the compiler's own ("-xcce: the code holds device code", ``--cce-aicore-arch``,
``--npu-arch``: hiascend.com BiSheng compiler options), so the command is a device build
whatever variable names the compiler; linked to the device runtime (``DEVICE_RUNTIMES``) and
neither an object (``-c``) nor a library (``-shared``, ``-lib``), its output is a program that
drives the devices, as an ``add_executable`` linked to ``ascendcl`` is (``DEVICE_PROGRAM``), on
the chip its architecture flag names alone (a hard chip line).
"""

from __future__ import annotations

from collections.abc import Sequence

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.cmakelex import CMakeCommand, line_of
from bringup.scan.devicecode import DEVICE_PROGRAM, DEVICE_RUNTIMES
from bringup.scan.extraction import SourceFile
from bringup.scan.kernelchips import architecture, chip_list
from bringup.scan.linked import provider

_DEVICE_TARGET = lazyre.compile(r"^(?:-xcce|--cce-aicore-arch[= ]\S+|--npu-arch[= ]\S+)$")
"""A BiSheng option that compiles device code (``-xcce``) or names the device it targets."""
_NOT_A_PROGRAM = frozenset({"-c", "-shared", "--shared", "-lib", "--cce-build-static-lib"})
_LINKED = lazyre.compile(r"^-l([\w.+-]+)$")


def device_programs(file: SourceFile, commands: Sequence[CMakeCommand]) -> list[Requirement]:
    """A toolkit line per ``add_custom_command`` that builds a device program (see above),
    cited at its device flag."""
    found: list[Requirement] = []
    lines: list[str] = []
    for command in commands:
        if command.name != "add_custom_command":
            continue
        for argv in _argvs(command.args):
            targets = [a for a in argv if _DEVICE_TARGET.match(a)]
            # the architecture flag is the one to cite where there is one
            target = next((a for a in targets if a != "-xcce"), targets[0] if targets else None)
            if target is None or _NOT_A_PROGRAM & set(argv) or "-o" not in argv:
                continue
            runtime = next(
                (
                    m.group(1)
                    for m in map(_LINKED.match, argv)
                    if m and m.group(1).lower() in DEVICE_RUNTIMES
                ),
                None,
            )
            known = provider(runtime) if runtime else None
            if known is None:
                continue
            lines = lines or file.text.split("\n")
            said = f"add_custom_command(COMMAND ... {target} ... -l{runtime})"
            text = f"{said}: {known[1]}; {DEVICE_PROGRAM}"
            at = line_of(lines, target, command.line)
            found.append(file.requirement(known[0], "", at, text=text, confidence="medium"))
            found.extend(_chips(file, argv, at))
    return found


def _chips(file: SourceFile, argv: Sequence[str], line: int) -> list[Requirement]:
    """The chip the program's kernels are machine code for, named by its architecture flag
    (``--cce-aicore-arch=dav-c220``: 910B or 910_93), as a hard line: the program runs on that
    chip alone, as ``listed_chips`` reads a list of kernel architectures. A library's compile
    option (``kernelchips.kernel_chips``) stays a soft support list."""
    places: dict[str, int] = {}
    for word in argv:
        for chip in architecture(word):
            places.setdefault(chip, line)
    return chip_list(file, places, f"a program of kernels built for {', '.join(places)}", hard=True)


def _argvs(args: Sequence[str]) -> list[list[str]]:
    """The words after each ``COMMAND`` of a custom command, up to its next keyword."""
    argvs: list[list[str]] = []
    collecting = False
    for arg in args:
        if arg == "COMMAND":
            argvs.append([])
            collecting = True
        elif arg in _KEYWORDS:
            collecting = False
        elif collecting:
            argvs[-1].append(arg)
    return argvs


_KEYWORDS = frozenset(
    {
        "OUTPUT",
        "DEPENDS",
        "DEPFILE",
        "BYPRODUCTS",
        "WORKING_DIRECTORY",
        "COMMENT",
        "VERBATIM",
        "MAIN_DEPENDENCY",
        "IMPLICIT_DEPENDS",
        "APPEND",
        "USES_TERMINAL",
        "COMMAND_EXPAND_LISTS",
        "JOB_POOL",
        "JOB_SERVER_AWARE",
        "DEPENDS_EXPLICIT_ONLY",
        "CODEGEN",
        "TARGET",
        "PRE_BUILD",
        "PRE_LINK",
        "POST_BUILD",
    }
)
"""The keywords of ``add_custom_command`` (cmake.org), which end a ``COMMAND``'s words."""
