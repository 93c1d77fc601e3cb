"""What ``up --offline`` does with a step: the one rule that running the plan (``run.execute``)
and asking for consent (``cli.up``) share, so they cannot disagree about what will run.

Every step of an offline run has the installers' own offline settings in its environment:
``PIP_NO_INDEX=1`` (pip's ``--no-index``: find-links and local paths only) and ``UV_OFFLINE=1``
(uv's ``--offline``: its cache and local files only). So ``pip install -e .`` and ``pip install
--no-index --find-links wheels/ ...`` run, and an install from the index fails at once with the
installer's own message (review29 M1: all three were skipped, and the tests after them ran
without the project). A step that needs the network some other way (a download script, a build
whose configure fetches, a pip install of a URL or from remote find-links, which ``--no-index``
does not stop) is skipped; ``run.execute`` then blocks what comes after it in its repo, and the
run does not pass."""

from __future__ import annotations

import re

from bringup.model.plan import PlanStep
from bringup.scan.commands import pip_install_targets, program_name

OFFLINE_ENV = {"PIP_NO_INDEX": "1", "UV_OFFLINE": "1"}
"""pip reads its options from ``PIP_<LONG_OPTION>`` variables; ``UV_OFFLINE`` is uv's
``--offline`` (uv reference, environment variables)."""

SKIPPED = "needs the network, and --offline was given"

_INDEX_OPTIONS = ("-i", "--index-url", "--extra-index-url")
"""What ``--no-index`` makes pip ignore ("Ignoring indexes: ..."), so not a download."""

_URL = re.compile(r"(?<![A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]*)://")


def skipped_offline(step: PlanStep, offline: bool) -> bool:
    """Whether ``--offline`` keeps ``step`` from running: it needs the network, and it is not
    an install that the offline settings confine to the cache and local files."""
    return offline and step.needs.network and not _installs_locally(step.argv)


def _installs_locally(argv: tuple[str, ...]) -> bool:
    """A pip or uv install that the offline settings keep off the network: uv's offline mode
    stops every fetch; pip's ``--no-index`` stops only the index, not a URL it is given."""
    if pip_install_targets(argv) is None:
        return False
    return program_name(argv) == "uv" or not _fetches(argv)


def _fetches(argv: tuple[str, ...]) -> bool:
    """Whether a pip command names a remote URL besides an index: ``git+https://...``, ``pkg @
    https://...``, a wheel's URL, ``--find-links https://...``. A ``file:`` URL is local."""
    index_value = False
    for arg in argv:
        if index_value:
            index_value = False
            continue
        if arg in _INDEX_OPTIONS:
            index_value = True
            continue
        if arg.startswith(("--index-url=", "--extra-index-url=")) or (
            arg.startswith("-i") and not arg.startswith("--")
        ):
            continue
        if any(m.group(1).lower().rsplit("+", 1)[-1] != "file" for m in _URL.finditer(arg)):
            return True
    return False
