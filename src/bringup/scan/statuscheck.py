"""A backend's status command run as a check of the machine ("```npu-smi info```" under "检查驱动",
"Run `nvidia-smi` to check your driver's CUDA version", a CI job's ``- run: nvidia-smi``): the
tool ships with the driver and shows its devices only through it, so the check is evidence of
the driver (an unversioned need of the backend's ``driver_subject``), never of a number of
devices. Only the bare status command (``Vocabulary.status_command``, maybe under ``sudo``, its
output piped or redirected) is such a check: ``npu-smi info -t board -i 0`` reads a chip's
name and ``nvidia-smi topo -m`` the links between GPUs, which say what else is needed.

A path into the driver's install folder (``Vocabulary.driver_home``) that a script or guide
sets up (``export LD_LIBRARY_PATH=/usr/local/Ascend/driver/lib64:...``) is such evidence
too: the driver's libraries are what that environment loads (``driver_named``), as is a
container started with the driver's folder or status tool mounted from the host
(``mounted_drivers``)."""

from __future__ import annotations

import re

import msgspec

from bringup import backends, lazyre
from bringup.backends.base import Backend
from bringup.model import Requirement, Source
from bringup.scan.commands import LogicalLine, commands_of
from bringup.scan.extraction import SourceFile
from bringup.scan.probewords import PROBED, TOOL
from bringup.scan.shwords import shell_words

CHECKS = ": checks the driver"
"""How a status check's requirement ends its words (``borrowed`` knows one by them)."""
MOUNTS = ": the container runs on the host's driver"
"""How a driver mount's requirement ends its words."""
_AFTER = frozenset({"|", "||", "&&", ";", ">", ">>", ">&", "&>", "&", ")"})
"""Words that may follow the status command: its output piped or redirected, another command."""
_SPAN = lazyre.compile(r"`([^`\n]{1,80})`")
"""An inline code span, which may hold a command ("使用`npu-smi info`检查是否有NPU相关信息")."""


def _commands(registered: tuple[Backend, ...]) -> tuple[tuple[tuple[str, ...], str], ...]:
    return tuple(
        (tuple(b.vocabulary.status_command.split()), b.driver_subject)
        for b in registered
        if b.vocabulary.status_command and b.driver_subject
    )


status_commands = backends.per_registry(_commands)


def _toolkits(registered: tuple[Backend, ...]) -> dict[str, str]:
    return {
        b.driver_subject: b.vocabulary.toolkit_subject
        for b in registered
        if b.driver_subject and b.vocabulary.toolkit_subject
    }


driver_toolkits = backends.per_registry(_toolkits)
"""Each backend's driver subject -> its toolkit's (``nvidia_driver`` -> ``cuda``)."""


def optional_hosts(own: list[Requirement]) -> list[Requirement]:
    """``own`` less the host evidence (a status check, a driver mount) of a backend whose
    toolkit the repo never names while it names another's: a GPU library's script that starts
    an Ascend container (PKU-Alignment/align-anything scripts/docker/setup_docker.sh:39-41
    mounts ``npu-smi`` and the driver, its README names CUDA only) shows an optional backend's
    host, not the repo's."""
    toolkits = driver_toolkits()
    named = {r.subject for r in own} & set(toolkits.values())
    if not named:
        return own
    return [
        r
        for r in own
        if toolkits.get(r.subject, "") in named or not (r.text or "").endswith((CHECKS, MOUNTS))
    ]


def _homes(registered: tuple[Backend, ...]) -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple(
        (re.compile(re.escape(b.vocabulary.driver_home) + r"(?![\w.-])"), b.driver_subject)
        for b in registered
        if b.vocabulary.driver_home and b.driver_subject
    )


driver_homes = backends.per_registry(_homes)
"""Each backend's driver folder (a whole path component: ``/usr/local/Ascend/driver``, not
``/usr/local/Ascend/driver_old``) -> its driver subject."""


def driver_named(value: str) -> str | None:
    """The driver whose install folder a value names (a path under it, or a list of paths
    holding one: ``/usr/local/Ascend/driver/lib64:/usr/local/Ascend/driver/lib64/common``)."""
    for home, subject in driver_homes():
        if home.search(value):
            return subject
    return None


