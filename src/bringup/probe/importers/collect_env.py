"""The fields of PyTorch's ``collect_env`` (``PyTorch version: 2.5.1``), vLLM's and
vllm-ascend's variants (``OS                : Ubuntu 22.04 (aarch64)``), the ``lscpu`` block
they embed, and the ``ENV Variables:`` lines vllm-ascend adds, as facts.

"Could not collect", "N/A" and "None" are the report's own unknowns: they become ``unknown``
facts that quote it, never values."""

from __future__ import annotations

import re

import msgspec

from bringup.backends.ascend import keys as ascend_keys
from bringup.backends.ascend.parse import chip_family
from bringup.backends.ascend.probe import SET_ENV_VARIABLES
from bringup.backends.cpu.parse import parse_tool_banner
from bringup.backends.cuda import keys as cuda_keys
from bringup.backends.cuda.parse import architecture
from bringup.model import Accelerator, Fact, FactValue, Source, keys
from bringup.parsing import Collected, at_line, first_version, numbered_lines

_FIELD = re.compile(r"^([A-Za-z][A-Za-z0-9 ()/_.+-]*?)\s*:\s*(.*)$")
_GPU = re.compile(r"GPU (\d+(?:,\d+)*):\s*(.+?)(?:\s*\(UUID:.*\))?$")
_NPU = re.compile(r"^NPU (\d+(?:,\d+)*):\s*(\S.*)$")  # sglang's check_env on Ascend
_UNKNOWN = ("could not collect", "n/a", "none", "not known", "unknown", "")
_CAPABILITY = re.compile(r"^GPU (\d+(?:,\d+)*) Compute Capability:\s*(\d+\.\d+)$")
_OS_ARCH = re.compile(r"\((x86_64|aarch64)\)\s*$")
_ENV_LINE = re.compile(r"^([A-Z][A-Z0-9_]+)=(.*)$")

TORCH_CUDA = "python.torch.cuda_version"  # "CUDA used to build PyTorch"
TORCH_CUDA_AVAILABLE = "python.torch.cuda_available"

# collect_env label -> (fact key, how to read the value)
FIELDS: dict[str, tuple[str, str]] = {
    "OS": (keys.OS_PRETTY_NAME, "text"),
    "GCC version": (keys.GCC, "banner"),
    "Clang version": (keys.CLANG, "banner"),
    "CMake version": (keys.CMAKE, "banner"),
    "Libc version": (keys.GLIBC, "version"),
    "Python version": (keys.PYTHON_DEFAULT, "version"),
    "CUDA used to build PyTorch": (TORCH_CUDA, "version"),
    "Is CUDA available": (TORCH_CUDA_AVAILABLE, "bool"),
    "CUDA runtime version": (cuda_keys.CUDA_ACTIVE, "version"),
    "Nvidia driver version": (cuda_keys.NVIDIA_DRIVER, "version"),
    "cuDNN version": (cuda_keys.CUDA_CUDNN, "version"),
    "Architecture": (keys.ARCH, "text"),
    "Model name": (keys.CPU_MODEL, "text"),
    "CPU(s)": (keys.CPU_COUNT, "int"),
}

_ASCEND_ENV = (*SET_ENV_VARIABLES, "ASCEND_RT_VISIBLE_DEVICES")


_COLLAPSED = re.compile(
    r"(?<=\S)\s+(?=(?:"
    + "|".join(
        re.escape(label)
        for label in (
            *FIELDS,
            "PyTorch version",
            "Is debug build",
            "Python platform",
            "Is XNNPACK available",
            "GPU models and configuration",
            "HIP runtime version",
            "MIOpen runtime version",
            "Versions of relevant libraries",
            "vLLM Version",
            "vLLM Ascend Version",
            "vLLM Build Flags",
            "CANN",
            "ENV Variables",
            "Byte Order",
            "Vendor ID",
        )
    )
    + r")\s*:|\[(?:pip3?|conda)\]\s)"
)


