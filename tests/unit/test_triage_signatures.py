"""The signature data: enough of it, well-formed, and a loader that rejects bad records with
the file, line, record and field at fault."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bringup.errors import InputError, KnowledgeBaseError
from bringup.triage import PREDICATES, load_signatures
from bringup.triage.loader import failure_dirs
from bringup.triage.signatures import BUILTIN_DIR, pattern_problem
from triage_inputs import write

GOOD = """
[[signature]]
id = "test.area.example"
title = "An example"
layer = "install"
kind = "version"
patterns = ['''example failure (?P<version>\\d+)''']
cause = "needs {version}"
fix = "install {version}[[ (host has {fact:host.glibc})]]"
source = "https://example.org/thread/1"
"""


def _write(directory: Path, text: str, name: str = "sigs.toml") -> Path:
    return write(directory, name, text)


def test_builtin_set_is_large_and_covers_every_area() -> None:
    catalogue = load_signatures()
    assert len(catalogue.signatures) >= 80
    files = Counter(Path(s.path).name for s in catalogue.signatures)
    for area in (
        "ascend_install.toml",
        "ascend_runtime.toml",
        "hccl.toml",
        "cuda_runtime.toml",
        "cuda_build.toml",
        "nccl.toml",
        "host_toolchain.toml",
        "python_packaging.toml",
    ):
        assert files[area] >= 5 or area == "nccl.toml", area
    assert len({s.id for s in catalogue.signatures}) == len(catalogue.signatures)


def test_predicate_names_in_data_equal_the_registry() -> None:
    used = {name for s in load_signatures().signatures for name in s.record.when}
    assert used == set(PREDICATES)


def test_every_record_cites_a_public_source_and_its_patterns_are_re2() -> None:
    for signature in load_signatures().signatures:
        assert signature.record.source.startswith("https://")
        for pattern in signature.record.patterns:
            assert pattern_problem(pattern) is None


def test_loads_a_good_file_and_overlay_replaces_by_id(tmp_path: Path) -> None:
    _write(tmp_path / "base", GOOD)
    site = GOOD.replace("An example", "Site version")
    _write(tmp_path / "site", site.replace('id = "test.area.example"', _REPLACING))
    catalogue = load_signatures([tmp_path / "base", tmp_path / "site"])
    assert [s.record.title for s in catalogue.signatures] == ["Site version"]
    assert catalogue.signatures[0].groups == (frozenset({"version"}),)


_REPLACING = 'id = "test.area.example"\nreplaces = "test.area.example"'


def test_builtin_dir_is_the_default() -> None:
    assert {s.path for s in load_signatures().signatures} == {
        str(p) for p in BUILTIN_DIR.glob("*.toml") if "[[signature]]" in p.read_text("utf-8")
    }


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        (('layer = "install"', 'layer = "kernel"'), "layer", "Invalid enum value"),
        (('kind = "version"', 'kind = "version"\ncolour = "red"'), "colour", "unknown field"),
        (("'''example failure", "'''(?<=x)example failure"), "patterns", "RE2"),
        (("'''example failure (?P<version>\\d+)'''", "'''x*'''"), "patterns", "empty line"),
        (
            ('source = "https:', 'when = { no_such_predicate = "x" }\nsource = "https:'),
            "when",
            "unknown predicate",
        ),
        (
            ('source = "https:', 'when = { glibc_below = "{missing}" }\nsource = "https:'),
            "when",
            "no pattern captures",
        ),
        (
            ('source = "https:', 'when = { glibc_below = 3 }\nsource = "https:'),
            "when",
            "takes a str",
        ),
        (('cause = "needs {version}"', 'cause = "needs {other}"'), "cause", "must capture"),
        (
            ('cause = "needs {version}"', 'cause = "needs {fact:host.glibc}"'),
            "cause",
            "inside [[ ]]",
        ),
        (
            ('cause = "needs {version}"', 'cause = "[[{fact:no.such.key}]]"'),
            "cause",
            "not a fact key",
        ),
        (('source = "https://example.org/thread/1"', 'source = "somewhere"'), "source", "https://"),
        (('id = "test.area.example"', 'id = "Bad Id"'), "id", "dotted"),
    ],
)
def test_bad_records_name_file_line_record_and_field(
    tmp_path: Path, change: tuple[str, str], field: str, message: str
) -> None:
    text = GOOD.replace(*change)
    assert text != GOOD
    path = _write(tmp_path, text)
    with pytest.raises(KnowledgeBaseError) as caught:
        load_signatures([tmp_path])
    error = caught.value
    assert error.path == str(path)
    assert error.field == field
    assert message in str(error)
    assert error.line is not None
    assert error.line > 1


def test_duplicate_id_in_one_directory(tmp_path: Path) -> None:
    _write(tmp_path, GOOD, "a.toml")
    _write(tmp_path, GOOD, "b.toml")
    with pytest.raises(KnowledgeBaseError, match="duplicate id"):
        load_signatures([tmp_path])


def test_outranks_must_name_a_known_signature(tmp_path: Path) -> None:
    _write(tmp_path, GOOD + 'outranks = ["test.area.ghost"]\n')
    with pytest.raises(KnowledgeBaseError, match=r"outranks 'test\.area\.ghost'") as caught:
        load_signatures([tmp_path])
    assert caught.value.field == "outranks"


def test_lookup_tables_must_exist(tmp_path: Path) -> None:
    _write(tmp_path, GOOD.replace('fix = "install', 'fix = "[[{version:gcc}]] install'))
    with pytest.raises(KnowledgeBaseError, match="no lookup table 'gcc'"):
        load_signatures([tmp_path])


def test_malformed_toml_points_at_the_line(tmp_path: Path) -> None:
    _write(tmp_path, GOOD + "\n[[signature]\n")
    with pytest.raises(InputError) as caught:
        load_signatures([tmp_path])
    assert caught.value.line == GOOD.count("\n") + 2


def test_missing_directory_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(KnowledgeBaseError, match="not a directory"):
        load_signatures([tmp_path / "absent"])


def test_failure_dirs_of_a_kb_search_path(tmp_path: Path) -> None:
    base, user, extra = tmp_path / "base", tmp_path / "user", tmp_path / "extra"
    for directory in (base, user, extra / "failures"):
        directory.mkdir(parents=True)
    assert failure_dirs([base, user, extra]) == [BUILTIN_DIR, extra / "failures"]
    (base / "failures").mkdir()
    assert failure_dirs([base, user, extra]) == [base / "failures", extra / "failures"]
    assert failure_dirs([]) == [BUILTIN_DIR]
