"""Pure parsers for the Ascend stack's own files and tools: CANN install-info files and
``version.cfg``, the HDK driver's and firmware's ``version.info``, and ``npu-smi info``.

Formats, field names and the chip names npu-smi prints are documented with their public
sources in tests/fixtures/commands/npu-smi/SOURCE.md and tests/fixtures/hosts/*/SOURCE.md.
"""

from __future__ import annotations

import posixpath
import re

from bringup import lazyre
from bringup.backends.ascend import keys as ascend_keys
from bringup.model import Accelerator, Fact, Source, Toolkit
from bringup.model.snapshot import REPORTED_PATH
from bringup.parsing import (
    Collected,
    at_line,
    describe_bad_text,
    fact,
    key_values,
    looks_binary,
    numbered_lines,
    unparsed,
)

_ID = lazyre.compile(r"\d{1,9}")
"""An NPU or device id as npu-smi prints it (a few digits; a longer run is garbled text)."""
_CODE = lazyre.compile(r"-?\d{1,18}")
_PAIR = lazyre.compile(r"(?<!\d)(\d{1,18})\s*/\s*(\d{1,18})(?!\d)")
_BUS = lazyre.compile(r"^[0-9A-Fa-f]{4}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9A-Fa-f]$")
_BANNER = lazyre.compile(r"npu-smi\s+(\S+)\s+Version:\s*(\S+)")
_CFG_LINE = lazyre.compile(r"^(\w+?)_running_version=\[([^:\]]*):([^\]]*)\]")
_ARCH_DIR = lazyre.compile(r"/(aarch64|x86_64)-linux$")

_NOT_INSTALLED = "npu-smi is not installed (no HDK driver)"

# DCMI return codes, from hicann/driver src/custom/include/dcmi_interface_api.h.
DCMI_ERRORS = {
    -8001: "invalid parameter",
    -8002: "operation not permitted",
    -8003: "memory operation failed",
    -8004: "secure function failed",
    -8005: "inner error",
    -8006: "timed out",
    -8007: "invalid device id",
    -8008: "device does not exist",
    -8009: "ioctl failed",
    -8010: "send message failed",
    -8011: "receive message failed",
    -8012: "not ready",
    -8013: "not supported in a container",
    -8014: "file operation failed",
    -8015: "reset failed",
    -8016: "operation aborted",
    -8017: "upgrading",
    -8020: "device in use (resource occupied)",
    -8022: "partition not right",
    -8023: "configuration not found",
    -8255: "not supported",
}

# Messages printed by npu-smi and libascend_hal when the driver cannot be reached
# (hicann/driver npu_smi.c, drv_log_user.c), and the shell's own.
_DRIVER_FAILURES = (
    (
        re.compile(r"dcmi model initialized failed, because the device is used\. ret is (-?\d+)"),
        "the device is in use by another process",
    ),
    (
        re.compile(r"dcmi module initialize failed\. ret is (-?\d+)"),
        "the NPU driver (DCMI) did not initialise",
    ),
    (re.compile(r"npu get board type failed\. ret is (-?\d+)"), "npu-smi cannot read the board"),
    (re.compile(r"Failed to execute npu-smi .*?\. ret is (-?\d+)"), "an npu-smi query failed"),
    (
        re.compile(r"DrvMngGetConsoleLogLevel failed\. \(ret=(\d+)\)"),
        "the host driver library cannot reach the driver (driver not loaded, or /dev/davinci* "
        "not passed into the container)",
    ),
    (re.compile(r"npu-smi: command not found()"), _NOT_INSTALLED),
)


def parse_install_info(text: str, source: Source) -> Collected:
    """``<pkg>/<arch>-linux/ascend_<name>_install.info``: one installed CANN package, in the
    folder above the file; pasted in a report without its ``path=`` line, in no folder said
    (vllm-project/vllm-ascend#2534 pastes ``package_name=``/``version=`` only)."""
    pairs = key_values(text)
    if "version" not in pairs or "package_name" not in pairs:
        return unparsed(
            "ascend.cann.package",
            source,
            describe_bad_text(text, "install-info lines package_name=..., version=..."),
        )
    name = pairs["package_name"][0]
    kind, chip = package_kind(name)
    version, line = pairs["version"]
    arch = pairs.get("arch", ("", 0))[0] or None
    recorded = pairs.get("path", ("", 0))[0]
    path = _ARCH_DIR.sub("", recorded) if recorded else _package_dir(source.ref)
    if not recorded and source.kind == "report":  # a paste's file is no install folder
        path = REPORTED_PATH
    toolkit = Toolkit(
        kind=kind,
        version=version,
        path=path,
        source=at_line(source, line),
        arch=arch,
        chip=chip,
    )
    return Collected(toolkits=(toolkit,))


