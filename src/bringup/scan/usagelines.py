"""A guide's usage line read as the command its reader types.

Build guides write a command as its usage: optional parts in brackets and placeholders the
text beside the block explains, ``bash build.sh --pkg --soc=${soc_version}
[--vendor_name=${vendor_name}] [--ops=${op_list}]`` over "${soc_version}表示NPU型号。Atlas A2
系列产品使用"ascend910b"(默认)" (the NPU model; A2 uses "ascend910b", the default; its brackets
are full-width)
under it (repo-mirror-test/ops-transformer@bfbbec83 docs/zh/invocation/quick_op_invocation.md:
22, 28). Typed as written, the brackets are arguments the script rejects and the unset
variable an empty ``--soc=``; the reader leaves the brackets out and takes the default, so the
step does (outsider18 D15: the plan built with one operator's README instead). A placeholder
whose default the guide does not state stays: the command is not run as written.
"""

from __future__ import annotations

import re

import msgspec

from bringup import lazyre
from bringup.model import Step
from bringup.scan.commands import Command, parse_commands

_OPTIONAL = lazyre.compile(r"(?<![ \t])[ \t]+\[--?[A-Za-z][^\[\]\n]{0,120}\]")
"""An optional option in a usage line (`` [--jit]``, `` [--ops=${op_list}]``); a list literal
(``[-1, 2]``) starts with no letter. The blanks are taken from the first of a run only: tried
from each, a long run that no bracket ends cost its length squared (review38)."""
_PLACEHOLDER = lazyre.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]{0,60})\}")
_VALUE = r"([A-Za-z0-9][\w.+-]{0,60})"
_DEFAULT = lazyre.compile(
    rf"[\"“'`]{_VALUE}[\"”'`]\s{{0,3}}[\uff08(]\s{{0,3}}(?:默认|default)\s{{0,3}}[\uff09)]"
    rf"|默认值?(?:为|是|[:\uff1a])\s{{0,3}}[\"“'`]?{_VALUE}"
    rf"|\bdefaults?(?:\s+(?:to|is|value\s+is))?\s{{0,3}}:?\s{{0,3}}[\"“'`]{_VALUE}[\"”'`]",
    re.IGNORECASE,
)
"""A value the text marks as the default: ``"ascend910b"(默认)`` (full-width brackets or
not), ``默认值为"custom"``, ``defaults to "x"``."""
_CLAUSE_END = lazyre.compile(r"\$\{|(?<![\w-])--?[A-Za-z]")
"""Where what the text says of a placeholder ends: at the next placeholder or option.
"${soc_version}: the NPU model, one of ascend910b, ascend310p. --vendor_name defaults to
"custom"" states no default of ``soc_version``, nor does "${soc_version}表示NPU型号,
${op_list}默认为"all"" (op_list's default is "all"; review38). A sentence's end is none:
"${soc_version}表示NPU型号。Atlas A2系列产品使用"ascend910b"(默认)" (the NPU model. A2 uses
"ascend910b", the default) goes on about it."""
_NEAR = 12
"""How many lines before and after a block may explain its placeholders."""
_ESCAPES = lazyre.compile(r"\\(?=[$_{}\[\]*])")
_ASSIGNMENT = lazyre.compile(
    r"(?:^|[;&(])[ \t]*(?:(?:export|declare|typeset|local|readonly)(?:[ \t]+-\w+)*[ \t]+)?"
    r"([A-Za-z_][A-Za-z0-9_]{0,60})="
    r"(?:\"([^\"$`\\\n]*)\"|'([^'\n]*)'|([^\s;&|()<>$`\"'\\]*))"
)
"""A shell assignment at a command's start (``export NAME=``, ``NAME=``, after ``;`` or
``&&``), with its value where the words give it (none for ``NAME=$(pwd)``)."""
_SAFE = lazyre.compile(r"[A-Za-z0-9_./][\w./:+-]{0,120}")
"""A value the reader may put into a usage line: one word of letters, digits and ``_ . / : + -``,
nothing the shell reads as syntax. ``export SOC="ascend910b; pip install evilpkg"`` set above
``bash build.sh --soc=${SOC}`` is no value to paste: the text, parsed again, would be two
commands, one installing what the guide's data names (review39)."""


