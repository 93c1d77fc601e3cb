"""The one networked piece of bringup: GET a project page of a package index over HTTP(S)
with urllib (imported here only, so a run without ``--index`` never loads it).

Credentials in the URL (``bringup.index.url``) go as a Basic ``Authorization`` header, and
only to that scheme, host and port: a redirect elsewhere goes without them."""

from __future__ import annotations

import http.client
import urllib.error
import urllib.parse
import urllib.request
from typing import IO, Optional

from bringup.index.simple import MEDIA_TYPE
from bringup.index.url import split_url
from bringup.redaction import redact_secrets

MAX_PAGE_BYTES = 64 << 20
"""torch's page is a few MiB; anything past this is not a project page."""

AUTHORIZATION = "Authorization"


def _origin(url: str) -> tuple[str, str, Optional[int]]:
    parts = urllib.parse.urlsplit(url)
    default = {"http": 80, "https": 443}.get(parts.scheme)
    return parts.scheme, (parts.hostname or "").lower(), parts.port or default


class _KeepAuthorizationHome(urllib.request.HTTPRedirectHandler):
    """Follows redirects as urllib does, but drops ``Authorization`` when one leads to
    another scheme, host or port (urllib would send it along)."""

    def redirect_request(  # noqa: PLR0917 (urllib calls it with these six)
        self,
        req: urllib.request.Request,
        fp: IO[bytes],
        code: int,
        msg: str,
        headers: http.client.HTTPMessage,
        newurl: str,
    ) -> Optional[urllib.request.Request]:
        new = super().redirect_request(req, fp, code, msg, headers, newurl)
        if new is not None and _origin(new.full_url) != _origin(req.full_url):
            new.remove_header(AUTHORIZATION)
        return new


def fetch_page(url: str, timeout: float) -> Optional[bytes]:
    """The body at ``url`` asked for as PEP 691 JSON; None when the index has no such
    project (404). Anything else that goes wrong raises ``OSError`` (unreachable, a timeout,
    a server that does not speak HTTP, a malformed URL), its text free of credentials."""
    try:
        target = split_url(url)
    except ValueError as error:
        raise OSError(str(error)) from None
    headers = {"Accept": MEDIA_TYPE, "User-Agent": "bringup (package versions)"}
    if target.authorization is not None:
        headers[AUTHORIZATION] = target.authorization
    request = urllib.request.Request(target.url, headers=headers)  # noqa: S310 (http(s) only)
    opener = urllib.request.build_opener(_KeepAuthorizationHome)
    try:
        with opener.open(request, timeout=timeout) as response:
            data: bytes = response.read(MAX_PAGE_BYTES + 1)
    except urllib.error.HTTPError as error:
        error.close()  # it holds the connection
        if error.code == 404:
            return None
        raise OSError(redact_secrets(f"HTTP {error.code} {error.reason}")) from None
    except (http.client.HTTPException, ValueError) as error:
        # BadStatusLine from a server that is not HTTP; InvalidURL from a redirect
        raise OSError(redact_secrets(f"{type(error).__name__}: {error}")) from None
    if len(data) > MAX_PAGE_BYTES:
        raise OSError(f"{redact_secrets(target.url)}: more than {MAX_PAGE_BYTES} bytes")
    return data