def package_kind(package_name: str) -> tuple[str, str | None]:
    """``Ascend-cann-toolkit`` -> (cann-toolkit, None); ``Ascend-cann-kernels-910b`` ->
    (cann-kernels, 910b); ``Ascend-cann-910b-ops`` (8.5+) -> (cann-ops, 910b);
    ``Atlas-A3-cann-kernels`` -> (cann-kernels, A3); ``Ascend-cann-nnal`` -> (cann-nnal)."""
    name = package_name.strip()
    match = re.match(r"^Atlas-(\w+)-cann-kernels$", name)
    if match:
        return "cann-kernels", match.group(1)
    match = re.match(r"^Ascend-cann-kernels-(\w+)$", name, re.IGNORECASE)
    if match:
        return "cann-kernels", match.group(1)
    match = re.match(r"^Ascend-cann-(\w+)-ops$", name, re.IGNORECASE)
    if match:
        return "cann-ops", match.group(1)
    match = re.match(r"^Ascend-cann-([\w-]+)$", name, re.IGNORECASE)
    if match:
        return "cann-" + match.group(1).lower(), None
    return name.lower(), None


def _package_dir(info_path: str) -> str:
    parent = posixpath.dirname(info_path)
    return posixpath.dirname(parent) if parent.endswith("-linux") else parent


def parse_version_cfg(text: str, source: Source) -> Collected:
    """``latest/version.cfg``: ``<component>_running_version=[<inner>:<CANN>]`` per component
    (runtime, compiler, hccl, opp, toolkit, opp_kernel, ...), as facts keyed by component."""
    found = []
    for number, line in numbered_lines(text):
        match = _CFG_LINE.match(line.strip())
        if match:
            component, _, cann = match.groups()
            key = ascend_keys.ASCEND_CANN_RUNNING_PREFIX + component
            found.append(fact(key, cann.strip(), source, line=number))
    if not found:
        return unparsed(
            ascend_keys.ASCEND_CANN_RUNNING_PREFIX + "toolkit",
            source,
            describe_bad_text(text, "<component>_running_version=[inner:CANN] lines"),
        )
    return Collected(facts=tuple(found))


def parse_driver_version_info(text: str, source: Source) -> Collected:
    """``/usr/local/Ascend/driver/version.info``: the HDK driver version (``Version=``, lower
    case such as ``24.1.rc3``) and the firmware range it accepts (``compatible_version_fw``)."""
    pairs = key_values(text)
    if "Version" not in pairs:
        return unparsed(
            ascend_keys.ASCEND_DRIVER, source, describe_bad_text(text, "a 'Version=' line")
        )
    value, line = pairs["Version"]
    found = [fact(ascend_keys.ASCEND_DRIVER, value, source, line=line)]
    if "compatible_version_fw" in pairs:
        fw, fw_line = pairs["compatible_version_fw"]
        found.append(fact(ascend_keys.ASCEND_DRIVER_FIRMWARE_RANGE, fw, source, line=fw_line))
    return Collected(facts=tuple(found))


def parse_firmware_version_info(text: str, source: Source) -> Collected:
    """``/usr/local/Ascend/firmware/version.info``: firmware ``Version=`` (``7.1.0.11.220``)
    and the HDK release it shipped in (``package_version=``)."""
    pairs = key_values(text)
    if "Version" not in pairs:
        return unparsed(
            ascend_keys.ASCEND_FIRMWARE, source, describe_bad_text(text, "a 'Version=' line")
        )
    value, line = pairs["Version"]
    found = [fact(ascend_keys.ASCEND_FIRMWARE, value, source, line=line)]
    if "package_version" in pairs:
        package, package_line = pairs["package_version"]
        found.append(fact(ascend_keys.ASCEND_FIRMWARE_PACKAGE, package, source, line=package_line))
    return Collected(facts=tuple(found))


