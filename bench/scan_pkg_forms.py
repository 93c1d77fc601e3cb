"""What the blind truth writers did with each form of Python dependency list, on the tuning half.

Issue 11's python_package reports are judged against what the writers counted as the repo's
need. Before a scope rule is written for a form of list (a root ``requirements.txt``, a dev
list, ``[project.optional-dependencies]``, a sub-package's ``pyproject.toml``), this counts,
over the tuning repos of ``tests/data/heldout.toml`` only, every distribution such a list
declares and what the repo's truth did with it: listed in scope ``repo``, listed under another
scope (a feature, the tests, a sub-project), or left out; and per repo whether the writer
treated the whole form one way. A form the writers list in nearly every repo is the repo's
need; one they treat three ways across repos is no class to tune on:

    .venv/bin/python bench/scan_pkg_forms.py [--src /work/eval/src] [--form root:requirements]

It never opens a held-out repo, its checkout or its truth.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
SKIPPED = frozenset({".git", "third_party", "3rdparty", "thirdparty", "node_modules", "vendor"})
_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
_SIDE_LIST = re.compile(r"dev|test|lint|doc|style|format|bench|example")
"""Words of a requirements file's name that make it a side list (``requirements-dev.txt``,
``requirements_test.txt``, ``docs/requirements-docs.txt``), not the package's own."""
_TABLES = (
    ("project", ("project", "dependencies")),
    ("build-system", ("build-system", "requires")),
)


def distribution(name: str) -> str:
    """A distribution name as PyPI compares them (``pdfminer.six`` = ``pdfminer_six``)."""
    return re.sub(r"[-_.]+", "_", name.lower())


def form(rel: str, table: str = "") -> str:
    """The form of the list at ``rel``: ``root:`` for the repo's top folder or its top
    ``requirements/`` folder, ``sub:`` below; then ``requirements``, ``requirements-side``
    (a dev, test, docs or benchmark list) or ``pyproject-<table>``."""
    lower = rel.lower()
    parts = lower.split("/")
    where = "root" if len(parts) == 1 or (len(parts) == 2 and parts[0] == "requirements") else "sub"
    if table:
        return f"{where}:pyproject-{table}"
    side = _SIDE_LIST.search(lower.rsplit("/", 1)[-1])
    return f"{where}:requirements" + ("-side" if side else "")


def requirements_lines(text: str) -> Iterator[tuple[str, int]]:
    """(distribution, line) of each requirement line of a pip list; options, includes and
    URLs are none."""
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", "-", "git+", "http")):
            continue
        named = _NAME.match(stripped)
        if named is not None:
            yield distribution(named.group(1)), number


def _line(lines: list[str], value: str) -> int:
    quoted = (f'"{value}"', f"'{value}'")
    return next((n for n, text in enumerate(lines, 1) if any(q in text for q in quoted)), 0)


def pyproject_lines(text: str) -> Iterator[tuple[str, str, int]]:
    """(table, distribution, line) of each string of ``[project] dependencies``,
    ``optional-dependencies``, ``dependency-groups`` and ``[build-system] requires``."""
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return
    lines = text.splitlines()
    listed: list[tuple[str, Any]] = []
    for table, (top, key) in _TABLES:
        listed.append((table, document.get(top, {}).get(key, [])))
    for values in document.get("project", {}).get("optional-dependencies", {}).values():
        listed.append(("optional", values))
    for values in document.get("dependency-groups", {}).values():
        listed.append(("groups", values))
    for table, values in listed:
        for value in values if isinstance(values, list) else ():
            named = _NAME.match(value) if isinstance(value, str) else None
            if named is not None:
                yield table, distribution(named.group(1)), _line(lines, value)


def declared(root: Path) -> Iterator[tuple[str, str, str, int]]:
    """(form, distribution, path, line) of every list of the checkout at ``root``."""
    for path in sorted(root.rglob("*")):
        parts = path.relative_to(root).parts
        name = path.name.lower()
        if SKIPPED.intersection(parts) or not path.is_file():
            continue
        rel = "/".join(parts)
        if name == "pyproject.toml":
            text = path.read_text(encoding="utf-8", errors="replace")
            for table, dist, line in pyproject_lines(text):
                yield form(rel, table), dist, rel, line
        elif "requirement" in name and name.endswith((".txt", ".in")):
            text = path.read_text(encoding="utf-8", errors="replace")
            for dist, line in requirements_lines(text):
                yield form(rel), dist, rel, line


def fate(items: list[dict[str, Any]], dist: str, rel: str, line: int) -> str:
    """What the truth ``items`` did with ``dist`` declared at ``rel:line``: ``repo``, the
    scope's kind (``feature``, ``tests``, ``subproject`` ...) or ``omitted``. An entry counts
    when it cites that line, or names the distribution (as subject or among a group's
    ``any_of``) and cites the same file."""
    found = "omitted"
    for item in items:
        where = [str(w) for w in item.get("where", [])]
        files = {w.rsplit(":", 1)[0] for w in where}
        named = {distribution(str(m)) for m in item.get("any_of", [])}
        named.add(distribution(str(item.get("subject", ""))))
        if f"{rel}:{line}" in where or (dist in named and rel in files):
            scope = str(item.get("scope", "repo")).split(":", 1)[0]
            if scope == "repo":
                return "repo"
            found = scope
    return found


def treatment(fates: Counter[str]) -> str:
    """How one repo's writer treated a form as a whole."""
    if set(fates) == {"repo"}:
        return "all repo"
    if set(fates) == {"omitted"}:
        return "all omitted"
    if "repo" not in fates and "omitted" not in fates:
        return "all other scope"
    return "mixed"


def tuning_repos(split: Path) -> list[tuple[str, str]]:
    """(set, repo) of the tuning half of every scan set."""
    sets = tomllib.loads(split.read_text(encoding="utf-8"))["scan"]
    return [(s["set"], repo) for s in sets for repo in s["tuning"]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", type=Path, default=Path("/work/eval/src"))
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--form", help="also list the repos of this form")
    args = parser.parse_args()
    declarations: dict[str, Counter[str]] = defaultdict(Counter)
    per_repo: dict[str, dict[str, Counter[str]]] = defaultdict(lambda: defaultdict(Counter))
    for name, repo in tuning_repos(args.data / "heldout.toml"):
        truth, checkout = args.data / name / "truth" / f"{repo}.toml", args.src / name / repo
        if not truth.is_file() or not checkout.is_dir():
            continue
        items = tomllib.loads(truth.read_text(encoding="utf-8")).get("requirement", [])
        for kind, dist, rel, line in declared(checkout):
            outcome = fate(items, dist, rel, line)
            declarations[kind][outcome] += 1
            per_repo[kind][f"{name}/{repo}"][outcome] += 1
    for kind in sorted(declarations):
        repos = Counter(treatment(fates) for fates in per_repo[kind].values())
        print(f"{kind:28s} declared {dict(declarations[kind].most_common())}")
        print(f"{'':28s} {len(per_repo[kind])} repos: {dict(repos.most_common())}")
    for repo, fates in sorted(per_repo.get(args.form or "", {}).items()):
        print(f"  {repo}: {dict(fates.most_common())}")


if __name__ == "__main__":
    main()
