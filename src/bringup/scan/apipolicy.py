"""An open-ended requirement on a package whose own policy says the modules the code imports may
change in any release: a risk the scan can state without knowing which release breaks it.

dfm/extending-jax@371dca9 declares ``jax>=0.4.16`` (pyproject.toml:9) and imports ``jax.lib``,
``jax.interpreters`` and ``jax.core`` (src/kepler_jax/kepler_jax.py:8-12); ``bringup up`` took
the newest jax and the tests failed: "cannot import name 'xla_client' from 'jax.lib'"
(outsider 23 D9). Which release removed what is a table no source here holds; what JAX's own
policy says is: JAX removes a deprecated public API three months after the release that
deprecated it, and ``jax._src``, ``jax.core``, ``jax.lib``, ``jax.interpreters``,
``jax.experimental``, ``jax.example_libraries`` and ``jax.extend`` are not covered by the policy
at all (jax-ml/jax@167f68bc docs/api_compatibility.md:11-20 and :48-57,
https://docs.jax.dev/en/latest/api_compatibility.html). So code that imports one of those, under
a requirement with no upper bound, runs on whatever the newest release holds there."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple

from bringup.model import Requirement
from bringup.model.source import file_source
from bringup.scan.extraction import Finding
from bringup.scan.moduletexts import module_text
from bringup.subjects import canonical_subject


class Policy(NamedTuple):
    """A package's published compatibility policy: the modules it leaves out, and the page
    that says so."""

    package: str
    uncovered: tuple[str, ...]
    source: str


POLICIES = (
    Policy(
        "jax",
        (
            "_src",
            "core",
            "lib",
            "interpreters",
            "experimental",
            "example_libraries",
            "extend",
        ),
        # jax-ml/jax@167f68bc docs/api_compatibility.md:48-57, "What is not covered?"
        "https://docs.jax.dev/en/latest/api_compatibility.html",
    ),
)

_BOUNDED = re.compile(r"<|==|~=")
"""A specifier with an upper bound: ``<0.5``, ``<=0.4.30``, ``==0.4.16``, ``~=0.4.16``."""


def _importing(policy: Policy) -> re.Pattern[str]:
    """An import line of one of the modules ``policy`` leaves out, its dotted name in group 1
    or its package's name and the module in groups 2-3 (``from jax import core``). Each name
    before the module is one word, with its ``as`` alias: a repeated run of words and blanks,
    then a comma and blanks, could split the blanks after each comma two ways, and a line of
    24 names that matched nothing took 1.1 s of CPU, twice that per name more (review43).
    Within parentheses the names run over lines, with comments (group 4: ``from jax import
    (\n    lax,\n    core,\n)``, enpasos/jax2onnx); a comment is taken to its line's end, so
    the blanks and comments between two names split one way only."""
    name, modules = re.escape(policy.package), "|".join(policy.uncovered)
    gap = r"(?:\s|#[^\n]*\n)*"  # blanks, line ends and whole comments, inside parentheses
    return re.compile(
        rf"^[ \t]*(?:from[ \t]+({name}\.(?:{modules}))\b[\w.]*[ \t]+import\b"
        rf"|import[ \t]+({name}\.(?:{modules}))\b"
        rf"|from[ \t]+{name}[ \t]+import[ \t]+"
        rf"(?:\w+(?:[ \t]+as[ \t]+\w+)?[ \t]*,[ \t]*)*({modules})\b"
        rf"|from[ \t]+{name}[ \t]+import[ \t]*\({gap}"
        rf"(?:\w+(?:\s+as\s+\w+)?{gap},{gap})*({modules})\b)",
        re.MULTILINE,
    )


def uncovered_imports(
    requirements: Sequence[Requirement],
    root: Path,
    scripts: Sequence[str],
    cite: Callable[[str], str],
) -> list[Finding]:
    """One finding per package: a requirement of it with no upper bound, and the first line of
    the repo's Python files (``scripts``: the walk's, by path in the repo) that imports a module
    its policy does not cover, both cited (``cite``: a path's citation). The files are read only
    where such a requirement is, at most ``MAX_FILES`` of them."""
    found: list[Finding] = []
    for policy in POLICIES:
        open_ended = [
            r
            for r in requirements
            if canonical_subject(r.subject) == policy.package and not _BOUNDED.search(r.spec)
        ]
        hit = _first_import(policy, root, scripts) if open_ended else None
        if hit is None:
            continue
        rel, line, module = hit
        req = open_ended[0]
        bound = f"{req.spec} ({req.source})" if req.spec else f"with no version ({req.source})"
        found.append(
            Finding(
                kind="note",
                message=f"{policy.package} {bound} has no upper bound, and the code imports"
                f" {module}, which {policy.package}'s compatibility policy does not cover"
                f" ({policy.source}): a newer release may change or remove it without"
                " notice; pin the release the code was written for",
                sources=(file_source(cite(rel), line), req.source),
                subject=policy.package,
            )
        )
    return found


MAX_FILES = 3000


def _first_import(
    policy: Policy, root: Path, scripts: Sequence[str]
) -> tuple[str, int, str] | None:
    """``(path, line, module)`` of the first import of a module ``policy`` leaves out."""
    pattern = _importing(policy)
    for rel in sorted(r for r in scripts if r.endswith(".py"))[:MAX_FILES]:
        text = module_text(root / rel, rel)
        hit = pattern.search(text) if text and policy.package in text else None
        if hit is not None and text:
            group = next(g for g in (1, 2, 3, 4) if hit.group(g))
            module = hit.group(group) if group < 3 else f"{policy.package}.{hit.group(group)}"
            # the module's own line, inside parentheses over lines too
            return rel, text.count("\n", 0, hit.start(group)) + 1, module
    return None
