"""CI workflow files (GitHub/Gitee Actions, GitLab CI): the versions CI really uses.

Matrix and input keys (``python-version: ["3.9", "3.10"]``, ``<toolkit>-version``),
container images (``bringup.scan.images``), runner labels that name a chip and a device count
(``runs-on: linux-aarch64-a2-2``: a backend's ``runner_labels``) and ``pip install`` pins in
``run:`` scripts. All soft:
CI shows a combination that works, not the only one. Only this part of YAML is read, line
by line, keeping every value's line."""

from __future__ import annotations

import re
from typing import NamedTuple, Optional

from bringup import backends
from bringup.backends.base import Backend
from bringup.model import Confidence, Requirement
from bringup.scan.commands import parse_commands, requirements_of
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.images import image_facts
from bringup.scan.phrases import read_phrase

# ``((?:.*\S)?)\s*$`` rather than ``(.*?)\s*$``: the same text, without trying the trailing
# ``\s*`` at every position (quadratic on a line with a long run of spaces).
_KEY = re.compile(r"^(\s*)(?:-\s+)?([A-Za-z_][\w-]*)\s*:\s*((?:.*\S)?)\s*$")
_ITEM = re.compile(r"^(\s*)-\s+((?:.*\S)?)\s*$")
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
        re.compile(rf"(?:^|[-_\s\[,])({labels})(?:-(\d+))?(?=$|[-_\s\],])", re.IGNORECASE)
        if chips
        else None
    )
    return _Words(keys, runner, chips)


vocabulary = backends.per_registry(_compile)


def _values(raw: str) -> list[str]:
    raw = raw.split(" #", 1)[0].strip()
    if raw.startswith("[") and raw.endswith("]"):
        return [part.strip().strip("'\"") for part in raw[1:-1].split(",") if part.strip()]
    return [raw.strip("'\"")] if raw else []


class _Collector:
    def __init__(self, file: SourceFile) -> None:
        self.file = file
        self.requirements: list[Requirement] = []

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

    def runner(self, values: list[str], line: int, key: str) -> None:
        for value in values:
            words = vocabulary()
            for match in words.runner.finditer(value) if words.runner else ():
                chip, count = words.runner_chips[match.group(1).lower()]
                self.add("chip", chip, line, f"{key}: {value}")
                if match.group(2) and count:
                    self.add(count, f">={match.group(2)}", line, f"{key}: {value}")

    def image(self, value: str, line: int) -> None:
        for fact in image_facts(value):
            self.add(fact.subject, fact.spec, line, fact.words)

    def script(self, text: str, first_line: int) -> None:
        for command in parse_commands(text, first_line):
            self.requirements.extend(
                requirements_of(command, self.file.source(command.line), hard=False)
            )


def _block(lines: list[str], start: int, indent: int) -> list[tuple[int, str]]:
    """The lines after ``start`` indented deeper than ``indent`` (a block scalar or list)."""
    block: list[tuple[int, str]] = []
    index = start
    while index < len(lines) and (
        not lines[index].strip() or len(lines[index]) - len(lines[index].lstrip()) > indent
    ):
        block.append((index + 1, lines[index]))
        index += 1
    return block


def extract_ci(file: SourceFile) -> Extraction:
    """What a CI workflow runs with, as soft requirements."""
    collector = _Collector(file)
    lines = file.text.splitlines()
    index = 0
    while index < len(lines):
        match = _KEY.match(lines[index])
        index += 1
        if match is None:
            continue
        indent, key, raw = len(match.group(1)), match.group(2), match.group(3)
        number = index
        lowered = key.lower()
        block = _block(lines, index, indent) if raw in ("", "|", ">", "|-", ">-") else []
        if lowered in ("run", "script") and block:
            index += len(block)
            collector.script("\n".join(text for _, text in block), block[0][0])
        elif lowered in ("run", "script"):
            collector.script(raw, number)
        elif lowered in ("runs-on", "runner", "tags"):
            values = _values(raw) or [m.group(2) for _, t in block if (m := _ITEM.match(t))]
            collector.runner(values, number, key)
        elif lowered in ("image", "container") and raw and "${{" not in raw:
            collector.image(raw.strip("'\""), number)
        elif lowered in vocabulary().version_keys:
            values = _values(raw) or [
                m.group(2).strip("'\"") for _, t in block if (m := _ITEM.match(t))
            ]
            collector.versions(vocabulary().version_keys[lowered], values, number, key)
    return Extraction(requirements=tuple(collector.requirements))
