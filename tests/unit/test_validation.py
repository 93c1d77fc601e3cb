"""Values checked against what bringup knows (issue 17, item 4): each input an outsider gave
that was accepted silently, run through the CLI as they ran it, with the message it gives now
(file:line:column and the caret for a manifest) and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.errors import InputError
from bringup.kb import load_knowledge_base
from bringup.kb.query import unknown_chip
from bringup.scan import load_manifest
from bringup.scan.manifest import RepoManifest
from bringup.scan.tomlpos import locate

ROOT = Path(__file__).resolve().parents[2]
STACK = ROOT / "examples" / "six-repos"
HOST = ROOT / "tests" / "fixtures" / "hosts" / "linux-aarch64-ascend-910b-two-cann-toolkits"
CHIPS = "310, 310P, 310B, 910, 910B, 910_93, 950"
"""The chip families of kb/data/chips.toml, in file order."""

pytestmark = pytest.mark.usefixtures("no_user_kb")

STEP = '[[steps]]\nname = "unit"\nkind = "test"\nargv = ["pytest"]\n'


def _scan_error(tmp_path: Path, manifest: str, capsys: pytest.CaptureFixture[str]) -> str:
    (tmp_path / "bringup.toml").write_text(manifest, encoding="utf-8")
    (tmp_path / "README.md").write_text("# r\n", encoding="utf-8")
    assert main(["scan", str(tmp_path)]) == 2
    return capsys.readouterr().err


@pytest.mark.parametrize(
    ("count", "bound"), [("-5", "Expected `int` >= 0"), ("100000", "Expected `int` <= 1024")]
)
def test_a_negative_or_absurd_device_count_is_an_error_at_its_value(
    count: str, bound: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _scan_error(tmp_path, STEP + f"needs = {{ devices = {count} }}\n", capsys)
    assert f"bringup.toml:5:21: {bound} (at steps[0].needs.devices)" in err
    assert err.endswith(
        f"    needs = {{ devices = {count} }}\n" + " " * 24 + "^" * len(count) + "\n"
    )


def test_an_unknown_chip_is_an_error_listing_the_known_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _scan_error(
        tmp_path, STEP + 'needs = { devices = 1, chips = ["910B", "NOSUCH"] }\n', capsys
    )
    assert f"bringup.toml:5:41: unknown chip family 'NOSUCH' (known: {CHIPS})" in err
    assert err.endswith(" " * 44 + "^" * 8 + "\n")


def test_a_chip_in_the_wrong_case_is_named_as_it_is_written(tmp_path: Path) -> None:
    (tmp_path / "bringup.toml").write_text(STEP + 'needs = { chips = ["910b"] }\n')
    with pytest.raises(InputError, match="'910b'; did you mean '910B'"):
        load_manifest(tmp_path / "bringup.toml")


def test_the_chip_list_is_the_knowledge_base_s() -> None:
    families = load_knowledge_base(use_cache=False).chip_families()
    assert ", ".join(families) == CHIPS
    assert unknown_chip("910_93", families) is None
    assert unknown_chip("NOSUCH", ()) is None  # a knowledge base without chip records


def test_a_sentence_as_a_subject_is_an_unknown_subject(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    subject = "install frobnicator from the package index"
    err = _scan_error(tmp_path, f'[[requirements]]\nsubject = "{subject}"\n', capsys)
    assert f"bringup.toml:2:11: unknown subject '{subject}'" in err
    assert "^" * (len(subject) + 2) in err
    assert "TIP: a subject is a name such as cann" in err


def test_a_bare_package_name_is_told_how_to_write_it(tmp_path: Path) -> None:
    (tmp_path / "bringup.toml").write_text('[[requirements]]\nsubject = "NumPy"\nspec = ">=1"\n')
    with pytest.raises(InputError) as raised:
        load_manifest(tmp_path / "bringup.toml")
    assert raised.value.message == "unknown subject 'NumPy'"
    assert raised.value.hint == "a Python distribution is written 'pypi:numpy'"


@pytest.mark.parametrize(
    "subject",
    ["cann", "torch_npu", "triton", "pypi:ascend-comm", "cmake:AscendOps", "conda:_libgcc_mutex"],
)
def test_subjects_the_scan_writes_are_accepted(subject: str, tmp_path: Path) -> None:
    (tmp_path / "bringup.toml").write_text(f'[[requirements]]\nsubject = "{subject}"\n')
    manifest = load_manifest(tmp_path / "bringup.toml").manifest
    assert isinstance(manifest, RepoManifest)
    [requirement] = manifest.requirements
    assert requirement.subject == subject


def test_a_deep_table_is_an_unknown_field_at_its_header(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 200 levels: deep enough for a line longer than the excerpt; at 3,000 levels tomllib ran out
    # of stack in one full CI run (then the answer is the "nested too deeply" error, also exit 2).
    err = _scan_error(tmp_path, 'name = "x"\n[a' + ".a" * 200 + "]\n", capsys)
    assert "bringup.toml:2:2: Object contains unknown field `a`" in err
    excerpt, caret = err.splitlines()[-2:]
    assert excerpt.startswith("    [a.a.a")
    assert excerpt.endswith("…")
    assert len(excerpt) < 120
    assert caret == "     ^"


def test_an_unknown_field_in_a_deep_table_under_a_step_is_at_its_header() -> None:
    text = STEP + "[steps.extra.deeper]\nx = 1\n"
    where = locate(text, ["steps", 0, "extra"], key_only=True)
    assert where is not None
    assert (where.line, where.column, where.width) == (5, 8, 5)


def _failure_overlay(root: Path) -> Path:
    """Two signature files, each broken the way an overlay author breaks one: a value
    outside its enum, and a pattern RE2 cannot compile."""
    failures = root / "site" / "failures"
    failures.mkdir(parents=True)
    signature = (
        '[[signature]]\nid = "site.cluster.{name}"\ntitle = "t"\nlayer = "{layer}"\n'
        "kind = \"environment\"\npatterns = ['''{pattern}''']\ncause = \"c.\"\nfix = \"f.\"\n"
        'source = "https://wiki.example.org/runbooks/{name}"\n'
    )
    (failures / "a.toml").write_text(
        signature.format(name="fabric", layer="plumbing", pattern="fabric down")
    )
    (failures / "b.toml").write_text(
        signature.format(name="scratch", layer="communication", pattern="scratch (full")
    )
    return root / "site"


def test_kb_validate_fails_on_broken_signature_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    overlay = _failure_overlay(tmp_path)
    assert main(["kb", "validate", str(overlay)]) == 2
    err = capsys.readouterr().err
    assert f"{overlay}/failures/a.toml:4: record 'site.cluster.fabric', field 'layer': " in err
    assert f"{overlay}/failures/b.toml:6: record 'site.cluster.scratch', field 'patterns': " in err
    assert "not valid RE2 syntax" in err
    assert "2 problem(s) in 2 file(s)" in err
    assert main(["kb", "validate", "--json", str(overlay)]) == 2
    envelope = json.loads(capsys.readouterr().out)
    # README: a failure's envelope has data null and every problem under error (O16 D17)
    assert envelope["data"] is None
    assert envelope["error"]["kind"] == "input"
    problems = envelope["error"]["problems"]
    assert [(p["file"].rsplit("/", 1)[-1], p["line"]) for p in problems] == [
        ("a.toml", 4),
        ("b.toml", 6),
    ]
    assert problems[0]["message"].startswith("record 'site.cluster.fabric', field 'layer': ")


def test_kb_validate_counts_the_signatures_it_checked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = ROOT / "src" / "bringup" / "kb" / "data"
    assert main(["kb", "validate", "--json", str(data)]) == 0
    report = json.loads(capsys.readouterr().out)["data"]
    tables = len(list(data.glob("*.toml")))
    assert report["files"] == tables + len(list((data / "failures").glob("*.toml")))


def test_kb_why_rejects_an_unknown_chip(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kb", "why", "torch_npu==2.1.0", "--chip", "NOSUCHCHIP"]) == 2
    err = capsys.readouterr().err
    assert f"--chip: unknown chip family 'NOSUCHCHIP' (known: {CHIPS})" in err
    assert main(["kb", "why", "torch_npu==2.1.0", "--chip", "910B", "--json"]) in (0, 1)


def test_what_if_rejects_an_unknown_chip(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["solve", str(STACK), "--snapshot", str(HOST), "--json", "--what-if"]
    assert main([*argv, "chip=NOSUCH"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["message"] == f"--what-if chip: unknown chip family 'NOSUCH' (known: {CHIPS})"
    assert main([*argv, "chip=910B,NOSUCH"]) == 2
    capsys.readouterr()
    assert main([*argv, "chip=910_93"]) in (0, 1)


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ('name = "x"\nfrob.x = 1\n', 2, 1),  # a dotted key
        ('name = "x"\n' + "a." * 50 + "b = 1\n", 2, 1),  # a deep dotted key
        (STEP + "needs.devicez = 1\n", 5, 7),  # a dotted key under a step
        (STEP + "needs = { devicez = 1 }\n", 5, 11),  # an inline table
        ('[[repos]]\npath = "a"\n[repos.a.a.a]\nx = 1\n', 3, 8),  # a deep table in a stack
        ('name = "x"\n"frob" = 1\n', 2, 2),  # a quoted key
    ],
)
def test_an_unknown_field_is_located_however_it_is_written(
    text: str, line: int, column: int, tmp_path: Path
) -> None:
    (tmp_path / "a").mkdir()  # the stack's repo: its directory is checked too
    (tmp_path / "bringup.toml").write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match="unknown field") as raised:
        load_manifest(tmp_path / "bringup.toml")
    assert (raised.value.line, raised.value.column) == (line, column)
    assert "^" in str(raised.value)


def test_a_huge_number_in_a_manifest_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _scan_error(tmp_path, STEP + f"needs = {{ devices = {'9' * 5000} }}\n", capsys)
    assert "bringup.toml:5:21: invalid TOML: a number of 5000 digits is too long to read" in err
