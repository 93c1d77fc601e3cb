"""CI workflow files (GitHub/Gitee Actions, GitLab CI, CircleCI): the versions CI really uses.

Matrix and input keys (``python-version: ["3.9", "3.10"]``, ``<toolkit>-version``),
container images (``bringup.scan.images``), runner labels that name a chip and a device count
(``runs-on: linux-aarch64-a2-2``: a backend's ``runner_labels``) and ``pip install`` pins in
``run:`` scripts. All soft: CI shows a combination that works, not the only one. Read with a
YAML parser that keeps every node's line (``yamlnodes``); an invalid file is a finding."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple, Optional

from bringup import backends, lazyre, patterncache
from bringup.backends.base import Backend
from bringup.model import Confidence, Requirement
from bringup.parseerrors import yaml_error
from bringup.scan.architectures import listed, listing, lowest_architecture
from bringup.scan.autotoolsteps import ci_makes
from bringup.scan.cios import builds, runner_arches, runner_os
from bringup.scan.commandneeds import requirements_of
from bringup.scan.commands import Command, parse_commands
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.images import image_facts
from bringup.scan.ownbuildstep import ci_checkout_installs
from bringup.scan.phrases import read_phrase
from bringup.scan.testdeps import run_dirs, start_dir, tests_installs

if TYPE_CHECKING:
    from yaml.nodes import Node

_VERSION_KEYS = {
    "python-version": "python",
    "python_version": "python",
    "python": "python",
    "torch": "torch",
    "torch-version": "torch",
    "torch_version": "torch",
    "pytorch-version": "torch",
    "gcc-version": "gcc",
    "gcc": "gcc",
    "cmake-version": "cmake",
}
"""Generic version keys; each backend's toolkit adds ``<toolkit>``, ``-version``, ``_version``."""


class _Words(NamedTuple):
    version_keys: dict[str, str]
    runner: Optional[re.Pattern[str]]
    runner_chips: dict[str, tuple[str, Optional[str]]]
    """A runner label word -> (chip family, the count subject of its backend's devices)."""


def _compile(registered: tuple[Backend, ...]) -> _Words:
    keys = dict(_VERSION_KEYS)
    chips: dict[str, tuple[str, Optional[str]]] = {}
    for backend in registered:
        toolkit = backend.vocabulary.toolkit_subject
        if toolkit:
            keys.update({toolkit: toolkit, f"{toolkit}-version": toolkit})
            keys[f"{toolkit}_version"] = toolkit
        count = backend.devices.count_subject if backend.devices else None
        for label, chip in backend.vocabulary.runner_labels.items():
            chips.setdefault(label.lower(), (chip, count))
    labels = "|".join(re.escape(label) for label in chips)
    runner = (
        patterncache.compile(rf"(?:^|[-_\s\[,])({labels})(?:-(\d+))?(?=$|[-_\s\],])", re.IGNORECASE)
        if chips
        else None
    )
    return _Words(keys, runner, chips)


vocabulary = backends.per_registry(_compile)


