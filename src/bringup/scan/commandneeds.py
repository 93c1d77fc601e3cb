"""What a shell command shows is needed, read from its words (``commands`` parses them): the
distributions ``pip install`` names, a wheel's file name, a vendor installer's product and
version, a toolkit build a wheel index chooses, the driver a status command checks or a
container is given from the host."""

from __future__ import annotations

import msgspec

from bringup import lazyre
from bringup.model import Requirement, Source
from bringup.scan.commands import Command, pip_install_targets
from bringup.scan.phrases import read_phrase
from bringup.scan.programs import known_programs
from bringup.scan.pydeps import python_requirement, tool_scope
from bringup.scan.statuscheck import mounted_drivers, status_check
from bringup.scan.wheelnames import read_wheel_name
from bringup.subjects import python_subject

_PROSE_WORDS = frozenset(
    {"a", "an", "the", "and", "or", "of", "to", "for", "with", "in", "on", "at", "by", "from",
     "is", "are", "be", "if", "it", "its", "this", "that", "these", "which", "you", "your", "we",
     "our", "want", "need", "needs", "version", "install", "installs", "use", "using", "will",
     "can", "should", "must", "not", "then", "than", "as", "all", "any", "here", "there"}
)  # fmt: skip
"""English words that no guide installs as a distribution: a ``pip install`` line holding one
bare is a sentence ("pip install InternEvo==xxx xxx is the version you want to install",
InternLM/InternEvo@c628a8c:doc/en/install.md:30 without its brackets), so none of its bare
words is a name to get from the index; only a word with a version (``name==1.0``) is still
read."""


_VERSIONED = lazyre.compile(r"[=<>~!@]")


def _bare(spec: str) -> str:
    return spec.lower().rstrip(",.;:")


def requirements_of(command: Command, source: Source, *, hard: bool) -> list[Requirement]:
    """What a command shows is needed: the distributions ``pip install`` names, pinned or
    not, what a vendor installer installs, the driver a status command checks
    (``statuscheck``). Other commands (``source set_env.sh``) are read by the file kinds
    that care."""
    targets = pip_install_targets(command.argv)
    if targets is None:
        exported = (
            _index_builds(command.argv[1:], source) if command.argv[:1] == ("export",) else []
        )
        return (
            installer_requirements(command.argv, source, hard=hard)
            + status_check(command.argv, source, hard=hard)
            + mounted_drivers(command.argv, command.lines, source, hard=hard)
            + exported
        )
    found: list[Requirement] = []
    prose = any(_bare(spec) in _PROSE_WORDS for spec in targets[0])
    for spec in targets[0]:
        if _PLACEHOLDER_NAME.search(spec.split("[", 1)[0]):
            continue
        if prose and not _VERSIONED.search(spec):
            continue  # "pip install a version you want": English, not a distribution to get
        requirement, _ = python_requirement(
            spec, source, hard=hard, confidence="medium", why="pip install"
        )
        # ``pip install --upgrade pip`` (MindIE-Motor docs/zh/developer_guide/build_guide.md:23,
        # asnumpy README.md:94): pip is there, running; only a version of it is a need
        if requirement is not None and not (
            requirement.subject == "pypi:pip" and not requirement.spec
        ):
            # a test runner or a developer's tool a guide installs (``pip3 install pytest-cov``
            # under "# 安装测试依赖", hicann/amct docs/zh/build.md:41; ``pip install --upgrade
            # sphinx`` for the documentation, CV-CUDA README.md:66) is its scope's
            scope = requirement.feature or tool_scope(requirement.subject)
            found.append(msgspec.structs.replace(requirement, feature=scope))
    for arg in command.argv:
        if arg.endswith(".whl") and not known_programs().installed_tree.match(arg):
            found.extend(wheel_requirements(arg, source, hard=hard))
    return found + _index_builds(command.argv, source)


