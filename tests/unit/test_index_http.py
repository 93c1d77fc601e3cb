"""The index's one networked piece against servers in this process on 127.0.0.1 (no
network): a server that does not speak HTTP and a malformed URL are an unreachable index
(one warning, no traceback); credentials in the URL go as a Basic ``Authorization`` header,
are shown nowhere, follow a redirect on the same host and are dropped on one elsewhere."""

from __future__ import annotations

import base64
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Optional

import pytest

from bringup.cli.main import main
from bringup.index.http import fetch_page
from bringup.index.releases import fetch_projects

ROOT = Path(__file__).parent.parent.parent
PAGE = (ROOT / "tests" / "fixtures" / "index" / "torch-npu.json").read_bytes()
HOST = ROOT / "tests" / "fixtures" / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
SSH_BANNER = b"SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3\r\n"
"""What a URL that points at port 22 answers first (RFC 4253 section 4.2)."""
BASIC = "Basic " + base64.b64encode(b"ci-bot:s3cr@t").decode()


@pytest.fixture(autouse=True)
def no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    """urllib would send 127.0.0.1 to a proxy named in the environment."""
    for name in ("http_proxy", "https_proxy", "all_proxy", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.upper(), raising=False)


class Index(BaseHTTPRequestHandler):
    """An index that wants ``BASIC``: the page at ``/simple/torch-npu/``, a same-host
    redirect from ``/simple/torch_npu/``, a redirect to ``elsewhere`` from ``/moved/``."""

    seen: list[tuple[str, Optional[str]]]
    elsewhere: str

    def do_GET(self) -> None:
        auth = self.headers.get("Authorization")
        self.seen.append((self.path, auth))
        if self.path == "/simple/torch_npu/":
            self._answer(301, location="/simple/torch-npu/")
        elif self.path.startswith("/moved/"):
            self._answer(302, location=f"{self.elsewhere}/simple/torch-npu/")
        elif auth != BASIC:
            self._answer(401)
        else:
            self._answer(200, PAGE)

    def _answer(self, code: int, body: bytes = b"", location: str = "") -> None:
        self.send_response(code)
        if location:
            self.send_header("Location", location)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


def serving(seen: list[tuple[str, Optional[str]]], elsewhere: str = "") -> ThreadingHTTPServer:
    handler = type("Recording", (Index,), {"seen": seen, "elsewhere": elsewhere})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture
def servers() -> Iterator[tuple[str, str, list[tuple[str, Optional[str]]]]]:
    """The index (its URL without credentials), another host's URL, and what each saw."""
    seen: list[tuple[str, Optional[str]]] = []
    other = serving(seen)
    index = serving(seen, f"http://127.0.0.1:{other.server_address[1]}")
    yield f"127.0.0.1:{index.server_address[1]}", f"127.0.0.1:{other.server_address[1]}", seen
    for server in (index, other):
        server.shutdown()
        server.server_close()


@pytest.fixture
def not_http() -> Iterator[str]:
    """127.0.0.1:PORT of a server that answers every connection with an SSH banner."""
    listener = socket.create_server(("127.0.0.1", 0))
    address = listener.getsockname()
    stop = threading.Event()

    def answer() -> None:
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except OSError:
                return
            with connection:
                connection.sendall(SSH_BANNER)

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    yield f"127.0.0.1:{address[1]}"
    stop.set()  # closing a listener does not wake its accept(): one last connection does
    socket.create_connection(address, timeout=5).close()
    thread.join(5)
    listener.close()


def test_a_server_that_is_not_http_is_an_unreachable_index(not_http: str) -> None:
    with pytest.raises(OSError, match="BadStatusLine"):
        fetch_page(f"http://{not_http}/simple/torch-npu/", 5.0)
    answer = fetch_projects(["torch_npu"], f"http://{not_http}/simple", fetch_page, cache_dir=None)
    assert answer.warnings() == [
        f"could not reach http://{not_http}/simple: BadStatusLine: "
        "SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3; versions from the KB and this machine only"
    ]


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://[::1/simple", "Invalid IPv6 URL"),
        ("http://mirror:port/simple", "Port could not be cast to integer value as 'port'"),
        ("ftp://mirror/simple", "not an http(s) URL"),
    ],
)
def test_a_malformed_url_is_an_unreachable_index_not_a_bug(url: str, reason: str) -> None:
    with pytest.raises(OSError, match="^" + reason.replace("(", r"\(").replace(")", r"\)")):
        fetch_page(f"{url}/torch-npu/", 5.0)
    answer = fetch_projects(["torch_npu"], url, fetch_page, cache_dir=None)
    assert answer.warnings() == [
        f"could not reach {url}: {reason}; versions from the KB and this machine only"
    ]


def test_a_malformed_url_from_the_environment_is_one_warning_on_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "requirements.txt").write_text("transformers>=4.40\n")
    monkeypatch.setenv("PIP_INDEX_URL", "http://ci-bot:s3cr%40t@[::1/simple")
    monkeypatch.setenv("BRINGUP_CACHE_DIR", str(tmp_path / "cache"))
    code = main(["check", str(tmp_path / "app"), "--index", "--snapshot", str(HOST)])
    err = capsys.readouterr().err
    assert code in (0, 1)
    assert err.splitlines() == [
        "WARNING: could not reach http://redacted@[::1/simple: Invalid IPv6 URL; "
        "versions from the KB and this machine only"
    ]


def test_credentials_in_the_url_are_sent_as_basic_auth_and_shown_nowhere(
    servers: tuple[str, str, list[tuple[str, Optional[str]]]],
) -> None:
    index, _, seen = servers
    url = f"http://ci-bot:s3cr%40t@{index}/simple"
    answer = fetch_projects(["torch-npu"], url, fetch_page, cache_dir=None)
    assert answer.warnings() == []
    assert len(answer.found["torch-npu"].project.versions) == 67
    assert seen == [("/simple/torch-npu/", BASIC)]
    refused = fetch_projects(
        ["torch-npu"], f"http://ci-bot:wrong@{index}/simple", fetch_page, cache_dir=None
    )
    assert refused.warnings() == [
        f"could not reach http://redacted@{index}/simple: HTTP 401 Unauthorized; "
        "versions from the KB and this machine only"
    ]


def test_credentials_follow_a_redirect_on_the_same_host_only(
    servers: tuple[str, str, list[tuple[str, Optional[str]]]],
) -> None:
    index, other, seen = servers
    assert fetch_page(f"http://ci-bot:s3cr%40t@{index}/simple/torch_npu/", 5.0) == PAGE
    assert seen == [("/simple/torch_npu/", BASIC), ("/simple/torch-npu/", BASIC)]
    seen.clear()
    with pytest.raises(OSError, match="HTTP 401 Unauthorized"):
        fetch_page(f"http://ci-bot:s3cr%40t@{index}/moved/torch-npu/", 5.0)
    assert other != index
    assert seen == [("/moved/torch-npu/", BASIC), ("/simple/torch-npu/", None)]