def chip_family(name: str, *, dual_die: bool = False) -> str | None:
    """The family the knowledge base keys on, from the name npu-smi prints: ``910B2C`` ->
    ``910B``; ``Ascend910`` in the two-die (``Chip Phy-ID``) layout -> ``910_93``;
    ``310P3`` -> ``310P``; ``910ProB`` -> ``910``; ``Ascend950PR`` -> ``950``."""
    short = re.sub(r"^Ascend\s*", "", name.strip(), flags=re.IGNORECASE)
    if short.upper().startswith("910B"):
        return "910B"
    if short.startswith("910_93") or (dual_die and short == "910"):
        return "910_93"
    for prefix in ("310P", "310B", "950"):
        if short.upper().startswith(prefix):
            return prefix
    if short == "310":
        return "310"
    if re.match(r"^910(A|ProA|ProB|PremiumA)?$", short):
        return "910"
    return None


def parse_npu_smi_info(text: str, source: Source) -> Collected:
    """``npu-smi info``: one ``Accelerator`` per chip (an A3 NPU has two), the device and NPU
    counts, and npu-smi's version; or the reason npu-smi could not talk to the driver."""
    failure = _driver_failure(text, source)
    if failure is not None:
        return failure
    if looks_binary(text):
        return unparsed(
            ascend_keys.ASCEND_NPU_SMI, source, describe_bad_text(text, "npu-smi's table")
        )
    version, version_line = None, None
    dual_die = False
    has_hbm = False
    headed = False  # a table pasted without its header: two usage pairs are memory, then HBM
    devices: list[Accelerator] = []
    npu_ids: set[int] = set()
    pending: tuple[int, str, str | None, int] | None = None
    for number, line in numbered_lines(text):
        stripped = line.strip()
        banner = _BANNER.search(stripped)
        if banner and version is None:
            version, version_line = banner.group(2), number
            continue
        if "Process id" in stripped or "Process name" in stripped:
            break
        if not stripped.startswith("|"):
            continue
        cells = [c.strip() for c in stripped.strip("|").split("|")]
        if "Phy-ID" in stripped:
            dual_die = True
        if "HBM-Usage" in stripped:
            has_hbm = True
        if "Health" in stripped or "Bus-Id" in stripped:
            headed = True
            continue
        device = None
        if pending is not None:
            device = _second_row(
                cells,
                pending,
                source=source,
                dual_die=dual_die,
                has_hbm=has_hbm or not headed,
                headed=headed,
            )
            if device is None:  # its second row never came: the table was cut or trimmed
                device = _first_row_only(pending, source, dual_die, devices)
            else:
                cells = []
            pending = None
        if device is not None:
            npu_ids.add(device[1])
            devices.append(device[0])
        if cells:
            pending = _first_row(cells, number)
    cut = pending is not None  # the paste ends inside an NPU's rows (an excerpt cut there)
    if pending is not None:
        device = _first_row_only(pending, source, dual_die, devices)
        npu_ids.add(device[1])
        devices.append(device[0])
    if not devices:
        return unparsed(
            ascend_keys.ASCEND_NPU_SMI,
            source,
            describe_bad_text(text, "npu-smi's device table ('| NPU  Name | Health |' rows)"),
        )
    found = [
        fact(ascend_keys.ASCEND_NPU_SMI, "ok", source),
        *_counts(devices, npu_ids, source, cut),
    ]
    if version is not None:
        found.append(fact(ascend_keys.ASCEND_NPU_SMI_VERSION, version, source, line=version_line))
    return Collected(facts=tuple(found), accelerators=tuple(devices))


def _first_row(cells: list[str], number: int) -> tuple[int, str, str | None, int] | None:
    """``| 0     910B2C | OK | ...`` (or the 950 layout ``| 0 | name | OK | ...``), or such
    a row cut off after its Health cell (the end of a pasted excerpt)."""
    if len(cells) == 4:
        npu, name, health = cells[0], cells[1], cells[2]
    elif len(cells) in (2, 3):  # two: a row cut off after its Health cell
        npu, _, name = cells[0].partition(" ")
        health = cells[1]
    else:
        return None
    npu, name = npu.strip(), name.strip()
    if not _ID.fullmatch(npu) or not name:  # a 5,000-digit "id" is no NPU (and int() refuses it)
        return None
    return int(npu), name, health or None, number


