"""``npu-smi -v`` (``npu-smi version: 24.1.rc2``): npu-smi ships in the HDK driver package and
carries its version, so the line states the Ascend driver's version."""

from __future__ import annotations

import re

from bringup.backends.ascend import keys as ascend_keys
from bringup.model import Source
from bringup.parsing import Collected, describe_bad_text, fact, numbered_lines, unparsed
from bringup.probe.importers.values import read_version

LINE = re.compile(r"^\s*npu-smi\s+version\s*[:：]\s*(\S+)", re.IGNORECASE)


def parse_npu_smi_v(text: str, source: Source) -> Collected:
    """The driver version ``npu-smi -v`` prints."""
    for number, line in numbered_lines(text):
        match = LINE.match(line)
        version = read_version(match.group(1)) if match else None
        if version is not None:
            return Collected(
                facts=(fact(ascend_keys.ASCEND_DRIVER, version[0], source, line=number),)
            )
    return unparsed(
        ascend_keys.ASCEND_DRIVER, source, describe_bad_text(text, "'npu-smi version: X'")
    )
