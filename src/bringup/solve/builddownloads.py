"""A repo whose build downloads what it builds with: whether this machine reaches the hosts is
not checked, so the repo may run here, unverified, never "runs".

hpcaitech/TensorNVMe@6403388 3rd/CMakeLists.txt:19-21 and :42-43 clone liburing from
github.com and libaio from pagure.io while configuring when the libraries are not found:
``check`` said "8 steps run here now" (exit 0), and ``up`` failed at the build, "Could not
resolve host: github.com" (outsider18 D7). The scan had cited both downloads; the verdict
now carries them, each with its host."""

from __future__ import annotations

from urllib.parse import urlsplit

from bringup.model.requirements import Component
from bringup.model.resolution import Obstacle, unchecked
from bringup.plan.downloads import downloads_here


def _host(spec: str) -> str:
    """The host a download's spec names (``https://github.com/axboe/liburing.git`` ->
    github.com; ``git@github.com:x/y`` -> github.com); the spec itself when it names none."""
    if spec.startswith("git@"):
        return spec[4:].split(":", 1)[0]
    word = next((w for w in spec.split() if "://" in w), "")
    return urlsplit(word).hostname or spec


def build_downloads(component: Component) -> list[Obstacle]:
    """An ``unchecked`` obstacle per hard download of the repo's own that one of its build or
    install steps makes (``plan.downloads``)."""
    if not any(downloads_here(step, component) for step in component.steps):
        return []
    return [
        unchecked(
            "network",
            r.spec,
            r.source,
            (f"the build downloads it; nothing here tells whether this machine reaches "
             f"{_host(r.spec)}",),
        )
        for r in component.requirements
        if r.subject == "network" and r.hard
    ]  # fmt: skip
