"""One isolated Python environment per environment of the resolution: a virtual environment
made with uv (stdlib ``venv`` + pip when uv is missing) on an interpreter of the pinned
Python found on this machine, with the pins installed, and an activation file.

What to make is decided purely (``environment_spec``); making it runs commands through the
process runner, logged. An environment whose spec has not changed is reused as it is.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import shutil
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import msgspec

from bringup.model import keys
from bringup.model.plan import PlanStep
from bringup.model.requirements import Component
from bringup.model.resolution import Environment
from bringup.model.rules import Rule
from bringup.model.snapshot import Snapshot
from bringup.plan.actions import is_automatic
from bringup.plan.steptools import pinned_tool, program, step_tools
from bringup.process import CommandRunner, Completed
from bringup.run.history import now
from bringup.run.indexes import IndexSettings, past_unreachable, without_credentials
from bringup.run.installcommands import commands as _commands
from bringup.run.installed import listed, record, removed
from bringup.run.stated import direct as _direct
from bringup.run.stated import stated as _stated
from bringup.run.torchbuilt import split_builds
from bringup.run.torchindex import host_torch_index, pypi_serves
from bringup.subjects import scheme_for
from bringup.versions import is_version

FINGERPRINT_FILE = "bringup-env.json"
CREATE_TIMEOUT_S = 1800.0


@dataclass(frozen=True)
class EnvironmentSpec:
    """What one environment is made of. ``interpreter`` is None when no Python of the pinned
    version is on this machine (``python_missing`` then says how to get one)."""

    index: int
    components: tuple[str, ...]
    python: str
    interpreter: Optional[str]
    requirements: tuple[str, ...]
    seed: bool = False
    """Whether pip goes into it: only when a step calls pip (seeding needs the index)."""
    built_on_torch: tuple[str, ...] = ()
    """What is installed after ``requirements``, with ``--no-build-isolation``: the
    distributions whose build imports torch (``torchbuilt``)."""
    torch_index: Optional[str] = None
    """The PyTorch index torch's build comes from (``torchindex``), an extra index of both
    installs; None: torch as the user's index has it."""
    torch_fallback: bool = False
    """Whether the user's indexes serve torch where ``torch_index`` does not answer
    (``torchindex.pypi_serves``): the environment is then made again without it."""

    @property
    def name(self) -> str:
        return f"env-{self.index}"

    def fingerprint(self, settings: IndexSettings) -> str:
        data = msgspec.json.encode(
            [
                self.python,
                self.interpreter,
                self.requirements,
                self.seed,
                self.built_on_torch,
                self.torch_index,
                settings.args,
                settings.install_args,
                sorted(settings.env.items(), key=lambda item: item[0]),
            ]
        )
        return hashlib.sha256(data).hexdigest()


