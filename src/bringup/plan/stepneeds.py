"""What a step needs beyond its own line, decided once for ``scan`` (which shows it) and the
plan (which runs or skips by it): a test or run of a repo whose steps declare no device
takes the repo's device requirements (AutoGPTQ's ``pytest tests/ -s``, README.md:325, whose
tests use ``cuda:0``: ``up`` skipped it for compute capability >= 6.0 while ``scan`` said it
needed nothing, outsider23c D15)."""

from __future__ import annotations

from collections.abc import Sequence

from bringup.model.plan import Reason
from bringup.model.requirements import Component, Requirement, Step
from bringup.plan.systemwide import refusal
from bringup.subjects import is_device_only


def as_written(step: Step) -> Reason | None:
    """Why ``step`` cannot run as its source writes it on any machine: the files it runs
    are not in the checkout, its command holds words the user fills in first, or it installs
    outside every environment or publishes (never without the user)."""
    needs = step.needs
    if needs.missing:
        return Reason(
            kind="missing", subject=step.cwd, need=", ".join(needs.missing), sources=(step.source,)
        )
    if needs.inputs:
        return Reason(kind="input", need=", ".join(needs.inputs), sources=(step.source,))
    return refusal(step)


def uses_devices(step: Step, siblings: Sequence[Step]) -> bool:
    """A step that declares devices uses them; when no step of the repo that can run as
    written declares any, its tests and runs are taken to be where the repo's device
    requirements apply (a missing ``stress_test.py --device npu`` says nothing of the
    tests beside it), unless its tests mock the device library (``StepNeeds.mocked_at``)."""
    if step.needs.devices > 0:
        return True
    if step.needs.mocked_at is not None:
        return False
    return step.kind in ("test", "run") and not any(
        s.needs.devices > 0 and as_written(s) is None for s in siblings
    )


def repo_devices(step: Step, component: Component) -> tuple[Requirement, ...]:
    """The repo's hard device requirements ``step`` takes, declaring no device itself."""
    if step.needs.devices > 0 or not uses_devices(step, component.steps):
        return ()
    return tuple(r for r in component.requirements if r.hard and is_device_only(r.subject))


REWRITES = "rewrites"
"""The words of a reason that a step would undo an earlier step's build (``rewritten``)."""
_INTO = frozenset({"-B", "--build", "--test-dir", "-C"})


def rewritten(step: Step, siblings: Sequence[Step]) -> Reason | None:
    """Why ``step`` is not run after the repo's steps before it: the script it runs removes
    or configures anew a folder one of them builds in (``StepNeeds.rewrites``), so running it
    there would undo their build, the user's own ``cmake --build build`` with it
    (ebiggers/libdeflate@28e88e9 scripts/run_tests.sh:36 ``rm -rf build`` after README.md:55's
    ``cmake -B build && cmake --build build``; outsider15 D2)."""
    if not step.needs.rewrites or step not in siblings:
        return None
    built = {folder for s in siblings[: siblings.index(step)] for folder in _built_in(s)}
    hit = [r for r in step.needs.rewrites if r.split(" ", 1)[0].rstrip("/") in built]
    if not hit:
        return None
    said = f"{REWRITES} {hit[0]}, the folder the steps before it build in"
    return Reason(kind="input", need=said, sources=(step.source,))


def _built_in(step: Step) -> list[str]:
    """The folders ``step`` builds in: ``cmake -B X``/``-BX``, ``cmake --build X``, ``ctest
    --test-dir X``, ``make -C X``."""
    argv = step.argv
    found = [argv[i + 1] for i, word in enumerate(argv[:-1]) if word in _INTO]
    found += [word[2:] for word in argv if word.startswith("-B") and len(word) > 2]
    return [f.removeprefix("./").rstrip("/") for f in found]
