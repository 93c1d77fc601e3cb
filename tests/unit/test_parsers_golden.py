"""Every recorded command output and host file under tests/fixtures/commands/<parser>/ goes
through its parser and must give exactly its golden ``<case>.expected.json``."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.model import Source
from conftest import FIXTURES, Golden
from parsers import PARSERS

CASES = sorted(
    path
    for folder in PARSERS
    for path in (FIXTURES / "commands" / folder).glob("*")
    if path.is_file() and path.name != "SOURCE.md" and not path.name.endswith(".expected.json")
)


def test_every_parser_has_recorded_inputs() -> None:
    folders = {path.parent.name for path in CASES}
    assert folders == set(PARSERS)


@pytest.mark.parametrize("case", CASES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_parser_golden(case: Path, golden: Golden) -> None:
    relative = case.relative_to(FIXTURES).as_posix()
    text = case.read_bytes().decode("latin-1" if case.parent.name == "libstdcxx" else "utf-8")
    parsed = PARSERS[case.parent.name](text, Source(kind="file", ref=relative))
    golden.check(parsed, case.with_name(case.stem + ".expected.json"))


@pytest.mark.parametrize("folder", sorted(PARSERS))
def test_each_folder_documents_its_sources(folder: str) -> None:
    assert (FIXTURES / "commands" / folder / "SOURCE.md").is_file()
