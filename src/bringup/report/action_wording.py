"""The words of the plan's actions: what the user does next, as ``check``'s next actions and
``up``'s consent list read it (split from ``wording``, which words causes and reasons)."""

from __future__ import annotations

import shlex

from bringup.model.plan import Action
from bringup.report.reason_wording import host_word
from bringup.report.wording import format_spec
from bringup.subjects import display_name

_DISTRIBUTIONS = {
    "debian": ("apt-get install", "Debian/Ubuntu"),
    "openeuler": ("dnf install", "openEuler"),
}
"""How each distribution named in ``Action.packages`` installs, and what to call it."""


_UNLISTED = "its distribution package is not in bringup's table"
"""What is unknown is bringup's: "no known distribution package" read as none existing, for
rsync, openmpi, libeigen3-dev and dos2unix, all Debian packages (outsider10, 13, 36, 18 D4)."""


def _system_package_text(action: Action) -> str:
    ways = []
    for entry in action.packages:
        distribution, _, package = entry.partition(":")
        command, called = _DISTRIBUTIONS.get(distribution, ("install", distribution))
        ways.append(f"{command} {package} ({called})")
    if not ways:
        return f"install {action.subject} ({_UNLISTED}; as root)"
    return f"install {action.subject}: {', '.join(ways)}; as root"


def action_text(action: Action) -> str:
    """The action as the user reads it; ``set_env`` as the shell line that applies it."""
    name = display_name(action.subject)
    version = action.version or ""
    where = action.environment
    if action.kind == "set_env" and action.script is None:
        # the line may be a build's read or a guide's export for use after the build
        # (tilelang-npu's PYTHONPATH, docs/get_started/Installation.md:108: outsider22 D18)
        return (
            f"set {action.subject} for {action.component} (the repo asks for it: {action.source})"
        )
    if action.kind == "submodule":
        command = shlex.join(action.argv)
        # only a submodule whose folder is empty or absent is asked for (``scan.submodules``)
        return f"in {action.component}: {command} (its folder is empty here; needs the network)"
    if action.kind == "system_package":
        return _system_package_text(action)
    if action.kind == "set_env":
        variables = f" (sets {', '.join(action.variables)})" if action.variables else ""
        return f"source {action.script}{variables}"
    if action.kind == "driver":
        spec = format_spec(version) if version else "that fits"
        return f"change the {name} to a version {spec} (as root; every environment shares it)"
    if action.kind == "resolve":
        sources = ", ".join(str(s) for s in action.sources)
        if len(action.sources) == 1:  # one line nothing known meets: "relax" would weaken it
            return (
                f"check the requirement at {sources}: no version the knowledge base knows meets "
                "it; add the one that does with --kb-extra, or change the line if it is wrong"
            )
        return f"relax one of the requirements at {sources}"
    if action.subject == "python" and action.automatic:
        return f"install Python {version} with uv"
    if action.from_index:
        return (
            f"{f'install {name} {version}'.strip()} from the package index into environment {where}"
        )
    if action.automatic:
        index = f" from {action.index}" if action.index else ""
        return f"install {name}=={version}{index} into environment {where}"
    if action.files:
        host = f"on the {host_word(action.subject)} host"
        device = f" (and {', '.join(action.files[1:])} {host})" if action.files[1:] else ""
        return (
            f"install {name} {version} for environment {where}: {action.files[0]}{device}; "
            "versions install side by side"
        )
    return f"install {name} {version} for environment {where}"
