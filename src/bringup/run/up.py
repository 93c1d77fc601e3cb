"""``bringup up`` as a library: given the repos, this machine's snapshot, the resolution and
the plan, make the environments and run the plan's steps, remembering everything in the
history. Rendering is the caller's (events come through ``on_start``/``on_end``)."""

from __future__ import annotations

import contextlib
import os
import socket
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Optional

from bringup.errors import StackError
from bringup.model.plan import Plan, PlanStep
from bringup.model.requirements import Component
from bringup.model.resolution import Resolution
from bringup.model.rules import Rule
from bringup.model.snapshot import Snapshot
from bringup.process import SubprocessRunner
from bringup.redaction import redact_secrets
from bringup.run.activatefile import in_environment, write_activation
from bringup.run.activation import activation_for
from bringup.run.environments import (
    EnvironmentSpec,
    Made,
    environment_spec,
    interpreter_path,
    made_on,
    make_environment,
    uv_binary,
)
from bringup.run.execute import run_units
from bringup.run.fingerprint import git_changes, git_head, tree_fingerprint
from bringup.run.graph import units
from bringup.run.history import EnvironmentRow, History, now
from bringup.run.indexes import IndexSettings, read_index_settings
from bringup.run.installed import held as installed_now
from bringup.run.lock import held
from bringup.run.offline import SKIPPED
from bringup.run.outcome import EnvironmentOutcome, RunOutcome, StepOutcome
from bringup.run.state import StateLayout, stack_key
from bringup.run.stepcontext import Context, StepSetting
from bringup.run.submodules import fetch, unfetched
from bringup.run.torchbuilt import needing
from bringup.solve.prosenames import left_to_user
from bringup.utf8text import json_bytes
from bringup.writable import make_folder, writing


@dataclass(frozen=True)
class UpOptions:
    state: Path
    force: bool = False
    resume: bool = False
    offline: bool = False
    index: Optional[str] = None
    """``--index=URL``: the index to install from over the configured one (``run.indexes``)."""
    timeout_s: float = 3600.0
    jobs: int = 0
    argv: tuple[str, ...] = ()


@dataclass(frozen=True)
class Stack:
    components: tuple[Component, ...]
    snapshot: Snapshot
    resolution: Resolution
    plan: Plan
    paths: tuple[str, ...]
    rules: tuple[Rule, ...] = ()
    """The knowledge base's rows the plan was made with: which PyTorch build an environment's
    CUDA needs (``torchindex``)."""


def specs_for(stack: Stack, index: IndexSettings) -> list[EnvironmentSpec]:
    """The environments the plan's runnable steps need, and those of repos with no step at all
    that run here, whose installs are all their plan (a library's requirements file: outsider15
    D6, "passed (no steps)" and no environment made), installed from ``index``."""
    used = {s.environment for s in stack.plan.steps if s.status == "run"}
    stepped = {s.component for s in stack.plan.steps}
    here = {v.component for v in stack.resolution.verdicts if v.status in _RUN_HERE}
    specs = []
    for env in stack.resolution.environments:
        spec = environment_spec(
            env,
            stack.snapshot,
            stack.plan.steps,
            stack.components,
            left_to_user(stack.resolution, env.index),
            rules=stack.rules,
            from_pypi=index.from_pypi,
        )
        installs = spec.requirements or spec.built_on_torch
        if env.index in used or (installs and set(env.components) & (here - stepped)):
            specs.append(spec)
    return specs


_RUN_HERE = ("runs", "runs_after", "unverified")
"""The verdicts of a repo whose installs ``up`` carries out here."""


def _unbuilt_for(made: Made, components: Sequence[Component]) -> dict[str, str]:
    """Repo -> why it waits, for the repos of the environment that need what could not be
    built on its torch (the others run: one repo's flash_attn does not stop the rest)."""
    if not made.unbuilt:
        return {}
    mine = [c for c in components if c.name in made.spec.components]
    why = f"environment {made.spec.index}: {made.unbuilt} (log: {made.log_path})"
    return dict.fromkeys(needing(mine, made.spec.built_on_torch), why)


