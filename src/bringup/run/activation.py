"""The toolkit activation of one environment, as data: the variables to set and the
directories to put in front of ``PATH``-like lists, from the snapshot's toolkits and the
environment's pins, plus device visibility. Written once into the activation file as plain
``export`` lines, so a step never sources a vendor script in a shell.

CANN: the variables its ``set_env.sh`` sets, resolved for the pinned version's directory
(Ascend/cann-container-image sets the same ones as Dockerfile ``ENV`` lines). CUDA:
``CUDA_HOME`` and its ``bin``/``lib64``. The backends' own activation data replaces these
two tables when they provide it (b1-backends).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Optional

from bringup.model.resolution import Environment
from bringup.model.snapshot import Snapshot

_CANN_SOURCE = "https://github.com/Ascend/cann-container-image (set_env.sh as Dockerfile ENV)"
_CUDA_SOURCE = "https://docs.nvidia.com/cuda/cuda-installation-guide-linux/ (post-install)"


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
        import shlex

        lines = [f"export {name}={shlex.quote(value)}" for name, value in sorted(self.set.items())]
        for name, dirs in sorted(self.prepend.items()):
            joined = shlex.quote(":".join(dirs))
            lines.append(f'export {name}={joined}"${{{name}:+:${name}}}"')
        return lines


def _cann(root: str) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    variables = {
        "ASCEND_TOOLKIT_HOME": root,
        "ASCEND_HOME_PATH": root,
        "ASCEND_OPP_PATH": f"{root}/opp",
        "ASCEND_AICPU_PATH": root,
        "TOOLCHAIN_HOME": f"{root}/toolkit",
    }
    prepend = {
        "PATH": (f"{root}/bin", f"{root}/compiler/ccec_compiler/bin"),
        "LD_LIBRARY_PATH": (
            f"{root}/lib64",
            f"{root}/lib64/plugin/opskernel",
            f"{root}/lib64/plugin/nnengine",
            "/usr/local/Ascend/driver/lib64",
            "/usr/local/Ascend/driver/lib64/common",
            "/usr/local/Ascend/driver/lib64/driver",
        ),
        "PYTHONPATH": (f"{root}/python/site-packages", f"{root}/opp/built-in/op_impl/ai_core/tbe"),
    }
    return variables, prepend


def activation_for(environment: Environment, snapshot: Snapshot) -> Activation:
    """What to set for ``environment`` on the host of ``snapshot``."""
    variables: dict[str, str] = {}
    prepend: dict[str, tuple[str, ...]] = {}
    sources: list[str] = []
    missing: list[str] = []
    cann = environment.pin("cann")
    if cann is not None:
        path = _toolkit_path(snapshot, "cann-toolkit", cann.version)
        if path is None:
            missing.append(f"CANN {cann.version}")
        else:
            more, dirs = _cann(path)
            variables.update(more)
            prepend.update(dirs)
            sources.append(_CANN_SOURCE)
        npus = snapshot.devices("ascend")
        if npus:
            variables["ASCEND_RT_VISIBLE_DEVICES"] = ",".join(str(a.index) for a in npus)
    cuda = environment.pin("cuda")
    if cuda is not None:
        path = _toolkit_path(snapshot, "cuda", cuda.version)
        if path is None:
            missing.append(f"CUDA {cuda.version}")
        else:
            variables["CUDA_HOME"] = path
            prepend["PATH"] = (*prepend.get("PATH", ()), f"{path}/bin")
            prepend["LD_LIBRARY_PATH"] = (*prepend.get("LD_LIBRARY_PATH", ()), f"{path}/lib64")
            sources.append(_CUDA_SOURCE)
        gpus = snapshot.devices("nvidia")
        if gpus:
            variables["CUDA_VISIBLE_DEVICES"] = ",".join(str(a.index) for a in gpus)
    return Activation(
        set=variables, prepend=prepend, sources=tuple(sources), missing=tuple(missing)
    )


def _toolkit_path(snapshot: Snapshot, kind: str, version: str) -> Optional[str]:
    for toolkit in snapshot.toolkits:
        if toolkit.kind == kind and toolkit.version == version:
            return toolkit.path
    return None
