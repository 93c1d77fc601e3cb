"""``pyproject.toml``: PEP 621 ``requires-python``, dependencies and optional dependencies,
PEP 735 dependency groups, PEP 518 build requirements, Poetry's dependency tables, and the
project's own name (what it provides to other repos of the stack)."""

from __future__ import annotations

import re
from typing import Any

from bringup import backends
from bringup.errors import InputError
from bringup.model import Requirement, Step, StepNeeds
from bringup.scan import scopes
from bringup.scan.extraction import Extraction, Finding, SourceFile
from bringup.scan.locate import line_of_table, line_of_value
from bringup.scan.pydeps import add_python_requirement
from bringup.scan.testgroups import tests_group_install
from bringup.scan.trove import os_classifiers
from bringup.scan.uvindexes import uv_indexes
from bringup.scan.uvplatforms import uv_platforms
from bringup.subjects import python_subject
from bringup.tomlfile import line_of, parse_toml
from bringup.versions import InvalidSpecifier, SpecifierSet


class _Reader:
    def __init__(self, file: SourceFile) -> None:
        self.file = file
        self.requirements: list[Requirement] = []
        self.findings: list[Finding] = []

    def strings(
        self,
        values: Any,
        table: str,
        *,
        hard: bool,
        why: str | None,
        key: str | None = None,
        feature: str = "",
    ) -> None:
        start = line_of_table(self.file.text, table) or 1
        if key is not None:
            start = line_of(self.file.text, key, start=start) or start
        if not isinstance(values, list):
            return
        for value in values:
            if not isinstance(value, str):
                continue
            line = line_of_value(self.file.text, value, start) or start
            source = self.file.source(line)
            add_python_requirement(
                self.requirements, self.findings, value, source, hard=hard, why=why, feature=feature
            )

    def python(self, spec: Any, key: str, table: str, why: str) -> None:
        if not isinstance(spec, str):
            return
        line = line_of(self.file.text, key, start=line_of_table(self.file.text, table) or 1)
        text = spec.strip()
        try:
            SpecifierSet(text, "pep440")
        except InvalidSpecifier as error:
            self.findings.append(self.file.finding("invalid", str(error), line))
            return
        self.requirements.append(self.file.requirement("python", text, line, text=f"{why} {text}"))


def poetry_spec(constraint: str) -> str:
    """Poetry's ``^3.9`` / ``~3.9`` / ``3.9.*`` / ``>=3.9,<4`` as a PEP 440 specifier."""
    text = constraint.strip()
    if text in ("*", ""):
        return ""
    caret = re.fullmatch(r"\^(\d+)(?:\.(\d+))?(?:\.(\d+))?", text)
    if caret is not None:
        parts = [int(p) for p in caret.groups() if p is not None]
        index = next((i for i, p in enumerate(parts) if p != 0), len(parts) - 1)
        upper = parts[: index + 1]
        upper[-1] += 1
        return f">={'.'.join(map(str, parts))},<{'.'.join(map(str, upper))}"
    tilde = re.fullmatch(r"~(\d+)(?:\.(\d+))?(?:\.(\d+))?", text)
    if tilde is not None:
        parts = [int(p) for p in tilde.groups() if p is not None]
        upper = parts[:2] if len(parts) > 1 else parts[:1]
        upper[-1] += 1
        return f">={'.'.join(map(str, parts))},<{'.'.join(map(str, upper))}"
    if re.fullmatch(r"\d[\w.]*", text):
        return f"=={text}"
    return ",".join(part.strip() for part in text.split(","))


def _poetry(reader: _Reader, poetry: dict[str, Any]) -> None:
    for table_name, hard in (("dependencies", True), ("dev-dependencies", False)):
        table = poetry.get(table_name)
        if not isinstance(table, dict):
            continue
        header = f"tool.poetry.{table_name}"
        start = line_of_table(reader.file.text, header) or 1
        for name, value in table.items():
            constraint = value.get("version", "") if isinstance(value, dict) else value
            if not isinstance(constraint, str):
                continue
            spec = poetry_spec(constraint)
            line = line_of(reader.file.text, name, start=start) or start
            if name == "python":
                reader.python(spec, name, header, "tool.poetry python =")
                continue
            try:
                SpecifierSet(spec, "pep440")
            except InvalidSpecifier as error:
                reader.findings.append(reader.file.finding("invalid", str(error), line))
                continue
            words = f"{header}: {name} = {constraint}"
            subject = python_subject(name)
            reader.requirements.append(
                reader.file.requirement(subject, spec, line, text=words, hard=hard)
            )


