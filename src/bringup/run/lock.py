"""One ``bringup up`` at a time per stack and per repo in a state directory: two runs of the same
repo (two terminals, two CI jobs sharing ``$XDG_STATE_HOME``) would run the same step at once in
the same tree and environment, and the second would take the first's unfinished steps for an
interrupted run's (outsider10 D13). The lock is the kernel's (``flock``): it goes with the
process that holds it, however that process ends, so no stale lock is left to clear."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

from bringup.errors import ExitCode, StackError
from bringup.run.state import StateLayout


class Busy(StackError):
    """Another ``bringup up`` holds the stack or one of its repos in this state directory."""

    exit_code = ExitCode.PROBLEMS


def _lock_name(kind: str, value: str) -> str:
    digest = hashlib.sha256(value.encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return f"{kind}-{digest}.lock"


@contextlib.contextmanager
def held(layout: StateLayout, stack: str, repos: Sequence[str]) -> Iterator[None]:
    """Hold the locks of ``stack`` and of each repo (their absolute paths) for the run; raise
    ``Busy``, naming the run's process, when another run holds one."""
    folder = layout.root / "locks"
    folder.mkdir(parents=True, exist_ok=True)
    names = {_lock_name("stack", stack): "this stack"}
    names.update((_lock_name("repo", str(Path(r).resolve())), r) for r in repos)
    with contextlib.ExitStack() as stack_of_locks:
        for name in sorted(names):
            stack_of_locks.enter_context(_one(folder / name, names[name], layout.root))
        yield


@contextlib.contextmanager
def _one(path: Path, what: str, root: Path) -> Iterator[None]:
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(descriptor, 32, 0).decode("ascii", "replace").strip()
            by = f" (process {holder})" if holder.isdigit() else ""
            raise Busy(
                f"another `bringup up`{by} is running {what} with the state in {root}",
                hint="wait for it to finish (or stop it), then run again; "
                "runs of other repos, or with another --state, are not held up",
            ) from None
        os.ftruncate(descriptor, 0)
        os.pwrite(descriptor, str(os.getpid()).encode("ascii"), 0)
        yield
    finally:
        os.close(descriptor)
