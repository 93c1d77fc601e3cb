"""The toolkit activation of one environment, as data: the variables to set and the directories to
put in front of ``PATH``-like lists, plus device visibility. Each pinned toolkit's activation is its
backend's (``Backend.activation``: the variables its setup script would set, resolved for the pinned
version's directory, or a ``*_HOME`` variable and its ``bin``/``lib64`` directories), for the
toolkit of that version the snapshot found. Written once into the activation file as plain
``export`` lines, so a step never sources a vendor script in a shell.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Optional

from bringup.model.resolution import Environment
from bringup.model.snapshot import Snapshot


@dataclass(frozen=True)
class Activation:
    """Variables to set (``set``) and directories to prepend (``prepend``: variable -> dirs),
    with where the recipe comes from; ``missing`` names a pinned toolkit not on this host."""

    set: Mapping[str, str] = field(default_factory=dict)
    prepend: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    sources: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()

    def apply(self, base: Mapping[str, str]) -> dict[str, str]:
        """``base`` with this activation applied (what a step's environment gets)."""
        merged = dict(base)
        merged.update(self.set)
        for name, dirs in self.prepend.items():
            rest = merged.get(name, "")
            merged[name] = ":".join([*dirs, *([rest] if rest else [])])
        return merged

    def exports(self) -> list[str]:
        """The activation as ``export`` lines, values quoted for a POSIX shell."""
        lines = [f"export {name}={shlex.quote(value)}" for name, value in sorted(self.set.items())]
        for name, dirs in sorted(self.prepend.items()):
            joined = shlex.quote(":".join(dirs))
            lines.append(f'export {name}={joined}"${{{name}:+:${name}}}"')
        return lines


def activation_for(environment: Environment, snapshot: Snapshot) -> Activation:
    """What to set for ``environment`` on the host of ``snapshot``."""
    from bringup import subjects
    from bringup.backends import owner_of

    variables: dict[str, str] = {}
    prepend: dict[str, tuple[str, ...]] = {}
    sources: list[str] = []
    missing: list[str] = []
    for pin in environment.pins:
        subject = subjects.subject(pin.subject)
        backend = owner_of(pin.subject)
        if subject is None or subject.scope != "toolkit" or backend is None:
            continue
        path = _toolkit_path(snapshot, subject.toolkit_kinds, pin.version)
        if path is None:
            missing.append(f"{subjects.display_name(pin.subject)} {pin.version}")
            continue
        found = backend.activation(path)
        variables.update(found.variables)
        for name, dirs in found.prepend.items():
            prepend[name] = (*prepend.get(name, ()), *dirs)
        if found.source:
            sources.append(found.source)
        # The first variable that chooses the backend's devices, set to every device seen.
        visible = backend.vocabulary.device_env
        devices = snapshot.devices(backend.vendor) if backend.vendor else ()
        if visible and devices:
            variables[visible[0]] = ",".join(str(a.index) for a in devices)
    return Activation(
        set=variables, prepend=prepend, sources=tuple(sources), missing=tuple(missing)
    )


def _toolkit_path(snapshot: Snapshot, kinds: tuple[str, ...], version: str) -> Optional[str]:
    for toolkit in snapshot.toolkits:
        if toolkit.kind in kinds and toolkit.version == version:
            return toolkit.path
    return None
