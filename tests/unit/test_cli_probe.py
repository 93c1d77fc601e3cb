"""``bringup probe`` through ``main(argv)``: exit codes, the JSON envelope, stdin."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.model import Snapshot
from conftest import FIXTURES

REPORT = FIXTURES / "reports" / "vllm-ascend-4621-issue-body.txt"
HOST = FIXTURES / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"


def test_json_from_report_is_the_envelope(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["probe", "--json", "--from", str(REPORT)]) == 0
    envelope = json.loads(capsys.readouterr().out)
    assert envelope["schema"] == "bringup/1"
    assert envelope["command"] == "probe"
    assert envelope["exit_code"] == 0
    assert envelope["data"]["origin"] == "report"
    assert envelope["data"]["accelerators"][0]["family"] == "910B"


def test_summary_of_recorded_host(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["probe", "--replay", str(HOST)]) == 0
    out = capsys.readouterr().out
    assert "accelerators: none found" in out
    assert "cuda: toolkit 13.0.88 at /usr/local/cuda-13.0; driver absent" in out
    assert "nvidia-smi not found on PATH" in out


def test_report_from_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(REPORT.read_bytes()))
    monkeypatch.setattr("sys.stdin", stdin)
    assert main(["probe", "--json", "--from", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["data"]["toolkits"][0]["version"] == "8.3.RC2"


def test_missing_report_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["probe", "--from", str(FIXTURES / "no-such-file.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_unreadable_report_is_bad_input(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    blob = tmp_path / "blob.bin"
    blob.write_bytes(bytes(range(256)) * 8)
    assert main(["probe", "--from", str(blob)]) == 2
    assert "binary data" in capsys.readouterr().err


def test_random_bytes_are_refused_before_reading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Random bytes decode to text full of replacement characters: refused, not read."""
    import random

    blob = tmp_path / "random.bin"
    blob.write_bytes(random.Random(16).randbytes(1 << 20))
    assert main(["probe", "--from", str(blob)]) == 2
    assert "not a pasted report" in capsys.readouterr().err


def test_empty_and_oversized_reports_are_bad_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("  \n\n")
    assert main(["probe", "--from", str(empty)]) == 2
    assert "is empty" in capsys.readouterr().err
    monkeypatch.setattr("bringup.inputs.MAX_REPORT_BYTES", 64)
    assert main(["probe", "--from", str(REPORT)]) == 2
    assert "not a pasted report" in capsys.readouterr().err


def test_text_with_nothing_readable_is_bad_input_as_for_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Exit 2, so that ``probe --from X && check --target X`` stops (outsider23b D11)."""
    notes = tmp_path / "notes.txt"
    notes.write_text("it crashes when I start the server\nplease help\n")
    assert main(["probe", "--from", str(notes)]) == 2
    assert "no host facts could be read from this report" in capsys.readouterr().err


def test_summary_cites_lines_and_ends_with_what_was_not_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "body.md"
    report.write_text("- CANN version: 8.0.RC2\n- Frobnicator level: 3.1.4\n")
    assert main(["probe", "--from", str(report)]) == 0
    out = capsys.readouterr().out
    assert f"{report}:1" in out
    tail = out[out.index("not read") :]
    assert "Frobnicator level: 3.1.4" in tail
    assert f"{report}:2" in tail


def test_from_and_replay_together_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["probe", "--from", str(REPORT), "--replay", str(HOST)]) == 2
    assert "cannot be used together" in capsys.readouterr().err


def test_record_where_nothing_can_be_written_is_bad_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def probed(**_: object) -> Snapshot:  # nothing probed: only the recording is under test
        return Snapshot(taken_at="2025-01-01T00:00:00+00:00", origin="live")

    monkeypatch.setattr("bringup.cli.probe.take_snapshot", probed)
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    assert main(["probe", "--record", str(blocker / "host")]) == 2
    assert "cannot create" in capsys.readouterr().err


def test_a_device_is_bad_input_not_read(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("bringup.inputs.MAX_INPUT_BYTES", 4096)
    assert main(["probe", "--from", "/dev/zero"]) == 2
    assert "/dev/zero: a device, not a file" in capsys.readouterr().err
    assert main(["check", str(FIXTURES / "repos"), "--snapshot", "/dev/zero"]) == 2
    assert "/dev/zero: a device, not a file" in capsys.readouterr().err


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-8-sig"])
def test_a_report_with_a_byte_order_mark_reads_as_its_utf8_twin(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], encoding: str
) -> None:
    """PowerShell's ``npu-smi info > report.txt`` writes UTF-16 with a mark: it was refused as
    "binary data (50% of it is not text)", while ``explain`` reads the same file."""
    text = REPORT.read_text(encoding="utf-8")
    marked = tmp_path / "report.txt"
    marked.write_bytes((b"\xfe\xff" if encoding == "utf-16-be" else b"") + text.encode(encoding))
    assert main(["probe", "--json", "--from", str(REPORT)]) == 0
    twin = json.loads(capsys.readouterr().out)["data"]
    assert main(["probe", "--json", "--from", str(marked)]) == 0
    read = json.loads(capsys.readouterr().out.replace(str(marked), str(REPORT)))["data"]
    assert read["accelerators"] == twin["accelerators"]
    assert read["toolkits"] == twin["toolkits"]
    assert read["facts"] == twin["facts"]


def test_from_a_snapshot_shows_that_snapshot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``probe --json > snap.json`` then ``probe --from snap.json`` answered "accelerators:
    none found" with the JSON's lines as "not read"; ``--target`` and ``--snapshot`` read it."""
    assert main(["probe", "--json", "--replay", str(HOST)]) == 0
    saved = capsys.readouterr().out
    snapshot = tmp_path / "snap.json"
    snapshot.write_text(saved)
    assert main(["probe", "--json", "--from", str(snapshot)]) == 0
    assert json.loads(capsys.readouterr().out)["data"] == json.loads(saved)["data"]
    assert main(["probe", "--from", str(snapshot)]) == 0
    out = capsys.readouterr().out
    assert "cuda: toolkit 13.0.88 at /usr/local/cuda-13.0; driver absent" in out
    assert "not read" not in out


def test_from_stdin_a_snapshot_shows_that_snapshot(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``probe --from - < snap.json`` read the snapshot as a pasted report whose JSON lines were
    all "not read" (review-s19 M3)."""
    assert main(["probe", "--json", "--replay", str(HOST)]) == 0
    saved = capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(saved.encode())))
    assert main(["probe", "--from", "-"]) == 0
    out = capsys.readouterr().out
    assert "cuda: toolkit 13.0.88 at /usr/local/cuda-13.0; driver absent" in out
    assert "not read" not in out


def test_the_tip_for_a_report_given_as_a_snapshot_quotes_its_path(tmp_path: Path) -> None:
    """The TIP's command is pasted into a shell: a path with a space is one word in it
    (review-s19 L2). The TIP is given for text that starts as JSON and is not: text that is
    no JSON at all and states no host is told so, without it (outsider10 D20)."""
    from bringup.errors import InputError
    from bringup.inputs import read_snapshot

    report = tmp_path / "my report.txt"
    report.write_text('{"schema": "bringup/snapshot-v1", npu-smi info\n')
    with pytest.raises(InputError) as raised:
        read_snapshot(report)
    assert f"bringup probe --from '{report}' --json > FILE" in str(raised.value.hint)