def _second_row(
    cells: list[str],
    first: tuple[int, str, str | None, int] | None,
    *,
    source: Source,
    dual_die: bool,
    has_hbm: bool,
    headed: bool = True,
) -> tuple[Accelerator, int] | None:
    """``| 0 [phy] | 0000:5A:00.0 | AICore  used / total  [hbm_used / hbm_total] |``."""
    if first is None or len(cells) not in (3, 4):
        return None
    npu, name, health, number = first
    bus, metrics = cells[-2], cells[-1]
    if not (_BUS.match(bus) or bus == "NA"):
        return None
    pairs = [(int(a), int(b)) for a, b in _PAIR.findall(metrics)]
    memory = pairs[1] if has_hbm and len(pairs) > 1 else (pairs[0] if pairs else None)
    if headed and has_hbm and len(pairs) < 2:  # a row cut before its HBM pair: unknown
        memory = None
    # "Chip Phy-ID" (A3) and "Chip Device" (310P) layouts print the device's own id beside
    # the chip number; elsewhere one chip per NPU, so the NPU id is the device id.
    ids = cells[0].split() if len(cells) == 3 else []
    device_id = int(ids[1]) if len(ids) >= 2 and _ID.fullmatch(ids[1]) else npu
    device = Accelerator(
        vendor="ascend",
        index=device_id,
        name=name,
        source=at_line(source, number),
        family=chip_family(name, dual_die=dual_die),
        memory_total_mib=memory[1] if memory else None,
        memory_used_mib=memory[0] if memory else None,
        health=health,
        bus_id=None if bus == "NA" else bus,
    )
    return device, npu


def _counts(devices: list[Accelerator], npu_ids: set[int], source: Source, cut: bool) -> list[Fact]:
    """The device and NPU counts; unknown when the table is cut inside an NPU's rows: the
    NPUs after it are not in the text, so what it lists is only a lower bound."""
    counts = (
        (ascend_keys.ASCEND_DEVICE_COUNT, len(devices)),
        (ascend_keys.ASCEND_NPU_COUNT, len(npu_ids)),
    )
    if not cut:
        return [fact(key, count, source) for key, count in counts]
    last = devices[-1].source
    return [
        Fact(
            key=key,
            source=last,
            status="unknown",
            reason=f"the npu-smi table is cut off at line {last.line} after {count} listed: "
            "any more are not in the text",
        )
        for key, count in counts
    ]


def _first_row_only(
    first: tuple[int, str, str | None, int],
    source: Source,
    dual_die: bool,
    devices: list[Accelerator],
) -> tuple[Accelerator, int]:
    """A device whose second row (bus id, memory) is not in the text: a pasted table cut
    after an NPU's first row still names the NPU, its chip and its health. Its device id is
    the NPU id where each NPU is one chip; in the two-die layout (``Chip Phy-ID``) the dies
    are listed in device-id order, so it is the one after the last device read."""
    npu, name, health, number = first
    device_id = npu
    if dual_die:
        device_id = max((d.index for d in devices), default=-1) + 1
    device = Accelerator(
        vendor="ascend",
        index=device_id,
        name=name,
        source=at_line(source, number),
        family=chip_family(name, dual_die=dual_die),
        health=health,
    )
    return device, npu


def _driver_failure(text: str, source: Source) -> Collected | None:
    """npu-smi's and the driver library's own failure messages, as a ``failed`` fact."""
    for number, line in numbered_lines(text):
        for pattern, meaning in _DRIVER_FAILURES:
            match = pattern.search(line)
            if match is None:
                continue
            reason = f"{meaning}: {line.strip()}"
            code = match.group(1)
            if code and _CODE.fullmatch(code) and int(code) in DCMI_ERRORS:
                reason += f" (DCMI {code}: {DCMI_ERRORS[int(code)]})"
            failed = Fact(
                key=ascend_keys.ASCEND_NPU_SMI,
                source=at_line(source, number),
                status="absent" if meaning == _NOT_INSTALLED else "failed",
                reason=reason,
            )
            return Collected(facts=(failed,))
    return None