class _Collector:
    def __init__(self, file: SourceFile) -> None:
        self.file = file
        self.requirements: list[Requirement] = []
        self.commands: list[Command] = []  # the scripts' commands, for ``tests_installs``
        self.dirs: list[str | None] = []  # the folder each runs in (``run_dirs``)
        self.starts: dict[int, str | None] = {}  # a run's step's working-directory, by node

    def add(
        self, subject: str, spec: str, line: int, text: str, confidence: Confidence = "medium"
    ) -> None:
        self.requirements.append(
            self.file.requirement(
                subject, spec, line, text=f"CI: {text}", confidence=confidence, hard=False
            )
        )

    def versions(self, subject: str, values: list[str], line: int, key: str) -> None:
        specs: list[str] = []
        for value in values:
            if "${{" in value:
                continue
            phrase = read_phrase(value, subject)
            if phrase is not None and phrase.spec not in specs:
                specs.append(phrase.spec)
        if specs:
            self.add(subject, " || ".join(specs), line, f"{key}: {', '.join(values)}")

    def runner(self, values: list[str], line: int, key: str, matrix: bool) -> None:
        """The runner labels under ``key``: one job's (``runs-on``) or a matrix of them, one
        job on each."""
        lowered = key.lower()
        arches = runner_arches(values, self.file.text) if matrix else []
        if arches:
            self.add("arch", ",".join(arches), line, f"{key}: {', '.join(values)}")
        if matrix:
            systems = [runner_os(value, self.file.text) for value in values]
            named = list(dict.fromkeys(s for s in systems if s is not None))
            if named:
                self.add("os", ",".join(named), line, f"{key}: {', '.join(values)}")
            return
        for value in values:
            system = runner_os(value, self.file.text)
            if system is not None and lowered == "runs-on":
                self.add("os", system, line, f"{key}: {value}")
            words = vocabulary()
            for match in words.runner.finditer(value) if words.runner else ():
                chip, count = words.runner_chips[match.group(1).lower()]
                self.add("chip", chip, line, f"{key}: {value}")
                if match.group(2) and count:
                    self.add(count, f">={match.group(2)}", line, f"{key}: {value}")

    def image(self, value: str, line: int) -> None:
        """What a job's container image is built on, where the workflow builds the repo: the
        image a docs workflow runs in ("Build Docs and deploy to Github Pages", NVIDIA/MatX
        @4d58c1a8 .github/workflows/build-docs.yml:64 ``…release:13.0.1_ubuntu24.04-amd64``)
        says no more than its runner of where the repo runs (``cios.builds``)."""
        if not builds(self.file.text):
            return
        for fact in image_facts(value):
            self.add(fact.subject, fact.spec, line, fact.words)

    def architectures(self, key: str, value: str, line: int) -> None:
        """The device architectures a job's environment builds for (``TORCH_CUDA_ARCH_LIST:
        ${{ contains(inputs.toolkit_type, 'cuda') && '7.5 8.0+PTX' || '' }}``,
        facebookresearch/xformers@ca6d2aa .github/workflows/wheels_build.yml:33): the oldest is
        the least device the built wheels run on. In an expression only its quoted strings are
        values."""
        target = listing(key)
        if target is None:
            return
        values = _QUOTED.findall(value) if "${{" in value else [value]
        lowest = lowest_architecture([(a, line) for v in values for a in listed(v)])
        if lowest is not None:
            self.add(target.subject, lowest[0], line, f"{BUILDS_FOR} {key}: {value}")

    def script(self, text: str, first_line: int, start: str | None = ".") -> None:
        """What a ``run`` script's commands need, and the architectures it exports for the
        build (``export TORCH_CUDA_ARCH_LIST="7.5;8.0;8.6;9.0"``, nerfstudio-project/gsplat
        @90d7b4b3 .github/workflows/building.yml:118), as a job's environment states them."""
        commands = parse_commands(text, first_line)
        self.dirs.extend(run_dirs(commands, start))
        for command in commands:
            self.commands.append(command)
            self.requirements.extend(
                requirements_of(command, self.file.source(command.line), hard=False)
            )
            exported = command.argv[1:] if command.argv[:1] == ("export",) else ()
            for name, _, value in (word.partition("=") for word in exported):
                if value and listing(name) is not None:
                    self.architectures(name, value, command.line)


BUILDS_FOR = "builds for"
"""The words that open what a job's architecture list states (``borrowed`` lends it)."""
_QUOTED = lazyre.compile(r"'([^']{0,200})'")
"""A string in a GitHub Actions expression (single quotes only)."""


RUN_KEYS = ("run", "script")
"""The keys whose value is a script a CI job runs (GitHub Actions, GitLab CI, CircleCI)."""


def scripts_of(value: Node) -> list[tuple[str, int]]:
    """The script texts of a ``run``/``script`` value, each with its first line: a block's
    text whole (its continued lines kept), or each scalar. CircleCI's step names its commands
    under ``command`` (``run: {name: Setup CUDA, command: |``, facebookresearch/pytorch3d
    .circleci/config.yml:16-25)."""
    from bringup.scan import yamlnodes  # PyYAML only when YAML is read

    value = yamlnodes.value_of(value, "command") or value
    block = yamlnodes.block_text(value)
    return [block] if block else yamlnodes.scalars(value)


def _read(collector: _Collector, key: str, value: Node) -> None:
    from bringup.scan import yamlnodes  # PyYAML only when YAML is read

    lowered = key.lower()
    if lowered in RUN_KEYS:
        for text, line in scripts_of(value):
            collector.script(text, line, collector.starts.get(id(value), "."))
    elif lowered in ("runs-on", "runner", "tags"):
        for text, line in yamlnodes.scalars(value):
            collector.runner([text], line, key, matrix=False)
    elif lowered == "os":  # a matrix of runner labels, one job on each
        found = yamlnodes.scalars(value)
        if found:
            collector.runner([text for text, _ in found], found[0][1], key, matrix=True)
    elif lowered in ("image", "container"):
        image = yamlnodes.scalar(value)
        if image and "${{" not in image:
            collector.image(image, yamlnodes.line(value))
    elif listing(key) is not None:
        architectures = yamlnodes.scalar(value)
        if architectures:
            collector.architectures(key, architectures, yamlnodes.line(value))
    elif lowered in vocabulary().version_keys:
        found = yamlnodes.scalars(value)
        if found:
            values = [text for text, _ in found]
            collector.versions(vocabulary().version_keys[lowered], values, found[0][1], key)


