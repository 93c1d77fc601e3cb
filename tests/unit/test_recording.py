"""Recording a probe and replaying what was recorded gives the same facts; what is written
is redacted."""

from __future__ import annotations

from pathlib import Path

import msgspec

from bringup.model import Fact, command_source, file_source
from bringup.probe.access import read_text, run
from bringup.probe.context import Collected, ProbeContext
from bringup.probe.files import Sysroot
from bringup.probe.live import take_snapshot
from bringup.probe.recording import RecordingFiles, RecordingRunner, write_host
from bringup.probe.redact import Redactor
from bringup.probe.replay import ReplayRunner, read_host
from bringup.process import SubprocessRunner


def _collector(base: Path) -> dict[str, object]:
    def probe(ctx: ProbeContext) -> Collected:
        text, failure = read_text(ctx, str(base / "link" / "version.info"), "t.version")
        done, _ = run(ctx, ["printf", "serial: %s on %s-%s", "ABC123", "myhost", "01"], "t.echo")
        facts = [
            Fact(key="t.version", value=(text or "").strip(), source=file_source("v"))
            if failure is None
            else failure,
            Fact(key="t.echo", value=done.stdout.strip(), source=command_source(done.argv)),
            Fact(
                key="t.exists", value=ctx.files.is_dir(str(base / "real")), source=file_source("x")
            ),
            Fact(
                key="t.missing", value=ctx.files.exists(str(base / "nope")), source=file_source("x")
            ),
        ]
        return Collected(facts=tuple(facts))

    return {"t": probe}


def test_record_then_replay_gives_the_same_facts(tmp_path: Path) -> None:
    base = tmp_path / "host"
    (base / "real").mkdir(parents=True)
    (base / "real" / "version.info").write_text(
        "Version=24.1.rc3 uuid 123e4567-e89b-12d3-a456-426614174000\n", encoding="utf-8"
    )
    (base / "link").symlink_to(base / "real")
    runner = RecordingRunner(SubprocessRunner())
    files = RecordingFiles()
    env = {"PATH": "/usr/bin:/bin", "GITHUB_TOKEN": "secret", "ASCEND_HOME_PATH": "/x"}
    collectors = _collector(base)
    live = take_snapshot(runner=runner, files=files, env=env, collectors=collectors)  # type: ignore[arg-type]
    out = tmp_path / "recorded"
    write_host(
        out,
        runner=runner,
        files=files,
        env=env,
        redactor=Redactor(hostname="myhost-01", username="alice"),
        recorded_at="2026-01-01T00:00:00+00:00",
        recorded_with="test",
    )
    host = read_host(out)
    assert "GITHUB_TOKEN" not in host.env
    assert host.env["ASCEND_HOME_PATH"] == "/x"
    replayed = take_snapshot(
        runner=ReplayRunner(host.commands),
        files=Sysroot(out / "files"),
        env=host.env,
        collectors=collectors,  # type: ignore[arg-type]
    )
    values = {f.key: f.value for f in replayed.facts}
    assert values["t.exists"] is True
    assert values["t.missing"] is False
    assert values["t.echo"] == "serial: redacted"
    assert values["t.version"] == "Version=24.1.rc3 uuid 00000000-0000-0000-0000-000000000000"
    assert {f.key for f in live.facts} == set(values)
    # the link was kept as a link, so the replayed host resolves it as the live one did
    recorded_link = out / "files" / str(base / "link").lstrip("/")
    assert recorded_link.is_symlink()
    assert "myhost-01" not in msgspec.json.encode(replayed).decode()


def test_redactor_replaces_identifying_strings() -> None:
    redactor = Redactor(hostname="gpu-node-7", username="alice")
    text = (
        "host gpu-node-7 at /home/alice/work\n"
        "GPU-6f1b2c3d-1111-2222-3333-444455556666\n"
        "Serial Number                  : 1025C9048791\n"
        "mac 52:54:00:12:34:56\n"
    )
    redacted = redactor.text(text)
    for secret in ("gpu-node-7", "alice", "6f1b2c3d", "1025C9048791", "52:54:00"):
        assert secret not in redacted
    assert "gpu-node-70" in redactor.text("gpu-node-70")  # whole names only


def test_redactor_drops_credentials_in_urls_and_secret_variables() -> None:
    redactor = Redactor(hostname=None, username=None)
    text = "index https://bob:s3cr3t@pypi.example.com/simple and git+ssh://git@host/x.git"
    assert redactor.text(text) == (
        "index https://redacted@pypi.example.com/simple and git+ssh://redacted@host/x.git"
    )
    kept = redactor.environment(
        {
            "CUDA_HOME": "/usr/local/cuda",
            "NVIDIA_NGC_APIKEY": "nvapi-1",
            "HCCL_AUTH_HEADER": "Bearer 2",
            "TORCH_HUB_TOKEN": "3",
            "PYTHONPATH": "https://u:p@example.com/lib",
        }
    )
    assert kept == {
        "CUDA_HOME": "/usr/local/cuda",
        "PYTHONPATH": "https://redacted@example.com/lib",
    }


def test_binary_files_keep_only_version_strings(tmp_path: Path) -> None:
    library = tmp_path / "libfake.so"
    library.write_bytes(b"\x7fELF\x00\x00secret-ish\x00GLIBCXX_3.4.30\x00CXXABI_1.3.13\x00")
    files = RecordingFiles()
    files.read_bytes(str(library))
    runner = RecordingRunner(SubprocessRunner())
    write_host(
        tmp_path / "out",
        runner=runner,
        files=files,
        env={},
        redactor=Redactor(hostname=None, username=None),
        recorded_at="t",
        recorded_with="test",
    )
    kept = (tmp_path / "out" / "files" / str(library).lstrip("/")).read_bytes()
    assert kept == b"GLIBCXX_3.4.30\x00CXXABI_1.3.13"


def test_record_and_replay_pass_a_log_file_on(tmp_path: Path) -> None:
    recording = RecordingRunner(SubprocessRunner())
    live = recording.run(["sh", "-c", "echo out; echo err >&2"], log_path=tmp_path / "live.log")
    assert (tmp_path / "live.log").read_text() in ("out\nerr\n", "err\nout\n")
    replay = ReplayRunner({("sh", "-c", "echo out; echo err >&2"): live})
    again = replay.run(["sh", "-c", "echo out; echo err >&2"], log_path=tmp_path / "replay.log")
    assert (again.stdout, again.log_path) == ("out\n", str(tmp_path / "replay.log"))
    assert (tmp_path / "replay.log").read_text() == "out\nerr\n"
