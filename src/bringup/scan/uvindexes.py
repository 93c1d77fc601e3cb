"""The package indexes a ``pyproject.toml`` has uv take distributions from: ``[tool.uv.sources]``
names an index of ``[[tool.uv.index]]`` per distribution, and ``uv sync`` installs that
distribution from there alone.

zhonganbi102-netizen/nano-chat-NPU@fe64c6dd pyproject.toml:25-33 ("# target torch to cuda
12.8", ``torch = [{ index = "pytorch-cu128" }]``, ``url =
"https://download.pytorch.org/whl/cu128"``): whatever its README says of torch_npu, uv puts a
CUDA 12.8 build of torch on the machine (outsider10 #15). An index a backend knows as one
per toolkit build (``Vocabulary.wheel_indexes``) names that build: a soft need, as the same
index given to ``pip install --index-url`` is (``commandneeds``), and a note saying which
distribution comes from where. Any other index is noted only.
"""

from __future__ import annotations

from typing import Any

from bringup.model import Requirement
from bringup.scan.commandneeds import WHEEL_INDEX
from bringup.scan.extraction import Finding, SourceFile
from bringup.scan.fetches import pypi_index
from bringup.scan.locate import line_of_table, line_of_value
from bringup.scan.programs import known_programs


def _indexes(uv: dict[str, Any]) -> dict[str, str]:
    """The named indexes of ``[[tool.uv.index]]``: name -> URL."""
    listed = uv.get("index")
    if not isinstance(listed, list):
        return {}
    return {
        index["name"]: index["url"]
        for index in listed
        if isinstance(index, dict)
        and isinstance(index.get("name"), str)
        and isinstance(index.get("url"), str)
    }


def _sourced(uv: dict[str, Any]) -> list[tuple[str, str]]:
    """(distribution, index name) for each source of ``[tool.uv.sources]`` that names an
    index; a distribution may list several, one per marker."""
    sources = uv.get("sources")
    if not isinstance(sources, dict):
        return []
    found: list[tuple[str, str]] = []
    for name, given in sources.items():
        for source in given if isinstance(given, list) else [given]:
            if isinstance(source, dict) and isinstance(source.get("index"), str):
                found.append((name, source["index"]))
    return found


def uv_indexes(file: SourceFile, uv: Any) -> tuple[list[Requirement], list[Finding]]:
    """The toolkit builds and the notes of the indexes ``[tool.uv]`` (``uv``) installs from."""
    if not isinstance(uv, dict):
        return [], []
    indexes = _indexes(uv)
    requirements: list[Requirement] = []
    findings: list[Finding] = []
    start = line_of_table(file.text, "tool.uv.sources") or 1
    for name, index in _sourced(uv):
        url = indexes.get(index)
        if url is None or pypi_index(url):
            continue
        line = line_of_value(file.text, index, start) or start
        build = ""
        for pattern, subject in known_programs().wheel_indexes:
            chosen = pattern.search(url)
            if chosen is not None:
                version = f"{chosen.group(1)}.{chosen.group(2)}"
                build = f", a build for {subject} {version}"
                words = f"{WHEEL_INDEX}{chosen.group(0)} (uv installs {name} from it)"
                need = file.requirement(
                    subject, f"=={version}.*", line, text=words, confidence="medium", hard=False
                )
                requirements.append(need)
        message = f"{name} comes from the index {index} ({url}){build}, as uv installs it"
        findings.append(file.finding("note", message, line))
    return requirements, findings
