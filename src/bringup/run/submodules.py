"""``up`` fetches a submodule the repo's build reads and its checkout has not (its folder empty:
``solve.submodulecode``), as the verdict says it must be first ("runs here after fetching
submodule pybind11"): with the consent its steps need (``--yes``, ``trusted``), never under
``--offline`` (it goes over the network), and only in a git work tree that registers the
submodule (``git ls-files --stage`` shows its gitlink). Otherwise the exact command to run is
said: a tree from ``git archive`` or a tarball has no submodule to update (outsider13 D18:
pybind/cmake_example@7a94877f, ``add_subdirectory(pybind11)`` at CMakeLists.txt:4 over an
empty ``pybind11/``)."""

from __future__ import annotations

import shlex
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Optional

import msgspec

from bringup.model.requirements import Component
from bringup.process import CommandRunner
from bringup.run.history import History, StepRow, now
from bringup.run.outcome import SubmoduleOutcome
from bringup.scan.submodules import holds_files

FETCH_TIMEOUT_S = 900.0
"""A submodule's clone over the network: a large one (a toolkit's sources) takes minutes."""
LOOK_TIMEOUT_S = 30.0
NETWORK = "over the network"
_NO_PROMPT: dict[str, Optional[str]] = {"GIT_TERMINAL_PROMPT": "0"}
"""A clone that asks for a password fails instead of waiting on a terminal."""


@dataclass(frozen=True)
class Unfetched:
    """A submodule of ``component`` at ``path`` (relative to the repo at ``repo``) not there."""

    component: str
    repo: Path
    path: str

    @property
    def argv(self) -> tuple[str, ...]:
        """What ``up`` runs, in the repo's folder."""
        return ("git", "submodule", "update", "--init", "--", self.path)

    @property
    def command(self) -> str:
        """The same command to run from anywhere, as said to the user."""
        return shlex.join(("git", "-C", str(self.repo), *self.argv[1:]))

    @property
    def asked(self) -> str:
        """The command as consent lists it, labelled with what it fetches and needs."""
        return f"(submodule {self.path}, {NETWORK}) {shlex.join(self.argv)}"


def unfetched(components: Sequence[Component]) -> list[Unfetched]:
    """Each submodule a repo needs (a hard ``submodule`` line) whose folder holds nothing now."""
    found: list[Unfetched] = []
    for component in components:
        root = Path(component.path)
        for line in component.requirements:
            path = line.spec.rstrip("/")
            if line.subject == "submodule" and line.hard and path and not holds_files(root / path):
                found.append(Unfetched(component.name, root, path))
    return found


_NO_REPO_COMMAND = ("-c", "core.fsmonitor=")
"""``git ls-files`` runs the command the repo's ``.git/config`` names as ``core.fsmonitor``;
``registered`` asks before any consent, so that setting is turned off on its command line
(which outranks the repo's config; empty is off for git before and after 2.36)."""


def registered(item: Unfetched, runner: CommandRunner) -> bool:
    """Whether the repo is a git work tree whose index holds the submodule's gitlink; asked
    before consent, so git runs no command the repo's config names (``_NO_REPO_COMMAND``)."""
    argv = ("git", *_NO_REPO_COMMAND, "-C", str(item.repo), "ls-files", "--stage", "--", item.path)
    done = runner.run(argv, timeout=LOOK_TIMEOUT_S)
    return done.ok and any(line.startswith("160000 ") for line in done.stdout.splitlines())


def fetch(
    items: Sequence[Unfetched],
    runner: CommandRunner,
    *,
    offline: bool,
    log_dir: Path,
    history: Optional[History] = None,
    run_id: int = 0,
) -> list[SubmoduleOutcome]:
    """Fetch each of ``items`` where it can be; say the command where it cannot. Each is a
    step of run ``run_id`` in ``history`` (kind ``fetch``, before the plan's first): every
    action ``up`` takes is in ``bringup history``, a fetch over the network too (left33)."""
    outcomes: list[SubmoduleOutcome] = []
    for number, item in enumerate(items, 1):
        command = item.command
        said = {"component": item.component, "path": item.path, "command": command}
        row = StepRow(
            run_id=run_id,
            order=0,
            component=item.component,
            name=f"fetch submodule {item.path}",
            kind="fetch",
            argv=item.argv,
            status="skipped",
        )
        if offline or not registered(item, runner):
            why = (
                f"--offline: it is fetched {NETWORK}; run `{command}`"
                if offline
                else f"{item.repo} is no git work tree that registers it (a `git archive` or a "
                f"tarball): clone the repo with `git clone --recursive`, or put the "
                f"submodule's files in {item.path}/"
            )
            if history is not None:
                history.add_step(msgspec.structs.replace(row, reason=why, finished_at=now()))
            outcomes.append(SubmoduleOutcome(status="not fetched", reason=why, **said))
            continue
        log = log_dir / f"submodule-{number}.log"
        began = time.monotonic()
        row = msgspec.structs.replace(row, status="running", started_at=now(), log_path=str(log))
        row_id = history.add_step(row) if history is not None else None
        done = runner.run(
            item.argv, timeout=FETCH_TIMEOUT_S, env=_NO_PROMPT, cwd=str(item.repo), log_path=log
        )
        status: Literal["fetched", "failed"] = "fetched" if done.ok else "failed"
        reason = None if done.ok else done.describe()
        if history is not None and row_id is not None:
            history.end_step(
                row_id,
                status="passed" if done.ok else "failed",
                exit_code=done.returncode,
                duration_s=round(time.monotonic() - began, 3),
                reason=reason,
            )
        outcomes.append(SubmoduleOutcome(status=status, reason=reason, log_path=str(log), **said))
    return outcomes
