"""The part of git's ignore rules a scan needs (gitignore(5)): ``#`` comments, ``!`` negation,
a trailing ``/`` for directories only, patterns with an inner ``/`` anchored to their file's
directory, ``*``, ``?``, ``[...]``, and ``**`` as a leading, trailing or middle component.
Deeper files take precedence; within a file the last matching pattern decides. Written here
rather than taken as a dependency: it is seventy lines and the walk calls it for every path."""

from __future__ import annotations

import re
from typing import NamedTuple


class IgnoreRule(NamedTuple):
    regex: re.Pattern[str]
    negated: bool
    directory_only: bool


def _bracket(pattern: str, start: int) -> tuple[str, int] | None:
    """The regex class for ``[...]`` starting at ``start``, and the index after it."""
    end = start + 1
    if end < len(pattern) and pattern[end] in "!^":
        end += 1
    if end < len(pattern) and pattern[end] == "]":
        end += 1
    while end < len(pattern) and pattern[end] != "]":
        end += 1
    if end >= len(pattern):
        return None
    body = pattern[start + 1 : end]
    negate = body[:1] in ("!", "^")
    if negate:
        body = body[1:]
    body = body.replace("\\", "\\\\")
    return ("[^" if negate else "[") + body + "]", end + 1


def translate(glob: str) -> str:
    """A gitignore glob (no leading ``!``, no trailing ``/``) as a regex over a relative path."""
    out: list[str] = []
    i = 0
    while i < len(glob):
        char = glob[i]
        if glob.startswith("**", i) and (i == 0 or glob[i - 1] == "/"):
            after = glob[i + 2 : i + 3]
            if after == "/":
                out.append("(?:.*/)?")
                i += 3
                continue
            if after == "":
                out.append(".*")
                i += 2
                continue
        if char == "*":
            while i < len(glob) and glob[i] == "*":
                i += 1
            out.append("[^/]*")
            continue
        if char == "?":
            out.append("[^/]")
        elif char == "[":
            bracket = _bracket(glob, i)
            if bracket is not None:
                out.append(bracket[0])
                i = bracket[1]
                continue
            out.append(re.escape(char))
        elif char == "\\" and i + 1 < len(glob):
            i += 1
            out.append(re.escape(glob[i]))
        else:
            out.append(re.escape(char))
        i += 1
    return "".join(out)


def parse_gitignore(text: str) -> tuple[IgnoreRule, ...]:
    """The rules of one ``.gitignore`` file, in file order."""
    rules: list[IgnoreRule] = []
    for raw in text.splitlines():
        line = raw.rstrip("\r")
        while line.endswith(" ") and not line.endswith("\\ "):
            line = line[:-1]
        if not line or line.startswith("#"):
            continue
        negated = line.startswith("!")
        if negated or line.startswith(("\\!", "\\#")):
            line = line[1:]
        directory_only = line.endswith("/")
        line = line.rstrip("/")
        if not line:
            continue
        anchored = "/" in line
        line = line.lstrip("/")
        body = translate(line)
        try:
            regex = re.compile(("^" if anchored else "^(?:.*/)?") + body + "$", re.DOTALL)
        except re.error:  # a class git cannot read either ("[z-a]"): the line matches nothing
            continue
        rules.append(IgnoreRule(regex, negated, directory_only))
    return tuple(rules)


class IgnoreStack:
    """The ``.gitignore`` files from the repo root down to the directory being walked."""

    __slots__ = ("_levels",)

    def __init__(self, levels: tuple[tuple[str, tuple[IgnoreRule, ...]], ...] = ()) -> None:
        self._levels = levels

    def push(self, base: str, rules: tuple[IgnoreRule, ...]) -> IgnoreStack:
        """A stack with ``rules`` from the ``.gitignore`` in ``base`` (repo-relative, "" for
        the root) on top; this one is unchanged."""
        return IgnoreStack((*self._levels, (base, rules))) if rules else self

    def ignored(self, rel: str, is_dir: bool) -> bool:
        """Whether the repo-relative path ``rel`` is ignored."""
        for base, rules in reversed(self._levels):
            if base:
                if not rel.startswith(base + "/"):
                    continue
                local = rel[len(base) + 1 :]
            else:
                local = rel
            for rule in reversed(rules):
                if rule.directory_only and not is_dir:
                    continue
                if rule.regex.match(local):
                    return not rule.negated
        return False
