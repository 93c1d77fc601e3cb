"""``bringup explain``: exit codes, text and JSON output, stdin, snapshots."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Optional

import msgspec
import pytest

from bringup.cli.main import main
from bringup.model import Fact, Snapshot, keys
from bringup.model.source import command_source
from bringup.report.envelope import render_json
from conftest import FIXTURES

GLIBCXX = (
    "ImportError: /lib64/libstdc++.so.6: version `GLIBCXX_3.4.30' not found (required by x.so)\n"
)


pytestmark = pytest.mark.usefixtures("no_user_kb")


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "build.log"
    path.write_text("starting\n" + GLIBCXX + "done\n", encoding="utf-8")
    return path


def _snapshot() -> Snapshot:
    glibcxx = Fact(key=keys.GLIBCXX_MAX, value="3.4.28", source=command_source(["strings"]))
    return Snapshot(taken_at="2026-01-01T00:00:00Z", origin="live", facts=(glibcxx,))


def test_found_cause_exits_0_with_text(log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", str(log)]) == 0
    out = _flat(capsys.readouterr().out)
    assert "id toolchain.glibcxx-not-found" in out
    assert "line 2 ImportError" in out
    assert "source https://" in out


def test_nothing_matched_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ok.log"
    path.write_text("all tests passed\n", encoding="utf-8")
    assert main(["explain", str(path)]) == 1
    assert "no failure found" in _flat(capsys.readouterr().out)


def test_json_envelope(log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", str(log), "--json", "--top", "1"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["schema"] == "bringup/1"
    assert document["command"] == "explain"
    assert document["exit_code"] == 0
    assert document["data"]["lines"] == 3
    (diagnosis,) = document["data"]["diagnoses"]
    assert diagnosis["signature_id"] == "toolchain.glibcxx-not-found"
    assert diagnosis["evidence"] == [{"line": 2, "text": GLIBCXX.strip()}]


def test_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    fake = io.TextIOWrapper(io.BytesIO(GLIBCXX.encode()))
    monkeypatch.setattr("sys.stdin", fake)
    assert main(["explain", "-"]) == 0
    out = capsys.readouterr().out
    assert "GLIBCXX_3.4.30" in out
    assert out.startswith("<stdin>: 1 line, 1 likely cause")  # it said "-: 1 line"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"")))
    assert main(["explain", "-"]) == 2
    assert "<stdin>: empty" in capsys.readouterr().err


@pytest.mark.parametrize("enveloped", [True, False])
def test_snapshot_confirms(
    log: Path, tmp_path: Path, enveloped: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    snapshot = _snapshot()
    path = tmp_path / "host.json"
    if enveloped:
        path.write_text(render_json("probe", 0, snapshot), encoding="utf-8")
    else:
        path.write_bytes(msgspec.json.encode(snapshot))
    assert main(["explain", str(log), "--snapshot", str(path)]) == 0
    out = _flat(capsys.readouterr().out)
    assert "[confirmed]" in out
    assert "This host's libstdc++ stops at 3.4.28." in out
    assert "snapshot toolchain.libstdcxx.glibcxx_max = 3.4.28 ($ strings)" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [("{not json", "not JSON"), ('{"facts": 3}', "not a snapshot")],
)
def test_bad_snapshot_is_bad_input(
    log: Path, tmp_path: Path, content: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "host.json"
    path.write_text(content, encoding="utf-8")
    assert main(["explain", str(log), "--snapshot", str(path)]) == 2
    assert message in capsys.readouterr().err


def test_missing_log_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", str(tmp_path / "absent.log")]) == 2
    assert "cannot read log" in capsys.readouterr().err
    assert main(["explain", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err


def test_large_files_take_the_range_path(
    log: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import bringup.cli.explain as cli_explain

    monkeypatch.setattr(cli_explain, "PARALLEL_MIN_BYTES", 0)
    assert main(["explain", str(log), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["data"]["lines"] == 3
    assert document["data"]["diagnoses"][0]["evidence"][0]["line"] == 2


@pytest.mark.parametrize("engine", ["re2", "hyperscan"])
def test_json_names_the_matching_engine(
    engine: str, log: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    if engine == "hyperscan":
        pytest.importorskip("hyperscan", reason="hyperscan (the 'fast' extra) not installed")
    monkeypatch.setenv("BRINGUP_TRIAGE_ENGINE", engine)
    assert main(["explain", str(log), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["data"]
    assert data["engine"].startswith("re2-set" if engine == "re2" else "hyperscan ")
    assert data["diagnoses"][0]["signature_id"] == "toolchain.glibcxx-not-found"
    assert data["warnings"] == []


def test_debug_variable_says_which_engine_ran(
    log: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("BRINGUP_DEBUG", "1")
    monkeypatch.setenv("BRINGUP_TRIAGE_ENGINE", "re2")
    assert main(["explain", str(log)]) == 0
    assert "debug: bringup.cli.explain: matching engine: re2-set\n" in capsys.readouterr().err
    monkeypatch.delenv("BRINGUP_DEBUG")
    assert main(["explain", str(log)]) == 0
    assert capsys.readouterr().err == ""


def _flat(text: str) -> str:
    """The output with its line wrapping undone (it wraps at the console's width)."""
    return " ".join(text.split())


ROOT = Path(__file__).parent.parent.parent
SIXTH = ROOT / "tests" / "data" / "triage_sixth"
# a source URL longer than a line (the golden log's)
HCCL = ROOT / "tests" / "fixtures" / "logs" / "ascend.hccl.socket-timeout" / "vllm-ascend-5461.log"


# a title longer than a line
MOE = SIXTH / "05-vllm-ascend-moe-dispatch-hccl-buffsize-too-small.log"


@pytest.mark.parametrize("given", [None, HCCL, MOE], ids=["glibcxx", "long-url", "long-title"])
def test_piped_output_reads_at_80_columns(
    log: Path, given: Optional[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["explain", str(given or log)]) == 0
    out = capsys.readouterr().out
    assert any(line.startswith("1. ") for line in out.splitlines())
    long_lines = [line for line in out.splitlines() if len(line) > 80]
    # only a single unbreakable token (a path, a URL) may stand past the edge, alone on its line
    assert all(len(line.split()) == 1 for line in long_lines), long_lines


def test_list_prints_every_signature_by_layer(capsys: pytest.CaptureFixture[str]) -> None:
    from bringup.triage import load_signatures
    from bringup.triage.fallbackrules import builtin_rules
    from bringup.triage.faq import faq_signatures
    from bringup.triage.faultdiag import faultdiag_signatures

    assert main(["explain", "--list"]) == 0
    out = capsys.readouterr().out
    rules = builtin_rules()
    listed = (*load_signatures().signatures, *faultdiag_signatures(), *faq_signatures())
    ids = [s.id for s in listed]
    ids += [r.id for r in rules.exceptions] + [r.id for r in rules.lines]
    ids += [r.id for r in rules.evidence]
    assert out.startswith(f"{len(ids)} causes explain can name (")
    assert all(f"  {signature_id}\n" in out for signature_id in ids)
    assert "\ninstall (" in out
    assert "code.acl.507013" not in out


def test_list_codes_names_every_code_as_explain_reports_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # the ids explain gives real logs' codes (tests/unit/test_triage_fallback.py, the corpora)
    assert main(["explain", "--list", "--codes", "--json"]) == 0
    entries = {e["id"]: e for e in json.loads(capsys.readouterr().out)["data"]["signatures"]}
    for code_id in ("code.acl.507013", "code.aclnn.161001", "code.nccl.3", "code.cuda.1"):
        assert entries[code_id]["tier"] == "code"
        assert entries[code_id]["source"].startswith("https://")
    assert entries["code.cann.ee*"]["tier"] == "code-family"
    assert entries["class.install.npu-plugin-out-of-step"]["tier"] == "class"
    assert {e["tier"] for e in entries.values()} >= {"signature", "knowledge", "faq", "fallback"}


def test_list_json_has_causes_and_where_each_is_defined(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = tmp_path / "site" / "failures"
    site.mkdir(parents=True)
    (site / "site.toml").write_text(
        "[[signature]]\n"
        'id = "site.cluster.fabric-down"\n'
        'title = "Our fabric manager is down"\n'
        'layer = "communication"\n'
        'kind = "environment"\n'
        "patterns = ['fabric manager unreachable']\n"
        'cause = "The fabric manager of our cluster is down."\n'
        'fix = "Page the cluster team."\n'
        'source = "https://wiki.example.org/fabric"\n',
        encoding="utf-8",
    )
    assert main(["explain", "--list", "--json", "--kb-extra", str(tmp_path / "site")]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["exit_code"] == 0
    entries = {entry["id"]: entry for entry in document["data"]["signatures"]}
    ours = entries["site.cluster.fabric-down"]
    assert ours["file"] == str(site / "site.toml")
    assert ours["line"] == 2  # the id = line
    assert ours["cause"] == "The fabric manager of our cluster is down."
    assert "patterns" not in ours
    assert entries["toolchain.glibcxx-not-found"]["source"].startswith("https://")


def test_no_log_and_no_list_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain"]) == 2
    assert "give a LOG" in capsys.readouterr().err


def test_markdown_of_a_real_log_has_a_section_and_a_table_per_cause(
    capsys: pytest.CaptureFixture[str],
) -> None:
    log = SIXTH / "01-vllm-ascend-ray-multinode-set-device-107001.log"
    assert main(["explain", str(log), "--format", "markdown"]) == 0
    out = capsys.readouterr().out
    heads = [line for line in out.splitlines() if line.startswith("## ")]
    assert heads[0] == "## 1. ASCEND\\_RT\\_VISIBLE\\_DEVICES names devices this process cannot see"
    assert len(heads) == out.count("| --- | --- |") == 2
    assert "| id | `ascend.runtime.visible-devices-out-of-range` |" in out
    assert "| source | https://github.com/gpustack/gpustack/issues/3352 |" in out
    # the matched log line whole, in a code span: its run of spaces and its ] kept
    assert (
        "| line 2 | `(RayWorkerWrapper pid=118835) ERROR 02-26 09:45:37 worker_base.py:572]  "
        in out
    )


HOSTILE = GLIBCXX.strip().replace("x.so", "<script>alert(1)</script> ``` </pre> | x.so")


@pytest.mark.parametrize("output_format", ["html", "markdown"])
def test_a_hostile_matched_line_stays_text(
    tmp_path: Path, output_format: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "evil.log"
    path.write_text(f"starting\n{HOSTILE}\n", encoding="utf-8")
    assert main(["explain", str(path), "--format", output_format]) == 0
    out = capsys.readouterr().out
    assert "toolchain.glibcxx-not-found" in out
    if output_format == "html":
        assert "<script>" not in out
        assert "</pre>" not in out
        assert "&lt;script&gt;alert(1)&lt;/script&gt; ``` &lt;/pre&gt; | x.so)</code>" in out
    else:
        # a fence longer than the line's longest run of backticks, and the | escaped
        assert "| line 2 | ````ImportError: /lib64/libstdc++.so.6: version `GLIBCXX" in out
        assert "<script>alert(1)</script> ``` </pre> \\| x.so)```` |" in out


@pytest.mark.parametrize("output_format", ["markdown", "html"])
def test_list_in_other_formats(output_format: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "--list", "--format", output_format]) == 0
    out = capsys.readouterr().out
    assert "toolchain.glibcxx-not-found" in out
    assert ("## install (" if output_format == "markdown" else "<h2>install (") in out


def test_a_pasted_report_is_a_snapshot_and_other_text_says_how_to_make_one(
    log: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--snapshot npu-smi.txt`` said only "not JSON: JSON is malformed: invalid character
    (byte 0)"; then it said how to make a snapshot of it; now a pasted report that states a
    host is read as ``--target`` and ``probe --from`` read it (outsider 23b, D16). A text that
    states no host is still refused, saying what it was read as and what it should hold: not
    "not JSON" for text that is no JSON at all (outsider10 D20)."""
    report = FIXTURES / "reports" / "vllm-ascend-3403-issue-body.txt"
    plain = main(["explain", str(log)])
    capsys.readouterr()
    assert main(["explain", str(log), "--snapshot", str(report)]) == plain
    capsys.readouterr()
    prose = tmp_path / "notes.txt"
    prose.write_text("the machine in the lab, see the ticket\n", encoding="utf-8")
    assert main(["explain", str(log), "--snapshot", str(prose)]) == 2
    err = capsys.readouterr().err
    assert f"{prose}: --snapshot: no host facts could be read from this report" in err
    assert "not JSON" not in err
    assert "TIP: give npu-smi info, nvidia-smi" in err
    assert "a snapshot (`bringup probe --json`)" in err


def test_text_says_how_sure_in_words_and_json_keeps_the_score(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # vllm-project/vllm-ascend#486: EI0006 (its own signature) and torch_npu's catch-all
    # "OPS function error: HcclAllreduce, error code is 6" (scored -240): the text showed
    # "score 24" and "score -240", numbers a reader cannot weigh.
    log = Path(__file__).parent.parent / "data" / "triage" / "logs" / "vllm-ascend-486.log"
    assert main(["explain", str(log)]) == 0
    out = _flat(capsys.readouterr().out)
    assert " score " not in out
    assert "confidence high: the log shows this failure's own message" in out
    assert "confidence low: only a general rule or a message many causes share matched" in out
    assert main(["explain", str(log), "--json"]) == 0
    causes = json.loads(capsys.readouterr().out)["data"]["diagnoses"]
    assert [c["score"] < 0 for c in causes][:2] == [False, True]
