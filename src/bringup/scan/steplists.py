"""The pip lists a repo's own install steps install: the repo's requirements, whatever their
names say.

A list named for development or tests (``requirements-dev.txt``) is set aside as that
scope's (``pipscopes.tooling_list``). But when a step of the repo's own, outside a section for
development, tests or docs, installs it (``pip install -r requirements-dev.txt`` as the
install block's first line, outsider13 D6), ``up`` installs it with the rest: its pins are
what the environment must hold, and the verdict reads them. A linters' list (its requirements
marked ``development`` by their content) stays aside."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping, Sequence

from bringup import lazyre
from bringup.model import Requirement, Step
from bringup.scan.commands import pip_install_targets
from bringup.scan.scopenames import DEVELOPMENT, TESTS

_HEADING = lazyre.compile(r"^[ ]{0,3}#{1,6}[ \t]+(.{1,200})$")
_FENCE = lazyre.compile(r"^[ ]{0,3}(?:`{3,}|~{3,})")
_ASIDE = lazyre.compile(
    r"develop|contribut|\btests?\b|testing|\blint|\bdocs?\b|documentation|benchmark|"
    r"开发|贡献|测试|文档",
    re.IGNORECASE,
)
"""A section whose install is for development, tests or docs, not the repo's bring-up."""


def installed_lists(
    steps: Sequence[Step],
    by_scope: Mapping[str, list[Requirement]],
    guides: Mapping[str, tuple[str, str]],
) -> list[Requirement]:
    """The requirements of ``by_scope``'s development and tests lists that an install step
    of ``steps`` (the repo's own) installs outside a section set aside (``_ASIDE``).
    ``guides``: each file by citation, as ``(its path in the repo, its text)``."""
    by_path = {rel: ref for ref, (rel, _) in guides.items()}
    listed = {r.source.ref for scope in (DEVELOPMENT, TESTS) for r in by_scope.get(scope, ())}
    sections: dict[str, list[bool]] = {}
    wanted: set[str] = set()
    for step in steps:
        targets = pip_install_targets(step.argv) if step.kind == "install" else None
        if not targets or not targets[1]:
            continue
        paths = (posixpath.normpath(posixpath.join(step.cwd or ".", n)) for n in targets[1])
        named = {by_path[p] for p in paths if p in by_path} & listed - wanted
        ref = step.source.ref or ""
        if not named or (ref in guides and _aside(sections, ref, guides[ref][1], step.source.line)):
            continue
        wanted |= named
    return [
        r
        for scope in (DEVELOPMENT, TESTS)
        for r in by_scope.get(scope, ())
        if r.source.ref in wanted and not r.feature
    ]


def _aside(sections: dict[str, list[bool]], ref: str, text: str, line: int | None) -> bool:
    """Whether the Markdown heading over ``line`` of ``text`` sets its section aside, each
    line's answer read once per file (``sections``). A shell comment in a fenced block is no
    heading (``# 安装依赖``, "install the dependencies", under "## 构建与测试", "build and
    test": torchtitan-npu .agents/AGENTS.md:6-10)."""
    if not line:
        return False
    if ref not in sections:
        aside, fenced, flags = False, False, [False]
        for row in text.splitlines():
            if _FENCE.match(row):
                fenced = not fenced
            elif not fenced:
                found = _HEADING.match(row)
                aside = bool(_ASIDE.search(found.group(1))) if found is not None else aside
            flags.append(aside)
        sections[ref] = flags
    flags = sections[ref]
    return flags[min(line - 1, len(flags) - 1)]