def _index_builds(args: tuple[str, ...], source: Source) -> list[Requirement]:
    """The toolkit builds the package indexes ``args`` choose name: soft, one choice among
    several (``wheelchoices``)."""
    found: list[Requirement] = []
    for arg in args:
        for pattern, subject in known_programs().wheel_indexes:
            build = pattern.search(arg)
            if build is not None:
                spec = f"=={build.group(1)}.{build.group(2)}.*"
                words = f"{WHEEL_INDEX}{build.group(0)}"
                found.append(_command_fact(subject, spec, source, False, words))
    return found


_PLACEHOLDER_NAME = lazyre.compile(r"X{2,}Y?(?![a-z])|x{3,}")
"""A name with a placeholder for the reader to fill in (``pip install --pre nvfuser-cuXXY``,
NVIDIA/Fuser README.md:23, "XXY" the CUDA release): a template, no distribution."""


WHEEL_INDEX = "pip install from "
"""How a toolkit build a wheel index chooses is worded (``wheelchoices`` finds them by it)."""
_PLACEHOLDER = lazyre.compile(r"(?:(?<!\s)\s+)?([<>])\s*")
_RUNNER = lazyre.compile(r"^(?:sudo\s+(?:-\S+\s+)*)?(?:(?:ba)?sh\s+)?")


def installer_requirements(
    argv: tuple[str, ...], source: Source, *, hard: bool
) -> list[Requirement]:
    """What a vendor installer a command runs installs (``./<product>-<component>_<version>_
    linux-<arch>.run --full``, a backend's ``Vocabulary.installers``): its
    subject, at the version its name holds (none for a placeholder). Making it executable or
    downloading it is not running it."""
    # a shell splits ``<version>`` placeholders off as redirections: read the words rejoined
    # (a command with no ``<`` nor ``>`` has none: the pattern, tried at every character, is
    # most of this reading's time)
    joined = " ".join(argv)
    rejoined = _PLACEHOLDER.sub(r"\1", joined) if "<" in joined or ">" in joined else joined
    written = _RUNNER.sub("", rejoined)
    found: list[Requirement] = []
    for pattern, subject in known_programs().installers:
        named = pattern.search(written)
        if named is None or " " in written[: named.start()]:  # not the program run (chmod, wget)
            continue
        version = named.group("v")
        phrase = read_phrase(version, subject) if version[:1].isdigit() else None
        spec = phrase.spec if phrase is not None else ""
        found.append(_command_fact(subject, spec, source, hard, f"installer {named.group(0)}"))
    return found


_PYTHON_TAG = lazyre.compile(r"^cp(\d)(\d+)$")


def wheel_requirements(path: str, source: Source, *, hard: bool) -> list[Requirement]:
    """What a wheel's file name pins (PEP 427): ``torch_ext-2.7.1post4-cp310-cp310-
    manylinux_2_28_aarch64.whl`` is torch_ext ==2.7.1.post4 on CPython 3.10."""
    name = path.rsplit("/", 1)[-1]
    wheel = read_wheel_name(name)
    if wheel is None:
        return []
    words = f"pip install: {name}"
    found = [_command_fact(python_subject(wheel.distribution), wheel.spec, source, hard, words)]
    pythons = sorted(t for t in wheel.interpreters if _PYTHON_TAG.match(t))
    abi3 = wheel.abi3
    if len(pythons) == 1:
        major, minor = _PYTHON_TAG.match(pythons[0]).groups()  # type: ignore[union-attr]
        spec = f">={major}.{minor}" if abi3 else f"=={major}.{minor}.*"
        found.append(_command_fact("python", spec, source, hard, words))
    # No arch: one wheel of one architecture is the guide's example (its other wheels are
    # named the same but for the arch); it says the release exists for that arch, not that
    # only it will do (MindSpeed docs/zh/user-guide/install_guide.md:142). Its OS is every
    # sibling's (manylinux): the doc reader takes that from the name.
    return found


def _command_fact(subject: str, spec: str, source: Source, hard: bool, words: str) -> Requirement:
    return Requirement(
        subject=subject,
        spec=spec,
        component="",
        source=source,
        confidence="medium",
        hard=hard,
        text=words,
    )
