"""The next concrete action for a pin that is not installed, a driver to change, a variable
to set: which package at which version, by which command.

What ``bringup up`` can do itself (uv installs interpreters and Python packages into the
environment it creates) is marked automatic; vendor toolkits, compilers and drivers are the
user's (root, vendor downloads), so the action names the package file to get.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from bringup.model.plan import Action
from bringup.model.resolution import Pin
from bringup.model.source import Source
from bringup.subjects import display_name, scheme_for

# Package file names as the vendor publishes them (Ascend/cann-container-image Dockerfiles;
# ascend-deployer downloader/software/CANN_<ver>.json), via shared/facts/ascend-facts.md §1.
_CANN_SOURCE = Source(
    kind="kb",
    ref="ascend/cann-packages",
    url="https://github.com/Ascend/cann-container-image",
)
_UV_SOURCE = Source(kind="kb", ref="uv", url="https://docs.astral.sh/uv/")
_SET_ENV_SOURCE = Source(
    kind="kb",
    ref="ascend/set_env",
    url="https://github.com/Ascend/cann-container-image",
)

_PIP_TOOLS = frozenset({"cmake", "ninja"})
"""Build tools published as wheels on PyPI, installable into an environment by uv."""


def is_automatic(subject: str) -> bool:
    """Whether ``bringup up`` installs this itself: Python, and Python distributions."""
    if subject == "python" or subject in _PIP_TOOLS:
        return True
    return scheme_for(subject) == "pep440" and subject != "python"


def _cann_kernels(version: str, chip: str | None, arch: str) -> str:
    """The per-chip operator package: ``kernels-<chip>`` up to 8.3, ``<chip>-ops`` from 8.5."""
    name = (chip or "<chip>").lower()
    major_minor = tuple(int(p) for p in version.split(".")[:2] if p.isdigit())
    if major_minor >= (8, 5):
        return f"Ascend-cann-{name}-ops_{version}_linux-{arch}.run"
    return f"Ascend-cann-kernels-{name}_{version}_linux-{arch}.run"


def _by_uv(pin: Pin, environment: int, text: str, argv: tuple[str, ...]) -> Action:
    """What ``bringup up`` installs itself, with uv."""
    return Action(
        kind="install",
        subject=pin.subject,
        version=pin.version,
        text=text,
        argv=argv,
        automatic=True,
        environment=environment,
        source=_UV_SOURCE,
    )


def install_action(pin: Pin, environment: int, *, arch: str, chip: str | None) -> Action:
    """How to get ``pin`` into ``environment``."""
    subject, version = pin.subject, pin.version
    name = display_name(subject)
    if subject == "python":
        argv: tuple[str, ...] = ("uv", "python", "install", version)
        return _by_uv(pin, environment, f"install Python {version} with uv", argv)
    if pin.origin == "index":
        text = (
            f"install {name} {version}".strip()
            + f" from the package index into environment {environment}"
        )
        return _by_uv(pin, environment, text, ("uv", "pip", "install", f"{subject}{version}"))
    if is_automatic(subject):
        text = f"install {name}=={version} into environment {environment}"
        return _by_uv(pin, environment, text, ("uv", "pip", "install", f"{subject}=={version}"))
    if subject == "cann":
        toolkit = f"Ascend-cann-toolkit_{version}_linux-{arch}.run"
        kernels = _cann_kernels(version, chip, arch)
        return Action(
            kind="install",
            subject=subject,
            version=version,
            text=(
                f"install CANN {version} for environment {environment}: {toolkit} "
                f"(and {kernels} on the NPU host); versions install side by side"
            ),
            argv=(f"./{toolkit}", "--install"),
            environment=environment,
            source=_CANN_SOURCE,
        )
    return Action(
        kind="install",
        subject=subject,
        version=version,
        text=f"install {name} {version} for environment {environment}",
        environment=environment,
        source=pin.source,
    )


def driver_action(subject: str, spec: str, source: Source | None) -> Action:
    name = display_name(subject)
    return Action(
        kind="driver",
        subject=subject,
        text=f"change the {name} to a version {spec} (as root; every environment shares it)",
        version=spec,
        source=source,
    )


def set_env_action(toolkit_path: str, environment: int) -> Action:
    """``set_env.sh`` sits in the ``ascend-toolkit`` directory, beside the versions."""
    path = PurePosixPath(toolkit_path)
    parts = path.parts
    if "ascend-toolkit" in parts:
        root = PurePosixPath(*parts[: parts.index("ascend-toolkit") + 1])
    else:
        root = path.parent / "ascend-toolkit"
    script = str(root / "set_env.sh")
    return Action(
        kind="set_env",
        subject="cann",
        text=f"source {script} (sets ASCEND_HOME_PATH, ASCEND_OPP_PATH, LD_LIBRARY_PATH)",
        argv=("source", script),
        environment=environment,
        source=_SET_ENV_SOURCE,
    )