def expand_collapsed(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """A collect_env pasted with its line ends lost (``PyTorch version: 2.5.1 Is debug build:
    False OS: ...``) as one segment per field, each keeping the number of the line it is on."""
    expanded: list[tuple[int, str]] = []
    for number, line in lines:
        if len(line) < 120 or len(line) > 200_000:
            expanded.append((number, line))
            continue
        parts = _COLLAPSED.split(line)
        expanded += [(number, part) for part in parts] if len(parts) >= 3 else [(number, line)]
    return expanded


def parse_collect_env(text: str, source: Source) -> Collected:
    """Every known collect_env field in ``text``, the GPUs it lists, and Ascend variables."""
    return read_collect_env(list(numbered_lines(text)), source)


def read_collect_env(lines: list[tuple[int, str]], source: Source) -> Collected:
    """As ``parse_collect_env``, over (line number, text) pairs."""
    facts: list[Fact] = []
    gpus: list[Accelerator] = []
    npus: list[Accelerator] = []
    capabilities: dict[int, str] = {}
    for position, (number, line) in enumerate(lines):
        env = _ENV_LINE.match(line)
        if env and env.group(1) in _ASCEND_ENV:
            facts.append(
                Fact(
                    key=ascend_keys.ASCEND_ENV_PREFIX + env.group(1),
                    value=env.group(2),
                    source=at_line(source, number),
                )
            )
            continue
        capability = _CAPABILITY.match(line.strip())
        if capability is not None:  # sglang's check_env
            value = capability.group(2)
            capabilities.update(dict.fromkeys(map(int, capability.group(1).split(",")), value))
            facts.append(
                Fact(
                    key=cuda_keys.NVIDIA_COMPUTE_CAPABILITY,
                    value=value,
                    source=at_line(source, number),
                )
            )
            continue
        npu = _NPU.match(line.strip())
        if npu is not None:
            name = npu.group(2).strip()
            family = chip_family(name)
            npus += [
                Accelerator(
                    vendor="ascend",
                    index=int(index),
                    name=name,
                    family=family,
                    source=at_line(source, number),
                )
                for index in npu.group(1).split(",")
            ]
            continue
        gpu = _GPU.search(line)
        if gpu and ("GPU models" in line or line.lstrip().startswith("GPU ")):
            gpus += [
                Accelerator(
                    vendor="nvidia",
                    index=int(index),
                    name=gpu.group(2).strip(),
                    source=at_line(source, number),
                )
                for index in gpu.group(1).split(",")
            ]
        match = _FIELD.match(line.strip())
        if match is None:
            continue
        label, value = match.group(1).strip(), match.group(2).strip()
        if label not in FIELDS:
            continue
        if (not value or value.endswith("following:")) and position + 1 < len(lines):
            # "cuDNN version: Probably one of the following:" / "GPU models ...:" + next line
            where, value = lines[position + 1][0], lines[position + 1][1].strip()
        else:
            where = number
        key, kind = FIELDS[label]
        facts.append(_field_fact(key, kind, value, at_line(source, where)))
        arch = _OS_ARCH.search(value) if label == "OS" else None
        if arch:
            facts.append(Fact(key=keys.ARCH, value=arch.group(1), source=at_line(source, number)))
    gpus = [
        msgspec.structs.replace(
            gpu,
            compute_capability=capabilities[gpu.index],
            family=architecture(capabilities[gpu.index]),
        )
        if gpu.index in capabilities
        else gpu
        for gpu in gpus
    ]
    if gpus:
        facts.append(
            Fact(key=cuda_keys.NVIDIA_DEVICE_COUNT, value=len(gpus), source=gpus[0].source)
        )
    if npus:
        facts.append(
            Fact(key=ascend_keys.ASCEND_DEVICE_COUNT, value=len(npus), source=npus[0].source)
        )
    return Collected(facts=tuple(facts), accelerators=tuple(gpus + npus))


def _field_fact(key: str, kind: str, value: str, source: Source) -> Fact:
    if value.lower().startswith("no cuda"):
        return Fact(key=key, source=source, status="absent", reason=f"the report says {value!r}")
    if value.lower().rstrip(".") in _UNKNOWN or value.lower().startswith("could not"):
        return Fact(
            key=key,
            source=source,
            status="unknown",
            reason=f"the report says {value or 'nothing'!r}",
        )
    parsed: FactValue
    if kind == "banner":
        found = parse_tool_banner(value, source, key=key).facts[0]
        if found.ok:
            return found
        parsed = None
    elif kind == "version":
        parsed = first_version(value)
    elif kind == "bool":
        parsed = {"true": True, "yes": True, "false": False, "no": False}.get(value.lower())
    elif kind == "int":
        parsed = int(value) if value.isdigit() else None
    else:
        parsed = value
    if parsed is None:
        return Fact(key=key, source=source, status="unparsed", reason=f"cannot read {value!r}")
    return Fact(key=key, value=parsed, source=source)
