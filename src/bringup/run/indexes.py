"""The user's package-index settings for uv. uv reads neither ``pip.conf`` nor ``PIP_*``
variables, so a machine set up for pip (a mirror, ``find-links`` to a wheel directory, a
constraints file) would be ignored; this maps pip's settings to uv's options, with pip's
precedence: a ``PIP_*`` variable over the config files, ``[install]`` over ``[global]``,
later files over earlier ones.

The index itself is one answer for ``up`` and ``check --index`` (outsider10 #6: ``check
--index`` read PyPI while ``up`` installed from pip.conf's index, and their verdicts
disagreed): ``--index=URL``, else uv's own variables (``$UV_DEFAULT_INDEX``,
``$UV_INDEX_URL``: uv reads them, but an ``--index-url`` option would override them), else
pip's index (``$PIP_INDEX_URL``, then the config files), else PyPI (``IndexSettings.index_url``).

The indexes and find-links locations travel to uv in its environment (``UV_DEFAULT_INDEX``,
``UV_INDEX``, ``UV_FIND_LINKS``), not on its command line: a mirror's URL may hold a password
(``https://user:TOKEN@mirror/simple``), and a command line is readable by every user of the
machine in ``/proc/PID/cmdline`` (review30 M4).

Pure: the variables and the config files' texts in, the options out.
"""

from __future__ import annotations

import configparser
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional
from urllib.parse import quote, urlsplit, urlunsplit

from bringup.index.releases import DEFAULT_URL

UV_INDEX_VARIABLES = ("UV_DEFAULT_INDEX", "UV_INDEX_URL")
"""uv's own index variables, in uv's order; before pip's settings."""

_LISTS = {
    "index-url": "--index-url",
    "extra-index-url": "--extra-index-url",
    "find-links": "--find-links",
    "constraint": "--constraint",
    "trusted-host": "--allow-insecure-host",
}
"""pip setting -> uv option; each may hold several whitespace-separated values (only the
last index-url counts, as in pip)."""

_IN_ENVIRONMENT = {
    "--index-url": ("UV_DEFAULT_INDEX", " "),
    "--extra-index-url": ("UV_INDEX", " "),
    "--find-links": ("UV_FIND_LINKS", ","),
}
"""uv option -> the variable uv reads it from instead, and how that variable joins several
values (uv 0.13: ``UV_INDEX`` by spaces, ``UV_FIND_LINKS`` by commas)."""


@dataclass(frozen=True)
class IndexSettings:
    """uv options and variables that carry the user's pip settings; ``origin`` says where
    each came from (a variable or a config file), for the log."""

    args: tuple[str, ...] = ()
    """Options for every uv command that reads an index (``uv venv --seed`` too)."""
    install_args: tuple[str, ...] = ()
    """Options only ``uv pip install`` takes (constraints)."""
    env: Mapping[str, Optional[str]] = field(default_factory=dict)
    """Variables for every uv command: the indexes and find-links locations, a certificate;
    ``None`` removes a variable (uv's older ``UV_INDEX_URL`` where ``UV_DEFAULT_INDEX`` is set)."""
    origin: tuple[str, ...] = ()
    index_url: str = DEFAULT_URL
    """The index installs come from, and the one ``check --index`` reads."""

    @property
    def from_pypi(self) -> bool:
        """Installs come from PyPI: no index or mirror of the user's, ``--no-index`` unset."""
        return self.index_url == DEFAULT_URL and "--no-index" not in self.args


def past_unreachable(settings: IndexSettings) -> Optional[IndexSettings]:
    """The settings without their default index, for when it did not answer: pip warns and
    reads its other indexes and find-links, uv stops at the first index that fails (outsider14
    D12: a dead ``PIP_INDEX_URL`` beside pip.conf's ``extra-index-url`` and ``find-links``:
    pip installed, ``uv venv --seed`` failed). None where nothing else is given."""
    extras = (settings.env.get("UV_INDEX") or "").split()
    links = settings.env.get("UV_FIND_LINKS") or "--find-links" in settings.args
    if not extras and not links:
        return None
    env = dict(settings.env)
    args = settings.args
    if extras:
        env["UV_DEFAULT_INDEX"], env["UV_INDEX"] = extras[0], " ".join(extras[1:]) or None
    else:
        env["UV_DEFAULT_INDEX"] = None
        args = (*args, "--no-index")
    env["UV_INDEX_URL"] = None
    return IndexSettings(
        args=args,
        install_args=settings.install_args,
        env=env,
        origin=settings.origin,
        index_url=extras[0].rstrip("/") if extras else settings.index_url,
    )


