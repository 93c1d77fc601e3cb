"""The commands that make an environment and install into it: ``uv venv`` and ``uv pip
install`` (the stdlib ``venv`` and pip where uv is missing), each install with the PyTorch index
torch's build comes from (``torchindex``); split from ``environments``, which runs them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from bringup.plan.isolation import NO_BUILD_ISOLATION
from bringup.run.indexes import IndexSettings

if TYPE_CHECKING:
    from bringup.run.environments import EnvironmentSpec


def commands(
    spec: EnvironmentSpec, path: Path, settings: IndexSettings, uv: Optional[str]
) -> list[list[str]]:
    """What makes the environment at ``path``: the venv, then its installs."""
    python = str(path / "bin" / "python")
    interpreter = spec.interpreter or "python3"
    if uv is not None:
        seed = ["--seed"] if spec.seed else []
        install = [uv, "pip", "install", "--python", python]
        options = [*settings.args, *settings.install_args]
        venv = [uv, "venv", *seed, "--python", interpreter, *settings.args, str(path)]
        return [venv, *install_commands(spec, install, options)]
    # pip reads the user's pip.conf and PIP_* variables itself; it has no --offline: an
    # offline run reads no index rather than waiting on one (review24 L7)
    options = ["--no-index"] if "--offline" in settings.args else []
    venv = [interpreter, "-m", "venv", str(path)]
    return [venv, *install_commands(spec, [python, "-m", "pip", "install"], options)]


def install_commands(
    spec: EnvironmentSpec, install: Sequence[str], options: Sequence[str]
) -> list[list[str]]:
    """The environment's two installs: its requirements, then the packages whose build
    imports torch (``--no-build-isolation``, after torch is in). ``install`` is the installer's
    command up to the packages (uv, pip, the Dockerfile's uv), ``options`` what follows it."""
    if spec.torch_index is not None:
        options = [*options, "--extra-index-url", spec.torch_index]
        if "--index-strategy" not in options and any(Path(w).name == "uv" for w in install):
            # uv would take every name the PyTorch index also holds (numpy, pillow) from it
            # alone; pip, and uv told so, pick the best match over both indexes
            options += ["--index-strategy", "unsafe-best-match"]
    found = []
    if spec.requirements:
        found.append([*install, *options, *spec.requirements])
    if spec.built_on_torch:
        found.append([*install, NO_BUILD_ISOLATION, *options, *spec.built_on_torch])
    return found