def _checked(argv: tuple[str, ...]) -> str | None:
    """The driver subject whose status command ``argv`` runs bare, if any."""
    words = argv[1:] if argv[:1] == ("sudo",) else argv
    for command, subject in status_commands():
        rest = words[len(command) :]
        # stderr redirected (``npu-smi info 2>&1``) is split at the ``2``
        rest = rest[1:] if rest[:1] == ("2",) else rest
        if words[: len(command)] == command and (not rest or rest[0] in _AFTER):
            return subject
    return None


def status_check(argv: tuple[str, ...], source: Source, *, hard: bool) -> list[Requirement]:
    """The driver a command running a backend's bare status command checks."""
    subject = _checked(argv)
    if subject is None:
        return []
    words = " ".join(argv)
    return [
        Requirement(
            subject=subject,
            spec="",
            component="",
            source=source,
            confidence="medium",
            hard=hard,
            text=f"{words}{CHECKS}",
        )
    ]


def quoted_checks(text: str, source: Source, *, hard: bool) -> list[Requirement]:
    """The drivers a sentence's inline code checks ("Run `nvidia-smi` to check your driver",
    NVIDIA/torch-harmonics README.md:101), one requirement per driver."""
    if not any(command[0] in text for command, _ in status_commands()):
        return []
    found: dict[str, Requirement] = {}
    for span in _SPAN.finditer(text):
        code = span.group(1).lstrip("$# ")
        words = shell_words(code)
        argv = tuple(code.split() if words is None else words)  # None: a quote left open
        for requirement in status_check(argv, source, hard=hard):
            found.setdefault(requirement.subject, requirement)
    return list(found.values())


_CONTAINER_TOOLS = frozenset({"docker", "podman", "nerdctl", "isula"})
_MOUNTS = frozenset({"-v", "--volume", "--mount"})


def _host_side(flag: str, value: str) -> str:
    """The host path a mount option names: ``-v HOST:CONTAINER[:ro]``, ``--mount
    type=bind,source=HOST,target=...``."""
    if flag == "--mount":
        fields = dict(part.partition("=")[::2] for part in value.split(","))
        return fields.get("source") or fields.get("src") or ""
    return value.split(":", 1)[0]


def _mounted(path: str) -> str | None:
    """The driver whose files a host path is: under its install folder, or its status tool
    (``/usr/local/bin/npu-smi``), which ships with it."""
    named = driver_named(path)
    if named is not None:
        return named
    program = path.rstrip("/").rsplit("/", 1)[-1]
    return next((subject for command, subject in status_commands() if command[0] == program), None)


def mounted_drivers(
    argv: tuple[str, ...], lines: tuple[int, ...], source: Source, *, hard: bool
) -> list[Requirement]:
    """The drivers a ``docker run`` hands to its container from the host: a mount of the
    driver's folder or of its status tool (``-v /usr/local/Ascend/driver/lib64/:/usr/local/
    Ascend/driver/lib64/``, ``-v /usr/local/bin/npu-smi:/usr/local/bin/npu-smi``,
    Ascend/AgentSDK dockers/build_docker_image.sh:21-22) runs the container on the host's
    driver, so the host needs it: one requirement per driver, cited at each mount's line."""
    if argv[:1] == ("sudo",):
        argv, lines = argv[1:], lines[1:]
    if len(argv) < 3 or argv[0] not in _CONTAINER_TOOLS or argv[1] not in ("run", "create"):
        return []
    found: dict[str, Requirement] = {}
    for index, word in enumerate(argv[2:-1], start=2):
        flag, _, joined = word.partition("=")
        if flag not in _MOUNTS:
            continue
        value = joined or argv[index + 1]
        subject = _mounted(_host_side(flag, value))
        if subject is None:
            continue
        at = msgspec.structs.replace(
            source, line=lines[index] if index < len(lines) else source.line
        )
        first = found.get(subject)
        if first is not None:  # the driver's other mounts, cited beside the first
            found[subject] = msgspec.structs.replace(first, also_at=(*first.also_at, at))
            continue
        found[subject] = Requirement(
            subject=subject,
            spec="",
            component="",
            source=at,
            confidence="medium",
            hard=hard,
            text=f"{flag} {value}{MOUNTS}",
        )
    return list(found.values())


