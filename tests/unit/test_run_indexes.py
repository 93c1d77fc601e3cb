"""pip's index settings become uv's options: uv reads neither pip.conf nor PIP_* variables,
so a machine set up for pip (a wheel directory, a mirror, a constraints file) must not be
ignored by ``bringup up``."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.options import index_source
from bringup.run.indexes import index_settings, pip_config_files, read_index_settings

_CONF = """[global]
extra-index-url = file:///opt/pypi/simple file:///opt/pypi-more/simple
constraint = /etc/xdg/pip/constraints.txt
cert = /etc/ssl/certs/ca-certificates.crt
"""


def test_variables_and_config_files_map_to_uv_options() -> None:
    settings = index_settings(
        {"PIP_FIND_LINKS": "/opt/wheels", "PIP_INDEX_URL": "https://mirror.example/simple"},
        [("/etc/pip.conf", _CONF)],
        offline=True,
    )
    assert settings.args == ("--index-strategy", "unsafe-best-match", "--offline")
    assert settings.install_args == ("--constraint", "/etc/xdg/pip/constraints.txt")
    assert settings.env == {
        "UV_DEFAULT_INDEX": "https://mirror.example/simple",
        "UV_INDEX_URL": None,
        "UV_INDEX": "file:///opt/pypi/simple file:///opt/pypi-more/simple",
        "UV_FIND_LINKS": "/opt/wheels",
        "SSL_CERT_FILE": "/etc/ssl/certs/ca-certificates.crt",
    }
    assert "PIP_FIND_LINKS" in settings.origin


def test_a_variable_beats_the_config_and_install_beats_global() -> None:
    conf = "[global]\nindex-url = https://a/simple\n[install]\nindex-url = https://b/simple\n"
    settings = index_settings({}, [("pip.conf", conf)], offline=False)
    assert settings.env["UV_DEFAULT_INDEX"] == "https://b/simple"
    variables = {"PIP_INDEX_URL": "https://c/simple", "PIP_NO_INDEX": "1"}
    settings = index_settings(variables, [("pip.conf", conf)], offline=False)
    assert settings.env["UV_DEFAULT_INDEX"] == "https://c/simple"
    assert settings.args == ("--no-index",)


def test_a_broken_config_file_is_ignored_not_fatal() -> None:
    assert index_settings({}, [("pip.conf", "[global\nnot ini")], offline=False).args == ()


def test_config_files_in_pips_order_and_devnull_turns_them_off(tmp_path: Path) -> None:
    files = pip_config_files({"XDG_CONFIG_HOME": str(tmp_path)}, Path("/home/u"))
    assert files[-1] == tmp_path / "pip" / "pip.conf"
    assert Path("/etc/pip.conf") in files
    assert pip_config_files({"PIP_CONFIG_FILE": "/dev/null"}, Path("/home/u")) == []


@pytest.mark.parametrize(
    ("variables", "given", "expected"),
    [
        ({}, "", "https://conf.example/simple"),  # pip.conf's index: check read PyPI instead
        ({"PIP_INDEX_URL": "https://pip.example/simple/"}, "", "https://pip.example/simple"),
        # uv's own variable: up passed pip.conf's index as --index-url, which overrides it
        ({"UV_DEFAULT_INDEX": "https://uv.example/simple"}, "", "https://uv.example/simple"),
        ({"UV_INDEX_URL": "https://uv.example/simple"}, "https://given.example/simple",
         "https://given.example/simple"),
    ],
)  # fmt: skip
def test_check_index_reads_the_index_up_installs_from(
    variables: dict[str, str],
    given: str,
    expected: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """outsider10 #6: ``check --index`` read one index and ``up`` installed from another."""
    conf = tmp_path / "pip.conf"
    conf.write_text("[global]\nindex-url = https://conf.example/simple\n", encoding="utf-8")
    for name in ("UV_DEFAULT_INDEX", "UV_INDEX_URL", "PIP_INDEX_URL", "VIRTUAL_ENV"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_CONFIG_DIRS", str(tmp_path / "xdg"))
    monkeypatch.setenv("PIP_CONFIG_FILE", str(conf))
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    source = index_source(given)
    assert source is not None
    installs = read_index_settings(index=given or None)
    assert source.url == installs.index_url == expected
    assert str(installs.env["UV_DEFAULT_INDEX"]).rstrip("/") == expected


def test_up_refuses_an_index_that_is_not_http_before_reading_anything(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bringup.cli.main import main
    from bringup.errors import ExitCode

    assert main(["up", str(tmp_path / "none"), "--index=ftp://mirror/simple"]) == ExitCode.BAD_INPUT
    assert "--index ftp://mirror/simple: not an http(s) URL" in capsys.readouterr().err


def test_no_index_or_find_links_location_is_on_uvs_command_line() -> None:
    """review30 M4: ``up --index=https://u:TOKEN@...`` reached uv as ``--index-url URL``,
    readable by every user in /proc/PID/cmdline; uv reads the same from its variables."""
    given = "https://u:TOKEN@mirror.example/simple"
    conf = "[global]\nextra-index-url = https://v:KEY@extra.example/simple\n"
    variables = {
        "PIP_FIND_LINKS": "https://w:PASS@wheels.example/",
        "UV_INDEX": "https://own/simple",
    }
    settings = index_settings(variables, [("pip.conf", conf)], offline=False, index=given)
    shown = " ".join([*settings.args, *settings.install_args])
    assert "@" not in shown, shown
    assert settings.env["UV_DEFAULT_INDEX"] == given
    # the user's own UV_INDEX is kept beside pip's extra index, not replaced
    assert settings.env["UV_INDEX"] == "https://v:KEY@extra.example/simple https://own/simple"
    assert settings.env["UV_FIND_LINKS"] == "https://w:PASS@wheels.example/"


def test_uv_reads_the_index_from_its_variable(tmp_path: Path) -> None:
    """The variables do what the options did: uv 0.13 finds a name on the index given in
    ``UV_DEFAULT_INDEX`` and on an extra one in ``UV_INDEX`` (file:// indexes, no network)."""
    import subprocess

    from bringup.run.environments import uv_binary

    uv = uv_binary()
    if uv is None:
        pytest.skip("no uv")
    for name in ("main", "extra"):
        page = tmp_path / name / f"only-on-{name}"
        page.mkdir(parents=True)
        (page / "index.html").write_text("<html><body></body></html>", encoding="utf-8")
    settings = index_settings(
        {"PIP_EXTRA_INDEX_URL": (tmp_path / "extra").as_uri()},
        [],
        offline=False,
        index=(tmp_path / "main").as_uri(),
    )
    env = {k: v for k, v in settings.env.items() if v is not None}
    for name in ("main", "extra"):
        done = subprocess.run(
            [uv, "pip", "compile", "--no-cache", *settings.args, "-"],
            check=False,
            input=f"only-on-{name}\n",
            capture_output=True,
            text=True,
            env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), **env},
            timeout=60,
        )
        # found on the index, with no release: not "not found in the package registry"
        assert "there are no versions of" in done.stderr, done.stderr
