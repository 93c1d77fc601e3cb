"""Secrets found by their value, wherever they stand: a token of a known format (GitHub,
Hugging Face, AWS, OpenAI-style, Slack, a JWT), ``user:password@`` in a URL, an
``Authorization`` header, ``password=...``. Variables are also dropped by name when a probe
is recorded (``bringup.probe.redact``); this catches what a name does not: a token inside an
allow-listed variable's value or in a command's output.

Every writer of outside text passes it through here: ``--record`` (outputs, files, kept
variables, argv), the snapshot a probe returns, every ``--json`` envelope and event, the
terminal and the plain stream of a pipe (``console.safe``: ``up``'s progress, warnings,
errors) and the ``-v`` debug line of each command run.
"""

from __future__ import annotations

from re import Match
from typing import Any

from bringup import lazyre

_URL_USER = lazyre.compile(r"(\b[A-Za-z][A-Za-z0-9+.\-]{0,63}://)[^/\s@:]+(?::[^/\s@]*)?@")
"""``user:password@`` in a URL (a proxy, an index, a clone URL in a path or an output). A
scheme is short (IANA's longest are some 30 characters): bounded, a long run of scheme
characters ("a.a.a..." in a one-line blob) is no longer re-read to its end from each word
in it (100 KB took 7 s in a ``--json`` envelope, quadratic)."""

_TOKEN = lazyre.compile(
    r"(?<![A-Za-z0-9_])(?:"
    r"gh[pousr]_[A-Za-z0-9]{36,255}"  # GitHub: personal, OAuth, user/server, refresh
    r"|github_pat_[A-Za-z0-9_]{22,255}"  # GitHub fine-grained personal
    r"|hf_[A-Za-z0-9]{30,}"  # Hugging Face
    r"|(?:AKIA|ASIA)[A-Z0-9]{16}"  # AWS access key id (long-lived, temporary)
    r"|sk-(?=[A-Za-z0-9_-]*[0-9])[A-Za-z0-9_-]{20,}"  # OpenAI-style (sk-, sk-proj-, sk-ant-)
    r"|xox[abposr]-[A-Za-z0-9-]{10,}"  # Slack
    r"|eyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*"  # a JWT: header.claims.sig
    r")(?![A-Za-z0-9_])"
)
"""Keys and tokens of known formats, each a whole word (a 40-hex git commit, a path or a
version never matches: every format has its own prefix)."""

_AUTHORIZATION = lazyre.compile(
    r"(?i)(\b(?:proxy-)?authorization[\"']?\s*[:=]\s*[\"']?(?:(?:bearer|basic|token|digest)\s+)?)"
    r"[^\s\"',;]+"
)
_BEARER = lazyre.compile(r"(\bBearer\s+)[A-Za-z0-9._~+/-]{8,}=*")
_ASSIGNED = lazyre.compile(
    r"(?i)(?<![\w/-])(-{0,2}((?:[a-z0-9]+[_-])*)(password|passwd|secret|token|key|"
    r"api[_-]?key|access[_-]?key)[\"']?\s*[:=]\s*[\"']?)(?!redacted\b)([^\s\"',;]+)"
)
"""A value given to a name that says it is a secret, in text (a config dump, an error) or a
command line (``env HF_TOKEN=...``, ``--password=...``): the name may carry a prefix
(``WANDB_API_KEY``, ``AWS_SECRET_ACCESS_KEY``, ``db_password``). Not a file named so at the end
of a path: ``/etc/passwd: not an http(s) URL`` is an error about the file, whose next word is
not a secret (it read ``/etc/passwd: redacted an http(s) URL``). Which names and values count
is ``_assigned``'s."""

_TOKEN_SHAPED = lazyre.compile(r"[\w.~+/=-]{8,}")
"""A value that can be a credential: a tokenizer's ``eos_token: </s>`` or ``pad_token=[PAD]``
and a ``sort_key=name`` cannot."""

_OPTION = lazyre.compile(
    r"(?i)(?<![\w-])(--(?:[a-z0-9]+[_-])*(?:password|passwd|secret|token|api[_-]?key|"
    r"access[_-]?key|secret[_-]?key|private[_-]?key)\s+[\"']?)(?!-|redacted\b)([^\s\"']+)"
)
"""The word after an option that takes a secret (``--password x``, ``--access-token x``,
``--hf-token x``); a next word that is an option is not its value (``--use-auth-token
--model m``)."""

