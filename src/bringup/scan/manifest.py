"""``bringup.toml``: what the user says about a repo, overriding what the scan infers.

Per repo (in the repo's root) or one stack file listing repos (``[[repos]]`` with ``path``).
Keys: ``name``, ``role``, ``trusted`` (the repo's commands may run without asking),
``depends_on``, ``infer``/``infer_steps`` (false: use only what is written here), ``ignore``
(gitignore-style patterns the scan skips), ``[[requirements]]`` (``subject``, ``spec``,
``text``, ``hard``, ``source``, ``confidence``, ``prefers``; ``ignore = true`` drops what the
scan inferred for that subject) and
``[[steps]]`` (``name``, ``kind``, ``argv``, ``cwd``, ``needs``). Validated strictly: an
unknown key, a wrong type or a spec that does not parse in its subject's scheme is an error
at its file:line:column, the bad span underlined.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Annotated, Any, Optional, Union

import msgspec

from bringup.errors import InputError, InputErrors
from bringup.model import Confidence, DeviceKind, Role, StepKind
from bringup.scan.manifestschema import schema_problems
from bringup.scan.tomlpos import Position, locate
from bringup.subjects import NEEDS, examples, is_subject, python_subject, scheme_for
from bringup.tomlfile import read_toml
from bringup.versions import InvalidSpecifier, SpecifierSet

MANIFEST_NAME = "bringup.toml"
MAX_DEVICES = 1024
"""The most devices a step may ask of one machine; more is a typo (the largest
accelerator servers hold 8 to 16 per host, a whole SuperPoD 384)."""

DeviceCount = Annotated[int, msgspec.Meta(ge=0, le=MAX_DEVICES)]


class ManifestNeeds(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    devices: DeviceCount = 0
    device_kind: Optional[DeviceKind] = None
    chips: tuple[str, ...] = ()
    toolkit: bool = False
    network: bool = False


class ManifestRequirement(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``source``: where the words were found, a file beside the manifest and its line
    (``README.md:65``), cited beside the manifest's own line; ``confidence``: how sure that
    reading was (``scan --write`` keeps the scan's, so a draft vouches for no more than it)."""

    subject: str
    spec: str = ""
    text: Optional[str] = None
    hard: bool = True
    ignore: bool = False
    source: Optional[str] = None
    confidence: Confidence = "high"
    prefers: tuple[str, ...] = ()
    """Releases within ``spec`` the repo shows in use ("Tested in Pytorch 1.4 & 1.5, with CUDA
    10.2"): the solver takes one where nothing else decides, not over what is installed."""


