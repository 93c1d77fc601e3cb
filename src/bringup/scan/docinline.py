"""What one line of a document names by itself: the install commands quoted in a sentence,
the scripts a sentence says to run, the framework a requirements list item names bare."""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.model import Requirement, Step
from bringup.scan.choicelists import chosen_commands
from bringup.scan.commandneeds import requirements_of
from bringup.scan.commands import parse_commands
from bringup.scan.depsentence import stated_dependencies
from bringup.scan.extraction import SourceFile
from bringup.scan.forbidden import forbidden
from bringup.scan.paragraphs import sentence_start
from bringup.scan.prose_vocabulary import Vendor, subject_named
from bringup.scan.pydeps import python_requirement, written_spec
from bringup.scan.stepfiles import script_of
from bringup.scan.steps import steps_from_commands
from bringup.subjects import frameworks, python_subject

_INLINE_INSTALL = lazyre.compile(r"`(?:\$\s{1,4})?((?:python3?\s+-m\s+)?pip3?\s+install\s[^`]+)`")
"""An install command quoted in a sentence ("pybind11 (install via `pip install pybind11`)"),
maybe after a shell prompt ("`$ pip3 install meson ninja pybind11 tomlkit`", nixl README.md:62):
what it installs is needed as much as a code block's, but it is no step of its own."""


def inline_installs(file: SourceFile, text: str, line: int) -> list[Requirement]:
    """What the ``pip install`` commands quoted in ``text`` (line ``line`` of ``file``)
    install, but for those the clause forbids, and the pins it quotes as the dependencies
    (``stated_dependencies``)."""
    found = stated_dependencies(file, text, line)
    for quoted in _INLINE_INSTALL.finditer(text):
        if forbidden(text, quoted.start()):
            continue
        for command in parse_commands(quoted.group(1), first_line=line):
            found.extend(requirements_of(command, file.source(line), hard=True))
    return found


_QUOTED = lazyre.compile(r"`(?:\$\s{1,4})?([^`]{3,300})`")
_RUN_VERB = lazyre.compile(
    r"\b(?:run|runs|running|execute[ds]?|executing|launch(?:e[ds])?|invoke[ds]?)\b|运行|执行|启动",
    re.IGNORECASE,
)
"""A sentence saying to run what it quotes: "Correctness tests can be executed via `python
test.py` and benchmarks via `python bench.py`" (IST-DASLab/marlin@2f6d7c10 README.md:91,
two steps no code block holds, outsider9 #11)."""
_SENTENCE_END = lazyre.compile(r"[.!?](?=\s)|[。！？]")
"""Where a sentence ends, in a line whose quotes are blanked (``test.py`` ends none)."""


_BUILD_VERB = lazyre.compile(
    r"\b(?:install(?:s|ed|ing)?|build(?:s|ing)?|compil(?:e[sd]?|ing))\b|安装|编译|构建",
    re.IGNORECASE,
)
"""A sentence saying to install or build with what it quotes: "For a cpu-only version, you can
install from source with" (ClementPinard/Pytorch-Correlation-extension@f00f0cd README.md:35,
its command alone at :37). It makes a step of an install of the repo itself only, and only of a
command alone in its paragraph: "Install with: `pip install -e . && pip install -r
requirements/metrics.txt`" in one sentence (hiyouga/LLaMA-Factory@ff6d4d12 README.md:532) names
optional dependencies, no step."""
_ALONE = lazyre.compile(r"^`[^`]{3,300}`$")
"""A paragraph that is one quoted command and nothing else: the end of the sentence before it."""


def introduced(text: str, intro: str) -> str:
    """``text`` read after ``intro``, the paragraph before it, when ``text`` is only a quoted
    command (``_ALONE``): the sentence that says what to do with it ends there (outsider22
    D6); else ``text`` alone. ``intro``'s last 1,000 characters are enough for its sentence."""
    return f"{intro[-1000:]} {text}" if intro and _ALONE.match(text) else text