def _made_outcome(
    made: Made, activate: Optional[Path], dockerfile: Optional[Path]
) -> EnvironmentOutcome:
    status = "failed" if not made.ok else "reused" if made.reused else "created"
    return EnvironmentOutcome(
        index=made.spec.index,
        components=made.spec.components,
        python=made.spec.python,
        path=str(made.path),
        status=status,  # type: ignore[arg-type]
        requirements=made.spec.requirements + made.spec.built_on_torch,
        activation=None if activate is None else str(activate),
        dockerfile=None if dockerfile is None else str(dockerfile),
        error=made.error or made.unbuilt or None,
        log_path=made.log_path,
        replaced=made.replaced or None,
        detour=redact_secrets(made.detour) if made.detour else None,
        torch_detour=made.torch_detour or None,
        torch_detour_got=_torch_held(made.path) if made.torch_detour else None,
        beside=made.beside or None,
    )


def _torch_held(env: Path) -> Optional[str]:
    """The torch the environment holds after the PyTorch index did not answer: what the other
    indexes gave (``2.13.0+cpu`` from a find-links folder, outsider 24 D8), not a guess."""
    return (installed_now(env) or {}).get("torch") or None


def resumable(paths: Sequence[str], state: Path) -> Optional[int]:
    """The run of the stack at ``paths`` that ``--resume`` would continue (its last run, when
    that one did not pass), or None: no history in ``state`` at all (nothing is created to
    tell), or a last run that passed. ``up --resume`` says so rather than start a new run in
    silence."""
    layout = StateLayout(state)
    if not layout.recorded():
        return None
    with writing(layout.root), History(layout.database) as history:
        return _resumed(history, stack_key(paths))


def _resumed(history: History, key: str) -> Optional[int]:
    """The run of ``key`` a resume continues: its last, unless that one passed (a run that
    stopped at a failure, or was interrupted, is continued after its fix). One answer for
    ``resumable``'s message and ``bring_up``'s run."""
    last = history.last_run(key)
    return last.id if last is not None and last.status != "passed" else None


