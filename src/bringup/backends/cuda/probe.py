"""The CUDA backend's collector: the loaded driver (``/proc/driver/nvidia/version``), GPUs
through ``nvidia-smi``, every CUDA toolkit (``/usr/local/cuda*``, ``$CUDA_HOME``; version from
``version.json`` or ``nvcc --version``), the ``nvcc`` on PATH, and NCCL / cuDNN.

A toolkit without a driver is common (a build container, this CPU machine): the facts say
"toolkit present" and "driver absent" separately, with what was looked at for each."""

from __future__ import annotations

import posixpath

import msgspec

from bringup import lazyre
from bringup.backends.cuda import keys as cuda_keys
from bringup.backends.cuda.parse import (
    QUERY_FIELDS,
    parse_cuda_version_json,
    parse_nvcc_version,
    parse_nvidia_smi_query,
    parse_nvidia_smi_table,
    parse_proc_driver_version,
    parse_version_macros,
)
from bringup.model import Fact, Source, Toolkit, command_source, file_source
from bringup.probe.access import absent, distinct_dirs, not_on_path, read_text, run, which
from bringup.probe.context import Collected, ProbeContext
from bringup.probe.parsing import merge
from bringup.probe.pci import count_pci

PROC_VERSION = "/proc/driver/nvidia/version"
QUERY_ARGV = (
    "--query-gpu=" + ",".join(QUERY_FIELDS),
    "--format=csv,noheader,nounits",
)
_LIB_DIRS = ("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib")
_LIB_VERSION = lazyre.compile(r"\.so\.(\d+(?:\.\d+)+)$")


def probe_cuda(ctx: ProbeContext) -> Collected:
    toolkits = _toolkits(ctx)
    roots = [t.path for t in toolkits.toolkits]
    return merge(
        _driver_and_gpus(ctx),
        Collected(facts=(count_pci(ctx, cuda_keys.PCI_NVIDIA_GPUS, "0x10de", ("0x03",)),)),
        toolkits,
        _library(ctx, roots, cuda_keys.CUDA_NCCL, "nccl.h", "libnccl.so"),
        _library(ctx, roots, cuda_keys.CUDA_CUDNN, "cudnn_version.h", "libcudnn.so"),
    )


def _driver_and_gpus(ctx: ProbeContext) -> Collected:
    text, proc_missing = read_text(ctx, PROC_VERSION, cuda_keys.NVIDIA_DRIVER)
    driver = parse_proc_driver_version(text, file_source(PROC_VERSION)) if text else None
    program = which(ctx, "nvidia-smi")
    if program is None:
        smi = Collected(facts=(not_on_path(cuda_keys.NVIDIA_SMI, "nvidia-smi"),))
    else:
        smi = _nvidia_smi(ctx, program)
    smi_driver = [f for f in smi.facts if f.key == cuda_keys.NVIDIA_DRIVER and f.ok]
    facts = [f for f in smi.facts if f.key != cuda_keys.NVIDIA_DRIVER]
    if driver is not None and any(f.ok for f in driver.facts):
        facts = list(driver.facts) + facts
    elif smi_driver:
        facts = smi_driver + ([*driver.facts] if driver else []) + facts
    else:
        why = [
            proc_missing.reason
            if proc_missing is not None and proc_missing.reason
            else f"{PROC_VERSION} has no NVRM line"
        ]
        smi_state = next((f for f in smi.facts if f.key == cuda_keys.NVIDIA_SMI), None)
        if smi_state is not None and smi_state.reason:
            why.append(f"nvidia-smi: {smi_state.reason}")
        facts.insert(
            0,
            absent(
                cuda_keys.NVIDIA_DRIVER,
                file_source(PROC_VERSION),
                "no NVIDIA driver: " + "; ".join(why),
            ),
        )
    if not any(f.key == cuda_keys.NVIDIA_DEVICE_COUNT for f in facts):
        facts.append(
            absent(
                cuda_keys.NVIDIA_DEVICE_COUNT,
                Source(kind="derived", ref="nvidia-smi"),
                "no NVIDIA driver to list GPUs (see host.pci.nvidia_gpus for the PCI bus)",
            )
        )
    return Collected(facts=tuple(facts), accelerators=smi.accelerators)


def _nvidia_smi(ctx: ProbeContext, program: str) -> Collected:
    done, failure = run(ctx, [program, *QUERY_ARGV], cuda_keys.NVIDIA_SMI)
    if failure is not None:
        return Collected(facts=(failure,))
    query = parse_nvidia_smi_query(done.stdout, command_source(done.argv))
    table_done, table_failure = run(ctx, [program], cuda_keys.NVIDIA_DRIVER_CUDA)
    if table_failure is not None:
        return merge(query, Collected(facts=(table_failure,)))
    table = parse_nvidia_smi_table(table_done.stdout, command_source(table_done.argv))
    header = tuple(f for f in table.facts if f.key == cuda_keys.NVIDIA_DRIVER_CUDA)
    return merge(query, Collected(facts=header))