def inline_steps(
    file: SourceFile, text: str, line: int, *, heading: str, vendor: Vendor, intro: str = ""
) -> list[Step]:
    """The scripts of the repo that ``text`` (line ``line`` of ``file``, under ``heading``)
    quotes in a sentence that says to run them: a run or test step each, as a code block's
    command would be; and an install of the repo itself, alone in its paragraph, that the
    sentence before it says to install or build with. Another install quoted is read as a
    need (``inline_installs``), and a command whose clause forbids it is none. A line that
    is only a quoted command ends the sentence of ``intro``, the paragraph before it
    (``introduced``)."""
    found: list[Step] = []
    said = introduced(text, intro)
    plain = _QUOTED.sub(lambda quote: "x" * len(quote.group(0)), said)
    for quoted in _QUOTED.finditer(said, len(said) - len(text)):
        start = sentence_start(plain, quoted.start(), _SENTENCE_END)
        runs = _RUN_VERB.search(plain, start, quoted.start())
        builds = runs or (said is not text and _BUILD_VERB.search(plain, start, quoted.start()))
        if not builds or forbidden(said, quoted.start()):
            continue
        choices = chosen_commands(quoted.group(1))
        for chosen in choices:
            commands = parse_commands(chosen, first_line=line)
            # the sentence's words name every choice ("C++ vs. CUDA"): each is its own
            context = f"{heading}\n{said}" if len(choices) == 1 else heading
            steps = steps_from_commands(file, commands, context=context, vendor=vendor)
            found.extend(
                s for s in steps if _runs_or_installs_the_repo(s) and (runs or s.kind == "install")
            )
    return found


_HERE = frozenset({".", "./"})


def _runs_or_installs_the_repo(step: Step) -> bool:
    """A run or test of a script of the repo, or an install of the repo itself ("Build and
    Install C++ and CUDA extensions by executing `python setup.py install`", README.md:12 of
    ClementPinard/Pytorch-Correlation-extension@f00f0cd; ``pip install -e .``): the build
    step a sentence gives (outsider22 D6). Another package's install is a need, no step."""
    if step.kind in ("run", "test"):
        return script_of(step) is not None
    return step.kind == "install" and (
        script_of(step) is not None or any(arg in _HERE for arg in step.argv[2:])
    )


_BARE_ITEM = lazyre.compile(r"^([A-Za-z][\w.+-]*(?:\s[A-Za-z][\w.+-]*)?)\s*(?:\(([^()\d]*)\)\s*)?$")
"""A list item that is only a name and maybe a note without digits: "vLLM (the same version
as vllm-ascend)". Trailing spaces are read once: two runs of them around an absent note
split a run of spaces every way, and a 20 KB item of spaces took seconds (quadratic)."""
_SPECIFIED_ITEM = lazyre.compile(
    r"^([A-Za-z][\w.-]{0,60})\s{0,4}((?:(?:===|==|>=|<=|~=|!=|<|>)\s{0,4}v?\d[\w.*+!-]{0,40}"
    r"\s{0,4},?\s{0,4}){1,3})(?:[(\uff08][^()\uff08\uff09]{0,200}[)\uff09]\s{0,4})?$"
)
"""A list item that is a requirement string, maybe with a note: "- mindspore >= 1.8.1"
(mindspore-lab/mindpose@85b42778 README.md:37, its "Dependency" list). Every gap is
bounded, so a long item is read once."""


def bare_item(file: SourceFile, line: int, text: str) -> list[Requirement]:
    """A prerequisites list item that names a framework, with no version ("vLLM (the same
    version as vllm-ascend)", vllm-ascend README.md:68: an unversioned need, for the scan to
    flag) or with a specifier ("mindspore >= 1.8.1"). The framework's distribution name is
    read as pip reads it, in any case: the prose reader's words for it ("MindSpore") are
    written as a product's name."""
    name = _BARE_ITEM.match(text)
    subject = subject_named(name.group(1)) if name is not None else None
    if subject is None and name is not None:
        subject = python_subject(name.group(1))
    if subject is not None and subject in frameworks():
        return [file.requirement(subject, "", line, text=text, confidence="low")]
    specified = _SPECIFIED_ITEM.match(text.strip())
    if specified is None or python_subject(specified.group(1)) not in frameworks():
        return []
    spec = written_spec(specified.group(2)).rstrip(",")
    found, _ = python_requirement(
        specified.group(1) + spec, file.source(line), confidence="medium", why="listed"
    )
    return [found] if found is not None else []
