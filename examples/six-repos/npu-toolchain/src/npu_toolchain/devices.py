"""How many Ascend NPUs this machine exposes, by their device nodes (/dev/davinci0...),
without loading the driver's libraries."""

from __future__ import annotations

import os
import re

_DAVINCI = re.compile(r"^davinci\d+$")


def npu_count(dev: str = "/dev") -> int:
    try:
        return sum(1 for name in os.listdir(dev) if _DAVINCI.match(name))
    except OSError:
        return 0