def environment_spec(
    environment: Environment,
    snapshot: Snapshot,
    steps: Sequence[PlanStep],
    components: Sequence[Component] = (),
    by_hand: Collection[str] = (),
    *,
    rules: Sequence[Rule] = (),
    from_pypi: bool = True,
) -> EnvironmentSpec:
    """The environment to make for ``environment``: its Python (the pin, else this
    machine's default), the interpreter of that version found by the probe, and what to
    install: every Python distribution pinned (a fresh environment has none of the host's;
    one pinned because the host's interpreter has it gets the repos' stated range, not the
    host's version), the build tools the host lacks, and the test runners its steps call.
    Not the names in ``by_hand``: read only from prose, the user installs them. torch comes
    from the PyTorch index of its build (``torchindex``, from the knowledge base's ``rules``)
    when the installs come ``from_pypi``, which has one build of each release; a mirror or
    index the user chose is theirs, PyTorch's builds included (review30 L8)."""
    pin = environment.pin("python")
    default = snapshot.fact(keys.PYTHON_DEFAULT)
    stated = str(default.value) if default is not None and default.ok else ""
    version = pin.version if pin is not None else stated
    if not is_version(version, scheme_for("python")):
        version = ""  # the default interpreter's version is unknown: not compared
    interpreter = next((p.path for p in snapshot.pythons if p.version == version), None)
    known = [p for p in snapshot.pythons if is_version(p.version, scheme_for("python"))]
    if not version and known:
        version, interpreter = known[0].version, known[0].path
    requirements: list[str] = []
    named: dict[str, str] = {}  # a bare URL -> the distribution it installs
    for p in environment.pins:
        if p.subject == "python" or not is_automatic(p.subject) or p.subject in by_hand:
            continue
        if p.origin == "installed" and p.subject in ("cmake", "ninja"):
            continue  # a host build tool that is already here
        direct = _direct(p.subject, environment, components)
        if direct:
            requirements.append(direct)  # the index's distribution may be another project
            named[direct] = p.subject.removeprefix("pypi:")
        elif p.origin == "installed":
            requirements.append(f"{p.subject}{_stated(p.subject, environment, components)}")
        elif p.origin == "index":
            requirements.append(f"{p.subject}{p.version}")
        else:
            requirements.append(f"{p.subject}=={p.version}")
    mine = [s for s in steps if s.environment == environment.index]
    pinned = {p.subject for p in environment.pins}
    requirements += [t for t in step_tools(mine) if not pinned_tool(t, pinned)]
    first, later = split_builds(requirements, named)
    index = host_torch_index(environment, snapshot, rules) if from_pypi else None
    return EnvironmentSpec(
        index=environment.index,
        components=environment.components,
        python=version,
        interpreter=interpreter,
        requirements=first,
        seed=any(program(s.argv) in ("pip", "pip3") for s in mine),
        built_on_torch=later,
        torch_index=index,
        torch_fallback=pypi_serves(environment, index),
    )


def python_missing(version: str, *, offline: bool) -> str:
    """Exactly what to run to get a Python ``version`` when none is on this machine."""
    short = ".".join(version.split(".")[:2])
    ways = [
        f"pyenv install {version}",
        f"conda create -n py{short.replace('.', '')} python={short}",
        f"apt-get install python{short}-venv (Debian/Ubuntu, where the release has it)",
    ]
    if not offline:
        ways.insert(0, f"uv python install {version}")
    return f"no Python {version} on this machine; install one: " + "; or ".join(ways)


def uv_binary() -> Optional[str]:
    """The uv executable shipped by the ``uv`` package, else one on ``PATH``."""
    try:
        import uv

        found: str = uv.find_uv_bin()
        return found
    except (ImportError, FileNotFoundError):
        return shutil.which("uv")


@dataclass(frozen=True)
class Made:
    """An environment made (or reused): ``error`` says why not, with the log to read."""

    spec: EnvironmentSpec
    path: Path
    reused: bool = False
    error: Optional[str] = None
    log_path: Optional[str] = None
    unbuilt: str = ""
    """Why ``built_on_torch`` could not be installed (the rest was): the repos that need it
    wait, the others go on."""
    made_as: str = ""
    """Which making of the environment this is (its stamp's second line): part of its steps'
    inputs, so that no step counts as done in an environment made after it passed."""
    replaced: str = ""
    """What the environment made now replaced at its path (``Python 3.11.2``), said to the
    user: its packages went with it."""
    detour: str = ""
    """The index that did not answer, whose other locations the environment came from."""
    torch_detour: str = ""
    """The PyTorch index that did not answer, made without (``EnvironmentSpec.torch_fallback``)."""
    beside: str = ""
    """The interpreter of the environment at the first path, kept, when this one was made or
    reused beside it (``interpreter_path``)."""

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def bin(self) -> Path:
        return self.path / "bin"


