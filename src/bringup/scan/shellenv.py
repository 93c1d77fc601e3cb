"""The toolkit environment a shell script sets up: ``source .../set_env.sh`` (a versioned path
says which version), the toolkit homes it exports, ``TORCH_CUDA_ARCH_LIST``, the chip a build
targets, and the backends' words a script is read with (``vocabulary``: compilers whose
version a check compares, the names that set an environment up). Apart from ``shell``, which
reads the rest of a script and offers it as a step, so that each stays one reader's size."""

from __future__ import annotations

import re
from typing import NamedTuple, Optional

from bringup import backends, patterncache
from bringup.backends.base import Backend
from bringup.model import Confidence, Requirement
from bringup.scan.architectures import listed, listing, lowest_architecture, targets
from bringup.scan.commands import Command
from bringup.scan.envsetup import toolkit_script
from bringup.scan.extraction import SourceFile
from bringup.scan.fillins import is_fill_in
from bringup.scan.kernelchips import build_chips, listed_chips
from bringup.scan.shellchecks import ToolWords
from bringup.scan.statuscheck import driver_named

_TOOLS = {
    "gcc": "gcc",
    "g++": "gcc",
    "cmake": "cmake",
    "python": "python",
    "python3": "python",
}
"""Generic programs whose version a script checks; each backend adds its compilers."""


class _Toolkit(NamedTuple):
    subject: str
    home: frozenset[str]
    setup: Optional[re.Pattern[str]]
    versions: tuple[re.Pattern[str], ...]


class _Words(NamedTuple):
    checks: ToolWords
    toolkits: tuple[_Toolkit, ...]
    chip_variables: frozenset[str]
    mentions_toolkit: Optional[re.Pattern[str]]
    environment: re.Pattern[str]
    """Every name ``environment_requirements`` reads (a home variable, a chip variable,
    ``TORCH_CUDA_ARCH_LIST``, a sourced setup script): a line without one sets nothing up."""


def _compile(registered: tuple[Backend, ...]) -> _Words:
    tools = dict(_TOOLS)
    toolkits: list[_Toolkit] = []
    markers: list[str] = []
    for backend in registered:
        words = backend.vocabulary
        tools.update(words.compilers)
        markers.extend(
            rf"\b{re.escape(name)}\b" for name in (*words.home_variables, *words.compilers)
        )
        if words.setup_markers:
            markers.append(words.setup_markers)
        if words.toolkit_subject:
            setup = patterncache.compile(words.setup_markers) if words.setup_markers else None
            versions = tuple(patterncache.compile(rx) for rx in words.path_versions)
            toolkits.append(
                _Toolkit(words.toolkit_subject, frozenset(words.home_variables), setup, versions)
            )
    programs = "|".join(re.escape(t) for t in sorted(tools, key=len, reverse=True) if t != "python")
    checks = ToolWords(
        tools=tools,
        tool_version=patterncache.compile(
            rf"^(?:export\s+)?([A-Za-z_]\w*)=\"?\$\((?:\S*/)?({programs}|python3?)\b"
            rf"(?=[^)]*(?:version|\s-V\b))[^)]*\)"
        ),
        inline_test=patterncache.compile(
            rf"\$\((?:[\w.+~${{}}-]*/)*({programs})\s[^)]*\)\"?\s+-(lt|le|gt|ge)\s+\"?(\d+(?:\.\d+)?)"
        ),
    )
    return _Words(
        checks=checks,
        toolkits=tuple(toolkits),
        chip_variables=frozenset(v for b in registered for v in b.vocabulary.chip_variables),
        mentions_toolkit=patterncache.compile("|".join(markers), guard=True) if markers else None,
        environment=patterncache.compile("|".join(_environment_words(registered))),
    )


def _environment_words(registered: tuple[Backend, ...]) -> list[str]:
    names = {v for target in targets() for v in target.variables}
    setups: list[str] = []
    for backend in registered:
        words = backend.vocabulary
        names.update((*words.home_variables, *words.chip_variables))
        if words.setup_markers:
            setups.append(words.setup_markers)
    homes = [re.escape(b.vocabulary.driver_home) for b in registered if b.vocabulary.driver_home]
    return [*(re.escape(n) for n in sorted(names)), *setups, *homes]


vocabulary = backends.per_registry(_compile)


