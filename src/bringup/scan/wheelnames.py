"""What a wheel's file name says (PEP 427), also when a guide writes its version with a
placeholder.

Install guides name the wheel to download with the build left to the reader:
AscendSpeed README.md:51 ``pip install torch_npu-1.11.0.post1.devXXXX-cp37-cp37m-
linux_XXXX.whl``, :49 ``apex-0.1_ascend_XXXX-…``. Such a name is no valid wheel name, but its
distribution, the release before the placeholder and its Python tag are plain: torch_npu
``==1.11.0.*`` on CPython 3.7.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from packaging.utils import InvalidWheelFilename, parse_wheel_filename

from bringup import lazyre

_RELEASE = lazyre.compile(r"^(\d+(?:\.\d+)*)(?=$|[._+a-zA-Z])")


class WheelName(NamedTuple):
    distribution: str
    spec: str
    interpreters: frozenset[str]
    abi3: bool


def read_wheel_name(name: str) -> Optional[WheelName]:
    """The distribution, version spec and Python tags of the wheel file ``name``."""
    try:
        distribution, version, _, tags = parse_wheel_filename(name)
    except InvalidWheelFilename:
        return _placeholder(name)
    # the local label ("2.7.1+cpu": a build of 2.7.1) is no part of the need: ==2.7.1 holds
    # for 2.7.1+cpu and for the 2.7.1 another index builds (PEP 440)
    return WheelName(
        distribution,
        f"=={version.public}",
        frozenset(t.interpreter for t in tags),
        any(t.abi == "abi3" for t in tags),
    )


def _placeholder(name: str) -> Optional[WheelName]:
    """A wheel name whose version holds a placeholder: the release before it, as a prefix."""
    parts = name.removesuffix(".whl").split("-")
    if len(parts) not in (5, 6):
        return None
    release = _RELEASE.match(parts[1])
    if release is None or release.group(1) == parts[1]:
        return None
    return WheelName(
        parts[0], f"=={release.group(1)}.*", frozenset(parts[-3].split(".")), parts[-2] == "abi3"
    )
