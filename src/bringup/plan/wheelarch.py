"""A step that installs wheel files built for another machine architecture than the host's
(``torch-2.7.1-cp310-cp310-manylinux_2_28_aarch64.whl`` on an x86_64 host, momo609/mindspeed
@7e624cf1 docs/zh/install_guide.md:74): pip refuses the file there ("is not a supported wheel
on this platform"), so the step is for another machine, whatever else it lacks (outsider26
#3, #8). The architecture is the wheel's platform tag's (PEP 425): ``manylinux_2_28_aarch64``,
``linux_x86_64``; ``any`` and tags of no known architecture say nothing."""

from __future__ import annotations

from typing import Optional

from bringup import lazyre
from bringup.model.plan import Reason
from bringup.model.requirements import Step
from bringup.model.resolution import Resolution
from bringup.scan.commands import pip_install_targets

_ARCH = lazyre.compile(r"_(aarch64|x86_64|ppc64le|s390x|i686|armv7l)$")


def wheel_arches(argv: tuple[str, ...]) -> set[str]:
    """The architectures the wheel files ``argv`` pip-installs are built for."""
    if pip_install_targets(argv) is None:
        return set()
    found: set[str] = set()
    for word in argv[1:]:
        name = word.rsplit("/", 1)[-1]
        if not name.endswith(".whl"):
            continue
        for tag in name[: -len(".whl")].rsplit("-", 1)[-1].split("."):
            matched = _ARCH.search(tag)
            if matched is not None:
                found.add(matched.group(1))
    return found


def other_arch(step: Step, resolution: Resolution) -> Optional[Reason]:
    """Why ``step`` is for another machine: the wheels it installs are built for an
    architecture the host (read, not unknown) is not; None otherwise."""
    arches = wheel_arches(step.argv)
    host = resolution.host_value("arch")
    if not arches or host is None or host.status != "ok" or arches & set(host.values):
        return None
    return Reason(
        kind="platform",
        subject="arch",
        need=" or ".join(sorted(arches)),
        have=host,
        sources=(step.source,),
    )