_USER_OPTION = lazyre.compile(
    r"(?<![\w-])((?:-u|--user)(?:\s+|=)[\"']?[^\s:@/\"']+:)(?!redacted\b)(?![0-9]+\b)"
    r"([^\s\"']+)"
)
"""``curl -u user:password``, ``--user user:password`` (also wget's, git's); ``docker run -u
1000:1000`` is a uid and gid, kept."""

_MYSQL_PASSWORD = lazyre.compile(
    r"(\bmysql(?:dump|admin|import|show)?\s+(?:[^\s;&|]+\s+){0,16}?-p)(?!redacted\b)([^\s-]\S*)"
)
"""The MySQL clients' password, written against ``-p`` (``mysql -u root -phunter2``), within
the next words (bounded: each ``mysql`` in a long blob is not re-read to the blob's end)."""

REDACTED = "redacted"


def redact_secrets(text: str) -> str:
    """``text`` with every secret found by its value replaced by ``redacted``: tokens of
    known formats, credentials in URLs, authorization headers, passwords and keys given to a
    name or an option (``HF_TOKEN=``, ``--password x``, ``-u user:password``). The one redaction
    every writer of a command or an error uses."""
    if not text:
        return text
    text = _TOKEN.sub(REDACTED, text)
    text = _URL_USER.sub(lambda m: m.group(1) + REDACTED + "@", text)
    text = _AUTHORIZATION.sub(lambda m: m.group(1) + REDACTED, text)
    text = _BEARER.sub(lambda m: m.group(1) + REDACTED, text)
    text = _OPTION.sub(lambda m: m.group(1) + REDACTED, text)
    text = _USER_OPTION.sub(lambda m: m.group(1) + REDACTED, text)
    text = _MYSQL_PASSWORD.sub(lambda m: m.group(1) + REDACTED, text)
    return _ASSIGNED.sub(_assigned, text)


def _assigned(found: Match[str]) -> str:
    """``found`` with its value redacted when the name says it holds a secret: a name ending
    in ``password``/``secret``/``api_key``/``access_key``/``secret_key``, a bare ``token``, a
    variable's name in capitals ending in ``_TOKEN``/``_KEY`` (``HF_TOKEN=...``); a name in
    lower case ending so (``hf_token``) only for a value shaped like a credential, and a bare
    ``key`` never (``key: value`` is how a table is written)."""
    whole, prefix, value = found.group(1), found.group(2), found.group(4)
    name = (prefix + found.group(3)).replace("-", "_")
    said = name.lower()
    if said.endswith(_ALWAYS) or said == "token" or (name.isupper() and prefix):
        return whole + REDACTED
    if prefix and _TOKEN_SHAPED.fullmatch(value):
        return whole + REDACTED
    return found.group(0)


_ALWAYS = ("password", "passwd", "secret", "api_key", "apikey", "access_key", "secret_key")
"""Names whose value is a secret whatever it looks like."""


def redact_data(value: Any) -> Any:
    """``value`` (JSON-like data: dicts, lists, strings) with ``redact_secrets`` applied to
    every string in it, keys too. Each distinct string is searched once: a ``check --json``
    envelope repeats its keys and names (~3,800 strings, ~400 distinct)."""
    return _redact_data(value, {})


def _redact_data(value: Any, done: dict[str, str]) -> Any:
    if isinstance(value, str):
        redacted = done.get(value)
        if redacted is None:
            redacted = done[value] = redact_secrets(value)
        return redacted
    if isinstance(value, dict):
        return {
            _redact_data(k, done) if isinstance(k, str) else k: _redact_data(v, done)
            for k, v in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [_redact_data(item, done) for item in value]
    return value


def shortened(text: str, limit: int) -> str:
    """``text`` with its secrets redacted, then cut to ``limit`` characters ending in ``...``.
    Redacting first: a cut between a URL's password and its ``@`` (or inside a token) leaves
    a piece no pattern knows as a secret, which later redaction would let through."""
    text = redact_secrets(text)
    return text if len(text) <= limit else text[: limit - 3] + "..."
