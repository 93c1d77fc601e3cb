"""Secrets found by value (issue 17, item 6): a token of a known format planted in an
allow-listed variable's value, in a command's output or in a file the probe reads survives
neither ``probe --record`` nor ``--json``; ordinary values (paths, versions, git commits) are
kept as they are.

The planted values are synthetic, built here in each format's real shape (prefix, alphabet,
length), so no real credential is in the repository."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.model import Fact, Snapshot, command_source, file_source
from bringup.probe import live
from bringup.probe.access import read_text, run
from bringup.probe.context import Collected, ProbeContext
from bringup.redaction import redact_data, redact_secrets
from bringup.report.envelope import render_json

ROOT = Path(__file__).resolve().parents[2]
HOST = ROOT / "tests" / "fixtures" / "hosts" / "linux-aarch64-ascend-910b-two-cann-toolkits"


def _jwt() -> str:
    def part(data: dict[str, object]) -> str:
        return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")

    return f"{part({'alg': 'HS256', 'typ': 'JWT'})}.{part({'sub': 'ci', 'iat': 1})}.c2lnbmF0dXJl"


SECRETS = {
    "github classic": "ghp_" + "Zq8" * 12,
    "github oauth": "gho_" + "Pw3r" * 9,
    "github fine-grained": "github_pat_11AAAAAAA0" + "bB1" * 4 + "_" + "Xy7" * 19 + "Q9",
    "hugging face": "hf_" + "kLmNoPqRsT" * 3 + "uVwX",
    "aws key id": "AKIA" + "Q7R2" * 4,
    "aws temporary key id": "ASIA" + "J3K9" * 4,
    "openai": "sk-" + "T4u5V6w7" * 6,
    "openai project": "sk-proj-" + "aB3_cD4-eF5" * 5,
    "slack": "xoxb-2411298765-5512398765432-" + "HgFeDcBa" * 3,
    "jwt": _jwt(),
    "url password": "s3cr3t-Pa55word",
    "bearer": "0a1b2c3d4e5f6a7b8c9d",
}
"""Each secret's value; the parts that must not survive are these strings."""


def _planted(kind: str, secret: str) -> str:
    """``secret`` as it stands in the wild: in a URL, a header, a path."""
    if kind == "url password":
        return f"https://deploy:{secret}@mirror.example.com/simple"
    if kind == "bearer":
        return f"Authorization: Bearer {secret}"
    return f"/opt/keys/{secret}/lib"


ORDINARY = [
    "/usr/local/Ascend/ascend-toolkit/latest/lib64:/usr/local/Ascend/driver/lib64/driver/",
    "8.0.RC2.alpha003",
    "2.1.0.post4+cpu",
    "commit 9fceb02d0ae598e95dc970b74767f19372d61af8 of github.com/Ascend/pytorch",
    "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "git+ssh://github.com/Ascend/pytorch.git@v2.1.0",
    "max_tokens=4096 ask-for-help disk-usage-report-for-all-volumes-2024",
    "hf_hub_download cache at /root/.cache/huggingface/hub",
    "torch-2.1.0-cp310-cp310-manylinux_2_17_aarch64.manylinux2014_aarch64.whl",
    "--index file:///etc/passwd: not an http(s) URL",
    "/run/secrets/token: cannot read: Permission denied",
    "tokenizer: eos_token: </s> pad_token=[PAD] max_token=4096 key: value MONKEY=banana",
    "docker run -u 1000:1000 img && python -u train.py && mkdir -p build && pip install --user x",
    "python convert.py --use-auth-token --model m --max-tokens 2048",
]


@pytest.mark.parametrize("kind", sorted(SECRETS))
def test_each_planted_secret_is_redacted_where_it_stands(kind: str) -> None:
    secret = SECRETS[kind]
    text = f"before {_planted(kind, secret)} after"
    redacted = redact_secrets(text)
    assert secret not in redacted
    assert redacted.startswith("before ")
    assert redacted.endswith(" after")
    assert "redacted" in redacted


