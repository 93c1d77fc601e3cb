"""ROCm releases as ``/opt/rocm/.info/version`` writes them: the release and, after a dash,
the build (``6.1.2-119``, see the host fixture's SOURCE.md). A build sorts above its bare
release and ``6.1.2-119`` is in the ``6.1.*`` series; registered as the ``rocm`` scheme."""

from __future__ import annotations

import re

from bringup.versions import InvalidVersion, Parsed, Scheme
from bringup.versions.schemes import strip_zeros

_RELEASE = re.compile(r"^(\d+(?:\.\d+)*)(?:-(\d+))?$")


def parse_rocm(raw: str) -> Parsed:
    match = _RELEASE.match(raw.strip())
    if match is None:
        raise InvalidVersion(raw, "rocm", "a release such as 6.1.2 or 6.1.2-119")
    numbers = tuple(int(part) for part in match.group(1).split("."))
    build = int(match.group(2)) if match.group(2) else -1
    return Parsed((strip_zeros(numbers), build), tuple(str(n) for n in numbers))


SCHEME = Scheme(parse_rocm)
