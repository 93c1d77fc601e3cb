"""Shell build scripts: the toolkit environment they source (``source
/usr/local/Ascend/ascend-toolkit/set_env.sh`` means CANN; a versioned path says which), the
paths they export (``ASCEND_HOME_PATH``, ``CUDA_HOME=/usr/local/cuda-12.1``,
``TORCH_CUDA_ARCH_LIST``, ``SOC_VERSION``), compiler checks (``GCC_MAJOR=$(gcc
-dumpversion)`` then ``[ "$GCC_MAJOR" -lt 9 ] && exit 1`` means GCC >= 9) and the messages
they print ("GCC >= 9 is required"). A script named like a build or test step is offered as
one, with what its commands show it needs."""

from __future__ import annotations

import re

from bringup.model import Confidence, Requirement, Step, StepNeeds
from bringup.scan.commands import Command, command_needs, logical_lines, parse_commands, step_kind
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.prose import chips_in, read_line

_CANN_VARIABLES = frozenset(
    {"ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME", "ASCEND_CANN_PACKAGE_PATH", "ASCEND_OPP_PATH"}
)
_CUDA_VARIABLES = frozenset({"CUDA_HOME", "CUDA_PATH", "CUDA_TOOLKIT_ROOT_DIR", "CUDACXX"})
_CANN_VERSION_IN_PATH = re.compile(
    r"(?:ascend-toolkit|cann|nnae|nnrt)[/-](\d+\.\d+\.(?:RC\d+|\d+)(?:\.\d+)?)", re.IGNORECASE
)
_CUDA_VERSION_IN_PATH = re.compile(r"cuda-(\d+\.\d+)")
_TOOL_VERSION = re.compile(
    r"^(?:export\s+)?([A-Za-z_]\w*)=\"?\$\((?:\S*/)?(gcc|g\+\+|cmake|nvcc|python3?)\b[^)]*\)"
)
_TEST = re.compile(r"\$\{?([A-Za-z_]\w*)\}?\"?\s+-(lt|le|gt|ge)\s+\"?(\d+(?:\.\d+)?)")
_INLINE_TEST = re.compile(
    r"\$\((?:\S*/)?(gcc|g\+\+|cmake|nvcc)\s[^)]*\)\"?\s+-(lt|le|gt|ge)\s+\"?(\d+(?:\.\d+)?)"
)
_FAILURE = re.compile(r"exit\s+[1-9]|\berror\b|not\s+supported|不支持|失败|退出", re.IGNORECASE)
_MESSAGE = re.compile(r"^\s*(?:echo|printf|die|fatal|error|log_error|warn)\b(.*)$")
_STEP_SCRIPT = re.compile(r"build|compile|make|test|check|install|convert", re.IGNORECASE)
_TOOLS = {
    "gcc": "gcc",
    "g++": "gcc",
    "cmake": "cmake",
    "nvcc": "cuda",
    "python": "python",
    "python3": "python",
}
_ON_FAILURE = {"lt": ">=", "le": ">", "gt": "<=", "ge": "<"}
_AS_WRITTEN = {"lt": "<", "le": "<=", "gt": ">", "ge": ">="}


def _requirement(
    file: SourceFile,
    subject: str,
    spec: str,
    line: int,
    *,
    text: str,
    confidence: Confidence = "medium",
) -> Requirement:
    return file.requirement(subject, spec, line, text=text, confidence=confidence)


def _assignment(file: SourceFile, name: str, value: str, line: int) -> Requirement | None:
    if name in _CANN_VARIABLES or (name == "source" and re.search(r"/Ascend/|ASCEND", value)):
        version = _CANN_VERSION_IN_PATH.search(value)
        spec = f"=={version.group(1)}" if version else ""
        return _requirement(file, "cann", spec, line, text=f"{name} {value}".strip())
    if name in _CUDA_VARIABLES:
        version = _CUDA_VERSION_IN_PATH.search(value)
        spec = f"=={version.group(1)}.*" if version else ""
        return _requirement(file, "cuda", spec, line, text=f"{name}={value}")
    if name == "TORCH_CUDA_ARCH_LIST":
        archs = re.findall(r"(\d+)\.(\d)", value)
        if archs:
            low = min(archs, key=lambda arch: (int(arch[0]), int(arch[1])))
            return _requirement(
                file, "compute_capability", f">={low[0]}.{low[1]}", line, text=f"{name}={value}"
            )
    if name == "SOC_VERSION":
        chips = chips_in(re.sub(r"(?i)^ascend", "", value))
        if chips:
            return _requirement(file, "chip", ",".join(chips), line, text=f"{name}={value}")
    return None


