"""What must not leave a machine in a recorded fixture: its hostname, user name, serial
numbers, UUIDs (device UUIDs too, as collect_env strips them), MAC addresses, and every
environment variable that is not about the stack (tokens and keys never are).

Secrets are also found by value (``bringup.redaction.redact_secrets``) in everything written:
outputs, files, kept variables, argv.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import msgspec

from bringup import backends, lazyre
from bringup.backends.base import Backend
from bringup.model import Snapshot
from bringup.redaction import REDACTED, redact_data, redact_secrets

_UUID = lazyre.compile(
    r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"
)
_MAC = lazyre.compile(r"\b[0-9a-fA-F]{2}(?::[0-9a-fA-F]{2}){5}\b")
_SERIAL = lazyre.compile(r"((?:Serial Number|serial|Serial|SN)\s*[:=]\s*)(\S.*)$", re.MULTILINE)

_KEPT_NAMES = (
    "PATH|HOME|LD_LIBRARY_PATH|PYTHONPATH|VIRTUAL_ENV|CONDA_PREFIX|CONDA_DEFAULT_ENV"
    "|PYENV_ROOT|PYENV_VERSION|CC|CXX|CMAKE_PREFIX_PATH|TORCH_\\w+"
)


def _kept_variables(registered: tuple[Backend, ...]) -> re.Pattern[str]:
    """The variables that matter to the stack: the generic ones, and each backend's
    (``Vocabulary.variable_prefixes``, its chip variables, what its activation sets)."""
    names: list[str] = []
    for backend in registered:
        words = backend.vocabulary
        names.extend(re.escape(prefix) + r"\w+" for prefix in words.variable_prefixes)
        names.extend(
            re.escape(n) for n in (*words.chip_variables, *backend.activation("/").variables)
        )
    return re.compile(f"^(?:{'|'.join([_KEPT_NAMES, *names])})$")


kept_variables = backends.per_registry(_kept_variables)
_SECRET_NAME = lazyre.compile(
    r"TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH|COOKIE|APIKEY|_KEY$|^KEY", re.IGNORECASE
)


class Redactor:
    """Replaces this machine's identifying strings in recorded text."""

    def __init__(self, *, hostname: str | None, username: str | None) -> None:
        self._hostname = (
            re.compile(r"(?<![\w-])" + re.escape(hostname) + r"(?![\w-])")
            if hostname and hostname not in ("localhost", "")
            else None
        )
        self._home = (
            re.compile(r"/home/" + re.escape(username) + r"(?=/|\b)")
            if username and username != "root"
            else None
        )

    def text(self, text: str) -> str:
        text = _UUID.sub("00000000-0000-0000-0000-000000000000", text)
        text = _MAC.sub("00:00:00:00:00:00", text)
        text = _SERIAL.sub(lambda m: m.group(1) + REDACTED, text)
        text = redact_secrets(text)
        if self._hostname is not None:
            text = self._hostname.sub(f"{REDACTED}-host", text)
        if self._home is not None:
            text = self._home.sub("/home/user", text)
        return text

    def path(self, path: str) -> str:
        """A host path as the fixture stores it (``/home/<user>`` becomes ``/home/user``), so
        paths in the tree, in links, in argv and in outputs stay consistent."""
        path = redact_secrets(path)
        if self._home is not None:
            path = self._home.sub("/home/user", path)
        if self._hostname is not None:
            path = self._hostname.sub(f"{REDACTED}-host", path)
        return path

    def environment(self, env: Mapping[str, str]) -> dict[str, str]:
        """The variables that matter to the stack, redacted; nothing that looks secret."""
        return {
            name: self.text(value)
            for name, value in sorted(env.items())
            if kept_variables().match(name) and not _SECRET_NAME.search(name)
        }


def redact_snapshot(snapshot: Snapshot) -> Snapshot:
    """``snapshot`` with ``redact_secrets`` applied to every string in it (fact values,
    reasons, sources): what a probe returns, so no writer of it (text, ``--json``, a plan's
    actions) can show a token read from the environment or a command's output."""
    return msgspec.convert(redact_data(msgspec.to_builtins(snapshot)), type=Snapshot)
