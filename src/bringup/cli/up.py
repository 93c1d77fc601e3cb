"""``bringup up``: carry out the plan on this machine. Read the repos, probe, solve and plan
as ``check`` does; then make one isolated environment per environment of the resolution and
run the plan's steps in bring-up order, each in its environment with its own log, the
history kept in SQLite. Steps that need hardware this machine lacks are skipped, steps
waiting for an install are blocked, each with its reason and next action.

Commands from a repo run only with ``--yes`` or when its manifest says ``trusted = true``;
otherwise they are printed, grouped by repo, and ``up`` stops with exit 1.

Exit 0 when every step that can run here passed (or passed before with the same inputs),
1 when a step failed or is blocked, ``--offline`` skipped a step, consent is missing, another
``up`` holds the stack or a repo of it (its process id is said), or nothing
ran (every step skipped for hardware this machine lacks, no environment made), 2 for bad input,
130 interrupted.

(``--ladder``, running the layered diagnosis after the steps, comes with ``bringup ladder``.)
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Callable, Optional

import click

from bringup.cli.options import DRIVER, FORMAT, JSON, KB_DIR, KB_EXTRA, PATHS, finite, seconds
from bringup.errors import ExitCode
from bringup.model.plan import PlanStep
from bringup.redaction import redact_secrets

STATE = click.option(
    "--state",
    "state",
    type=click.Path(file_okay=False, path_type=Path),
    help="Keep the history, logs and environments here (as BRINGUP_STATE_DIR; default "
    "$XDG_STATE_HOME/bringup). The cache of compiled data stays apart (BRINGUP_CACHE_DIR, "
    "see bringup --help).",
)


@click.command("up")
@PATHS
@click.option("--yes", "-y", is_flag=True, help="Run the repos' commands without asking.")
@click.option(
    "--force",
    is_flag=True,
    help="Run every step, even those that passed before with the same inputs; and read PATH "
    "even when it is / or a home directory (refused by default).",
)
@click.option(
    "--resume", is_flag=True, help="Continue the last run of this stack (after a crash or Ctrl-C)."
)
@click.option(
    "--offline",
    is_flag=True,
    help="Install only from the cache, find-links and local paths (PIP_NO_INDEX=1, "
    "UV_OFFLINE=1 in every step); skip the steps that download otherwise, and what needs them "
    "waits.",
)
@click.option(
    "--index",
    "index",
    metavar="URL",
    default=None,
    help="Install from this package index (the one `check --index=URL` reads). Default: "
    "$UV_DEFAULT_INDEX, $UV_INDEX_URL, $PIP_INDEX_URL, pip.conf's index-url, else PyPI; what "
    "a bare `check --index` reads.",
)
@click.option(
    "--timeout",
    "timeout_s",
    type=seconds(1),
    callback=finite,
    metavar="SECONDS",
    default=3600.0,
    show_default=True,
    help="Seconds each step may run.",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    help="Repos run at once (default: the cores).",
)
@STATE
@JSON
@KB_DIR
@KB_EXTRA
@DRIVER
@FORMAT
def command(
    *,
    paths: tuple[str, ...],
    yes: bool,
    force: bool,
    resume: bool,
    offline: bool,
    index: Optional[str],
    timeout_s: float,
    jobs: Optional[int],
    state: Optional[Path],
    as_json: bool,
    kb_dir: Optional[Path],
    extra_dirs: tuple[Path, ...],
    allow_driver_change: bool,
    output_format: str,
) -> int:
    """Bring the stack up here: environments, builds and tests in bring-up order, logs and
    history. PATH is a repo, a directory of repos or a bringup.toml (default: .). To see what
    it would do without doing it, `bringup check PATH` prints the plan; without --yes the
    repos' commands are listed, not run."""
    from bringup.index.releases import index_url
    from bringup.process import SubprocessRunner
    from bringup.report.events import reporter_for
    from bringup.run.consent import commands_needing_consent
    from bringup.run.indexes import read_index_settings
    from bringup.run.offline import skipped_offline
    from bringup.run.state import state_dir
    from bringup.run.submodules import registered, unfetched
    from bringup.run.up import Stack, UpOptions, bring_up, resumable, specs_for, step_cwds
    from bringup.workflow import check, gather

    given_index = index_url(index, "") if index else None  # refused before the scan
    settings = read_index_settings(offline=offline, index=given_index)  # asked about = run
    reporter = reporter_for()
    inputs = gather(paths or (".",), None, kb_dir, extra_dirs, reporter, force=force)
    result = check(inputs, allow_driver_change=allow_driver_change, reporter=reporter)
    plan = result.plan
    stack = Stack(
        components=inputs.components,
        snapshot=inputs.snapshot,
        resolution=result.resolution,
        plan=plan,
        paths=tuple(c.path for c in inputs.components),
        rules=inputs.rules,
    )
    if resume and resumable(stack.paths, state_dir(state)) is None:
        sys.stderr.write(
            f"nothing to resume: no run of this stack in {state_dir(state)} stopped before it "
            "passed; this is a new run\n"
        )
    if not yes:
        # what --offline will not run (run.offline, the rule run.execute follows) is not asked about
        cwds = step_cwds(stack.components)
        steps = [
            s for s in plan.steps if not skipped_offline(s, offline, cwds[(s.component, s.name)])
        ]
        # what up would fetch (run.submodules): a submodule a git work tree registers
        runner = SubprocessRunner()
        fetches = (
            [] if offline else [f for f in unfetched(inputs.components) if registered(f, runner)]
        )
        found = commands_needing_consent(
            inputs.components, steps, specs_for(stack, settings), fetches
        )
        if found:
            return _refuse(found, as_json)
    up_options = UpOptions(
        state=state_dir(state),
        force=force,
        resume=resume,
        offline=offline,
        index=given_index,
        timeout_s=timeout_s,
        jobs=jobs or os.cpu_count() or 1,
        argv=tuple(redact_secrets(arg) for arg in sys.argv[1:]),  # kept in the history database
    )
    progress = _progress(len(plan.steps), as_json)
    try:
        outcome = bring_up(
            stack,
            up_options,
            reason_text=_reasons(),
            on_start=progress.start,
            on_end=progress.end,
            on_environment=progress.environment,
            settings=settings,
        )
    finally:
        progress.close()
    code = ExitCode.OK if outcome.status == "passed" else ExitCode.PROBLEMS
    if as_json:
        from bringup.report.envelope import render_json

        sys.stdout.write(render_json("up", code, outcome))
    else:
        from bringup.report.console import print_document
        from bringup.report.up_text import summary_document

        print_document(summary_document(outcome), output_format)
    return int(code)


def _reasons() -> Callable[[PlanStep], Optional[str]]:
    """Why a step is skipped or blocked, in the plan's words, each conflict said once."""
    from bringup.report.reason_wording import OnceSaid

    return OnceSaid()


def _refuse(found: dict[str, list[str]], as_json: bool) -> int:
    code = ExitCode.PROBLEMS
    if as_json:
        from bringup.report.envelope import render_json

        sys.stdout.write(render_json("up", code, {"consent_needed": found}))
    else:
        from bringup.report.up_text import consent_text

        sys.stdout.write(consent_text(found))
    return int(code)


class _Silent:
    def environment(self, outcome: object) -> None: ...
    def start(self, step: object) -> None: ...
    def end(self, outcome: object) -> None: ...
    def close(self) -> None: ...


def _progress(total: int, as_json: bool) -> _Silent:
    if as_json:
        return _Silent()
    from bringup.report.up_text import PlainProgress, TerminalProgress

    if sys.stdout.isatty():
        return TerminalProgress(total)  # type: ignore[return-value]
    return PlainProgress(total)  # type: ignore[return-value]
