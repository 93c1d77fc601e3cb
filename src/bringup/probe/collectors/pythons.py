"""Every Python on the host, and the installed packages of the default one.

Only the default interpreter (``python3`` first on PATH) is started, to run the stdlib-only
``inspect_env.py`` inside it. Every other interpreter's version is read from files that say it
(pyenv's ``versions/<X.Y.Z>``, ``pyvenv.cfg``, ``conda-meta/python-*.json``,
``include/pythonX.Y/patchlevel.h``), and only then from its name (``python3.11``).
"""

from __future__ import annotations

import posixpath
from importlib import resources

from bringup import lazyre
from bringup.model import Fact, PythonInstall, Source, file_source, keys
from bringup.probe.access import absent, read_text, run, search_path, which
from bringup.probe.collectors.python_parse import (
    minor_from_name,
    parse_inspect_output,
    version_from_conda_meta,
    version_from_name,
    version_from_patchlevel,
    version_from_pyvenv_cfg,
)
from bringup.probe.context import Collected, ProbeContext

_PROGRAM = lazyre.compile(r"^python(\d(\.\d+)?)?$")
_CONDA_HOMES = ("miniconda3", "anaconda3", "miniforge3", "mambaforge")


def inspect_script_path() -> str:
    """Where ``inspect_env.py`` is on this machine (it runs inside the target interpreter)."""
    return str(resources.files("bringup.probe.scripts").joinpath("inspect_env.py"))


def probe_pythons(ctx: ProbeContext) -> Collected:
    """The default interpreter with its packages, and every other interpreter found."""
    default = _probe_default(ctx)
    seen = {_identity(ctx, p.path) for p in default.pythons if p.path.startswith("/")}
    others: list[PythonInstall] = []
    unknown: list[Fact] = []
    for path, origin in _candidates(ctx):
        try:
            real = ctx.files.resolve(path)
            identity = _identity(ctx, path)
        except OSError:
            continue
        if identity in seen:
            continue
        seen.add(identity)
        found = _identify(ctx, path, real, origin)
        if isinstance(found, PythonInstall):
            others.append(found)
        else:
            unknown.append(found)
    count = Fact(
        key=keys.PYTHON_INTERPRETERS,
        value=len(default.pythons) + len(others),
        source=Source(kind="derived", ref="PATH, pyenv, conda and venv directories"),
    )
    return Collected(
        facts=(*default.facts, count, *unknown),
        pythons=(*default.pythons, *others),
    )


def _identity(ctx: ProbeContext, path: str) -> str:
    """Which interpreter the program at ``path`` is: a venv's own (the folder holding its
    ``pyvenv.cfg``; its ``bin/python`` links to the base interpreter but has its own
    packages, outsider12 #16), else the program its links lead to."""
    prefix = posixpath.dirname(posixpath.dirname(path))
    if ctx.files.is_file(posixpath.join(prefix, "pyvenv.cfg")):
        return ctx.files.resolve(prefix)
    return ctx.files.resolve(path)


def _probe_default(ctx: ProbeContext) -> Collected:
    program = which(ctx, "python3") or which(ctx, "python")
    if program is None:
        return Collected(
            facts=(
                absent(
                    keys.PYTHON_DEFAULT,
                    Source(kind="env", ref="PATH"),
                    "no python3 or python on PATH",
                ),
            )
        )
    program = _through_pyenv_shim(ctx, program)
    extra = [p for p in ctx.env.get("PYTHONPATH", "").split(":") if p.startswith("/")]
    argv = [program, "-I", inspect_script_path(), *extra]
    done, failure = run(ctx, argv, keys.PYTHON_DEFAULT, timeout=max(ctx.timeout_s, 10.0))
    if failure is not None:
        return Collected(facts=(failure,))
    return parse_inspect_output(
        done.stdout, Source(kind="command", ref=f"{program} -I inspect_env.py")
    )


def _pyenv_root(ctx: ProbeContext) -> str:
    home = ctx.env.get("HOME", "")
    return ctx.env.get("PYENV_ROOT") or (posixpath.join(home, ".pyenv") if home else "")


def _through_pyenv_shim(ctx: ProbeContext, program: str) -> str:
    """The interpreter a pyenv shim would run, found as pyenv finds it ($PYENV_VERSION, then
    ``.python-version`` from the working directory up, then ``$PYENV_ROOT/version``); the
    shim itself when that does not name one installed version (``system``, plugins). Running
    the interpreter directly saves the shim's bash start-up, about half the probe's time."""
    root = _pyenv_root(ctx)
    if not root or posixpath.dirname(program) != posixpath.join(root, "shims"):
        return program
    chosen = ctx.env.get("PYENV_VERSION")
    if not chosen:
        directory = ctx.env.get("PWD", "")
        candidates = []
        while directory.startswith("/"):
            candidates.append(posixpath.join(directory, ".python-version"))
            if directory == "/":
                break
            directory = posixpath.dirname(directory)
        candidates.append(posixpath.join(root, "version"))
        for path in candidates:
            if ctx.files.is_file(path):
                text, _ = read_text(ctx, path, keys.PYTHON_DEFAULT)
                chosen = (text or "").split()[0] if (text or "").split() else None
                break
        if chosen is not None and not _safe_version_file_name(chosen):
            return program
    if not chosen:
        return program
    direct = posixpath.join(
        root, "versions", chosen.split(":")[0], "bin", posixpath.basename(program)
    )
    return direct if ctx.files.is_file(direct) else program


