"""Overlays: extending and overriding built-in records by id, the directories that supply them,
and what a malformed overlay reports (file:line, record id, field) while the built-in
knowledge base keeps working."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.errors import InputError
from bringup.kb import load_knowledge_base
from bringup.kb.paths import builtin_dir, data_dirs

SITE_ROW = """\
topic = "cann_hdk"

[[rule]]
id = "site-cann-8.0.RC1-driver"
when = { cann = "==8.0.RC1" }
then = { ascend_driver = ">=24.1.RC3" }
source = "our cluster's qualification report QR-2024-17"
"""

OVERRIDE = """\
[[rule]]
id = "site-torch_npu-2.1.0"
replaces = "torch_npu-2.1.0"
when = { torch_npu = "==2.1.0" }
then = { torch = "==2.1.0", cann = "==7.0.0 || ==8.0.RC1" }
source = "internal test run 2024-05-02 (torch_npu 2.1.0 on CANN 8.0.RC1)"
"""


def write(directory: Path, name: str, text: str) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def test_extra_dir_adds_records(tmp_path: Path) -> None:
    write(tmp_path / "site", "site.toml", SITE_ROW)
    kb = load_knowledge_base(extra_dirs=[tmp_path / "site"])
    assert kb.problems == ()
    verdict = kb.compatible("cann==8.0.RC1", "ascend_driver==24.1.rc2")
    assert verdict.status == "incompatible"  # the site row is stricter than the built-in one
    assert verdict.deciding[0].rule.id == "site-cann-8.0.RC1-driver/ascend_driver"
    assert kb.topic("cann_hdk") is not None
    assert any(p.endswith("site.toml") for p in kb.topic("cann_hdk").paths)  # type: ignore[union-attr]


def test_override_replaces_the_named_record(tmp_path: Path) -> None:
    write(tmp_path / "site", "override.toml", OVERRIDE)
    kb = load_knowledge_base(extra_dirs=[tmp_path / "site"])
    assert kb.problems == ()
    ids = {e.record.id for e in kb.entries()}
    assert "torch_npu-2.1.0" not in ids
    assert "site-torch_npu-2.1.0" in ids
    assert kb.compatible("torch_npu==2.1.0", "cann==8.0.RC1").status == "compatible"


def test_same_id_without_replaces_is_an_error_and_the_builtin_still_works(tmp_path: Path) -> None:
    text = OVERRIDE.replace('id = "site-torch_npu-2.1.0"\nreplaces = "torch_npu-2.1.0"\n', "")
    text = text.replace("[[rule]]\n", '[[rule]]\nid = "torch_npu-2.1.0"\n')
    path = write(tmp_path / "site", "override.toml", text)
    kb = load_knowledge_base(extra_dirs=[tmp_path / "site"])
    (problem,) = kb.problems
    assert problem.path == str(path)
    assert problem.line == 1
    assert problem.record_id == "torch_npu-2.1.0"
    assert problem.field == "replaces"
    assert 'replaces = "torch_npu-2.1.0"' in problem.message
    assert kb.compatible("torch_npu==2.1.0", "cann==8.0.RC1").status == "incompatible"


def test_replacing_an_unknown_id_is_an_error(tmp_path: Path) -> None:
    write(
        tmp_path / "site",
        "o.toml",
        OVERRIDE.replace('replaces = "torch_npu-2.1.0"', 'replaces = "nope"'),
    )
    kb = load_knowledge_base(extra_dirs=[tmp_path / "site"])
    assert [p.field for p in kb.problems] == ["replaces"]
    assert "'nope'" in kb.problems[0].message


def test_numbers_are_rejected_with_file_line_and_field(tmp_path: Path) -> None:
    text = """\
[[rule]]
id = "gpu-row"
when = { cuda = "==12.10" }
then = { nvidia_driver = ">=580" }
source = "x"

