"""The CPU a script's package file is built for, where the script names only that one.

A script runs as written: a package it installs or runs by a name built for one CPU works on
that CPU only. flagos-ai/FlagScale install/install-requirements.sh:111 installs
``flash_attn-…-cp${cp}-cp${cp}-linux_x86_64.whl``; an Ascend C operator's run.sh installs the
package its build names after the build machine, ``./custom_opp_openEuler_aarch64.run``
(ascendc-competition-s3 basic/asinh/run.sh:9). A guide's command is an example of one machine
(``pkgtags`` reads a document's packages only as a list of CPUs), a script's is not.

Only a line that installs, downloads or runs the package counts (``_USES``). A script that
names packages for two CPUs picks one per machine (``archchecks`` reads its
branches), and a CPU left to a variable (``linux-$(uname -m).run``) names none: neither is read
here. Soft: the script may be one step of several.
"""

from __future__ import annotations

import re

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile

_PACKAGE_CPU = lazyre.compile(
    r"(?<=[\w.+])[-_.](x86_64|aarch64|arm64)\.(?:run|whl|rpm|deb|zip|tgz|tar\.gz|tar\.xz)\b",
    re.IGNORECASE,
)
"""A package file whose name ends in its CPU (``_aarch64.run``, ``linux_x86_64.whl``)."""
_USES = lazyre.compile(
    r"^\s*(?:sudo\s+)?(?:(?:uv\s+)?pip3?\s|python3?\s+-m\s+pip\s|wget\s|curl\s|rpm\s|dpkg\s|"
    r"apt(?:-get)?\s|yum\s|dnf\s|bash\s|sh\s|\.{0,2}/)"
)
"""A line that installs, downloads or runs what it names; one that copies, packs or assigns a
name (``cp $workdir/../output/Ascend-agentsdk__linux-aarch64.tar.gz $RESOURCE_DIR``, the package
a packaging script makes, Ascend/ascend-agentsdk script/build_run.sh:52; ``CANN_URL=…_linux-
aarch64.run``, a fallback of a fallback, cann-on-gpu deploy.sh:107) does not use it here."""


def script_cpu(file: SourceFile) -> list[Requirement]:
    """The one CPU the script's package files are built for, cited where each is named."""
    if "64." not in file.text:
        return []
    lines: dict[str, list[int]] = {}
    for number, line in enumerate(file.text.splitlines(), start=1):
        if "64." not in line or _USES.match(line) is None:
            continue
        for match in _PACKAGE_CPU.finditer(line):
            cpu = match.group(1).lower()
            lines.setdefault("aarch64" if cpu == "arm64" else cpu, []).append(number)
    if len(lines) != 1:
        return []
    ((cpu, numbers),) = lines.items()
    text = f"a package built for {cpu} only: {file.text.splitlines()[numbers[0] - 1].strip()}"
    found = file.requirement("arch", cpu, numbers[0], text=text[:200], hard=False)
    also = tuple(file.source(n) for n in dict.fromkeys(numbers[1:]) if n != numbers[0])
    return [msgspec.structs.replace(found, also_at=also)]