_STARTS_CONTAINER = lazyre.compile(
    r"\b(?:docker|podman|nerdctl|isula)\s+(?:run|create)\b", prefilter=True
)


def container_drivers(file: SourceFile, joined: list[LogicalLine]) -> list[Requirement]:
    """The drivers the script's containers are given from the host (``mounted_drivers``),
    in any script: one that starts the repo's container states what its host needs."""
    lines = [j for j in joined if _STARTS_CONTAINER.search(j.text)]
    return [
        r
        for command in commands_of(lines)
        for r in mounted_drivers(command.argv, command.lines, file.source(command.line), hard=True)
    ]


def status_runs(file: SourceFile, joined: list[LogicalLine]) -> list[Requirement]:
    """The drivers a script checks with its backend's bare status command (``npu-smi info``
    printing the devices, xiaoyaoer/alphafold3-pytorch-npu npu-info.sh:14): the tool ships
    with the driver, so a script that runs it needs the driver. Soft, once per driver. Not
    one the script runs only where it finds the tool (``_guarded``)."""
    programs = {command[0] for command, _ in status_commands()}
    lines = [j for j in joined if any(p in j.text for p in programs)]
    guarded = _guarded(joined, programs) if lines else {}
    found: dict[str, Requirement] = {}
    for command in commands_of(lines):
        words = command.argv[1:] if command.argv[:1] == ("sudo",) else command.argv
        if words and command.line in guarded.get(words[0], ()):
            continue
        for requirement in status_check(command.argv, file.source(command.line), hard=False):
            found.setdefault(requirement.subject, requirement)
    return list(found.values())


_PRESENCE = lazyre.compile(rf"(?:\b(if|elif)\b[^;]{{0,300}}?)?{PROBED}[\"']?(?P<program>{TOOL})")
"""A test that a program is installed (``command -v nvidia-smi``, ``which npu-smi``), after the
``if`` or ``elif`` it conditions, if any, within a condition's length: unbounded, the lazy run
was tried to the line's end from every ``if`` (a 100 KB line of them, 47 s)."""
_IF_FI = lazyre.compile(r"(?:^|[;&|(]|\b(?:then|do|else)\b)[ \t]*(if|fi)(?=[\s;&|)]|$)")


def _guarded(joined: list[LogicalLine], programs: set[str]) -> dict[str, set[int]]:
    """The lines, by program, that run only where the script found that program: the body
    of ``if command -v nvidia-smi >/dev/null 2>&1; then`` ... ``fi`` (a collect_env.sh that
    prints the devices where there are some, review39), the rest of a line after ``command
    -v npu-smi &&``. Not a negated test (``if ! command -v npu-smi; then exit 1; fi``, ``[ -z
    "$(command -v npu-smi)" ]``)."""
    guarded: dict[str, set[int]] = {}
    for index, line in enumerate(joined):
        for test in _PRESENCE.finditer(line.text):
            program = test.group("program")
            before = re.split(r";|&&|\|\|", line.text[: test.start("program")])[-1]
            if program not in programs or "!" in before or "-z " in before:
                continue
            lines = guarded.setdefault(program, set())
            if test.group(1) is None:
                if "&&" in line.text[test.end() :]:
                    lines.add(line.line)
                continue
            end = _fi_of(joined, index, test.end(1))
            for later in joined[index : end + 1]:
                lines.update(number for _, number in later.starts)
                lines.add(later.line)
    return guarded


def _fi_of(joined: list[LogicalLine], index: int, start: int) -> int:
    """The index of the line holding the ``fi`` that closes the ``if`` (or ``elif``) that
    ends at ``start`` of line ``index``; the last line where none does."""
    depth = 1
    for at in range(index, len(joined)):
        for keyword in _IF_FI.finditer(joined[at].text, start if at == index else 0):
            depth += 1 if keyword.group(1) == "if" else -1
            if depth == 0:
                return at
    return len(joined) - 1