def _version_in_path(toolkit: _Toolkit, value: str) -> str:
    """``==8.0.RC1`` from ``.../<toolkit>/8.0.RC1/...``; a two-part version is a
    series (``<toolkit>-12.1`` -> ``==12.1.*``); empty when the path names none or is an
    example the reader replaces (``/path/to/cuda-11.3``)."""
    if is_fill_in(value):
        return ""
    for pattern in toolkit.versions:
        found = pattern.search(value)
        if found is not None:
            version = found.group(1)
            return f"=={version}" + (".*" if version.count(".") == 1 else "")
    return ""


def _requirement(
    file: SourceFile,
    subject: str,
    spec: str,
    line: int,
    *,
    text: str,
    confidence: Confidence = "medium",
    hard: bool = True,
) -> Requirement:
    return file.requirement(subject, spec, line, text=text, confidence=confidence, hard=hard)


def _sourced(file: SourceFile, path: str, line: int) -> Requirement | None:
    """The toolkit package whose environment script ``path`` is (``toolkit_script``), with the
    version its path names."""
    subject = toolkit_script(path)
    if subject is None:
        return None
    toolkit = next((t for t in vocabulary().toolkits if t.subject == subject), None)
    spec = _version_in_path(toolkit, path) if toolkit is not None else ""
    return _requirement(file, subject, spec, line, text=f"source {path}")


def _assignment(file: SourceFile, name: str, value: str, line: int) -> Requirement | None:
    words = vocabulary()
    if name == "source":
        return _sourced(file, value, line)
    for toolkit in words.toolkits:
        if name in toolkit.home:
            spec = _version_in_path(toolkit, value)
            return _requirement(file, toolkit.subject, spec, line, text=f"{name}={value}")
    target = listing(name)
    lowest = lowest_architecture([(a, line) for a in listed(value)]) if target else None
    if target is not None and lowest is not None:
        return _requirement(file, target.subject, lowest[0], line, text=f"{name}={value}")
    driver = driver_named(value)
    if driver is not None:
        # ``ASCEND_DRIVER_HOME=/usr/local/Ascend/driver`` (workload_analysis op_modeling/
        # set_env.sh:3), ``export LD_LIBRARY_PATH=/usr/local/Ascend/driver/lib64:...``
        return _requirement(file, driver, "", line, text=f"{name}={value}: the driver's files")
    if name in words.chip_variables:
        # a default the caller overrides (``--soc=...``): one chip of the support list
        defaults = listed_chips(file, (value,), line, f"{name}={value}")
        return defaults[0] if defaults else None
    return None


def _chip_array(file: SourceFile, command: Command) -> list[Requirement]:
    """The chips an array a script assigns lists (``SUPPORT_COMPUTE_UNIT_SHORT=("ascend910_93"
    "ascend910b" "ascend950" "ascend310p")``, hicann/ops-blas build.sh:60): alternatives."""
    if len(command.env) != 1 or command.argv[:1] != ("(",) or command.argv[-1:] != (")",):
        return []
    items = command.argv[1:-1]
    if not any(build_chips(item) for item in items):
        return []
    text = f"{command.env[0][0]}=({' '.join(items)})"
    return listed_chips(file, [i for i in items if build_chips(i)], command.line, text)


def environment_requirements(file: SourceFile, commands: list[Command]) -> list[Requirement]:
    """What the toolkit environment a script sets up says: ``source .../set_env.sh``,
    exported toolkit homes, ``TORCH_CUDA_ARCH_LIST``, the chip a build targets."""
    found: list[Requirement] = []
    for command in commands:
        argv = command.argv
        found.extend(_chip_array(file, command))
        for name, value in command.env:
            requirement = _assignment(file, name, value, command.line)
            if requirement is not None:
                found.append(requirement)
        if argv[:1] == ("export",):
            for part in argv[1:]:
                name, _, value = part.partition("=")
                requirement = _assignment(file, name, value, command.line)
                if requirement is not None:
                    found.append(requirement)
        elif argv[:1] in (("source",), (".",)) and len(argv) > 1:
            requirement = _assignment(file, "source", argv[1], command.line)
            if requirement is not None:
                found.append(requirement)
    return found


def toolkit_homes() -> set[str]:
    """The variables that hold a toolkit's home."""
    return {h for toolkit in vocabulary().toolkits for h in toolkit.home}
