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
The patterns are read as the scan's walk reads them (``scan.gitignore``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bringup.scan.gitignore import IgnoreRule, parse_gitignore

IGNORE_FILE = ".gitignore"


@dataclass(frozen=True)
class Rule:
    """One pattern line (``scan.gitignore``), for paths relative to ``base`` (POSIX, '' for
    the root)."""

    base: str
    rule: IgnoreRule

    def matches(self, rel: str, is_dir: bool) -> bool:
        if self.rule.directory_only and not is_dir:
            return False
        if self.base:
            if not rel.startswith(self.base + "/"):
                return False
            rel = rel[len(self.base) + 1 :]
        return self.rule.regex.match(rel) is not None


def read_rules(path: Path, base: str) -> list[Rule]:
    """The rules of the ignore file at ``path`` (none when it cannot be read), for the
    directory ``base`` (relative to the tree's root) that holds it."""
    try:
        text = path.read_text(encoding="utf-8", errors="surrogateescape")
    except OSError:
        return []
    lines = [line for line in text.splitlines() if line.count("*") <= _MOST_STARS]
    return [Rule(base, rule) for rule in parse_gitignore("\n".join(lines))]


_MOST_STARS = 6
"""More wildcards than this and a rule is left out: ``*a*a*a*a*a*a*a*a*b`` tried against a
long name backtracks for minutes (review30). Left out, it ignores nothing: its files count in
the tree's fingerprint, and a step is at worst run again, never reused wrongly."""


def ignored(rules: list[Rule], rel: str, is_dir: bool) -> bool:
    """Whether the last rule that matches ``rel`` ignores it."""
    for rule in reversed(rules):
        if rule.matches(rel, is_dir):
            return not rule.rule.negated
    return False
