"""The activation file ``up`` writes into each environment it makes (``export`` lines to
source, and their data for ``bringup env shell``), and the variables of a command run in it.
Apart from ``bringup.run.environments`` (deciding and making an environment): ``bringup env``
reads these files without making anything."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from bringup.run.activation import Activation

if TYPE_CHECKING:
    from bringup.run.environments import Made

ACTIVATE_FILE = "bringup-activate.sh"
ACTIVATION_DATA = "bringup-activation.json"


def in_environment(path: Path, activation: Activation, base: Mapping[str, str]) -> dict[str, str]:
    """The variables of a command in the environment at ``path``: the venv first on
    ``PATH``, the toolkit's activation, no ``PYTHONHOME``."""
    env = dict(base)
    env.pop("PYTHONHOME", None)
    env["VIRTUAL_ENV"] = str(path)
    env["PATH"] = os.pathsep.join([str(path / "bin"), *([env["PATH"]] if env.get("PATH") else [])])
    return activation.apply(env)


def write_activation(made: Made, activation: Activation) -> Path:
    """The activation file: ``export`` lines to source (``bringup env print`` shows it)."""
    import shlex

    lines = [
        f"# bringup environment {made.spec.index} ({', '.join(made.spec.components)}):"
        f" Python {made.spec.python}",
        *(f"# toolkit activation from {s}" for s in activation.sources),
        *(f"# not on this machine: {m}" for m in activation.missing),
        f"export VIRTUAL_ENV={shlex.quote(str(made.path))}",
        f'export PATH={shlex.quote(str(made.bin))}"${{PATH:+:$PATH}}"',
        "unset PYTHONHOME",
        *activation.exports(),
    ]
    target = made.path / ACTIVATE_FILE
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    data = {
        "set": dict(activation.set),
        "prepend": {k: list(v) for k, v in activation.prepend.items()},
    }
    (made.path / ACTIVATION_DATA).write_bytes(msgspec.json.encode(data))
    return target


class _ActivationData(msgspec.Struct):
    set: dict[str, str] = {}
    prepend: dict[str, tuple[str, ...]] = {}


def read_made(path: Path, name: str) -> bytes:
    """A file ``up`` wrote into the environment at ``path``; an environment removed or
    emptied since (``rm -rf`` of its directory) is bad input with the way back, not a bug."""
    from bringup.errors import InputError

    try:
        return (path / name).read_bytes()
    except OSError as error:
        raise InputError(
            f"cannot read the environment's {name}: {error.strerror}",
            path=str(path),
            hint="run `bringup up` again to make it anew",
        ) from None


def activated(path: Path, base: Mapping[str, str]) -> dict[str, str]:
    """The variables of a shell in the environment at ``path`` (``bringup env shell``)."""
    return in_environment(path, read_activation(path), base)


def read_activation(path: Path) -> Activation:
    """The toolkit activation ``up`` wrote for the environment at ``path``."""
    from bringup.errors import InputError

    try:
        raw = msgspec.json.decode(read_made(path, ACTIVATION_DATA), type=_ActivationData)
    except msgspec.MsgspecError as error:
        raise InputError(
            f"{ACTIVATION_DATA} is damaged: {error}",
            path=str(path),
            hint="run `bringup up` again to make it anew",
        ) from None
    return Activation(set=raw.set, prepend=raw.prepend)