def bring_up(
    stack: Stack,
    options: UpOptions,
    *,
    reason_text: Callable[[PlanStep], Optional[str]],
    on_start: Callable[[PlanStep], None],
    on_end: Callable[[StepOutcome], None],
    on_environment: Callable[[EnvironmentOutcome], None] = lambda _: None,
    settings: Optional[IndexSettings] = None,
) -> RunOutcome:
    """Make the environments, run the plan and record it, holding the stack's and its repos'
    locks (``bringup.run.lock``: another run of them raises ``Busy``); ``KeyboardInterrupt``
    stops the running steps (with their process groups) and marks the run interrupted.

    Hook for ``bringup up --ladder`` (the ladder package has not landed): its rungs run after
    ``run_units``, in each environment's ``StepSetting.env``, with the same runner and log
    directory, their outcomes recorded as steps of this run."""
    layout = StateLayout(options.state)
    key = stack_key(stack.paths)
    index = (
        settings
        if settings is not None
        else read_index_settings(offline=options.offline, index=options.index)
    )
    with (
        writing(layout.root),
        held(layout, key, stack.paths) as holding,
        History(layout.database) as history,
    ):
        runner = SubprocessRunner(on_group=holding.group, keep_fds=holding.inherited)
        history.interrupt_unfinished(key)
        resumed = _resumed(history, key) if options.resume else None
        snapshot_id = history.add_snapshot(
            stack.snapshot.taken_at, socket.gethostname(), json_bytes(stack.snapshot)
        )
        run_id = history.start_run(
            stack=key,
            paths=tuple(str(Path(p).resolve()) for p in stack.paths),
            snapshot_id=snapshot_id,
            argv=options.argv,
            resolution=json_bytes(stack.resolution),
            plan=json_bytes(stack.plan),
            resumed_from=resumed,
        )
        log_dir = layout.run_logs(run_id)
        make_folder(log_dir)
        try:
            fetched = fetch(
                unfetched(stack.components),
                runner,
                offline=options.offline,
                log_dir=log_dir,
                history=history,
                run_id=run_id,
            )
            environments, step_settings = _environments(
                run_id=run_id,
                stack=stack,
                layout=layout,
                key=key,
                index=index,
                runner=runner,
                log_dir=log_dir,
                history=history,
                on_environment=on_environment,
            )
            trees = {c.name: tree_fingerprint(Path(c.path), runner) for c in stack.components}
            heads = {c.name: git_head(Path(c.path), runner) for c in stack.components}
            ctx = Context(
                history=history,
                runner=runner,
                run_id=run_id,
                log_dir=log_dir,
                settings=step_settings,
                trees=trees,
                heads={name: head for name, head in heads.items() if head},
                changes={
                    c.name: found
                    for c in stack.components
                    if heads.get(c.name)
                    for found in (git_changes(Path(c.path), runner),)
                    if found
                },
                reason_text=reason_text,
                diagnose=lambda log, phase: diagnose(log, stack.snapshot, phase),
                on_start=on_start,
                on_end=on_end,
                timeout_s=options.timeout_s,
                force=options.force,
                offline=options.offline,
            )
            jobs = options.jobs or os.cpu_count() or 1
            outcomes = run_units(
                ctx, units(stack.components, stack.plan.steps), step_cwds(stack.components), jobs
            )
        except KeyboardInterrupt:
            runner.stop()
            history.finish_run(run_id, "interrupted")
            raise
        except Exception:
            # the state disk filled up, or a step's machinery broke: the run ends here, and
            # history must not call it running (outsider14 D10) — as far as the disk lets it
            _end_as_far_as_possible(history, run_id)
            raise
        elsewhere = any(v.status == "needs_hardware" for v in stack.resolution.verdicts)
        status = _run_status(outcomes, environments, elsewhere)
        history.finish_run(run_id, status)
    ordered = tuple(sorted(outcomes, key=lambda o: o.order))
    return RunOutcome(
        run_id=run_id,
        state_dir=str(options.state),
        status=status,
        environments=tuple(environments),
        steps=ordered,
        submodules=tuple(fetched),
        resumed_from=resumed,
    )


def _end_as_far_as_possible(history: History, run_id: int) -> None:
    """Record a run that raised as failed, unless the database cannot take even that (its disk
    is full): then ``history`` tells it from a live run by its lock (``run.lock.up_lives``)."""
    with contextlib.suppress(StackError, sqlite3.Error, OSError):
        history.finish_run(run_id, "failed")


NOTHING_RAN = "nothing ran"
"""A run's status when no step ran or passed before and no environment was made: every step
was skipped (they need hardware this machine lacks), which is no pass (outside tester 25,
D12: nano-chat-NPU's only step skipped for arch aarch64, "run 1: passed", exit 0), or a repo
needs other hardware (``elsewhere``) and none of its own ran: an Ascend 310 inference repo
with no step this host runs was "run 1: passed (no steps)", exit 0 (outsider12 #3). A plan
with no step at all (a docs or config repo in a stack) skipped nothing: it passes."""


def _run_status(
    outcomes: Sequence[StepOutcome],
    environments: Sequence[EnvironmentOutcome],
    elsewhere: bool = False,
) -> str:
    """A step ``--offline`` skipped could have run here: the run that lacks it is blocked (on
    the network), not passed, like one with a blocked step (review29 M1)."""
    if any(o.status in ("failed", "timed out", "interrupted") for o in outcomes):
        return "failed"
    waited = {o.environment for o in outcomes}
    if any(e.status == "failed" and e.index not in waited for e in environments):
        return "failed"  # installs no step waits on, which are the plan (outsider15 D6)
    if any(o.status == "blocked" or (o.status, o.reason) == ("skipped", SKIPPED) for o in outcomes):
        return "blocked"
    made = any(e.status in ("created", "reused") for e in environments)
    ran = any(o.status in ("passed", "reused") for o in outcomes)
    if not made and not ran and (elsewhere or any(o.status == "skipped" for o in outcomes)):
        return NOTHING_RAN
    return "passed"