class ManifestStep(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: str
    kind: StepKind
    argv: tuple[str, ...]
    cwd: str = "."
    needs: ManifestNeeds = ManifestNeeds()


class RepoManifest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: Optional[str] = None
    role: Optional[Role] = None
    trusted: bool = False
    depends_on: tuple[str, ...] = ()
    infer: bool = True
    infer_steps: bool = True
    ignore: tuple[str, ...] = ()
    requirements: tuple[ManifestRequirement, ...] = ()
    steps: tuple[ManifestStep, ...] = ()


class StackRepo(RepoManifest, frozen=True, kw_only=True, forbid_unknown_fields=True):
    path: str


class StackManifest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: Optional[str] = None
    repos: tuple[StackRepo, ...]


class Loaded(msgspec.Struct, frozen=True, kw_only=True):
    """A manifest with its text, so later checks (unknown repo names) can point at lines."""

    path: str
    text: str
    manifest: Union[RepoManifest, StackManifest]


def _error(path: str, message: str, where: Position | None) -> InputError:
    if where is None:
        return InputError(message, path=path)
    return InputError(
        message,
        path=path,
        line=where.line,
        column=where.column,
        excerpt=where.excerpt,
        width=where.width,
    )


def manifest_error(loaded: Loaded, message: str, segments: list[Union[str, int]]) -> InputError:
    """An ``InputError`` at the value ``segments`` leads to in ``loaded``."""
    return _error(loaded.path, message, locate(loaded.text, segments))


def _unknown_subject(path: str, subject: str, where: Position | None) -> InputError:
    guess = python_subject(subject) if is_subject(python_subject(subject)) else None
    error = _error(path, f"unknown subject {subject!r}", where)
    error.hint = (
        f"a Python distribution is written {guess!r}"
        if guess and " " not in subject.strip()
        else f"a subject is a name such as {', '.join(examples())}, "
        "or pypi:NAME, cmake:NAME, conda:NAME"
    )
    return error


def _narrowed(where: Position | None, item: str) -> Position | None:
    """``where`` (a whole list) narrowed to one quoted item of it when the line shows it."""
    if where is None:
        return None
    for quoted in (f'"{item}"', f"'{item}'"):
        found = where.excerpt.find(quoted)
        if found >= 0:
            return where._replace(column=found + 1, width=len(quoted))
    return where


def _builtin_chip_families() -> tuple[str, ...]:
    """The chip families of the knowledge base (built-in tables and overlays), read only when
    a manifest names chips."""
    from bringup.kb import load_knowledge_base

    return load_knowledge_base().chip_families()


def _listed(table: dict[str, Any], key: str) -> list[Any]:
    """``table[key]`` when it is an array; a value of another type is the schema's problem
    (said by ``schema_problems``), so the value checks have nothing to look at."""
    value = table.get(key)
    return value if isinstance(value, list) else []


def _check_requirements(
    path: str, text: str, prefix: list[Union[str, int]], table: dict[str, Any]
) -> Iterator[InputError]:
    """Each requirement's subject in the catalogue and spec in its subject's scheme."""
    for index, requirement in enumerate(_listed(table, "requirements")):
        if not isinstance(requirement, dict):
            continue
        subject, spec = requirement.get("subject"), requirement.get("spec", "")
        if not isinstance(subject, str) or not isinstance(spec, str):
            continue
        segments = [*prefix, "requirements", index]
        if not subject.strip():
            yield _error(path, "empty subject", locate(text, [*segments, "subject"]))
            continue
        if subject in NEEDS:
            if not spec.strip():
                where = locate(text, [*segments, "spec"])
                message = f"empty spec: a {subject} requirement names what it needs"
                yield _error(path, message, where)
            continue
        if not is_subject(subject):
            yield _unknown_subject(path, subject, locate(text, [*segments, "subject"]))
            continue
        prefers = requirement.get("prefers", ())
        written = [(spec, [*segments, "spec"])]
        written += [
            (p, [*segments, "prefers", n]) for n, p in enumerate(prefers) if isinstance(p, str)
        ]
        for value, at in written:
            try:
                SpecifierSet(value, scheme_for(subject))
            except InvalidSpecifier as problem:
                where = locate(text, at)
                if where is not None and problem.position is not None:
                    where = where._replace(
                        column=where.column + 1 + problem.position,
                        width=max(1, len(value) - problem.position),
                    )
                yield _error(path, f"bad spec for {subject}: {problem.reason}", where)


def _check_values(
    path: str,
    text: str,
    document: Any,
    chip_families: Callable[[], Sequence[str]] = _builtin_chip_families,
) -> Iterator[InputError]:
    """What the schema cannot say: subjects in the catalogue, specs that parse in their
    subject's scheme, chips the knowledge base knows, paths that stay inside."""
    prefixes: list[list[Union[str, int]]] = [[]]
    if isinstance(document.get("repos"), list):
        prefixes = [["repos", index] for index in range(len(document["repos"]))]
    for prefix in prefixes:
        table = document
        for segment in prefix:
            table = table[segment]
        if not isinstance(table, dict):
            continue
        repo = table.get("path") if prefix else None
        if isinstance(repo, str) and not _stays_inside(repo):
            where = locate(text, [*prefix, "path"])
            yield _error(
                path, f"path {repo!r} leaves the stack's directory: list repos in it", where
            )
        yield from _check_requirements(path, text, prefix, table)
        for index, step in enumerate(_listed(table, "steps")):
            if isinstance(step, dict) and isinstance(step.get("argv"), list) and not step["argv"]:
                where = locate(text, [*prefix, "steps", index, "argv"])
                yield _error(path, "argv is empty: a step needs a command", where)
            cwd = step.get("cwd") if isinstance(step, dict) else None
            if isinstance(cwd, str) and not _stays_inside(cwd):
                where = locate(text, [*prefix, "steps", index, "cwd"])
                yield _error(path, f"cwd {cwd!r} leaves the repo: write a path in it", where)
            needs = step.get("needs") if isinstance(step, dict) else None
            chips = needs.get("chips") if isinstance(needs, dict) else None
            for chip in chips if isinstance(chips, list) else ():
                # the knowledge base is imported only when a manifest names chips
                from bringup.kb.query import unknown_chip

                unknown = unknown_chip(chip, chip_families()) if isinstance(chip, str) else None
                if unknown is not None:
                    where = locate(text, [*prefix, "steps", index, "needs", "chips"])
                    yield _error(path, unknown, _narrowed(where, chip))


def _stays_inside(relative: str) -> bool:
    """Whether a path a manifest gives (a step's ``cwd`` in its repo, a repo's ``path`` in the
    stack's directory) stays inside: a manifest that comes with a repo must not send commands
    to run, or the scan to read, elsewhere (``/``, ``../..``)."""
    normal = posixpath.normpath(relative)
    return not relative.startswith("/") and normal != ".." and not normal.startswith("../")


def _check_repos(manifest: Path, text: str, document: Any) -> Iterator[InputError]:
    """What needs the file system: each repo of a stack manifest is a directory beside it, and
    no repo depends on itself (its name: the manifest's ``name``, else its directory's)."""
    shown = str(manifest)
    base = manifest.parent
    tables: list[tuple[list[Union[str, int]], Any, Path]] = [([], document, base)]
    if isinstance(document.get("repos"), list):
        tables = [
            (["repos", index], table, base / table["path"])
            for index, table in enumerate(document["repos"])
            if isinstance(table, dict) and isinstance(table.get("path"), str)
        ]
    for prefix, table, root in tables:
        if prefix and _stays_inside(table["path"]) and not os.path.isdir(root):
            where = locate(text, [*prefix, "path"])
            yield _error(shown, f"repo directory not found: {table['path']}", where)
            continue
        name = table.get("name")
        name = name if isinstance(name, str) and name else root.resolve().name
        depends = table.get("depends_on")
        if isinstance(depends, list) and name in depends:
            where = _narrowed(locate(text, [*prefix, "depends_on"]), name)
            yield _error(shown, f"depends_on names {name!r}, the repo itself", where)


def _schema(shown: str, text: str, document: Any, kind: Any) -> Iterator[InputError]:
    for problem in schema_problems(document, kind, []):
        position = locate(text, problem.segments, key_only=problem.key_only)
        yield _error(shown, problem.message, position)


def load_manifest(path: Path) -> Loaded:
    """Read and validate a ``bringup.toml``; its problems, all of them, are one
    ``InputError`` (``InputErrors`` for several), each at its place."""
    text, document = read_toml(path)
    shown = str(path)
    kind: type[RepoManifest] | type[StackManifest] = (
        StackManifest if "repos" in document else RepoManifest
    )
    problems = [
        *_schema(shown, text, document, kind),
        *_check_values(shown, text, document),
        *_check_repos(path, text, document),
    ]
    if problems:
        problems.sort(key=lambda p: (p.line or 0, p.column or 0))
        raise problems[0] if len(problems) == 1 else InputErrors(problems)
    manifest = msgspec.convert(document, type=kind, strict=True)
    return Loaded(path=shown, text=text, manifest=manifest)