def make_environment(
    spec: EnvironmentSpec,
    path: Path,
    settings: IndexSettings,
    runner: CommandRunner,
    *,
    log_dir: Path,
    uv: Optional[str],
    stamp_as: str = "",
    kept: Optional[Mapping[str, str]] = None,
) -> Made:
    """Create ``path`` for ``spec`` (or reuse it when its fingerprint matches) and install
    its requirements; each command's output goes to its own log under ``log_dir``. Where the
    default index does not answer and the user's settings name other indexes or find-links,
    it is made again from those, as pip would have installed (``Made.detour`` says so);
    ``stamp_as``: the fingerprint of the settings the user has, for that second making.
    One that no longer holds what its making installed is made again (``installed.removed``;
    ``kept``: what the last step in it recorded)."""
    fingerprint = stamp_as or spec.fingerprint(settings)
    stamp = path / FINGERPRINT_FILE
    stamped = _stamp(stamp)
    gone = removed(path, kept) if stamped[:1] == [fingerprint] else []
    if stamped[:1] == [fingerprint] and not gone:
        return Made(spec, path, reused=True, made_as="".join(stamped[1:2]))
    if spec.interpreter is None:
        return Made(
            spec, path, error=python_missing(spec.python, offline="--offline" in settings.args)
        )
    replaced = _described(path) if path.exists() else ""
    if gone:
        replaced += f", which no longer held {listed(gone)}"
    if path.exists():
        shutil.rmtree(path)
    made_as = f"{now()}/{os.urandom(4).hex()}"
    env: dict[str, Optional[str]] = dict(settings.env)
    env.update({"VIRTUAL_ENV": None, "UV_PYTHON_DOWNLOADS": "never"})
    commands = _commands(spec, path, settings, uv)
    retry = "-again" if stamp_as else ""  # the first making's logs keep why it was not enough
    for number, argv in enumerate(commands, 1):
        log = log_dir / f"{spec.name}-create{retry}-{number}.log"
        done = runner.run(argv, timeout=CREATE_TIMEOUT_S, env=env, log_path=log)
        if not done.ok and number == 1 and uv is not None and spec.seed:
            own = _venv_seeded_offline(spec, path, runner, env, log)
            done = own if own.ok else done  # else uv's failure says more of the index
        if not done.ok and spec.torch_fallback and _unanswered(spec.torch_index or "", log):
            shutil.rmtree(path, ignore_errors=True)
            plain = dataclasses.replace(spec, torch_index=None, torch_fallback=False)
            again = make_environment(
                plain, path, settings, runner, log_dir=log_dir, uv=uv, stamp_as=fingerprint
            )
            return dataclasses.replace(
                again, torch_detour=spec.torch_index or "", replaced=replaced
            )
        if not done.ok and spec.built_on_torch and number == len(commands):
            # the rest is installed: only the repos that need these wait (not stamped: the
            # next ``up`` tries again)
            why = f"{', '.join(spec.built_on_torch)} could not be built: {done.describe()}"
            return Made(
                spec, path, unbuilt=why, log_path=str(log), made_as=made_as, replaced=replaced
            )
        if not done.ok:
            # nothing half made is left behind (its logs say what failed): a full disk gets its
            # space back (outsider14 D10), and the next ``up`` starts clean either way
            shutil.rmtree(path, ignore_errors=True)
            detour = None if stamp_as else _past_unreachable(settings, log)
            if detour is not None:
                again = make_environment(
                    spec, path, detour, runner, log_dir=log_dir, uv=uv, stamp_as=fingerprint
                )
                return dataclasses.replace(again, detour=settings.index_url, replaced=replaced)
            error = f"`{' '.join(argv[:3])} ...` {done.describe()}"
            return Made(spec, path, error=error, log_path=str(log), replaced=replaced)
    if spec.interpreter is not None:
        (path / INTERPRETER_FILE).write_text(spec.interpreter, encoding="utf-8")
    record(path)
    stamp.write_text(f"{fingerprint}\n{made_as}\n", encoding="utf-8")
    return Made(spec, path, made_as=made_as, replaced=replaced)


