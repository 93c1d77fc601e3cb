"""What a shell script's checks of a tool's version and its messages state: ``[ "$GCC_MAJOR"
-lt 9 ] && exit 1`` means GCC >= 9, "GCC >= 9 is required" states it in words. Split from
``shell`` (the script reader), which hands each script's joined lines here."""

from __future__ import annotations

import re
from typing import NamedTuple

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.commands import LogicalLine
from bringup.scan.extraction import SourceFile
from bringup.scan.outcomes import shell_branch, shell_outcome
from bringup.scan.prose import read_line


class ToolWords(NamedTuple):
    """The backends' words a check is read with (``shellenv.vocabulary``): each program whose
    version a script reads with its subject, an assignment of its version output, and a
    test of it inline."""

    tools: dict[str, str]
    tool_version: re.Pattern[str]
    inline_test: re.Pattern[str]


_TEST = lazyre.compile(r"\$\{?([A-Za-z_]\w*)\}?\"?\s+-(lt|le|gt|ge)\s+\"?(\d+(?:\.\d+)?)")
_MESSAGE = lazyre.compile(r"^\s*(echo|printf|die|fatal|error|log_error|warn)\b(.*)$")
_DIGIT = lazyre.compile(r"\d")
"""Only a message holding a number can state a version (most echo lines are progress)."""
_USAGE = lazyre.compile(r"(?:\[\w+\]\s*)*(?:usage|用法)\s*[:\uff1a]", re.IGNORECASE)
"""A usage line shows how the script is called, its values examples (DrivingSDK ci/build.sh:24
``echo "Usage: $0 --python=3.7 [--single_op=xxx]"``), not what it needs."""
_GIVES_UP = lazyre.compile(r"\bexit\s+0\b")
"""A branch that ends the script successfully: what is missing only skips the script's own
work ("[OAT] [WARNING] Python 3.7+ is required but not found" then "Skipping OAT check,
continuing commit..." and ``exit 0``, hicann/catlass scripts/oat_check.sh:44-48, a commit
hook's licence check), the repo needs nothing of it."""
_STATES_NEED = lazyre.compile(
    r"\b(?:requires?|required|needs|at\s+least|or\s+(?:newer|later|higher|above))\b"
    r"|要求|必须|以上|最低",
    re.IGNORECASE,
)
"""Words by which a message that stops nothing still states a need ("needs CMake 3.18 or
newer", "requires Python 3.8+", "GCC 9 以上"); not "Need to execute ... to activate
python3.8", an instruction (ops-blas install_deps.sh:171; its Chinese twin says 需要执行)."""
_PART = lazyre.compile(
    r"\.(?:minor|micro)\b|version_info\[[12]\]|-d\s*['\"]?\.['\"]?\s+-f\s*[23]\b"
)
"""One later part of a version, alone no version (ops-nn ``PYTHON_MINOR=$(python3 -c 'import
sys; print(sys.version_info.minor)')``, scripts/torch_extension/build_torch_extension.sh:39)."""
_ON_FAILURE = {"lt": ">=", "le": ">", "gt": "<=", "ge": "<"}
_AS_WRITTEN = {"lt": "<", "le": "<=", "gt": ">", "ge": ">="}


def script_checks(
    file: SourceFile, joined: list[LogicalLine], words: ToolWords
) -> list[Requirement]:
    """The versions a script's tests of a tool (``[ "$GCC_MAJOR" -lt 9 ]``, ``$(gcc ...)``
    compared inline) and its messages ("GCC >= 9 is required") state; ``words``: the tools
    whose version output a script reads, and the patterns that find it."""
    found: list[Requirement] = []
    tracked: dict[str, str] = {}
    lines = file.text.splitlines()
    for number, line, _ in joined:
        stripped = line.strip()
        # a tool's version is read from a command's output (``$(gcc --version ...)``) and
        # compared by ``-lt``/``-le``/``-gt``/``-ge``: a line with neither has none of these
        substituted = "$(" in stripped
        assigned = words.tool_version.match(stripped) if substituted else None
        if assigned is not None and not _PART.search(stripped):
            tracked[assigned.group(1)] = words.tools[assigned.group(2)]
        tests: list[tuple[str, str, str]] = []
        compared = "-l" in stripped or "-g" in stripped
        for variable, operator, value in _TEST.findall(stripped) if compared else ():
            if variable in tracked:
                tests.append((tracked[variable], operator, value))
        for tool, operator, value in (
            words.inline_test.findall(stripped) if compared and substituted else ()
        ):
            tests.append((words.tools[tool], operator, value))
        if tests:
            # A test whose branch fails states the opposite as the requirement; one whose
            # branch skips or warns, the opposite as a soft need; else as written.
            branch = shell_branch(lines, number - 1)
            outcome = shell_outcome("", branch, branch)
            for subject, operator, value in tests:
                opposite = outcome in ("fail", "skip", "warn")
                spec = (_ON_FAILURE if opposite else _AS_WRITTEN)[operator]
                found.append(
                    file.requirement(
                        subject,
                        spec + value,
                        number,
                        text=stripped,
                        confidence="high",
                        hard=outcome == "fail",
                    )
                )
        message = _MESSAGE.match(stripped)
        if message is not None and _DIGIT.search(message.group(2)):
            found.extend(_message(file, message, number, lines, found))
    return found


def _message(
    file: SourceFile,
    message: re.Match[str],
    number: int,
    lines: list[str],
    found: list[Requirement],
) -> list[Requirement]:
    """What a message states: as a line of prose reads it when its branch fails ("GCC >= 9
    is required" then ``exit 1``); a soft note in the message's own words when its branch
    skips or warns (a "Skipping unit tests for <the optional part>: torch version < 2.8"
    that then goes on; ``outcomes``). A message on a path that neither fails, skips nor
    warns narrates what the script does and names the version it adapts to, not one it
    needs: "Need to execute 'source /opt/rh/rh-python38/enable' to activate python3.8" after
    installing the distribution's Python (hicann/ops-blas install_deps.sh:171, ops-sparse
    install_deps.sh:135: the scripts check Python >= 3.7.0), "Preparing legacy build
    environment (CANN < 9.0)..." (fbgemm-ascend src/scripts/op_builder_utils.sh:508),
    "Using Mooncake Connector Proxy (vLLM >= 0.16.0)" (Mooncake scripts/tone_tests/scripts/
    test_vllm_1p1d_erdma.sh:64), "Running CP tests sequentially: need >=8 GPUs for parallel
    execution" (TransformerEngine qa/L1_pytorch_distributed_unittest/test.sh:41) -- unless
    its words state a need (``_STATES_NEED``: "needs CMake 3.18 or newer")."""
    words = message.group(2).strip(" \"'")
    branch = shell_branch(lines, number - 1)
    if _USAGE.match(words) or _GIVES_UP.search(branch):
        return []
    outcome = shell_outcome(message.group(1), words, branch)
    if outcome is None and not _STATES_NEED.search(words):
        return []
    note = outcome in ("skip", "warn")
    stated: list[Requirement] = []
    for mention in read_line(words, required=False):
        if mention.spec and not any(
            r.subject == mention.subject and r.spec == mention.spec for r in (*found, *stated)
        ):
            stated.append(
                file.requirement(
                    mention.subject,
                    mention.spec,
                    number,
                    text=words[:200] if note else mention.text,
                    confidence=mention.confidence,
                    hard=mention.hard and not note,
                )
            )
    return stated
