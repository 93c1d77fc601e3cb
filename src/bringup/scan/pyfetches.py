"""What a Python build script downloads when its download call is a helper's: the archives
the script names elsewhere.

A ``setup.py`` often fetches through a function of its own that takes the URL as an
argument (``urllib.request.urlopen(request, timeout=300)``, Triton-distributed
python/setup.py:346, pyasc setup.py:125); the call says nothing of what is fetched. What
is fetched is written where the script builds each package's URL: ``url = f"https://
oaitriton.blob.core.windows.net/public/llvm-builds/{name}.tar.gz"`` (Triton-distributed
python/setup.py:335), ``Package(f"{get_storage_url()}/llvm/{full_name}.tar.gz", ...)``
(pyasc setup.py:120). Each such archive is the download, one need per place it comes from
(the seven CUDA pieces of Triton-distributed python/setup.py:815-882, all from
developer.download.nvidia.com, are one), cited where its URL is first written and beside the
others. Only archive URLs are read: the ``url=`` of ``setup()`` names the project's page.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.fetches import library
from bringup.scan.fstrings import written

_ARCHIVE_URL = lazyre.compile(
    r"^(?:https?://|\{)[^\s]*/[^\s/]+\.(?:tar\.gz|tgz|tar\.xz|tar\.bz2|zip|whl)$"
)
"""An archive's URL as the script writes it: from its scheme, or from a value standing for
the host (``{get_storage_url()}/llvm/…``), to an archive's file name."""


def _archive_urls(tree: ast.Module) -> Iterator[tuple[str, int]]:
    """Each archive URL the script writes, with its line, in the order written."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Constant, ast.JoinedStr)):
            text = written(node)
            if text is not None and _ARCHIVE_URL.match(text):
                found.append((node.lineno, node.col_offset, text))
    for line, _, text in sorted(found):
        yield text, line


def _origin(url: str) -> str:
    """Where an archive comes from: the repository on a forge, else the host."""
    host = url.split("://", 1)[-1].split("/", 1)[0]
    return library(url) if "git" in host.lower() else host


def helper_downloads(file: SourceFile, tree: ast.Module) -> list[Requirement]:
    """One ``network`` need per place the script's archive URLs come from."""
    needs: dict[str, Requirement] = {}
    for url, line in _archive_urls(tree):
        origin = _origin(url)
        known = needs.get(origin)
        if known is None:
            text = f"{url}: the build script downloads it"
            needs[origin] = file.requirement("network", url, line, text=text)
        elif line != known.source.line:
            also = (*known.also_at, file.source(line))
            needs[origin] = msgspec.structs.replace(known, also_at=also)
    return list(needs.values())
