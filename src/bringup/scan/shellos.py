"""The OS a setup script's own OS probe admits.

A dependency installer that asks the machine which OS it is and refuses the others
(``detect_os() {`` / ``if [[ "$(uname -s)" == "Linux" ]]; then`` / ``elif [[ -f
/etc/redhat-release ]]`` … ``echo "Unsupported Linux distribution, please install manually"``,
hicann/ops-nn install_deps.sh:125-142; the same function in ops-blas, ops-sparse, opbase and
cann-recipes-harmony-infer; ``print_error "Cannot detect OS. Supported OS: Ubuntu, …"``,
Mooncake dependencies.sh:75) states the repo's OS: Linux, one of the distributions it knows
how to set up. A soft ``os`` (the script is one way to set up; the packages can be installed
by hand), cited at the probe, with the function and each refusal beside it. A probe with no
refusal in its branches (a script that only picks a path per OS) states no need.
"""

from __future__ import annotations

import re

import msgspec

from bringup import lazyre
from bringup.model import Alternative, Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.osnames import DISTRIBUTIONS

_REFUSAL = lazyre.compile(
    r"\bunsupported\s+(?:linux\b|os\b|operating\s+system|distribution|distro)"
    r"|\bcannot\s+detect\s+(?:the\s+)?(?:os|operating\s+system|distribution)\b",
    re.IGNORECASE,
)
"""A message refusing an OS the script does not know ("Unsupported OS type", "Unsupported
Linux version"); not an architecture's ("Unsupported architecture")."""
_NOT_THIS_OS = lazyre.compile(
    r"\b(?:environment|system|OS|platform|machine)\s{1,3}is\s{1,3}not\s{1,3}(?:an?\s{1,3})?"
    rf"(Linux|{DISTRIBUTIONS})\b",
    re.IGNORECASE,
)
"""A message refusing every OS but one ("Error: operate environment is not ubuntu." after
``if [ -f "/etc/lsb-release" ]``, hicann/ge@ffdcbc9f build.sh:398-404): that OS."""
_PROBE = lazyre.compile(
    r"\$\(\s*uname(?:\s+-s)?\s*\)\"?\s*={1,2}\s*\"?Linux\b"
    r"|/etc/(?:debian_version|redhat-release|os-release|lsb-release)\b"
)
"""An OS probe: ``uname -s`` compared with ``Linux``, a distribution's release file read."""
_BRANCH = 20
"""How far above its refusal the probe may be (on the refusal's own line too: ``[[ "$(uname -s)"
== "Linux" ]] || { echo "Unsupported OS"; exit 1; }``): the refusal is the probe's ``else`` branch
(ops-nn install_deps.sh:127 and :142), not a message of another function (MindSpeed-MM
scripts/install_cann.sh reads /etc/os-release at :24 and refuses a package manager at :200)."""
_FUNCTION = lazyre.compile(
    r"^\s*(?:function\s+)?(\w{0,40}(?:detect|check)_?os\w{0,40})\s*\(\s*\)", re.I
)
"""The function that holds the probe (``detect_os() {``); its name's parts bounded, so a long
line of words is read in linear time."""
_OTHER_OS = lazyre.compile(r"Darwin|mac\s?OS|Windows|MINGW|CYGWIN|FreeBSD", re.IGNORECASE)
"""Another OS a branch between the probe and its refusal (its line included) admits (``elif
[[ "$(uname -s)" == "Darwin" ]]; then OS=macos`` before ``else echo "Unsupported OS"``): the
refusal is of the OSes neither branch knows, so Linux is not the only one."""


def os_probe(file: SourceFile) -> list[Requirement]:
    """A soft ``os`` Linux where the script probes the OS and refuses the ones it does not
    know; the one distribution a refusal names where it refuses all others."""
    if not any(word in file.text for word in ("nsupported", "etect", " is not ")):
        return []
    lines = file.text.splitlines()
    probes = [n for n, line in enumerate(lines, 1) if _PROBE.search(line)]
    answered = {
        n: [p for p in probes if n - _BRANCH <= p <= n]
        for n, line in enumerate(lines, 1)
        if _REFUSAL.search(line) or _NOT_THIS_OS.search(line)
    }
    refusals = [
        n
        for n, before in answered.items()
        if before and not any(_OTHER_OS.search(line) for line in lines[min(before) - 1 : n])
    ]
    if not refusals:
        return []
    first = min(answered[refusals[0]])
    holder = _holder(lines, first)
    refusal = lines[refusals[0] - 1]
    text = f"the setup script refuses other OSes: {refusal.strip()}"[:200]
    only = _NOT_THIS_OS.search(refusal)
    system = only.group(1).lower() if only is not None else "linux"
    found = file.requirement("os", system, first, text=text, confidence="medium", hard=False)
    also = tuple(file.source(n) for n in dict.fromkeys([*holder, *refusals]))
    return [
        msgspec.structs.replace(
            found, any_of=(Alternative(value=system, source=found.source),), also_at=also
        )
    ]


def _holder(lines: list[str], first: int) -> list[int]:
    """The line of the probing function still open at line ``first`` (its braces not all closed
    before it), not one that ended earlier."""
    starts = [n for n, line in enumerate(lines[:first], 1) if _FUNCTION.match(line)]
    for start in reversed(starts):
        if sum(line.count("{") - line.count("}") for line in lines[start - 1 : first - 1]) > 0:
            return [start]
    return []
