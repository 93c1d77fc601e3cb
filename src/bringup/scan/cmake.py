"""``CMakeLists.txt`` and ``*.cmake``: ``cmake_minimum_required``, the C++ standard,
``find_package`` with versions, version checks that stop the configure
(``if(CMAKE_CXX_COMPILER_VERSION VERSION_LESS 7.5) message(FATAL_ERROR ...)`` means GCC >= 7.5),
a toolkit's install paths, the chip a build targets, device architectures, and what the project
provides (``project(FooOps)`` -> ``cmake:FooOps``). The backends' vocabularies say
which package names, variables, paths and languages are theirs.

The commands come from ``cmakelex`` (quoted and bracket arguments, comments, commands
over several lines), keeping each command's line.
"""

from __future__ import annotations

import msgspec

from bringup.model import Step, StepNeeds
from bringup.scan.archchecks import arch_branches
from bringup.scan.architectures import flagged, lowest_architecture
from bringup.scan.cannthird import cann_third_party
from bringup.scan.cmake_options import find_module_feature, option_features
from bringup.scan.cmake_standard import flag_standards
from bringup.scan.cmake_vocab import cmake_vocabulary
from bringup.scan.cmakecommands import (
    CMakeState,
    read_command,
    stopped_without,
    stopping_branches,
    track_conditions,
    unasked_features,
)
from bringup.scan.cmakefetched import self_fetched_finds
from bringup.scan.cmakeincludes import include_places, included_files
from bringup.scan.cmakelex import CMakeCommand, cmake_commands
from bringup.scan.cmakeprobes import probed_names
from bringup.scan.cmakeprovides import provided_packages
from bringup.scan.cmakepython import python_imports
from bringup.scan.cmaketests import tests_input, tests_option
from bringup.scan.cmaketoolchains import vcpkg_toolchain
from bringup.scan.cmakewords import vocabulary
from bringup.scan.cmakewrapped import wrapped_downloads
from bringup.scan.compilers import compilers
from bringup.scan.extensionstd import torch_target_standards
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.kernelchips import kernel_chips
from bringup.scan.linkedpackages import linked_packages
from bringup.scan.scopes import OPTIONAL
from bringup.scan.toolkitparts import toolkit_parts
from bringup.subjects import display_name


def extract_cmake(file: SourceFile) -> Extraction:
    """What a CMake file requires of the host; ``default_steps`` configure and build the
    project (and run ``ctest``) when nothing else in the repo says how."""
    state = CMakeState(file)
    commands = cmake_commands(file.text)
    state.fetched = self_fetched_finds(commands)
    state.stopping = stopping_branches(commands)
    state.requirements.extend(
        cmake_vocabulary(file, commands)
        + cann_third_party(file, commands)
        + wrapped_downloads(file, commands)
        + vcpkg_toolchain(file, commands)
        + linked_packages(file, commands)
    )
    state.requirements.extend(arch_branches(file, cmake=True))
    state.requirements.extend(kernel_chips(file, commands, vocabulary().chip_variables))
    state.requirements.extend(compilers(file, cmake=True))
    state.requirements.extend(flag_standards(file, commands))
    state.requirements.extend(python_imports(file, commands))
    for command in commands:
        if not track_conditions(state, command):
            read_command(state, command)
        for subject, install in vocabulary().installs:
            if subject not in state.install_lines and any(install.search(a) for a in command.args):
                state.install_lines[subject] = command.line
        for arg in command.args:
            for target, arch in flagged(arg):
                state.archs.setdefault(target, []).append((arch, command.line))
    _probed_finds(state, commands)
    for subject, line in state.install_lines.items():
        words = f"uses the {display_name(subject)} install path"
        state.add(subject, "", line, words, confidence="medium")
    for target, archs in state.archs.items():
        fixed = [a for a in archs if a[1] not in state.defaults]
        lowest = lowest_architecture(fixed or archs)
        if lowest is not None:
            spec, line, names = lowest
            words = f"{target.label} architectures " + ", ".join(names)
            if not fixed:
                words += " by default (overridable)"
            state.add(target.subject, spec, line, words, hard=bool(fixed), confidence="medium")
    unasked_features(state)
    # in place: ``found_at`` and ``stops_without`` hold indices into the list; a package the
    # scan reads as a subject of its own (Python3, Torch) stays that subject
    # a wrapper's find (``find_cann_package``) is read only here: its part is added where
    # nothing else was read on its line
    parts = {p.source.line: p for p in toolkit_parts(file, commands, vocabulary().installs)}
    read = {r.source.line for r in state.requirements}
    state.requirements = [
        parts.pop(r.source.line) if r.subject.startswith("cmake:") and r.source.line in parts else r
        for r in state.requirements
    ] + [
        part
        for line, part in parts.items()
        if line not in read and not (part.text or "").startswith("find_package(")
    ]
    root = file.rel == "CMakeLists.txt"
    steps = _default_steps(file, state.testing, state.toolkit, commands) if root else ()
    features = option_features(commands, file.rel)
    requirements = [
        msgspec.structs.replace(r, feature=features[r.source.line])
        if not r.feature and r.source.line in features
        else msgspec.structs.replace(r, feature=find_module_feature(file.rel, r.subject))
        if not r.feature
        else r
        for r in stopped_without(state)
    ]
    requirements = torch_target_standards(commands, requirements)
    return Extraction(
        requirements=tuple(requirements),
        default_steps=steps,
        provides=tuple(dict.fromkeys([*state.provides, *provided_packages(file.rel, commands)])),
        includes=included_files(file.rel, commands),
        include_places=include_places(file.rel, commands),
    )


def _probed_finds(state: CMakeState, commands: list[CMakeCommand]) -> None:
    """A toolkit found without ``REQUIRED`` whose language or package a branch of the file
    then probes (``cmakeprobes``) is the optional feature's: ``find_package(CUDAToolkit)``
    then ``if(CMAKE_CUDA_COMPILER)`` (microsoft/glinthawk@61976e3a etc/cuda.cmake:5-7); a
    stop where it is missing (``stopped_without``) still makes it the build's."""
    probed = probed_names(commands)
    if not probed:
        return
    languages = {s: lang.lower() for lang, s in vocabulary().languages.items()}
    for key, index in state.found_at.items():
        requirement = state.requirements[index]
        if requirement.feature or requirement.hard or requirement.subject.startswith("cmake:"):
            continue
        if key in probed or languages.get(requirement.subject, "") in probed:
            state.requirements[index] = msgspec.structs.replace(requirement, feature=OPTIONAL)


def _default_steps(
    file: SourceFile, testing: bool, toolkit: bool, commands: list[CMakeCommand]
) -> tuple[Step, ...]:
    needs = StepNeeds(toolkit=toolkit)
    source = file.source(1)
    steps = [
        Step(
            name="cmake -S . -B build",
            kind="build",
            argv=("cmake", "-S", ".", "-B", "build"),
            source=source,
            needs=needs,
        ),
        Step(
            name="cmake --build build",
            kind="build",
            argv=("cmake", "--build", "build"),
            source=source,
            needs=needs,
        ),
    ]
    if testing:
        option = tests_option(commands)  # off by default: ctest finds none (``cmaketests``)
        inputs = (tests_input(option, file.rel),) if option is not None else ()
        steps.append(
            Step(
                name="ctest --test-dir build",
                kind="test",
                argv=("ctest", "--test-dir", "build", "--output-on-failure"),
                source=file.source(option[1]) if option is not None else source,
                needs=msgspec.structs.replace(needs, inputs=inputs),
            )
        )
    return tuple(steps)
