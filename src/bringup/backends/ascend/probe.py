"""The Ascend backend's collector: CANN packages (toolkit, kernels per chip, nnal; each a
``Toolkit``) under every standard root, the active ``latest`` (``Toolkit.active``), HDK
driver and firmware versions, ``npu-smi info``, PCI devices, and the variables CANN's
``set_env.sh`` sets (set or not; pointing at a directory that exists or not).

Paths and variables are those documented by the CANN container images and install guides
(shared facts, ascend-facts.md section 4). ``npu-smi`` runs under the runner's per-command
timeout (``bringup.process``), like every command: a hung one is a ``timed_out`` fact."""

from __future__ import annotations

import posixpath

import msgspec

from bringup.backends.ascend import keys as ascend_keys
from bringup.backends.ascend.parse import (
    parse_driver_version_info,
    parse_firmware_version_info,
    parse_install_info,
    parse_npu_smi_info,
    parse_version_cfg,
)
from bringup.model import Fact, Source, Toolkit, command_source, file_source
from bringup.probe.access import absent, distinct_dirs, read_text, run, which
from bringup.probe.context import Collected, ProbeContext
from bringup.probe.parsing import merge
from bringup.probe.pci import count_pci

INSTALL_ROOT = "/usr/local/Ascend"
NPU_SMI_PLACES = ("/usr/local/bin/npu-smi", "/usr/local/sbin/npu-smi")

SET_ENV_VARIABLES = (
    "ASCEND_TOOLKIT_HOME",
    "ASCEND_HOME_PATH",
    "ASCEND_OPP_PATH",
    "ASCEND_AICPU_PATH",
    "TOOLCHAIN_HOME",
    "ATB_HOME_PATH",
)
"""Directory-valued variables that set_env.sh (toolkit, nnal/atb) exports."""

USER_VARIABLES = ("ASCEND_RT_VISIBLE_DEVICES", "ASCEND_VISIBLE_DEVICES", "ASCEND_DEVICE_ID")


def probe_ascend(ctx: ProbeContext) -> Collected:
    roots = _install_roots(ctx)
    return merge(
        _toolkits(ctx, roots),
        _driver_and_firmware(ctx, roots),
        _npu_smi(ctx),
        Collected(facts=(count_pci(ctx, ascend_keys.PCI_ASCEND_NPUS, "0x19e5", ("0x12",)),)),
        _environment(ctx, roots),
    )


def _install_roots(ctx: ProbeContext) -> list[str]:
    roots = [INSTALL_ROOT]
    home = ctx.env.get("HOME")
    if home:
        roots.append(posixpath.join(home, "Ascend"))
    text, _ = read_text(ctx, "/etc/ascend_install.info", ascend_keys.ASCEND_DRIVER)
    for line in (text or "").splitlines():
        if line.startswith("Driver_Install_Path_Param="):
            roots.append(line.partition("=")[2].strip())
    return [r for r in dict.fromkeys(roots) if r.startswith("/") and ctx.files.is_dir(r)]