def _toolkit_roots(ctx: ProbeContext) -> list[str]:
    roots = ["/usr/local/cuda", *ctx.files.glob("/usr/local/cuda-*")]
    roots.extend(ctx.env.get(name, "") for name in ("CUDA_HOME", "CUDA_PATH"))
    return distinct_dirs(ctx, roots)


def _toolkits(ctx: ProbeContext) -> Collected:
    toolkits: list[Toolkit] = []
    problems: list[Fact] = []
    for root in _toolkit_roots(ctx):
        found = _toolkit_version(ctx, root)
        version = next((f for f in found.facts if f.ok), None)
        if version is None:
            problems.extend(found.facts)
            continue
        toolkits.append(
            Toolkit(kind="cuda", version=str(version.value), path=root, source=version.source)
        )
    active_root = _active_root(ctx, [t.path for t in toolkits])
    toolkits = [msgspec.structs.replace(t, active=t.path == active_root) for t in toolkits]
    facts = [*problems, _nvcc_on_path(ctx)]
    home = ctx.env.get("CUDA_HOME")
    if home:
        facts.append(
            Fact(key=cuda_keys.CUDA_HOME, value=home, source=Source(kind="env", ref="CUDA_HOME"))
        )
    else:
        facts.append(
            absent(
                cuda_keys.CUDA_HOME,
                Source(kind="env", ref="CUDA_HOME"),
                "not set",
            )
        )
    return Collected(facts=tuple(facts), toolkits=tuple(toolkits))


def _toolkit_version(ctx: ProbeContext, root: str) -> Collected:
    path = posixpath.join(root, "version.json")
    text, _ = read_text(ctx, path, "cuda.toolkit.version")
    if text is not None:
        return parse_cuda_version_json(text, file_source(path))
    nvcc = posixpath.join(root, "bin", "nvcc")
    if not ctx.files.is_file(nvcc):
        return Collected(
            facts=(
                Fact(
                    key="cuda.toolkit.version",
                    source=file_source(root),
                    status="unknown",
                    reason=f"{root} has neither version.json nor bin/nvcc",
                ),
            )
        )
    done, failure = run(ctx, [nvcc, "--version"], "cuda.toolkit.version")
    if failure is not None:
        return Collected(facts=(failure,))
    return parse_nvcc_version(done.stdout, command_source(done.argv), key="cuda.toolkit.version")


def _active_root(ctx: ProbeContext, roots: list[str]) -> str | None:
    """The toolkit builds would use: ``$CUDA_HOME``, else the one holding the ``nvcc`` on
    PATH, else what ``/usr/local/cuda`` points at (PyTorch's cpp_extension order)."""
    for candidate in (ctx.env.get("CUDA_HOME"), ctx.env.get("CUDA_PATH")):
        if candidate and ctx.files.is_dir(candidate):
            return ctx.files.resolve(candidate)
    nvcc = which(ctx, "nvcc")
    if nvcc is not None:
        real = posixpath.dirname(posixpath.dirname(ctx.files.resolve(nvcc)))
        if real in roots:
            return real
    if ctx.files.is_dir("/usr/local/cuda"):
        return ctx.files.resolve("/usr/local/cuda")
    return None


def _nvcc_on_path(ctx: ProbeContext) -> Fact:
    nvcc = which(ctx, "nvcc")
    if nvcc is None:
        return not_on_path(cuda_keys.CUDA_ACTIVE, "nvcc")
    done, failure = run(ctx, [nvcc, "--version"], cuda_keys.CUDA_ACTIVE)
    if failure is not None:
        return failure
    return parse_nvcc_version(done.stdout, command_source(done.argv)).facts[0]


def _library(ctx: ProbeContext, roots: list[str], key: str, header: str, library: str) -> Collected:
    """A library's version from its header, else from its versioned file name."""
    include_dirs = [posixpath.join(r, "include") for r in roots] + ["/usr/include"]
    for directory in include_dirs:
        path = posixpath.join(directory, header)
        if ctx.files.is_file(path):
            text, _ = read_text(ctx, path, key)
            parsed = parse_version_macros(text or "", file_source(path), key=key)
            if any(f.ok for f in parsed.facts):
                return parsed
    lib_dirs = [posixpath.join(r, "lib64") for r in roots] + list(_LIB_DIRS)
    for directory in lib_dirs:
        for path in ctx.files.glob(posixpath.join(directory, library + ".*")):
            match = _LIB_VERSION.search(path)
            if match and match.group(1).count(".") >= 1:
                return Collected(
                    facts=(Fact(key=key, value=match.group(1), source=file_source(path)),)
                )
    return Collected(
        facts=(
            absent(
                key,
                Source(kind="derived", ref=f"{header} and {library}.*"),
                f"no {header} or {library}.* in the CUDA toolkits or system directories",
            ),
        )
    )
