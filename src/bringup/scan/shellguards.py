"""What a shell build script stops without, besides versions:

- ``env_var``: ``${X:?message}``, or ``[ -z "$X" ]`` (``test -z``, ``[[ -z ${X} ]]``) with an
  ``exit``/``die`` in the same branch, on that line or the next three, where the script does
  not assign ``X`` itself before the test;
- ``system_package``: ``command -v tool`` / ``which tool`` / ``type tool`` negated or followed
  by ``||``, with an ``exit``/``die`` in the same branch, on that line or the next three.
"""

from __future__ import annotations

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.commands import LogicalLine
from bringup.scan.extraction import SourceFile
from bringup.scan.outcomes import shell_branch, shell_stops

_REQUIRED_EXPANSION = lazyre.compile(r"\$\{([A-Za-z_]\w*):?\?")
_EMPTY_TEST = lazyre.compile(r"(?:\[\[?|\btest)\s+-z\s+\"?\$\{?([A-Za-z_]\w*)\}?\"?")
_TOOL_TEST = lazyre.compile(
    r"(?:!\s*(?:command\s+-v|which|type)\s+([\w.+-]+)|"
    r"(?:command\s+-v|which|type)\s+([\w.+-]+)[^|]*\|\|)"
)
_ASSIGNED = lazyre.compile(r"^(?:export\s+|local\s+|declare\s+(?:-\w+\s+)?)?([A-Za-z_]\w*)=")


def shell_vocabulary(file: SourceFile, lines: list[LogicalLine]) -> list[Requirement]:
    """The ``env_var`` and ``system_package`` requirements of one script."""
    found: list[Requirement] = []
    assigned: set[str] = set()
    seen: set[tuple[str, str]] = set()
    texts = [line.text for line in lines]

    def add(subject: str, name: str, line: int, text: str) -> None:
        if (subject, name) not in seen:
            seen.add((subject, name))
            found.append(file.requirement(subject, name, line, text=text.strip()[:200]))

    for index, joined in enumerate(lines):
        text = joined.text.strip()
        if text.startswith("#"):
            continue
        for name in _REQUIRED_EXPANSION.findall(text):
            if name not in assigned:
                add("env_var", name, joined.line, text)
        if shell_stops(shell_branch(texts, index)):
            for name in _EMPTY_TEST.findall(text):
                if name not in assigned:
                    add("env_var", name, joined.line, text)
            for negated, alternative in _TOOL_TEST.findall(text):
                tool = negated or alternative
                if not tool.startswith(("python", "$")):
                    add("system_package", tool, joined.line, text)
        assignment = _ASSIGNED.match(text)
        if assignment is not None:
            assigned.add(assignment.group(1))
    return found