def _package_dirs(ctx: ProbeContext, roots: list[str]) -> list[str]:
    """Every directory that may hold one CANN install: ``ascend-toolkit/<ver>`` (<= 8.3),
    ``cann-<ver>`` (8.5+), ``nnal/atb/<ver>``, and ``$ASCEND_HOME_PATH`` / toolkit home."""
    dirs: list[str] = []
    for root in roots:
        for entry in ctx.files.list_dir(posixpath.join(root, "ascend-toolkit")):
            if entry != "latest":
                dirs.append(posixpath.join(root, "ascend-toolkit", entry))
        dirs.extend(ctx.files.glob(posixpath.join(root, "cann-*")))
    dirs.extend(ctx.env.get(name, "") for name in ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME"))
    return distinct_dirs(ctx, dirs)


def _toolkits(ctx: ProbeContext, roots: list[str]) -> Collected:
    found: dict[tuple[str, str, str], Toolkit] = {}
    problems: list[Fact] = []
    for directory in _package_dirs(ctx, roots):
        infos = ctx.files.glob(posixpath.join(directory, "*", "ascend_*_install.info"))
        infos += ctx.files.glob(posixpath.join(directory, "ascend_*_install.info"))
        for info in infos:
            text, failure = read_text(ctx, info, "ascend.cann.package")
            if text is None:
                problems.extend([failure] if failure else [])
                continue
            parsed = parse_install_info(text, file_source(info))
            problems.extend(parsed.facts)
            for toolkit in parsed.toolkits:
                found.setdefault((toolkit.kind, toolkit.version, toolkit.path), toolkit)
    for root in roots:
        for atb in ctx.files.glob(posixpath.join(root, "nnal", "atb", "*")):
            name = posixpath.basename(atb)
            if (
                name not in ("latest", "set_env.sh")
                and ctx.files.is_dir(atb)
                and name[:1].isdigit()
            ):
                found.setdefault(
                    ("cann-nnal", name, atb),
                    Toolkit(kind="cann-nnal", version=name, path=atb, source=file_source(atb)),
                )
    active_dirs = _active_dirs(ctx, roots)
    toolkits = tuple(
        msgspec.structs.replace(t, active=_is_active(ctx, t.path, active_dirs))
        for t in sorted(found.values(), key=lambda t: (t.kind, t.path))
    )
    facts = [*problems, _active_fact(toolkits, roots, active_dirs)]
    facts.extend(_version_cfg(ctx, active_dirs))
    return Collected(facts=tuple(facts), toolkits=toolkits)


def _active_dirs(ctx: ProbeContext, roots: list[str]) -> dict[str, str]:
    """Resolved directory -> the link that makes it active (``ascend-toolkit/latest``,
    8.5+'s ``cann``)."""
    active: dict[str, str] = {}
    for root in roots:
        for link in ("ascend-toolkit/latest", "cann"):
            path = posixpath.join(root, link)
            if ctx.files.is_dir(path):
                active.setdefault(ctx.files.resolve(path), path)
    return active


def _is_active(ctx: ProbeContext, path: str, active_dirs: dict[str, str]) -> bool:
    try:
        real = ctx.files.resolve(path) if path.startswith("/") else path
    except OSError:
        return False
    return any(
        real == a or a.startswith(real + "/") or real.startswith(a + "/") for a in active_dirs
    )


def _active_fact(
    toolkits: tuple[Toolkit, ...], roots: list[str], active_dirs: dict[str, str]
) -> Fact:
    base = [t for t in toolkits if t.kind == "cann-toolkit"]
    active = [t for t in base if t.active]
    if active:
        link = next(iter(active_dirs.values()))
        return Fact(
            key=ascend_keys.ASCEND_CANN_ACTIVE,
            value=active[0].version,
            source=Source(kind="file", ref=link),
        )
    where = ", ".join(roots) or INSTALL_ROOT
    if not base:
        return absent(
            ascend_keys.ASCEND_CANN_ACTIVE,
            Source(kind="derived", ref=f"CANN install roots: {where}"),
            f"no CANN toolkit (ascend_*_install.info) under {where} or $ASCEND_HOME_PATH",
        )
    return Fact(
        key=ascend_keys.ASCEND_CANN_ACTIVE,
        source=Source(kind="derived", ref=f"CANN install roots: {where}"),
        status="unknown",
        reason="CANN toolkits are installed but no ascend-toolkit/latest link selects one",
    )


def _version_cfg(ctx: ProbeContext, active_dirs: dict[str, str]) -> list[Fact]:
    for link in active_dirs.values():
        path = posixpath.join(link, "version.cfg")
        text, _ = read_text(ctx, path, ascend_keys.ASCEND_CANN_RUNNING_PREFIX + "toolkit")
        if text is not None:
            return list(parse_version_cfg(text, file_source(path)).facts)
    return []


def _driver_and_firmware(ctx: ProbeContext, roots: list[str]) -> Collected:
    parts = []
    for sub, key, parser in (
        ("driver", ascend_keys.ASCEND_DRIVER, parse_driver_version_info),
        ("firmware", ascend_keys.ASCEND_FIRMWARE, parse_firmware_version_info),
    ):
        failure = None
        for root in roots or [INSTALL_ROOT]:
            path = posixpath.join(root, sub, "version.info")
            text, failure = read_text(ctx, path, key)
            if text is not None:
                parts.append(parser(text, file_source(path)))
                break
        else:
            if failure is not None:
                parts.append(Collected(facts=(failure,)))
    return merge(*parts)


def _npu_smi(ctx: ProbeContext) -> Collected:
    program = which(ctx, "npu-smi") or next(
        (p for p in NPU_SMI_PLACES if ctx.files.is_file(p)), None
    )
    if program is None:
        reason = "npu-smi not found on PATH or in /usr/local/bin, /usr/local/sbin (no HDK driver)"
        return Collected(
            facts=(
                absent(
                    ascend_keys.ASCEND_NPU_SMI,
                    Source(kind="env", ref="PATH"),
                    reason,
                ),
            )
        )
    done, failure = run(ctx, [program, "info"], ascend_keys.ASCEND_NPU_SMI)
    if failure is not None and (done.timed_out or not (done.stdout or done.stderr)):
        return Collected(facts=(failure,))
    parsed = parse_npu_smi_info(done.stdout + done.stderr, command_source(done.argv))
    if failure is not None and not parsed.accelerators:
        # Not one of npu-smi's known failure messages: the exit status says more.
        known = [f for f in parsed.facts if f.status == "failed"]
        return Collected(facts=tuple(known) or (failure,))
    return parsed


def _environment(ctx: ProbeContext, roots: list[str]) -> Collected:
    facts: list[Fact] = []
    set_env = next(
        (
            p
            for root in roots
            for p in (
                posixpath.join(root, "ascend-toolkit", "set_env.sh"),
                posixpath.join(root, "cann", "set_env.sh"),
            )
            if ctx.files.is_file(p)
        ),
        None,
    )
    if set_env is not None:
        facts.append(
            Fact(key=ascend_keys.ASCEND_SET_ENV, value=set_env, source=file_source(set_env))
        )
    else:
        facts.append(
            absent(
                ascend_keys.ASCEND_SET_ENV,
                Source(kind="derived", ref="CANN install roots"),
                "no ascend-toolkit/set_env.sh or cann/set_env.sh",
            )
        )
    hint = f"source {set_env}" if set_env else "CANN's set_env.sh was not sourced"
    for name in SET_ENV_VARIABLES:
        key = ascend_keys.ASCEND_ENV_PREFIX + name
        value = ctx.env.get(name)
        source = Source(kind="env", ref=name)
        if not value:
            facts.append(absent(key, source, f"not set ({hint})"))
            continue
        facts.append(Fact(key=key, value=value, source=source))
        facts.append(Fact(key=key + ".exists", value=ctx.files.is_dir(value), source=source))
    for name in USER_VARIABLES:
        if name in ctx.env:
            facts.append(
                Fact(
                    key=ascend_keys.ASCEND_ENV_PREFIX + name,
                    value=ctx.env[name],
                    source=Source(kind="env", ref=name),
                )
            )
    library_path = ctx.env.get("LD_LIBRARY_PATH", "")
    facts.append(
        Fact(
            key=ascend_keys.ASCEND_ENV_PREFIX + "LD_LIBRARY_PATH.has_driver",
            value="Ascend/driver/lib64" in library_path,
            source=Source(kind="env", ref="LD_LIBRARY_PATH"),
        )
    )
    return Collected(facts=tuple(facts))