@pytest.mark.parametrize("value", ORDINARY)
def test_ordinary_values_are_kept(value: str) -> None:
    assert redact_secrets(value) == value


SPELLINGS = [
    ("env HF_TOKEN={} python x.py", SECRETS["hugging face"]),
    ("env HF_TOKEN={} python x.py", "abcdefsecret"),
    ("env WANDB_API_KEY={} wandb login", "0123456789abcdef"),
    ("env AWS_SECRET_ACCESS_KEY={} aws s3 ls", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
    ("export GITHUB_TOKEN={}", SECRETS["github classic"]),
    ('DB_PASSWORD="{}" ./run.sh', "hunter2"),
    ("hf_token: {}", "abc123defg456"),
    ("wandb_api_key = {}", "short"),
    ("tool --password {} --verbose", "hunter2"),
    ("tool --password={}", "hunter2"),
    ("huggingface-cli login --token {}", "plain-value"),
    ("x --access-token {}", "t0kv4l"),
    ("curl -u alice:{} https://h.example/api", "s3cr3tpw"),
    ("curl --user alice:{} https://h.example/api", "s3cr3tpw"),
    ("mysql -h db -u root -p{} app", "hunter2"),
    ("git clone https://{}@github.com/o/r.git", "bob:" + SECRETS["github classic"]),
    ("uv pip install --index-url https://{}@pypi.corp.example/simple torch", "alice:s3cret"),
]
"""Secrets as command lines and configs spell them (constructed lines; the ``AWS`` value is the
example key of AWS's own documentation): a variable or key whose name ends in TOKEN, KEY,
SECRET or PASSWORD, an option that takes a secret, ``-u user:password``, a URL's password.
(review24 M2: all but the URL printed verbatim in ``-v`` debug lines.)"""


@pytest.mark.parametrize(("line", "secret"), SPELLINGS)
def test_each_spelling_of_a_secret_in_a_command_is_redacted(line: str, secret: str) -> None:
    redacted = redact_secrets(line.format(secret))
    assert secret not in redacted
    assert redacted == line.format("redacted")


def test_data_is_redacted_in_every_string_keys_too() -> None:
    token = SECRETS["hugging face"]
    data = {"facts": [{"value": f"HF_TOKEN={token}", "n": 1}], token: ("x", 2.5, None)}
    assert redact_data(data) == {
        "facts": [{"value": "HF_TOKEN=redacted", "n": 1}],
        "redacted": ["x", 2.5, None],
    }


def _all_planted() -> str:
    return " ".join(_planted(kind, secret) for kind, secret in SECRETS.items())


def _leaks(text: str) -> list[str]:
    return [kind for kind, secret in SECRETS.items() if secret in text]


def _collector(secret_file: Path) -> dict[str, object]:
    """A probe that meets every planted secret: in a command's output, in a host file, and
    in the allow-listed variables the environment passes."""

    def probe(ctx: ProbeContext) -> Collected:
        done, _ = run(ctx, ["printf", "%s\\n", _all_planted()], "t.echo")
        text, _ = read_text(ctx, str(secret_file), "t.file")
        facts = (
            Fact(key="t.echo", value=done.stdout.strip(), source=command_source(done.argv)),
            Fact(key="t.file", value=(text or "").strip(), source=file_source(str(secret_file))),
            Fact(
                key="t.env",
                value=ctx.env["LD_LIBRARY_PATH"] + " " + ctx.env["ASCEND_HOME_PATH"],
                source=file_source("env"),
            ),
        )
        return Collected(facts=facts)

    return {"t": probe}


def test_no_planted_secret_survives_record_or_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    secret_file = tmp_path / "etc" / "pip.conf"
    secret_file.parent.mkdir()
    secret_file.write_text(
        f"[global]\nindex-url = {_planted('url password', SECRETS['url password'])}\n"
        + _all_planted()
        + "\n"
    )
    monkeypatch.setenv("LD_LIBRARY_PATH", _planted("github classic", SECRETS["github classic"]))
    monkeypatch.setenv("ASCEND_HOME_PATH", _planted("url password", SECRETS["url password"]))
    monkeypatch.setenv("ASCEND_TOOLKIT_HOME", "/opt/" + SECRETS["hugging face"])
    monkeypatch.setenv("TORCH_HOME", f"/data/{SECRETS['jwt']}/hub")
    real = live.take_snapshot

    def planted_probe(**kwargs: object) -> Snapshot:
        return real(**kwargs, collectors=_collector(secret_file))  # type: ignore[arg-type]

    monkeypatch.setattr("bringup.cli.probe.take_snapshot", planted_probe)
    recorded = tmp_path / "recorded"
    assert main(["probe", "--record", str(recorded), "--json"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out)["data"]["facts"]
    assert _leaks(out) == []
    written = [p for p in recorded.rglob("*") if p.is_file()]
    assert len(written) >= 3  # host.toml, the command's output, the file read
    for path in written:
        assert _leaks(path.read_text(encoding="utf-8")) == [], path
        assert _leaks(str(path)) == [], path
    host = (recorded / "host.toml").read_text(encoding="utf-8")
    assert 'LD_LIBRARY_PATH = "/opt/keys/redacted/lib"' in host
    assert 'ASCEND_HOME_PATH = "https://redacted@mirror.example.com/simple"' in host
    assert "TORCH_HOME" in host


def test_no_planted_secret_in_a_replayed_host_reaches_json_or_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A host fixture written by hand (not through ``--record``): the snapshot the probe
    returns is redacted, so neither writer shows what its variables hold."""
    import shutil

    host = tmp_path / "host"
    shutil.copytree(HOST, host, symlinks=True)
    toml = host / "host.toml"
    planted = _planted("url password", SECRETS["url password"]) + ":" + SECRETS["aws key id"]
    text = toml.read_text(encoding="utf-8")
    toml.write_text(text.replace('ASCEND_HOME_PATH = "', f'ASCEND_HOME_PATH = "{planted}:'))
    assert main(["probe", "--replay", str(host), "--json"]) == 0
    out = capsys.readouterr().out
    assert "https://redacted@mirror.example.com/simple:redacted:" in out
    assert _leaks(out) == []
    assert main(["probe", "--replay", str(host)]) == 0
    assert _leaks(capsys.readouterr().out) == []


def test_every_json_envelope_is_redacted() -> None:
    error_free = render_json("scan", 0, {"note": _all_planted(), "n": 3})
    assert _leaks(error_free) == []
    assert json.loads(error_free)["data"]["n"] == 3


def test_up_plain_progress_shows_no_credential() -> None:
    """``up``'s one line per step on a pipe or a CI log (review24 M7: only the terminal path
    redacted). The outcomes are constructed; the error is uv's shape for an index it cannot
    reach, with the credentials a ``PIP_INDEX_URL`` puts in it."""
    import io

    from bringup.report.up_text import PlainProgress
    from bringup.run.outcome import EnvironmentOutcome, StepOutcome

    token = SECRETS["github classic"]
    stream = io.StringIO()
    progress = PlainProgress(2, stream)
    progress.environment(
        EnvironmentOutcome(
            index=1,
            components=("r",),
            python="3.10",
            path="/tmp/env-1",
            status="failed",
            error="Failed to fetch: `https://alice:s3cret@pypi.corp.example/simple/torch/`",
        )
    )
    argv = ("git", "clone", f"https://bob:{token}@github.com/o/r.git")
    progress.end(
        StepOutcome(order=1, component="r", name="clone", kind="run", argv=argv, status="passed")
    )
    login = ("env", "HF_TOKEN=abcdefsecret", "huggingface-cli", "login", "--token", "abcdefsecret")
    progress.end(
        StepOutcome(order=2, component="r", name="login", kind="run", argv=login, status="passed")
    )
    written = stream.getvalue()
    for secret in ("s3cret", token, "abcdefsecret"):
        assert secret not in written
    assert "https://redacted@pypi.corp.example/simple/torch/" in written
    assert (
        "[2/2] ok       r: env HF_TOKEN=redacted huggingface-cli login --token redacted" in written
    )
