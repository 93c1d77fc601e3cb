"""The one networked piece of bringup: GET a project page of a package index over HTTP(S)
with urllib (imported here only, so a run without ``--index`` never loads it)."""

from __future__ import annotations

import urllib.error
import urllib.request
from typing import Optional

from bringup.index.simple import MEDIA_TYPE

MAX_PAGE_BYTES = 64 << 20
"""torch's page is a few MiB; anything past this is not a project page."""


def fetch_page(url: str, timeout: float) -> Optional[bytes]:
    """The body at ``url`` asked for as PEP 691 JSON; None when the index has no such
    project (404). Anything else that goes wrong raises ``OSError`` (``URLError``, a timeout)."""
    if not url.startswith(("https://", "http://")):
        raise OSError(f"not an http(s) URL: {url}")
    request = urllib.request.Request(  # noqa: S310 (the scheme is checked above)
        url, headers={"Accept": MEDIA_TYPE, "User-Agent": "bringup (package versions)"}
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310
            data: bytes = response.read(MAX_PAGE_BYTES + 1)
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return None
        raise
    if len(data) > MAX_PAGE_BYTES:
        raise OSError(f"{url}: more than {MAX_PAGE_BYTES} bytes")
    return data