def _venv_seeded_offline(
    spec: EnvironmentSpec,
    path: Path,
    runner: CommandRunner,
    env: Mapping[str, Optional[str]],
    log: Path,
) -> Completed:
    """The environment made by its interpreter's own ``venv``, after ``uv venv --seed`` failed:
    uv takes pip from the index, the interpreter's ``ensurepip`` from the wheel it ships, so
    an index that does not answer, or holds only a pip too new for an old Python, does not
    stop an environment pip itself would make (outsider16 D14: Python 3.8 beside a local
    index holding pip 26 only). Its log follows uv's, which keeps why uv failed."""
    shutil.rmtree(path, ignore_errors=True)
    own = log.with_name(log.stem + "-venv.log")
    argv = [spec.interpreter or "python3", "-m", "venv", str(path)]
    return runner.run(argv, timeout=CREATE_TIMEOUT_S, env=env, log_path=own)


UNREACHABLE = ("error sending request", "Connection refused", "dns error", "operation timed out")
"""uv's words for an index that did not answer (its error chain under ``Failed to fetch``)."""


def _past_unreachable(settings: IndexSettings, log: Path) -> Optional[IndexSettings]:
    """The settings to make the environment from again, where ``log`` says the default index
    did not answer and other locations are given."""
    said = without_credentials(settings.index_url)  # uv names it without them
    return past_unreachable(settings) if _unanswered(said, log) else None


def _unanswered(index: str, log: Path) -> bool:
    """Whether ``log`` (its end) says the index ``index`` did not answer: uv names the URL it
    failed to fetch, then why (``UNREACHABLE``)."""
    try:
        text = log.read_text(encoding="utf-8", errors="replace")[-20_000:]
    except OSError:
        return False
    return bool(index) and index in text and any(word in text for word in UNREACHABLE)


INTERPRETER_FILE = ".bringup-python"
"""The interpreter an environment was made on (its path), beside its stamp."""


def made_on(path: Path) -> str:
    """The interpreter the environment at ``path`` was made on; "" when none is recorded (never
    made, half made, or made before the record was kept)."""
    try:
        return (path / INTERPRETER_FILE).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return ""


def interpreter_path(first: Path, spec: EnvironmentSpec) -> Path:
    """Where ``spec``'s environment lives: at ``first`` (``env-1``), unless an environment made
    on another interpreter is there. That one stays, for when ``PATH`` finds its Python again,
    and this one is made beside it, named by its Python and interpreter
    (``env-1-py3.11-1a2b3c4d``): one environment per interpreter, none thrown away because
    ``PATH`` changed (outsider13 D2: ``PATH=/usr/bin:/bin bringup up`` wiped pyenv's env-1)."""
    there = made_on(first)
    if spec.interpreter is None or not there or there == spec.interpreter:
        return first
    tag = hashlib.sha256(spec.interpreter.encode("utf-8", "surrogateescape")).hexdigest()[:8]
    return first.with_name(f"{first.name}-py{spec.python}-{tag}")


def _stamp(stamp: Path) -> list[str]:
    """The stamp's lines: the spec's fingerprint, then (since outsider13 D2) which making of the
    environment it is; none when there is no stamp (never made, or half made)."""
    try:
        return stamp.read_text(encoding="utf-8").split()
    except (OSError, UnicodeDecodeError):
        return []


def _described(path: Path) -> str:
    """What is at an environment's path before it is made anew: its Python (``version`` in its
    ``pyvenv.cfg``: ``version_info`` from uv), or that it was half made."""
    try:
        lines = (path / "pyvenv.cfg").read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return "a half-made environment"
    for line in lines:
        key, _, value = line.partition("=")
        if key.strip() in ("version", "version_info") and value.strip():
            return f"an environment on Python {value.strip()}"
    return "an environment"
