"""Consent before execution, pure: which commands of which repos would run without it.
A repo's steps run only with ``--yes`` or when its manifest says ``trusted = true``;
installing what a repo's requirements name (packages can run code as they build) needs the
same consent as its steps."""

from __future__ import annotations

from collections.abc import Sequence

from bringup.model.plan import PlanStep
from bringup.model.requirements import Component
from bringup.run.environments import EnvironmentSpec
from bringup.run.submodules import Unfetched


def commands_needing_consent(
    components: Sequence[Component],
    steps: Sequence[PlanStep],
    specs: Sequence[EnvironmentSpec],
    fetches: Sequence[Unfetched] = (),
) -> dict[str, list[str]]:
    """Repo -> the commands that would run for it, for the repos not trusted (in bring-up
    order): a submodule's fetch first (``run.submodules``, over the network), its environment's
    installs, its steps; empty when nothing needs asking."""
    import shlex

    trusted = {c.name for c in components if c.trusted}
    found: dict[str, list[str]] = {}
    for item in fetches:
        if item.component not in trusted:
            found.setdefault(item.component, []).append(item.asked)
    for spec in specs:
        untrusted = [c for c in spec.components if c not in trusted]
        if spec.requirements and untrusted:
            # the index torch's build comes from is said: what is asked is what runs
            index = ["--extra-index-url", spec.torch_index] if spec.torch_index else []
            # and where it is tried first, with the user's indexes after it (``torch_fallback``)
            other = "  # if that index does not answer: again without it" * spec.torch_fallback
            lines = [
                f"(environment {spec.index}) uv pip install "
                + shlex.join([*index, *spec.requirements])
                + other
            ]
            if spec.built_on_torch:
                lines.append(
                    f"(environment {spec.index}, then) uv pip install --no-build-isolation "
                    + shlex.join([*index, *spec.built_on_torch])
                )
            for name in untrusted:
                found.setdefault(name, []).extend(lines)
    for step in steps:
        if step.status == "run" and step.component not in trusted:
            # what bringup says of the command is beside it, as a shell comment
            # on one line: a note quoting the repo ends at no line break it holds (review37)
            said = f"  # {' '.join('; '.join(step.notes).split())}" if step.notes else ""
            found.setdefault(step.component, []).append(shlex.join(step.argv) + said)
    return found