def _explaining(lines: list[str], start: int, end: int) -> list[tuple[int, str]]:
    """The lines around the block ``lines[start:end]`` (0-based), up to a heading or another
    block, as ``(line number, text)``, Markdown's escapes taken out (``\\$\\{soc\\_version\\}``
    is ``${soc_version}``)."""
    near: list[tuple[int, str]] = []
    for span in (
        range(end + 1, min(len(lines), end + 1 + _NEAR)),
        range(start - 2, max(-1, start - 2 - _NEAR), -1),
    ):
        for index in span:
            text = lines[index].strip()
            if text.startswith(("#", "```", "~~~")):
                break
            near.append((index + 1, _ESCAPES.sub("", text)))
    return near


def _default(name: str, near: list[tuple[int, str]]) -> tuple[str, int] | None:
    """The default the text around states for the placeholder ``name``, with its line."""
    spelled = "${" + name + "}"
    for number, text in near:
        at = text.find(spelled)
        while at >= 0:
            at += len(spelled)
            end = _CLAUSE_END.search(text, at)
            found = _DEFAULT.search(text, at, end.start() if end else len(text))
            if found is not None:
                return next(group for group in found.groups() if group), number
            at = text.find(spelled, at)
    return None


def _assign(assigned: dict[str, tuple[str, int]], line: str, number: int) -> None:
    """Adds to ``assigned`` the variables ``line`` (the block's line ``number``) sets
    (``export SOC_VERSION=Ascend310P3``), each with its value ("" where the words do not give
    one, or one that is no safe word, ``_SAFE``): the shell gives a usage line below's
    ``${SOC_VERSION}`` that value, not a default the text beside states (review38)."""
    if "=" in line and not line.lstrip().startswith("#"):
        for m in _ASSIGNMENT.finditer(line):
            value = next((v for v in m.groups()[1:] if v is not None), None)
            closed = m.end() == len(line) or line[m.end()] in " \t;&|)"
            safe = value is not None and closed and _SAFE.fullmatch(value) is not None
            assigned[m.group(1)] = (value or "" if safe else "", number)


def usage_commands(
    lines: list[str], start: int, end: int, ref: str
) -> tuple[list[Command], dict[int, str]]:
    """The commands of the block ``lines[start:end]`` (0-based) with each usage line read as
    typed (the module's docstring), and what was changed, by line, to say beside the step.
    ``ref``: the file, as the note cites it."""
    block = lines[start:end]
    said: dict[int, str] = {}
    near: list[tuple[int, str]] | None = None
    assigned: dict[str, tuple[str, int]] = {}
    for offset, line in enumerate(block):
        if offset:
            _assign(assigned, lines[start + offset - 1], start + offset)
        if line.lstrip().startswith("#") or not (_OPTIONAL.search(line) or "${" in line):
            continue
        typed, dropped = (
            _OPTIONAL.sub("", line),
            [m.group(0).strip() for m in _OPTIONAL.finditer(line)],
        )
        near = _explaining(lines, start, end) if near is None else near
        taken: list[str] = []
        stated = False
        for name in dict.fromkeys(_PLACEHOLDER.findall(typed)):
            value, number = assigned.get(name, ("", 0))
            if number and not value:
                break  # set by the block to what its words do not say: stays as written
            if number:
                typed = typed.replace("${" + name + "}", value)
                taken.append(f"{name} = {value}, as the block sets it ({ref}:{number})")
                continue
            default = _default(name, near)
            if default is None:
                break
            typed, stated = typed.replace("${" + name + "}", default[0]), True
            taken.append(f"{name} = {default[0]}, its default ({ref}:{default[1]})")
        if "${" in typed:
            continue  # a placeholder without a stated default: the line stays as written
        if not (dropped or stated):
            continue  # no usage line: the shell gives the variable its value as the block runs
        block[offset] = typed
        parts = ([f"left out the optional {' '.join(dropped)}"] if dropped else []) + (
            [f"took {'; '.join(taken)}"] if taken else []
        )
        said[start + offset + 1] = "bringup read the guide's usage line as typed: " + "; ".join(
            parts
        )
    return parse_commands("\n".join(block), first_line=start + 1, pasted=True), said


def noted(steps: list[Step], said: dict[int, str]) -> list[Step]:
    """``steps`` with what ``usage_commands`` changed in each one's line said beside it."""
    if not said:
        return steps
    return [
        msgspec.structs.replace(s, notes=(*s.notes, said[s.source.line]))
        if s.source.line in said
        else s
        for s in steps
    ]
