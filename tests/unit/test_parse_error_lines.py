"""Every manifest a parser refuses is one line at ``file:line:col`` (outsider11 #13: a
malformed environment.yml gave PyYAML's four lines, naming ``"<unicode string>"``, and no line
in its citation, where the same directory's TOML error had one). The inputs are the tester's
(/work/outsider11/repro.sh d13, hostile/badjson): a YAML list left open, a TOML array left open,
and a snapshot's JSON cut short."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.errors import InputError
from bringup.inputs import read_snapshot
from bringup.scan.ci import extract_ci
from bringup.scan.conda_env import extract_conda_env
from bringup.scan.extraction import SourceFile
from bringup.scan.pyproject import extract_pyproject

_YAML = "name: env\ndependencies:\n  - python=3.10\n  - [unclosed\n"
_TOML = '[project]\nname = "x"\ndependencies = ["torch>=2.1" \n'


def _one(extraction: object) -> tuple[str, str]:
    (finding,) = extraction.findings  # type: ignore[attr-defined]
    assert finding.kind == "invalid"
    return finding.message, str(finding.sources[0])


def test_a_conda_environment_file_left_open_is_one_line_at_its_line_and_column() -> None:
    file = SourceFile(ref="r/environment.yml", rel="environment.yml", text=_YAML)
    message, cited = _one(extract_conda_env(file))
    assert "\n" not in message
    assert "unicode string" not in message
    assert message.startswith("not YAML: did not find expected ',' or ']'")
    assert "line 4, column 5" in message  # where the open list starts
    assert cited == "r/environment.yml:5:1"  # where the parser stopped


def test_a_workflow_with_a_bad_mapping_is_one_line_at_its_line_and_column() -> None:
    text = "on: push\njobs:\n  build:\n    runs-on: a: b\n"
    file = SourceFile(ref=".github/workflows/ci.yml", rel=".github/workflows/ci.yml", text=text)
    message, cited = _one(extract_ci(file))
    assert message == "not YAML: mapping values are not allowed in this context"
    assert cited == ".github/workflows/ci.yml:4:15"


def test_a_pyproject_left_open_cites_its_column_too() -> None:
    file = SourceFile(ref="r/pyproject.toml", rel="pyproject.toml", text=_TOML)
    message, cited = _one(extract_pyproject(file))
    assert message == "invalid TOML: Unclosed array"
    assert cited == "r/pyproject.toml:3:30"


def test_a_snapshot_cut_short_is_refused_at_its_end(tmp_path: Path) -> None:
    path = tmp_path / "snap.json"
    path.write_text('{\n  "schema": "bringup/snapshot-1",\n  "facts": [\n')
    with pytest.raises(InputError) as raised:
        read_snapshot(path)
    assert raised.value.message == "not JSON: Input data was truncated"
    assert (raised.value.line, raised.value.column) == (4, 1)


def test_a_snapshot_with_a_stray_character_is_refused_at_it(tmp_path: Path) -> None:
    path = tmp_path / "snap.json"
    path.write_text('{\n  "schema": "bringup/snapshot-1",,\n}\n')
    with pytest.raises(InputError) as raised:
        read_snapshot(path)
    assert raised.value.message == "not JSON: object keys must be strings"
    assert (raised.value.line, raised.value.column) == (2, 34)  # the second comma
    assert raised.value.location.endswith("snap.json:2:34")