def without_credentials(url: str) -> str:
    """``url`` without its user and password, as uv prints an index in its errors ("Failed to
    fetch: http://127.0.0.1:9/simple/pip/" for ``http://alice:s3cret@127.0.0.1:9/simple``)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    if "@" not in parts.netloc:
        return url
    return urlunsplit(parts._replace(netloc=parts.netloc.rpartition("@")[2]))


def pip_config_files(env: Mapping[str, str], home: Path) -> list[Path]:
    """pip's config files in the order pip reads them (later ones win); ``PIP_CONFIG_FILE``
    set to ``os.devnull`` turns them off."""
    named = env.get("PIP_CONFIG_FILE")
    if named == os.devnull:
        return []
    xdg_dirs = env.get("XDG_CONFIG_DIRS", "/etc/xdg").split(":")
    files = [Path(d) / "pip" / "pip.conf" for d in xdg_dirs if d]
    files.append(Path("/etc/pip.conf"))
    files.append(home / ".pip" / "pip.conf")
    config_home = env.get("XDG_CONFIG_HOME") or str(home / ".config")
    files.append(Path(config_home) / "pip" / "pip.conf")
    if env.get("VIRTUAL_ENV"):
        files.append(Path(env["VIRTUAL_ENV"]) / "pip.conf")
    if named:
        files.append(Path(named))
    return files


def _from_config(texts: Sequence[tuple[str, str]]) -> tuple[dict[str, str], dict[str, str]]:
    """Settings of the config files (``(name, text)`` each): value and origin per key."""
    values: dict[str, str] = {}
    origin: dict[str, str] = {}
    for name, text in texts:
        parser = configparser.ConfigParser(interpolation=None)
        try:
            parser.read_string(text, source=name)
        except configparser.Error:
            continue
        for section in ("global", "install"):
            if not parser.has_section(section):
                continue
            for key, value in parser.items(section):
                values[key] = value
                origin[key] = f"{name} [{section}] {key}"
    return values, origin


def index_settings(
    env: Mapping[str, str],
    config_texts: Sequence[tuple[str, str]],
    *,
    offline: bool,
    index: Optional[str] = None,
) -> IndexSettings:
    """uv's options for the user's pip settings (``config_texts``: the config files read, in
    pip's order); ``offline`` adds ``--offline`` (only what is cached or in find-links);
    ``index`` is ``--index=URL``, over every variable and file."""
    values, origin = _from_config(config_texts)
    for key in (*_LISTS, "no-index", "cert"):
        variable = "PIP_" + key.upper().replace("-", "_")
        if env.get(variable):
            values[key] = env[variable]
            origin[key] = variable
    uv_variable = next((v for v in UV_INDEX_VARIABLES if env.get(v)), None)
    if index:
        values["index-url"], origin["index-url"] = index, "--index"
    elif uv_variable is not None:
        values["index-url"], origin["index-url"] = env[uv_variable], uv_variable
    args: list[str] = []
    install: list[str] = []
    used: list[str] = []
    variables: dict[str, Optional[str]] = {}
    given: set[str] = set()
    for key, option in _LISTS.items():
        if key not in values:
            continue
        items = values[key].split()
        if key == "index-url":
            items = items[-1:]
        given.add(option)
        carried = _carried(option, items, env)
        if carried:
            variables.update(carried)
        else:
            for item in items:
                (install if key == "constraint" else args).extend([option, item])
        used.append(origin[key])
    if "--extra-index-url" in given or {"--find-links", "--index-url"} <= given:
        # pip picks the best match over every index; uv stops at the first that has the
        # name unless told otherwise.
        args += ["--index-strategy", "unsafe-best-match"]
    if values.get("no-index", "").lower() in ("1", "true", "yes", "on"):
        args.append("--no-index")
        used.append(origin["no-index"])
    if offline:
        args.append("--offline")
    if values.get("cert") and "SSL_CERT_FILE" not in env:
        variables["SSL_CERT_FILE"] = values["cert"]
        used.append(origin["cert"])
    chosen = values["index-url"].split()[-1:] if "index-url" in values else []
    return IndexSettings(
        args=tuple(args),
        install_args=tuple(install),
        env=variables,
        origin=tuple(used),
        index_url=(chosen[0] if chosen else DEFAULT_URL).rstrip("/"),
    )


def _carried(option: str, items: Sequence[str], env: Mapping[str, str]) -> dict[str, Optional[str]]:
    """The variables that give uv ``option``'s ``items`` (after what the user's own variable
    already holds), or none where it has no variable."""
    if option not in _IN_ENVIRONMENT:
        return {}
    name, separator = _IN_ENVIRONMENT[option]
    items = [_without_separator(item, separator) for item in items]
    if option == "--index-url":
        return {name: items[-1], "UV_INDEX_URL": None}
    return {name: separator.join([*items, *([env[name]] if env.get(name) else [])])}


def _without_separator(item: str, separator: str) -> str:
    """``item`` with no ``separator`` in it, so its variable carries it whole rather than
    uv's command line, where a location may hold a password (review31 L1): a URL's comma is
    the same URL percent-encoded (``%2C``), a folder's path its ``file://`` URL, encoded
    alike (uv reads ``UV_FIND_LINKS=file:///srv/we%2Cels`` as the folder ``/srv/we,els``)."""
    if separator not in item:
        return item
    if "://" in item:
        return item.replace(separator, quote(separator, safe=""))
    return "file://" + quote(os.path.abspath(item))


def read_index_settings(
    env: Optional[Mapping[str, str]] = None, *, offline: bool = False, index: Optional[str] = None
) -> IndexSettings:
    """The settings of this user: their variables and the pip config files present, under
    ``--index=URL`` when given."""
    environ = os.environ if env is None else env
    texts = []
    for path in pip_config_files(environ, Path.home()):
        try:
            texts.append((str(path), path.read_text(encoding="utf-8", errors="replace")))
        except OSError:
            continue
    return index_settings(environ, texts, offline=offline, index=index)
