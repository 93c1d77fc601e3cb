"""What a checkout's top folder holds that the plan asks about (``plan.itself.CheckoutTop``),
read from disk here, at the edge, so that ``plan`` stays pure (DESIGN.md, "Pure core, thin
edges"): the distribution its ``pyproject.toml`` names and whether it is a Python project."""

from __future__ import annotations

from pathlib import Path

from bringup.errors import InputError
from bringup.plan.itself import MANIFESTS, CheckoutTop
from bringup.tomlfile import read_toml


def _distribution(top: Path) -> str:
    """The distribution name ``top``'s ``pyproject.toml`` declares, or "" (none, unreadable)."""
    manifest = top / "pyproject.toml"
    try:
        _, document = read_toml(manifest) if manifest.is_file() else ("", {})
    except InputError:
        return ""
    project = document.get("project")
    name = project.get("name") if isinstance(project, dict) else None
    return name if isinstance(name, str) else ""


def checkout_top(path: str) -> CheckoutTop:
    """What the checkout at ``path`` holds at its top."""
    top = Path(path)
    manifest = next((m for m in MANIFESTS if (top / m).is_file()), "")
    return CheckoutTop(distribution=_distribution(top), manifest=manifest)