def _safe_version_file_name(name: str) -> bool:
    """Whether a name read from a version file stays directly under ``versions/``. A
    ``.python-version`` comes with the repo the user stands in: ``../../repo/evil`` or
    ``/tmp/evil`` there must not choose the program bringup runs (pyenv ignores such names
    since CVE-2022-35861; the shim is run instead)."""
    return all(part not in ("", ".", "..") and "/" not in part for part in name.split(":"))


def _candidates(ctx: ProbeContext) -> list[tuple[str, str]]:
    """(host path, origin) of every interpreter program worth identifying, PATH first."""
    found: list[tuple[str, str]] = []
    home = ctx.env.get("HOME", "")
    pyenv_root = _pyenv_root(ctx)
    shims = posixpath.join(pyenv_root, "shims") if pyenv_root else None
    for directory in search_path(ctx):
        if directory == shims:
            continue  # pyenv's shims dispatch to versions/, which are listed below
        for path in ctx.files.glob(posixpath.join(directory, "python*")):
            if _PROGRAM.match(posixpath.basename(path)):
                found.append((path, "path"))
    if pyenv_root:
        for path in ctx.files.glob(posixpath.join(pyenv_root, "versions", "*", "bin", "python")):
            found.append((path, "pyenv"))
    prefixes = [ctx.env.get("CONDA_PREFIX", "")]
    for name in _CONDA_HOMES:
        for base in (posixpath.join(home, name) if home else "", posixpath.join("/opt", name)):
            if base:
                prefixes.append(base)
                prefixes.extend(ctx.files.glob(posixpath.join(base, "envs", "*")))
    prefixes.append("/opt/conda")
    prefixes.extend(ctx.files.glob("/opt/conda/envs/*"))
    for prefix in prefixes:
        if prefix and ctx.files.is_file(posixpath.join(prefix, "bin", "python")):
            found.append((posixpath.join(prefix, "bin", "python"), "conda"))
    venv = ctx.env.get("VIRTUAL_ENV")
    if venv and ctx.files.is_file(posixpath.join(venv, "bin", "python")):
        found.append((posixpath.join(venv, "bin", "python"), "venv"))
    return found


def _identify(ctx: ProbeContext, path: str, real: str, origin: str) -> PythonInstall | Fact:
    """The interpreter at ``path`` from the cheapest file that states its version."""
    prefix = posixpath.dirname(posixpath.dirname(path))
    cfg_path = posixpath.join(prefix, "pyvenv.cfg")
    if ctx.files.is_file(cfg_path):
        text, _ = read_text(ctx, cfg_path, keys.PYTHON_INTERPRETERS)
        found = version_from_pyvenv_cfg(text or "")
        if found is not None:
            return _install(
                path, found[0], "venv" if origin == "path" else origin, cfg_path, found[1]
            )
    real_prefix = posixpath.dirname(posixpath.dirname(real))
    if posixpath.basename(posixpath.dirname(real_prefix)) == "versions":
        version = version_from_name(posixpath.basename(real_prefix))
        if version is not None:
            return _install(path, version, "pyenv", real_prefix, None)
    meta = posixpath.join(real_prefix, "conda-meta")
    version = version_from_conda_meta(
        [posixpath.basename(p) for p in ctx.files.glob(posixpath.join(meta, "python-*.json"))]
    )
    if version is not None:
        return _install(path, version, "conda", meta, None)
    minor = minor_from_name(posixpath.basename(real)) or minor_from_name(posixpath.basename(path))
    if minor is not None:
        header = posixpath.join(real_prefix, "include", f"python{minor}", "patchlevel.h")
        if ctx.files.is_file(header):
            text, _ = read_text(ctx, header, keys.PYTHON_INTERPRETERS)
            level = version_from_patchlevel(text or "")
            if level is not None and level[0].startswith(minor):
                return _install(path, level[0], origin, header, level[1])
        return PythonInstall(
            path=path,
            version=minor,
            origin=origin,
            source=Source(kind="derived", ref=f"program name {posixpath.basename(real)}"),
        )
    return Fact(
        key=keys.PYTHON_INTERPRETERS + ".unidentified",
        value=path,
        source=file_source(path),
        status="unknown",
        reason="no pyvenv.cfg, conda-meta, patchlevel.h or versioned name tells its version",
    )


def _install(
    path: str, version: str, origin: str, evidence: str, line: int | None
) -> PythonInstall:
    return PythonInstall(
        path=path, version=version, origin=origin, source=file_source(evidence, line)
    )