def step_cwds(components: Sequence[Component]) -> dict[tuple[str, str], Path]:
    """Each step's working directory, absolute: a relative one would be read from bringup's own
    directory by whatever the step's tools resolve against it."""
    return {
        (c.name, s.name): Path(os.path.abspath(Path(c.path) / s.cwd))
        for c in components
        for s in c.steps
    }


def _environments(
    *,
    stack: Stack,
    layout: StateLayout,
    key: str,
    index: IndexSettings,
    runner: SubprocessRunner,
    log_dir: Path,
    history: History,
    on_environment: Callable[[EnvironmentOutcome], None],
    run_id: int,
) -> tuple[list[EnvironmentOutcome], dict[int, StepSetting]]:
    from bringup.run.dockerfile import write_dockerfile

    uv = uv_binary()
    outcomes: list[EnvironmentOutcome] = []
    settings: dict[int, StepSetting] = {}
    by_index = {e.index: e for e in stack.resolution.environments}
    for spec in specs_for(stack, index):
        first = layout.environment(key, spec.index)
        path = interpreter_path(first, spec)
        last = history.held_last(run_id, spec.index)
        kept = last.installed if last is not None else None
        made = make_environment(spec, path, index, runner, log_dir=log_dir, uv=uv, kept=kept)
        if path != first:
            made = replace(made, beside=made_on(first))
        activation = activation_for(by_index[spec.index], stack.snapshot)
        activate = dockerfile = None
        if made.ok:
            activate = write_activation(made, activation)
            dockerfile = write_dockerfile(
                by_index[spec.index], stack.snapshot, spec, path.parent / f"{spec.name}.Dockerfile"
            )
            history.save_environment(
                EnvironmentRow(
                    stack=key,
                    index=spec.index,
                    path=str(path),
                    python=spec.python,
                    fingerprint=spec.fingerprint(index),
                    components=spec.components,
                    created_at=now(),
                )
            )
            settings[spec.index] = StepSetting(
                env=in_environment(made.path, activation, os.environ),
                fingerprint=" ".join(filter(None, (spec.fingerprint(index), made.made_as))),
                activation=tuple(activation.exports()),
                activate_file=str(activate),
                blocked_for=_unbuilt_for(made, stack.components),
                path=made.path,
                made_now=not made.reused,
            )
        else:
            where = f" (log: {made.log_path})" if made.log_path else ""
            settings[spec.index] = StepSetting(
                env={},
                fingerprint="",
                activation=(),
                activate_file="",
                blocked=f"environment {spec.index} could not be made: {made.error}{where}",
            )
        outcome = _made_outcome(made, activate, dockerfile)
        outcomes.append(outcome)
        on_environment(outcome)
    return outcomes, settings


TEST_FAILURES = frozenset(
    {
        "class.operator.test-assertion-failed",
        "class.operator.meson-tests-failed",
    }
)
"""The fallback rules that read a test runner's report of failed tests (kb/data/fallback)."""


def diagnose(
    log: Path, snapshot: Optional[Snapshot], phase: str = ""
) -> Optional[tuple[str, str, str]]:
    """The top ``bringup explain`` diagnosis of a failed step's log: (cause, fix, source). A step
    that failed in its test phase is told by its test runner's report of the failed tests where
    the log has one (``TEST_FAILURES``), before any reading of the words around it: the tests ran,
    so a compiler's or a build system's hint would send the reader the wrong way."""
    from bringup.triage import explain_text

    try:
        with open(log, "rb") as stream:
            found = explain_text(stream, snapshot=snapshot, top=None if phase == "test" else 1)
    except OSError:
        return None
    if not found:
        return None
    tests = [d for d in found if d.signature_id in TEST_FAILURES] if phase == "test" else []
    top = tests[0] if tests else found[0]
    return f"{top.title}: {top.cause}", top.fix, top.source