def extract_pyproject(file: SourceFile) -> Extraction:
    """What ``pyproject.toml`` declares; invalid TOML is a finding at its line."""
    try:
        document = parse_toml(file.text, file.ref)
    except InputError as error:
        return Extraction(findings=(file.unparsed(error),))
    reader = _Reader(file)
    project = document.get("project", {})
    provides: list[str] = []
    steps: list[Step] = []
    if isinstance(project, dict):
        if isinstance(project.get("name"), str):
            provides.append(python_subject(project["name"]))
        reader.python(
            project.get("requires-python"), "requires-python", "project", "requires-python"
        )
        reader.strings(
            project.get("dependencies"), "project", hard=True, why=None, key="dependencies"
        )
        _toolkit_classifiers(reader, project.get("classifiers"))
        reader.requirements.extend(os_classifiers(file))
        optional = project.get("optional-dependencies", {})
        if isinstance(optional, dict):
            for extra, values in optional.items():
                reader.strings(
                    values,
                    "project.optional-dependencies",
                    hard=False,
                    why=f"optional [{extra}]",
                    key=extra,
                    feature=scopes.extra_feature(extra),
                )
    groups = document.get("dependency-groups", {})
    if isinstance(groups, dict):
        for group, values in groups.items():
            reader.strings(
                values,
                "dependency-groups",
                hard=False,
                why=f"group {group}",
                key=group,
                feature=scopes.extra_feature(group),
            )
    build = document.get("build-system", {})
    if isinstance(build, dict):
        reader.strings(
            build.get("requires"), "build-system", hard=True, why="build", key="requires"
        )
        if "build-backend" in build or "requires" in build:
            steps.append(_install_step(file))
        reader.requirements.extend(_rust_build(file, build))
    tool = document.get("tool", {})
    if isinstance(tool, dict) and isinstance(tool.get("scikit-build"), dict):
        reader.requirements.extend(_scikit_build_ninja(file, tool["scikit-build"]))
    if isinstance(tool, dict):
        reader.requirements.extend(uv_platforms(file, tool.get("uv")))
        built, noted = uv_indexes(file, tool.get("uv"))
        reader.requirements.extend(built)
        reader.findings.extend(noted)
    if isinstance(tool, dict) and isinstance(tool.get("poetry"), dict):
        _poetry(reader, tool["poetry"])
        name = tool["poetry"].get("name")
        if isinstance(name, str):
            provides.append(python_subject(name))
    return Extraction(
        requirements=tuple(reader.requirements),
        findings=tuple(reader.findings),
        default_steps=tuple(steps),
        provides=tuple(provides),
        test_installs=tests_group_install(file, groups) if isinstance(groups, dict) else (),
    )


_RUST_BACKENDS = re.compile(r"^(?:maturin|setuptools[-_]rust)\b", re.IGNORECASE)


def _rust_build(file: SourceFile, build: dict[str, Any]) -> list[Requirement]:
    """Cargo, when the build backend compiles Rust: ``build-backend = "maturin"`` (its docs:
    maturin builds the crate with cargo, which a Rust toolchain brings), or setuptools-rust
    among the build's requirements (zhonganbi102-netizen/nano-chat-NPU@fe64c6dd
    pyproject.toml:21-23 builds rustbpe/Cargo.toml so; its README.md:137 says the Ascend
    servers usually lack the Rust toolchain)."""
    backend = build.get("build-backend")
    requires = build.get("requires")
    named = [backend] if isinstance(backend, str) else []
    named += [r for r in requires if isinstance(r, str)] if isinstance(requires, list) else []
    rust = next((n for n in named if _RUST_BACKENDS.match(n.strip())), None)
    if rust is None:
        return []
    key = "build-backend" if rust == backend else "requires"
    line = line_of(file.text, key, start=line_of_table(file.text, "build-system") or 1)
    text = f"build-system {key}: {rust}, which compiles Rust with cargo"
    return [file.requirement("system_package", "cargo", line, text=text, confidence="medium")]


def _scikit_build_ninja(file: SourceFile, settings: dict[str, Any]) -> list[Requirement]:
    """The ninja need a ``[tool.scikit-build]`` ``ninja`` setting states: scikit-build-core
    drives CMake with Ninja, adding it to the build requirements when missing (its docs:
    "Automatically adds Ninja and/or CMake only as required"); ``make-fallback = true`` lets
    it build with make instead, a soft need (asnumpy pyproject.toml:81-82,
    ``[tool.scikit-build.ninja]`` then ``make-fallback = true``; rmm
    python/rmm/pyproject.toml:87, ``ninja.make-fallback = false``)."""
    ninja = settings.get("ninja")
    if not isinstance(ninja, dict):
        return []
    table = line_of_table(file.text, "tool.scikit-build.ninja")
    start = line_of_table(file.text, "tool.scikit-build") or 1
    line = table or next(
        (n for k in ninja if (n := line_of(file.text, f"ninja.{k}", start=start))), start
    )
    fallback = ninja.get("make-fallback") is True
    text = "scikit-build-core builds with Ninja" + (", make if it is missing" if fallback else "")
    return [file.requirement("ninja", "", line, text=text, hard=not fallback)]


def _toolkit_classifiers(reader: _Reader, classifiers: Any) -> None:
    """Trove classifiers naming toolkit releases (a backend's ``Vocabulary.classifiers``,
    ``Environment :: GPU :: <vendor> <toolkit> :: 12``): the releases the project says it runs
    on, as soft alternatives (a classifier is a claim, not a check)."""
    if not isinstance(classifiers, list):
        return
    for backend in backends.registered():
        for pattern, subject in backend.vocabulary.classifiers:
            _classified(reader, classifiers, re.compile(pattern), subject)


def _classified(
    reader: _Reader, classifiers: list[Any], pattern: re.Pattern[str], subject: str
) -> None:
    specs: list[str] = []
    first = ""
    for value in classifiers:
        match = pattern.match(value) if isinstance(value, str) else None
        if match is None:
            continue
        major, minor = match.groups()
        specs.append(f"=={major}.{minor}.*" if minor else f"=={major}.*")
        first = first or value
    if specs:
        start = line_of(reader.file.text, "classifiers", start=1) or 1
        line = line_of_value(reader.file.text, first, start) or start
        words = "classifiers: " + ", ".join(s.lstrip("=").rstrip(".*") for s in specs)
        reader.requirements.append(
            reader.file.requirement(
                subject, " || ".join(specs), line, text=words, confidence="low", hard=False
            )
        )


def _install_step(file: SourceFile) -> Step:
    directory = file.rel.rpartition("/")[0] or "."
    return Step(
        name="pip install -e .",
        kind="install",
        argv=("python", "-m", "pip", "install", "-e", "."),
        source=file.source(line_of_table(file.text, "build-system")),
        cwd=directory,
        needs=StepNeeds(network=True),
    )
