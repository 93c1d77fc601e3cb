"""A checkout that states nothing of its own, whose parts have builds of their own.

A folder of samples (hu-qi/opt-test@021a3be: ACLHelloWorld, ACLLite, ResnetPicture, USBAudio,
USBCamera, each with its own CMakeLists.txt, scripts and README, and no build at the top)
states no need and no step as a repo: "runs here", "nothing to install", 0 steps, exit 0
(outsider15 D16) said the checkout was fine when nothing of it was planned. Nothing found to
do is not a pass: the verdict is unverified, and says which parts have builds of their own and
where to point bringup instead."""

from __future__ import annotations

import os

from bringup.model.requirements import Component
from bringup.model.resolution import Obstacle, unchecked
from bringup.model.source import Source

_SHOWN = 4
"""Parts named in the verdict; the rest counted."""


def parts_only(component: Component) -> list[Obstacle]:
    """An ``unchecked`` obstacle when ``component`` states no requirement and no step of its
    own while parts of it (sub-projects, not features) state some; none otherwise."""
    if component.requirements or component.steps:
        return []
    parts = [s.name for s in component.scopes if not s.feature and (s.requirements or s.steps)]
    if not parts:
        return []
    named = ", ".join(parts[:_SHOWN]) + (
        f" and {len(parts) - _SHOWN} more" if len(parts) > _SHOWN else ""
    )
    point = os.path.join(component.path, parts[0]) if component.path else parts[0]
    why = (
        f"its parts {named} have builds of their own; bring one up by its folder "
        f"with bringup check {point}"
    )
    source = Source(kind="file", ref=component.path or component.name)
    return [unchecked("repo", "states nothing of its own", source, (why,))]
