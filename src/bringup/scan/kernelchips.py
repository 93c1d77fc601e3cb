"""The chips a build file names, as one support list.

An operator library registers each kernel per chip with its own CMake function:
``add_kernel(swiglu_forward ascend910b vector …)``, ``add_kernel(swiglu_forward ascend310p
vector …)`` (ascend-transformer-boost src/kernels/kernels/activation/CMakeLists.txt:22-30);
it branches on the chip asked for, else stops (``if(SOC_VERSION_LOWER MATCHES
"^ascend910b")`` … ``elseif(... "^ascend950")`` … ``else() message(FATAL_ERROR ...)``,
hicann/ops-sparse CMakeLists.txt:21-30); it lists the chips it builds for
(``set(ASCEND_COMPUTE_UNIT ascend910b ascend910_93 ascend950)``, IndexSDK
feature_retrieval/src/ascendfaiss/ops/ascendc/cmake/config.cmake:22;
``SUPPORT_COMPUTE_UNIT_SHORT=("ascend910_93" "ascend910b" "ascend950" "ascend310p")``,
hicann/ops-blas build.sh:60). An argument that is a vendor's word glued to a chip name
(``ascend910b``, ``Ascend310P3``), bare or as a pattern (``^ascend910b``, ``ascend950*``), names
a chip the build compiles for; all of a file's are alternatives, each cited where it is named.
Soft: a kernel built for a chip says the library runs there, not that it needs it, and the
lists of two files (one kernel family per directory) must not be ANDed.

The chip a build variable defaults to (``set(SOC_VERSION ascend910b3)`` when none is given,
ops-sparse CMakeLists.txt:16-17; ``SOC_VERSION="ascend910b3"`` in its build.sh:133) is one
more alternative, not a narrowing: the caller passes another (``--soc=ascend950``), and a
build script's and a CMake file's defaults name two chips that both work (DeepGEMM_Ascend
build_dga.sh:16 Ascend910B3, deep_gemm_ascend/framework/CMakeLists.txt:7 Ascend310P3).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

import msgspec

from bringup import backends, patterncache
from bringup.backends.base import Backend
from bringup.model import Alternative, Requirement
from bringup.scan.cmakelex import CMakeCommand, line_of
from bringup.scan.devices import chips_in_value
from bringup.scan.extraction import SourceFile


def _compile(registered: tuple[Backend, ...]) -> re.Pattern[str] | None:
    words = [re.escape(w) for b in registered for w in b.vocabulary.vendor_words if w.isascii()]
    if not words:
        return None
    # a pattern's anchor and wildcard around the name: ^ascend910b, ascend950.*, ascend310p*
    return patterncache.compile(
        rf"^\^?((?:{'|'.join(words)})\d{{3}}[A-Za-z0-9_]*?)(?:\.?\*|\$)?$", re.IGNORECASE
    )


_soc_token = backends.per_registry(_compile)


def _architecture_flags(
    registered: tuple[Backend, ...],
) -> tuple[tuple[re.Pattern[str], Mapping[str, tuple[str, ...]]], ...]:
    return tuple(
        (
            patterncache.compile(b.vocabulary.chip_architecture_flags),
            b.vocabulary.chip_architectures,
        )
        for b in registered
        if b.vocabulary.chip_architecture_flags
    )


_architecture_flag = backends.per_registry(_architecture_flags)


def build_chips(value: str) -> list[str]:
    """The chips one build argument names as a vendor-prefixed chip name, bare or as a
    pattern, or by the chip architecture a compiler flag targets (``--npu-arch=dav-2201``,
    in a generator expression or not); none for any other word."""
    token = _soc_token()
    match = token.match(value) if token is not None else None
    if match is not None:
        return chips_in_value(match.group(1))
    for flag, families in _architecture_flag():
        named = flag.search(value)
        if named is not None:
            return list(families.get(named.group(1), ()))
    return []


def chip_list(
    file: SourceFile, places: dict[str, int], text: str, *, hard: bool = False
) -> list[Requirement]:
    """One requirement (soft unless ``hard``) naming every chip of ``places`` (chip -> line),
    each an alternative cited at its line; none when ``places`` is empty."""
    if not places:
        return []
    stated = file.requirement(
        "chip", ",".join(places), min(places.values()), text=text, hard=hard,
        confidence="medium",
    )  # fmt: skip
    alternatives = tuple(
        Alternative(value=c, source=file.source(line)) for c, line in places.items()
    )
    return [msgspec.structs.replace(stated, any_of=alternatives)]


def listed_chips(
    file: SourceFile, values: Iterable[str], line: int, text: str
) -> list[Requirement]:
    """The chips ``values`` (a default, a listing's items) name, as one list cited at
    ``line``: soft for chip names (one chip of a support list the caller overrides), hard when
    every value is a kernel architecture (``dav-2201``): the kernels are machine code for that
    architecture alone, as an sm_89-only CUDA build is (outsider8 #7)."""
    places: dict[str, int] = {}
    named = [architecture(value) for value in values]
    for value, chips in zip(values, named):
        for chip in chips or build_chips(value) or chips_in_value(value):
            places.setdefault(chip, line)
    return chip_list(file, places, text, hard=bool(places) and all(named))


_ARCHITECTURE = re.compile(r"^[A-Za-z]{2,8}-(\d{4}|[a-z]\d{3})(?:-(?:cube|vec))?$")
"""A kernel architecture by its name, a word and the backend's number (``dav-2201``), or the
core architecture an older compiler flag names (``dav-c220``, ``dav-c220-vec``)."""


def architecture(value: str) -> tuple[str, ...]:
    """The chips of the kernel architecture ``value`` names, alone or as a compiler flag
    (``dav-2201``, ``--npu-arch=dav-2201``); none when it names none."""
    bare = _ARCHITECTURE.match(value.strip("\"'"))
    for flag, families in _architecture_flag():
        named = flag.search(value)
        number = named.group(1) if named is not None else bare.group(1) if bare else ""
        if number in families:
            return families[number]
    return ()


def kernel_chips(
    file: SourceFile, commands: Sequence[CMakeCommand], defaults: Iterable[str] = ()
) -> list[Requirement]:
    """The chips the arguments of ``commands`` name, as one soft requirement (none if no
    argument is a vendor-prefixed chip name). A ``set`` of a variable in ``defaults`` (a
    backend's chip variable) is a default the CMake reader states on its own."""
    skipped = set(defaults)
    places: dict[str, int] = {}
    branches: dict[str, int] = {}
    lines: list[str] = []
    for command in commands:
        if command.name in ("option", "message"):
            continue
        if command.name == "set" and (not command.args or command.args[0] in skipped):
            continue
        named = branches if command.name in ("if", "elseif") else places
        for arg in command.args:
            chips = build_chips(arg)
            if chips and not lines:
                lines = file.text.split("\n")
            for chip in chips:
                # the argument's own line: a flag deep in a multi-line command
                # (``target_compile_options(... PRIVATE`` then, lines below,
                # ``$<$<COMPILE_LANGUAGE:ASC>:--npu-arch=dav-2201>``)
                named.setdefault(chip, line_of(lines, arg, command.line))
    if len(branches) >= 2:
        # a branch per chip is a dispatch over the chips built for; one chip's own branch
        # (``if(... MATCHES "^ascend950")``, sgl-kernel-npu csrc/CMakeLists.txt:10) is that
        # chip's extra work, not a list
        for chip, line in branches.items():
            places.setdefault(chip, line)
    return chip_list(file, places, f"kernels built for {', '.join(places)}")
