"""Ascend's readers of a pasted report (``bringup.probe.importers.readers``), registered in
the backend's ``report_importers``: ``npu-smi info`` tables (a table cut short still states
the driver in its banner), npu-smi's failure messages, ``npu-smi -v``, and the ``key=value``
files of an install (CANN install-info, driver and firmware version.info -- also told apart
by the ``cat`` line naming the file -- version.cfg)."""

from __future__ import annotations

import re

from bringup.backends.ascend import keys as ascend_keys
from bringup.backends.ascend import npu_smi_v
from bringup.backends.ascend.parse import (
    parse_driver_version_info,
    parse_firmware_version_info,
    parse_install_info,
    parse_npu_smi_info,
    parse_version_cfg,
)
from bringup.model import Source
from bringup.parsing import Collected, fact
from bringup.probe.importers.readers import Parser, SectionReader

_NPU_FAILURE = re.compile(
    r"dcmi module initialize failed|dcmi model initialized failed|npu get board type failed"
    r"|DrvMngGetConsoleLogLevel failed|npu-smi: command not found"
)
_NPU_SMI_BANNER = re.compile(r"npu-smi\s+\S+\s+Version:\s*(\S+)")
_NPU_TABLE = re.compile(r"\|\s*NPU\s+(ID\s*\|\s*)?Name")
_DEVICE_ROW = re.compile(
    r"^\|\s*\d{1,6}\s+\w{2,40}\s*\|\s*(?:OK|Warning|Alarm|Critical|UNKNOWN)\s*\|", re.MULTILINE
)
_BUS_ROW = re.compile(
    r"^\|\s*\d{1,4}(?:\s+\d{1,4})?\s*\|\s*[0-9A-Fa-f]{4}:[0-9A-Fa-f]{2}:", re.MULTILINE
)


def _is_npu_smi(block: str) -> bool:
    """npu-smi's table by its banner or header, or -- pasted without them, as issue bodies
    often are (vllm-project/vllm-ascend#4376) -- by its two-row device records: ``| 1
    910B3 | OK | ...`` and ``| 0 | 0000:C2:00.0 | ...`` (nvidia-smi's rows say ``On``/``Off``
    and an eight-digit bus domain, so neither row is read as its)."""
    return (
        "npu-smi" in block
        or _NPU_TABLE.search(block) is not None
        or (_DEVICE_ROW.search(block) is not None and _BUS_ROW.search(block) is not None)
    )


def _npu_smi_table(text: str, source: Source) -> Collected:
    """``npu-smi info``; a table cut short still states the driver in its header line."""
    parsed = parse_npu_smi_info(text, source)
    if any(f.ok for f in parsed.facts):
        return parsed
    banner = _NPU_SMI_BANNER.search(text)
    if banner is None:
        return parsed
    line = text.count("\n", 0, banner.start()) + 1
    return Collected(
        facts=(*parsed.facts, fact(ascend_keys.ASCEND_DRIVER, banner.group(1), source, line=line))
    )


def key_value_parser(block: list[str], context: str) -> Parser | None:
    """Which file a run of ``key=value`` lines was pasted from, by its keys, or by the path
    the line before it names (``cat /usr/local/Ascend/driver/version.info``)."""
    names = {line.partition("=")[0] for line in block}
    if "package_name" in names and "version" in names:
        return parse_install_info
    if any(k.endswith("_running_version") for k in names):
        return parse_version_cfg
    if "Version" in names and ("ascendhal_version" in names or "compatible_version_fw" in names):
        return parse_driver_version_info
    if "Version" in names and ("firmware_version" in names or "compatible_version_drv" in names):
        return parse_firmware_version_info
    if not names & {"Version", "version"} or "version.info" not in context:
        return None
    path = context.lower()
    if "driver" in path:
        return parse_driver_version_info
    if "firmware" in path:
        return parse_firmware_version_info
    if "toolkit" in path or "cann" in path:
        return _cann_version_info
    return None


def _cann_version_info(text: str, source: Source) -> Collected:
    """A CANN ``version.info`` named by the ``cat`` line before it: ``Version=8.0.RC2``."""
    for number, line in enumerate(text.splitlines(), start=1):
        key, _, value = line.partition("=")
        if key.strip() in ("Version", "version") and value.strip():
            return Collected(
                facts=(fact(ascend_keys.ASCEND_CANN_ACTIVE, value.strip(), source, line=number),)
            )
    return Collected()


READER = SectionReader(
    table=(_is_npu_smi, _npu_smi_table),
    one_line=((_NPU_FAILURE, parse_npu_smi_info), (npu_smi_v.LINE, npu_smi_v.parse_npu_smi_v)),
    key_values=key_value_parser,
)
