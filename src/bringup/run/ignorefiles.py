""".gitignore rules for a tree git cannot read: a checkout from a tarball or ``git archive``,
or a ``git init`` with no commit yet.

``up`` fingerprints such a tree by its files' sizes and times; a step's own outputs
(``build/``, ``*.so``, a log) then change its inputs, and the step is never reused (outsider11
#11). The project's ``.gitignore`` files already say which files are outputs, so they are
honoured as git reads them (gitignore(5)): per directory, relative to the file's directory; a
pattern with a slash before its end is anchored there, one without matches at any depth; a
trailing slash matches directories only; ``*``, ``?``, ``[...]`` never cross a slash, ``**``
does; ``!`` re-includes, the last matching line decides, and a deeper file's lines come after
its parents'. An ignored directory is not entered (git cannot re-include a file under one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

IGNORE_FILE = ".gitignore"


@dataclass(frozen=True)
class Rule:
    """One pattern line, as a regex over paths relative to ``base`` (POSIX, '' for the root)."""

    base: str
    pattern: re.Pattern[str]
    negated: bool
    directories_only: bool

    def matches(self, rel: str, is_dir: bool) -> bool:
        if self.directories_only and not is_dir:
            return False
        if self.base:
            if not rel.startswith(self.base + "/"):
                return False
            rel = rel[len(self.base) + 1 :]
        return self.pattern.fullmatch(rel) is not None


def read_rules(path: Path, base: str) -> list[Rule]:
    """The rules of the ignore file at ``path`` (none when it cannot be read), for the
    directory ``base`` (relative to the tree's root) that holds it."""
    try:
        text = path.read_text(encoding="utf-8", errors="surrogateescape")
    except OSError:
        return []
    rules = []
    for raw in text.splitlines():
        rule = _rule(raw, base)
        if rule is not None:
            rules.append(rule)
    return rules


def ignored(rules: list[Rule], rel: str, is_dir: bool) -> bool:
    """Whether the last rule that matches ``rel`` ignores it."""
    for rule in reversed(rules):
        if rule.matches(rel, is_dir):
            return not rule.negated
    return False


def _rule(raw: str, base: str) -> Rule | None:
    line = _TRAILING_SPACES.sub("", raw)
    if not line or line.startswith("#"):
        return None
    negated = line.startswith("!")
    if negated or line.startswith("\\"):
        line = line[1:]
    directories_only = line.endswith("/")
    line = line.rstrip("/")
    if not line:
        return None
    if line.count("*") > _MOST_STARS:
        return None
    anchored = "/" in line
    body = _translate(line.lstrip("/"))
    regex = body if anchored else "(?:.*/)?" + body
    try:
        return Rule(base, re.compile(regex, re.DOTALL), negated, directories_only)
    except re.error:  # a rule git cannot read either ("[^]", "[z-a]") matches nothing
        return None


_MOST_STARS = 6
"""More wildcards than this and a rule is left out: ``*a*a*a*a*a*a*a*a*b`` tried against a
long name backtracks for minutes (review30). Left out, it ignores nothing: its files count in
the tree's fingerprint, and a step is at worst run again, never reused wrongly."""


_TRAILING_SPACES = re.compile(r"(?<!\\) +$")


def _translate(pattern: str) -> str:
    """A gitignore glob as a regex: ``**`` segments cross slashes, the rest do not."""
    out = []
    parts = pattern.split("/")
    for n, part in enumerate(parts):
        last = n == len(parts) - 1
        if part == "**":
            out.append(".*" if last else "(?:.*/)?")
            continue
        out.append(_segment(part) + ("" if last else "/"))
    return "".join(out)


def _segment(part: str) -> str:
    out = []
    i = 0
    while i < len(part):
        c = part[i]
        if c == "*":
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        elif c == "\\" and i + 1 < len(part):
            i += 1
            out.append(re.escape(part[i]))
        elif c == "[":
            end = part.find("]", i + 2)
            if end < 0:
                out.append(re.escape(c))
            else:
                inner = part[i + 1 : end]
                if inner.startswith("!"):
                    inner = "^" + inner[1:]
                out.append("[" + inner.replace("\\", "\\\\") + "]")
                i = end
        else:
            out.append(re.escape(c))
        i += 1
    return "".join(out)