def _working_dirs(document: Node) -> dict[int, str | None]:
    """The folder each GitHub Actions step's ``run`` starts in, by the ``run`` value's node,
    where the step sets ``working-directory`` (as a ``cd`` in its script, ``run_dirs``)."""
    from bringup.scan import yamlnodes  # PyYAML only when YAML is read

    found: dict[int, str | None] = {}
    for key, value in yamlnodes.pairs(document):
        for item in yamlnodes.items(value) if key == "steps" else ():
            run = yamlnodes.value_of(item, "run")
            folder = yamlnodes.value_of(item, "working-directory")
            if run is not None and folder is not None:
                found[id(run)] = start_dir(yamlnodes.scalar(folder) or "")
    return found


def extract_ci(file: SourceFile) -> Extraction:
    """What a CI workflow runs with, as soft requirements."""
    from bringup.scan import yamlnodes  # PyYAML only when YAML is read

    collector = _Collector(file)
    try:
        documents = yamlnodes.documents(file.text)
    except yamlnodes.YAMLError as error:
        return Extraction(findings=(file.unparsed(yaml_error(error, file.text, file.ref)),))
    for document in documents:
        collector.starts.update(_working_dirs(document))
        excluded = _excluded(document) | _disabled(document)
        for key, labels, held in _runner_matrices(document):
            collector.runner([text for text, _ in labels], labels[0][1], key, matrix=True)
            excluded |= held
        for key, value in yamlnodes.pairs(document):
            if id(value) not in excluded:
                _read(collector, key, value)
    commands, dirs = collector.commands, collector.dirs
    return Extraction(
        requirements=tuple(collector.requirements),
        test_installs=tests_installs(commands, file, dirs) if "pytest" in file.text else (),
        makes=ci_makes(commands, file, dirs) if "make" in file.text else (),
        checkout_installs=ci_checkout_installs(commands, file, dirs)
        if "install" in file.text
        else (),
    )


_MATRIX_KEY = lazyre.compile(r"^\$\{\{\s{0,8}matrix\.([A-Za-z0-9_-]{1,64})\s{0,8}\}\}$")
"""A runner named by a matrix key (``runs-on: ${{ matrix.runner }}``)."""


def _runner_matrices(document: Node) -> list[tuple[str, list[tuple[str, int]], set[int]]]:
    """Each job's matrix of runner labels: the matrix key its ``runs-on`` names, whatever its
    name (``runner: [ubuntu-24.04, ubuntu-24.04-arm]`` under ``strategy.matrix`` beside
    ``runs-on: ${{ matrix.runner }}``), with its labels, those of the matrix's ``include``
    entries among them, and the nodes that hold them."""
    from bringup.scan import yamlnodes

    found = []
    for _, job in yamlnodes.pairs(document):
        runs_on = yamlnodes.value_of(job, "runs-on")
        named = _MATRIX_KEY.match((yamlnodes.scalar(runs_on) or "").strip()) if runs_on else None
        strategy = yamlnodes.value_of(job, "strategy") if named else None
        matrix = yamlnodes.value_of(strategy, "matrix") if strategy else None
        if named is None or matrix is None:
            continue
        key = named.group(1)
        include = yamlnodes.value_of(matrix, "include")
        entries = yamlnodes.items(include) if include else []
        nodes = [yamlnodes.value_of(node, key) for node in (matrix, *entries)]
        held = [node for node in nodes if node is not None]
        labels = [label for node in held for label in yamlnodes.scalars(node)]
        if labels:
            found.append((key, labels, {id(node) for node in held}))
    return found


def _excluded(document: Node) -> set[int]:
    """The nodes under a matrix's ``exclude``: combinations the CI does not run
    (causal-conv1d .github/workflows/publish.yaml:65-70 drops ``os: ubuntu-22.04-arm`` for
    torch 2.6.0), so neither a runner nor a version it names is one the CI uses."""
    from bringup.scan import yamlnodes

    excluded: set[int] = set()
    walked: set[int] = set()  # an alias repeats a node, never its walk
    for key, value in yamlnodes.pairs(document):
        if key.lower() == "exclude" and id(value) not in walked:
            walked.add(id(value))
            excluded.update(id(inner) for _, inner in yamlnodes.pairs(value))
    return excluded


_NEVER = lazyre.compile(r"\s{0,8}(?:false|\$\{\{\s{0,8}false\s{0,8}\}\})\s{0,8}", re.IGNORECASE)


def _disabled(document: Node) -> set[int]:
    """The nodes of the jobs a workflow never runs (``if: false``, ``if: ${{ false }}``): a
    job switched off states nothing the CI uses."""
    from bringup.scan import yamlnodes

    jobs = yamlnodes.value_of(document, "jobs")
    off: set[int] = set()
    for _, job in yamlnodes.pairs(jobs) if jobs is not None else ():
        condition = yamlnodes.value_of(job, "if")
        if condition is not None and _NEVER.fullmatch(yamlnodes.scalar(condition) or "x"):
            off.update(id(inner) for _, inner in yamlnodes.pairs(job))
            off.add(id(job))
    return off
