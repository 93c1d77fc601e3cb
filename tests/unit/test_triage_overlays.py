"""Signature overlays: an overlay adds signatures, and replaces one by saying
``replaces = "<id>"`` (the knowledge base's overlay rule); an overlay file with a
problem is left out whole with a warning (file, line, record id, field) while the built-in
signatures keep working; ``bringup explain --kb/--kb-extra`` and the kb environment variables
read them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.errors import KnowledgeBaseError
from bringup.triage import BUILTIN_DIR, load_signatures, read_signatures
from triage_inputs import write

SITE = """\
[[signature]]
id = "site.cluster.fabric-down"
title = "Our fabric manager is down"
layer = "communication"
kind = "environment"
patterns = ['''fabric link (?P<link>\\d+) is down''']
cause = "Link {link} of the cluster fabric is down."
fix = "Page the fabric on-call."
source = "https://wiki.example.org/runbooks/fabric"
"""

GLIBCXX_LINE = "ImportError: libstdc++.so.6: version `GLIBCXX_3.4.30' not found (required by x)\n"


pytestmark = pytest.mark.usefixtures("no_user_kb")


def test_overlay_adds_a_signature_to_the_builtin_ones(tmp_path: Path) -> None:
    write(tmp_path / "site", "site.toml", SITE)
    loaded = read_signatures([BUILTIN_DIR, tmp_path / "site"])
    assert loaded.problems == ()
    ids = [s.id for s in loaded.catalogue.signatures]
    assert ids[-1] == "site.cluster.fabric-down"
    assert len(ids) == len(load_signatures().signatures) + 1


def test_broken_overlay_file_is_left_out_whole_and_named(tmp_path: Path) -> None:
    good_and_bad = SITE + SITE.replace("site.cluster.fabric-down", "site.cluster.other").replace(
        'layer = "communication"', 'layer = "plumbing"'
    )
    path = write(tmp_path / "site", "site.toml", good_and_bad)
    loaded = read_signatures([BUILTIN_DIR, tmp_path / "site"])
    (problem,) = loaded.problems
    assert problem.path == str(path)
    assert problem.record_id == "site.cluster.other"
    assert problem.field == "layer"
    assert problem.line == SITE.count("\n") + 4
    assert "Invalid enum value 'plumbing'" in problem.message
    ids = {s.id for s in loaded.catalogue.signatures}
    assert "site.cluster.fabric-down" not in ids  # the whole file, not only the bad record
    assert len(ids) == len(load_signatures().signatures)


def test_left_out_overlay_restores_the_builtin_record_it_replaced(tmp_path: Path) -> None:
    builtin = load_signatures().by_id("toolchain.glibcxx-not-found")
    assert builtin is not None
    replacement = SITE.replace(
        'id = "site.cluster.fabric-down"',
        'id = "toolchain.glibcxx-not-found"\nreplaces = "toolchain.glibcxx-not-found"',
    )
    write(tmp_path / "good", "replace.toml", replacement)
    write(tmp_path / "bad", "replace.toml", replacement + 'outranks = ["nowhere.to.be"]\n')
    good = read_signatures([BUILTIN_DIR, tmp_path / "good"])
    assert good.catalogue.by_id("toolchain.glibcxx-not-found").record.title == (  # type: ignore[union-attr]
        "Our fabric manager is down"
    )
    bad = read_signatures([BUILTIN_DIR, tmp_path / "bad"])
    assert [p.field for p in bad.problems] == ["outranks"]
    assert bad.catalogue.by_id("toolchain.glibcxx-not-found") == builtin


def test_overriding_a_builtin_id_without_replaces_is_an_error_at_its_line(
    tmp_path: Path,
) -> None:
    builtin = load_signatures().by_id("toolchain.glibcxx-not-found")
    shadow = SITE.replace("site.cluster.fabric-down", "toolchain.glibcxx-not-found")
    path = write(tmp_path / "site", "shadow.toml", SITE.replace("fabric-down", "a") + shadow)
    loaded = read_signatures([BUILTIN_DIR, tmp_path / "site"])
    (problem,) = loaded.problems
    assert (problem.path, problem.line) == (str(path), SITE.count("\n") + 2)  # its id = line
    assert (problem.record_id, problem.field) == ("toolchain.glibcxx-not-found", "replaces")
    assert problem.message.endswith(
        'to override that record say replaces = "toolchain.glibcxx-not-found"'
    )
    assert f"{builtin.path}:{builtin.line}" in problem.message  # type: ignore[union-attr]
    assert loaded.catalogue.by_id("toolchain.glibcxx-not-found") == builtin
    assert loaded.catalogue.by_id("site.cluster.a") is None  # the whole file is left out
    with pytest.raises(KnowledgeBaseError, match="replaces"):
        load_signatures([BUILTIN_DIR, tmp_path / "site"])


def test_replaces_must_name_a_loaded_signature(tmp_path: Path) -> None:
    path = write(tmp_path / "site", "site.toml", SITE + 'replaces = "toolchain.no-such-thing"\n')
    (problem,) = read_signatures([BUILTIN_DIR, tmp_path / "site"]).problems
    assert (problem.path, problem.field) == (str(path), "replaces")
    assert problem.line == SITE.count("\n") + 1
    assert "which is not loaded" in problem.message


def test_a_replacement_with_a_new_id_takes_the_replaced_place(tmp_path: Path) -> None:
    builtin_ids = [s.id for s in load_signatures().signatures]
    position = builtin_ids.index("toolchain.glibcxx-not-found")
    write(tmp_path / "site", "site.toml", SITE + 'replaces = "toolchain.glibcxx-not-found"\n')
    loaded = read_signatures([BUILTIN_DIR, tmp_path / "site"])
    assert loaded.problems == ()
    ids = [s.id for s in loaded.catalogue.signatures]
    assert ids[position] == "site.cluster.fabric-down"
    assert "toolchain.glibcxx-not-found" not in ids
    assert len(ids) == len(builtin_ids)


def test_malformed_toml_overlay_names_its_line(tmp_path: Path) -> None:
    path = write(tmp_path / "site", "broken.toml", SITE + "[[signature]\n")
    (problem,) = read_signatures([BUILTIN_DIR, tmp_path / "site"]).problems
    assert (problem.path, problem.line) == (str(path), SITE.count("\n") + 1)
    assert "invalid TOML" in problem.message


def test_duplicate_id_across_files_of_one_overlay_drops_the_later_file(tmp_path: Path) -> None:
    write(tmp_path / "site", "a.toml", SITE)
    later = write(tmp_path / "site", "b.toml", SITE)
    loaded = read_signatures([BUILTIN_DIR, tmp_path / "site"])
    assert [(p.path, p.field) for p in loaded.problems] == [(str(later), "id")]
    assert loaded.catalogue.by_id("site.cluster.fabric-down") is not None


def test_problems_in_the_builtin_signatures_still_raise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bringup.triage import loader

    write(tmp_path / "builtin", "bad.toml", SITE.replace("https://", "http://"))
    monkeypatch.setattr(loader, "BUILTIN_DIR", (tmp_path / "builtin").resolve())
    with pytest.raises(KnowledgeBaseError, match="https://"):
        loader.read_signatures([tmp_path / "builtin"])


def _log(tmp_path: Path) -> Path:
    path = tmp_path / "run.log"
    path.write_text("start\nfabric link 7 is down\n" + GLIBCXX_LINE, encoding="utf-8")
    return path


def test_explain_reads_kb_extra_overlays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path / "site" / "failures", "site.toml", SITE)
    assert main(["explain", str(_log(tmp_path)), "--kb-extra", str(tmp_path / "site")]) == 0
    captured = capsys.readouterr()
    assert "site.cluster.fabric-down" in captured.out
    assert "Link 7 of the cluster fabric is down." in captured.out
    assert "toolchain.glibcxx-not-found" in captured.out
    assert captured.err == ""


def test_explain_reads_the_extra_dir_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path / "site" / "failures", "site.toml", SITE)
    monkeypatch.setenv("BRINGUP_KB_EXTRA_DIR", str(tmp_path / "site"))
    assert main(["explain", str(_log(tmp_path)), "--json"]) == 0
    found = [d["signature_id"] for d in json.loads(capsys.readouterr().out)["data"]["diagnoses"]]
    assert "site.cluster.fabric-down" in found


def test_explain_warns_about_a_broken_overlay_and_uses_the_builtin_signatures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = SITE.replace('kind = "environment"', 'kind = "environment"\ncolour = "red"')
    path = write(tmp_path / "site" / "failures", "site.toml", bad)
    log = str(_log(tmp_path))
    assert main(["explain", log, "--kb-extra", str(tmp_path / "site")]) == 0
    captured = capsys.readouterr()
    assert "toolchain.glibcxx-not-found" in captured.out
    assert "site.cluster.fabric-down" not in captured.out
    assert captured.err.startswith(f"WARNING: knowledge-base overlay left out: {path}:6: ")
    assert "record 'site.cluster.fabric-down', field 'colour'" in captured.err
    assert main(["explain", log, "--kb-extra", str(tmp_path / "site"), "--json"]) == 0
    captured = capsys.readouterr()
    (warning,) = json.loads(captured.out)["data"]["warnings"]
    assert warning["record_id"] == "site.cluster.fabric-down"
    assert warning["field"] == "colour"
    assert warning["line"] == 6
    assert captured.err == ""


def test_explain_with_a_missing_overlay_dir_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["explain", str(_log(tmp_path)), "--kb-extra", str(tmp_path / "absent")])
    assert code == 2
    assert "no such directory" in capsys.readouterr().err


def test_explain_kb_replaces_the_base_and_keeps_builtin_signatures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path / "kb", "README.md", "a knowledge base without its own failures/\n")
    assert main(["explain", str(_log(tmp_path)), "--kb", str(tmp_path / "kb")]) == 0
    assert "toolchain.glibcxx-not-found" in capsys.readouterr().out