[[release]]
id = "cuda-12.10"
subject = "cuda"
version = 12.10
source = "x"
"""
    path = write(tmp_path / "site", "numbers.toml", text)
    kb = load_knowledge_base(extra_dirs=[tmp_path / "site"])
    (problem,) = kb.problems
    assert (problem.path, problem.line, problem.record_id, problem.field) == (
        str(path),
        10,
        "cuda-12.10",
        "version",
    )
    assert "12.1" in problem.message
    assert "string" in problem.message
    assert f"{path}:10: record 'cuda-12.10', field 'version':" in str(problem)


def test_malformed_overlay_reports_every_problem_at_once(tmp_path: Path) -> None:
    text = """\
[[rule]]
id = "ok-row"
when = { cann = "==8.0.RC1" }
then = { ascend_driver = ">=24.1.RC1" }
source = "x"

[[rule]]
id = "two-problems"
when = { cann = "==8.0.RC1", python = "==3.10" }
then = { ascend_driver = ">=24.1.RC1" }
source = ""

[[rule]]
id = "bad-spec"
when = { cann = "==eight" }
then = { canm = ">=1" }
source = "x"

[[release]]
subject = "cann"
version = "8.0.RC1"
source = "x"
colour = "blue"
"""
    path = write(tmp_path / "site", "broken.toml", text)
    kb = load_knowledge_base(extra_dirs=[tmp_path / "site"])
    found = {(p.line, p.record_id, p.field) for p in kb.problems}
    assert (9, "two-problems", "when") in found
    assert (11, "two-problems", "source") in found
    assert (15, "bad-spec", "when.cann") in found
    assert (16, "bad-spec", "then.canm") in found
    assert (23, None, "colour") in found
    assert any(p.line == 19 and "missing required field 'id'" in p.message for p in kb.problems)
    assert all(p.path == str(path) for p in kb.problems)
    assert "ok-row" not in {e.record.id for e in kb.entries()}  # the whole file is left out
    assert kb.compatible("torch_npu==2.1.0.post4", "cann==8.0.RC1").status == "compatible"


def test_toml_syntax_error_gives_the_line(tmp_path: Path) -> None:
    path = write(
        tmp_path / "site", "syntax.toml", '[[rule]]\nid = "x"\nwhen = { cann = "==8.0.RC1" \n'
    )
    kb = load_knowledge_base(extra_dirs=[tmp_path / "site"])
    (problem,) = kb.problems
    assert problem.path == str(path)
    assert problem.line == 3
    assert "invalid TOML" in problem.message


def test_kb_validate_lists_every_problem_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(
        tmp_path / "site",
        "a.toml",
        '[[release]]\nid = "r"\nsubject = "cann"\nversion = 8.1\nsource = "x"\n',
    )
    write(
        tmp_path / "site",
        "b.toml",
        OVERRIDE.replace('replaces = "torch_npu-2.1.0"', 'replaces = "gone"'),
    )
    assert main(["kb", "validate", str(tmp_path / "site")]) == 2
    err = capsys.readouterr().err
    assert f"{tmp_path / 'site' / 'a.toml'}:4: record 'r', field 'version'" in err
    assert (
        f"{tmp_path / 'site' / 'b.toml'}:1: record 'site-torch_npu-2.1.0', field 'replaces'" in err
    )
    assert "2 problem(s) in 2 file(s)" in err


def test_kb_validate_accepts_a_good_overlay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path / "site", "site.toml", SITE_ROW)
    write(tmp_path / "site", "override.toml", OVERRIDE)
    assert main(["kb", "validate", str(tmp_path / "site")]) == 0
    assert "2 file(s), 2 record(s), no problems" in capsys.readouterr().out


def test_kb_validate_of_a_directory_without_kb_files_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A mistyped overlay path (an empty directory, a docs folder) said "0 file(s), 0
    record(s), no problems" and exit 0: it passed a check it never made."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "README.md").write_text("# notes\n")
    assert main(["kb", "validate", str(tmp_path / "docs")]) == 2
    err = capsys.readouterr().err
    assert "no knowledge-base file to validate" in err
    assert str(tmp_path / "docs") in err


def test_kb_validate_of_the_builtin_tables_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kb", "validate", "--standalone", str(builtin_dir())]) == 0


def test_normal_commands_warn_about_a_broken_overlay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write(
        tmp_path / "site",
        "a.toml",
        '[[release]]\nid = "r"\nsubject = "cann"\nversion = 8.1\nsource = "x"\n',
    )
    monkeypatch.setenv("BRINGUP_KB_EXTRA_DIR", str(tmp_path / "site"))
    assert main(["kb", "why", "torch_npu==2.1.0.post4", "cann==8.0.RC1"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("COMPATIBLE")
    assert "WARNING: knowledge-base overlay left out:" in captured.err
    assert "a.toml:4" in captured.err


def test_directory_order_and_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "config" / "bringup" / "kb"
    config.mkdir(parents=True)
    extra = tmp_path / "extra"
    extra.mkdir()
    explicit = tmp_path / "explicit"
    explicit.mkdir()
    monkeypatch.setenv("BRINGUP_KB_EXTRA_DIR", str(extra))
    assert data_dirs(extra_dirs=[explicit]) == [builtin_dir(), config, extra, explicit]
    replacement = tmp_path / "replacement"
    replacement.mkdir()
    monkeypatch.setenv("BRINGUP_KB_DIR", str(replacement))
    assert data_dirs()[0] == replacement
    assert data_dirs(kb_dir=explicit)[0] == explicit  # --kb wins over the variable


def test_kb_dir_replaces_the_builtin_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path / "only", "site.toml", SITE_ROW)
    monkeypatch.setenv("BRINGUP_KB_DIR", str(tmp_path / "only"))
    kb = load_knowledge_base()
    assert [e.record.id for e in kb.entries()] == ["site-cann-8.0.RC1-driver"]
    assert kb.compatible("torch_npu==2.1.0.post4", "cann==8.0.RC1").status == "unknown"


def test_user_config_dir_extends(tmp_path: Path) -> None:
    write(tmp_path / "config" / "bringup" / "kb", "site.toml", SITE_ROW)
    kb = load_knowledge_base()
    assert "site-cann-8.0.RC1-driver" in {e.record.id for e in kb.entries()}


def test_missing_directories(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(InputError, match="no such directory"):
        load_knowledge_base(kb_dir=tmp_path / "nope")
    with pytest.raises(InputError, match="no such directory"):
        load_knowledge_base(extra_dirs=[tmp_path / "nope"])
    monkeypatch.setenv("BRINGUP_KB_EXTRA_DIR", str(tmp_path / "nope"))
    kb = load_knowledge_base()
    assert [p.message for p in kb.problems] == ["BRINGUP_KB_EXTRA_DIR: no such directory"]
    assert kb.rules()


def test_a_release_planned_for_a_later_day_is_not_offered(tmp_path: Path) -> None:
    """``solve`` planned "Python 3.16" (due 2027-10-06) as the newest Python: a planned
    release is a version only once its day has come; a past planned day is a release."""
    write(
        tmp_path / "site",
        "future.toml",
        'topic = "future"\ntitle = "t"\n\n'
        '[[release]]\nid = "python-9.0"\nsubject = "python"\nversion = "9.0"\n'
        'date = "2999-10-01"\nkind = "planned"\nsource = "https://devguide.python.org/versions/"\n\n'
        '[[release]]\nid = "python-9.1-old-plan"\nsubject = "python"\nversion = "2.8"\n'
        'date = "2001-10"\nkind = "planned"\nsource = "https://devguide.python.org/versions/"\n',
    )
    kb = load_knowledge_base(extra_dirs=[tmp_path / "site"])
    assert kb.problems == ()
    assert "9.0" not in kb.releases("python")
    assert "2.8" in kb.releases("python")
