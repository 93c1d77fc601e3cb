"""An index URL checked and split for a request, without the network (``urllib.parse``
only): an http(s) URL with a host; its ``user:password@``, the usual form of a private
index in ``$PIP_INDEX_URL``, taken off into a Basic ``Authorization`` value, so that the
host is looked up without it and the credentials are never printed."""

from __future__ import annotations

import base64
import urllib.parse
from dataclasses import dataclass
from typing import Optional

from bringup.redaction import redact_secrets


@dataclass(frozen=True)
class Target:
    """A URL split for a request: the URL without credentials and the ``Authorization``
    header value they make (None without credentials)."""

    url: str
    authorization: Optional[str]


def split_url(url: str) -> Target:
    """``url`` checked to be an http(s) URL with a host, its ``user:password@`` taken off
    into a Basic ``Authorization`` value (percent-decoded, as pip reads them); raises
    ``ValueError`` saying why for anything else (without the URL: the caller shows it
    redacted)."""
    try:
        parts = urllib.parse.urlsplit(url)
        web = parts.scheme in ("http", "https") and bool(parts.hostname) and parts.port != 0
    except ValueError as error:  # "Invalid IPv6 URL", a port that is not a number
        raise ValueError(redact_secrets(str(error))) from None
    if not web:
        raise ValueError("not an http(s) URL")
    if parts.username is None and parts.password is None:
        return Target(url, None)
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = urllib.parse.unquote(parts.username or "")
    password = urllib.parse.unquote(parts.password or "")
    token = base64.b64encode(f"{user}:{password}".encode()).decode("ascii")
    bare = urllib.parse.urlunsplit(parts._replace(netloc=netloc))
    return Target(bare, f"Basic {token}")
