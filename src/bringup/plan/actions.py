"""The next concrete action for a pin that is not installed, a driver to change, a variable
to set: which package at which version, by which command.

What ``bringup up`` can do itself (uv installs interpreters and Python packages into the
environment it creates) is marked automatic; vendor toolkits, compilers and drivers are the
user's (root, vendor downloads), so the action names the package file to get.
"""

from __future__ import annotations

from bringup import backends
from bringup.backends.base import Backend
from bringup.kb.system_packages import system_package
from bringup.model.plan import Action
from bringup.model.resolution import Check, Pin
from bringup.model.source import Source
from bringup.subjects import scheme_for

_UV_SOURCE = Source(kind="kb", ref="uv", url="https://docs.astral.sh/uv/")
_PIP_TOOLS = frozenset({"cmake", "ninja"})
"""Build tools published as wheels on PyPI, installable into an environment by uv."""


def is_automatic(subject: str) -> bool:
    """Whether ``bringup up`` installs this itself: Python, and Python distributions."""
    if subject == "python" or subject in _PIP_TOOLS:
        return True
    return scheme_for(subject) == "pep440" and subject != "python"


def _by_uv(pin: Pin, environment: int, argv: tuple[str, ...], from_index: bool = False) -> Action:
    """What ``bringup up`` installs itself, with uv."""
    return Action(
        kind="install",
        subject=pin.subject,
        version=pin.version,
        argv=argv,
        automatic=True,
        from_index=from_index,
        environment=environment,
        source=_UV_SOURCE,
    )


def install_action(pin: Pin, environment: int, *, arch: str, chip: str | None) -> Action:
    """How to get ``pin`` into ``environment``."""
    subject, version = pin.subject, pin.version
    if subject == "python":
        return _by_uv(pin, environment, ("uv", "python", "install", version))
    if pin.origin == "index":
        argv = ("uv", "pip", "install", f"{subject}{version}")
        return _by_uv(pin, environment, argv, from_index=True)
    if is_automatic(subject):
        return _by_uv(pin, environment, ("uv", "pip", "install", f"{subject}=={version}"))
    published = backends.packages(subject, version, chip=chip, arch=arch)
    if published is not None:
        return Action(
            kind="install",
            subject=subject,
            version=version,
            argv=published.argv,
            environment=environment,
            files=published.files,
            source=published.source,
        )
    return Action(
        kind="install",
        subject=subject,
        version=version,
        environment=environment,
        source=pin.source,
    )


def by_hand(pin: Pin, environment: int) -> Action:
    """An index pin read only from prose: the user installs it after checking the name (no
    index was asked whether it is the project meant), so it carries no command."""
    return Action(
        kind="install",
        subject=pin.subject,
        version=pin.version,
        environment=environment,
        source=pin.source,
    )


def driver_action(subject: str, spec: str | None, source: Source | None) -> Action:
    """Change the host's ``subject`` to a version within ``spec`` (None: whichever fits)."""
    return Action(kind="driver", subject=subject, version=spec, source=source)


def activation_action(backend: Backend, toolkit_path: str, environment: int) -> Action:
    """The backend's activation of the toolkit at ``toolkit_path`` (``Backend.activation``):
    its script is sourced into a shell, so it is an environment to apply (script and the
    variables it sets), not an argv: no runner can run ``source`` as a program."""
    activation = backend.activation(toolkit_path)
    source = Source(kind="kb", ref=f"{backend.name}/activation", url=activation.source)
    return Action(
        kind="set_env",
        subject=backend.vocabulary.toolkit_subject or backend.name,
        script=activation.script,
        variables=(*activation.variables, *activation.prepend),
        environment=environment,
        source=source,
    )


def need_action(check: Check, *, env_set: frozenset[str] = frozenset()) -> Action | None:
    """What meets a ``needed`` check (``solve.needs``): fetch the submodule (over the
    network), install the system package, set the variable (unless the probed shell has it).
    The network itself is a need of the build steps, not an action."""
    if check.subject == "submodule":
        return Action(
            kind="submodule",
            subject=check.spec,
            argv=("git", "submodule", "update", "--init", "--", check.spec),
            component=check.component,
            source=check.source,
        )
    if check.subject == "system_package":
        known = system_package(check.spec)
        if known is None and check.distribution == "debian":
            # the repo's own apt line names the Debian package (``debian_named``)
            return Action(
                kind="system_package",
                subject=check.spec,
                argv=("apt-get", "install", "-y", check.spec),
                packages=(f"debian:{check.spec}",),
                source=check.source,
            )
        if known is None:
            return Action(kind="system_package", subject=check.spec, source=check.source)
        package, source = known
        return Action(
            kind="system_package",
            subject=check.spec,
            argv=("apt-get", "install", "-y", package.debian),
            packages=tuple(
                f"{d}:{n}"
                for d, n in (("debian", package.debian), ("openeuler", package.openeuler))
                if n
            ),
            source=source,
        )
    if check.subject == "env_var" and check.spec not in env_set:
        return Action(
            kind="set_env", subject=check.spec, component=check.component, source=check.source
        )
    return None