def environment_requirements(file: SourceFile, commands: list[Command]) -> list[Requirement]:
    """What the toolkit environment a script sets up says: ``source .../set_env.sh``,
    exported ``ASCEND_*``/``CUDA_HOME`` paths, ``TORCH_CUDA_ARCH_LIST``, ``SOC_VERSION``."""
    found: list[Requirement] = []
    for command in commands:
        argv = command.argv
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
        elif argv[:1] in (("source",), (".",)) and len(argv) > 1 and "set_env" in argv[1]:
            requirement = _assignment(file, "source", argv[1], command.line)
            if requirement is not None:
                found.append(requirement)
    return found


def _checks(file: SourceFile) -> list[Requirement]:
    found: list[Requirement] = []
    tracked: dict[str, str] = {}
    lines = file.text.splitlines()
    for number, line in logical_lines(file.text):
        stripped = line.strip()
        assigned = _TOOL_VERSION.match(stripped)
        if assigned is not None:
            tracked[assigned.group(1)] = _TOOLS[assigned.group(2)]
        tests: list[tuple[str, str, str]] = []
        for variable, operator, value in _TEST.findall(stripped):
            if variable in tracked:
                tests.append((tracked[variable], operator, value))
        for tool, operator, value in _INLINE_TEST.findall(stripped):
            tests.append((_TOOLS[tool], operator, value))
        following = " ".join([stripped, *lines[number : number + 3]])
        failure = bool(_FAILURE.search(following))
        for subject, operator, value in tests:
            spec = (_ON_FAILURE if failure else _AS_WRITTEN)[operator] + value
            found.append(
                _requirement(file, subject, spec, number, text=stripped, confidence="high")
            )
        message = _MESSAGE.match(stripped)
        if message is not None:
            for mention in read_line(message.group(1).strip(" \"'"), required=False):
                if mention.spec and not any(
                    r.subject == mention.subject and r.spec == mention.spec for r in found
                ):
                    found.append(
                        _requirement(
                            file,
                            mention.subject,
                            mention.spec,
                            number,
                            text=mention.text,
                            confidence=mention.confidence,
                        )
                    )
    return found


def script_step(file: SourceFile, commands: list[Command]) -> Step | None:
    """The script itself as a step, when its name says build/test/convert."""
    name = file.rel.rsplit("/", 1)[-1]
    top = file.rel.count("/") == 0 or file.rel.startswith(("scripts/", "tools/", "ci/"))
    if not top or not _STEP_SCRIPT.search(name):
        return None
    argv = ("bash", file.rel)
    kind = step_kind(argv) or "run"
    toolkit = any(c.argv[:1] in (("source",), (".",)) for c in commands) or bool(
        re.search(r"ASCEND_|/Ascend/|\bnvcc\b|CUDA_HOME", file.text)
    )
    devices = max(
        (command_needs(c) for c in commands), key=lambda n: n.devices, default=StepNeeds()
    )
    needs = devices if devices.devices else StepNeeds(toolkit=toolkit)
    return Step(name=" ".join(argv), kind=kind, argv=argv, source=file.source(1), needs=needs)


def extract_shell(file: SourceFile) -> Extraction:
    """What a shell script needs, and the script as a step."""
    commands = parse_commands(file.text)
    requirements = environment_requirements(file, commands) + _checks(file)
    step = script_step(file, commands)
    return Extraction(requirements=tuple(requirements), default_steps=(step,) if step else ())
