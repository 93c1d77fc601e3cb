"""Predicates answer True / False / None (cannot tell) from a snapshot, with the facts read."""

from __future__ import annotations

from typing import Any

import pytest

from bringup.backends.ascend import keys as ascend_keys
from bringup.backends.cuda import keys as cuda_keys
from bringup.model import Accelerator, Fact, Package, PythonInstall, Snapshot, keys
from bringup.model.source import command_source, file_source
from bringup.triage.predicates import PREDICATES, PredicateArg, predicate

SOURCE = command_source(["probe"])


def host(*facts: Fact, **extra: Any) -> Snapshot:
    return Snapshot(taken_at="2026-01-01T00:00:00Z", origin="replay", facts=facts, **extra)


def fact(key: str, value: Any = None, status: str = "ok") -> Fact:
    return Fact(key=key, value=value, source=SOURCE, status=status)  # type: ignore[arg-type]


def python(*packages: tuple[str, str]) -> PythonInstall:
    return PythonInstall(
        path="/usr/bin/python3",
        version="3.10.12",
        origin="system",
        source=SOURCE,
        packages=tuple(Package(name=n, version=v) for n, v in packages),
    )


def npu(family: str, index: int = 0) -> Accelerator:
    return Accelerator(
        vendor="ascend", index=index, name=family, family=family, source=file_source("x")
    )


def gpu(cc: str, index: int = 0) -> Accelerator:
    return Accelerator(
        vendor="nvidia", index=index, name="GPU", compute_capability=cc, source=file_source("x")
    )


CASES: list[tuple[str, PredicateArg, Snapshot, object]] = [
    ("glibcxx_below", "3.4.30", host(fact(keys.GLIBCXX_MAX, "3.4.28")), True),
    ("glibcxx_below", "3.4.30", host(fact(keys.GLIBCXX_MAX, "GLIBCXX_3.4.32")), False),
    ("glibcxx_below", "3.4.30", host(), None),
    ("cxxabi_below", "1.3.13", host(fact(keys.CXXABI_MAX, "1.3.12")), True),
    ("glibc_below", "2.28", host(fact(keys.GLIBC, "2.17")), True),
    ("glibc_below", "2.28", host(fact(keys.GLIBC, "2.35")), False),
    ("cmake_below", "3.18", host(fact(keys.CMAKE, "3.16.3")), True),
    ("gcc_major_above", "8", host(fact(keys.GCC, "9.4.0")), True),
    ("gcc_major_above", "8", host(fact(keys.GCC, "8.5.0")), False),
    ("gcc_major_above", "8", host(fact(keys.GCC, None, "timed_out")), None),
    ("tool_absent", "ninja", host(fact(keys.NINJA, None, "absent")), True),
    ("tool_absent", "ninja", host(fact(keys.NINJA, "1.11.1")), False),
    ("tool_absent", "bazel", host(), None),
    ("toolkit_absent", "cuda", host(fact(cuda_keys.CUDA_ACTIVE, None, "absent")), True),
    ("toolkit_absent", "cann", host(fact(ascend_keys.ASCEND_CANN_ACTIVE, "8.0.RC2")), False),
    ("env_unset", "ASCEND_HOME_PATH", host(fact(ascend_keys.ASCEND_HOME, None, "absent")), True),
    (
        "env_unset",
        "ASCEND_HOME_PATH",
        host(fact(ascend_keys.ASCEND_HOME, "/usr/local/Ascend")),
        False,
    ),
    ("env_unset", "CUDA_HOME", host(fact(cuda_keys.CUDA_HOME, None, "absent")), True),
    ("env_unset", "CUDA_HOME", host(), None),
    ("smi_unavailable", "ascend", host(fact(ascend_keys.ASCEND_NPU_SMI, None, "absent")), True),
    ("smi_unavailable", "nvidia", host(fact(cuda_keys.NVIDIA_SMI, "ok")), False),
    ("no_devices", "nvidia", host(fact(cuda_keys.NVIDIA_DEVICE_COUNT, 0)), True),
    ("no_devices", "nvidia", host(fact(cuda_keys.NVIDIA_DEVICE_COUNT, 2)), False),
    ("ascend_device_count_at_most", "8", host(fact(ascend_keys.ASCEND_DEVICE_COUNT, 8)), True),
    ("ascend_device_count_at_most", "3", host(fact(ascend_keys.ASCEND_DEVICE_COUNT, 8)), False),
    ("ascend_chip_in", "910,310P", host(accelerators=(npu("310P"),)), True),
    ("ascend_chip_in", "910,310P", host(accelerators=(npu("910B"), npu("910", 1))), True),
    ("ascend_chip_in", "910,310P", host(accelerators=(npu("910B"), npu("910_93", 1))), False),
    ("ascend_chip_in", "910,310P", host(accelerators=(gpu("8.0"),)), None),
    ("compute_capability_below", "8.0", host(accelerators=(gpu("7.5"),)), True),
    ("compute_capability_below", "8.0", host(accelerators=(gpu("9.0"), gpu("8.6", 1))), False),
    ("compute_capability_below", "8.0", host(), None),
    ("torch_cpu_build", True, host(pythons=(python(("torch", "2.3.0+cpu")),)), True),
    ("torch_cpu_build", True, host(pythons=(python(("torch", "2.3.0+cu121")),)), False),
    ("torch_cpu_build", True, host(pythons=(python(("torch", "2.3.0")),)), None),
    (
        "torch_npu_mismatch",
        True,
        host(pythons=(python(("torch", "2.1.0"), ("torch-npu", "2.1.0.post3")),)),
        False,
    ),
    (
        "torch_npu_mismatch",
        True,
        host(pythons=(python(("torch", "2.2.0"), ("torch_npu", "2.1.0")),)),
        True,
    ),
    # the CANN 8.2-only NumPy 2 cause of 500001 (outsider25 D11): llama-box#48 ran 8.0.RC3
    ("cann_in", "==8.2.*", host(fact("ascend.cann.active", "8.2.RC1")), True),
    ("cann_in", "==8.2.*", host(fact("ascend.cann.active", "8.0.RC3")), False),
    ("cann_in", "==8.2.*", host(fact("ascend.cann.active", status="absent")), None),
    ("torch_npu_installed", True, host(pythons=(python(("torch-npu", "2.5.1")),)), True),
    ("torch_npu_installed", False, host(pythons=(python(("torch_npu", "2.1.0.post3")),)), False),
    ("torch_npu_installed", True, host(pythons=(python(("torch", "2.5.1+cu121")),)), False),
    ("torch_npu_installed", False, host(pythons=(python(("torch", "2.5.1+cu121")),)), True),
    ("torch_npu_installed", True, host(), None),
    # NPUs counted (a pasted npu-smi: no Python packages), or torch_npu installed
    ("ascend_host", True, host(fact(ascend_keys.ASCEND_DEVICE_COUNT, 2)), True),
    ("ascend_host", False, host(fact(ascend_keys.ASCEND_DEVICE_COUNT, 2)), False),
    ("ascend_host", True, host(pythons=(python(("torch-npu", "2.5.1")),)), True),
    ("ascend_host", True, host(pythons=(python(("torch", "2.5.1+cu121")),)), False),
    ("ascend_host", True, host(), None),
    ("numpy_major_at_least", "2", host(pythons=(python(("numpy", "2.0.2")),)), True),
    ("numpy_major_at_least", "2", host(pythons=(python(("numpy", "1.26.4")),)), False),
    (
        "driver_older_than_torch_cuda",
        True,
        host(
            fact(cuda_keys.NVIDIA_DRIVER_CUDA, "11.4"), pythons=(python(("torch", "2.1.0+cu121")),)
        ),
        True,
    ),
    (
        "driver_older_than_torch_cuda",
        True,
        host(
            fact(cuda_keys.NVIDIA_DRIVER_CUDA, "12.4"), pythons=(python(("torch", "2.1.0+cu118")),)
        ),
        False,
    ),
    ("arch_is", "aarch64", host(fact(keys.ARCH, "aarch64")), True),
    ("arch_is", "aarch64", host(fact(keys.ARCH, "x86_64")), False),
]


@pytest.mark.parametrize(("name", "arg", "snapshot", "expected"), CASES)
def test_predicate(name: str, arg: PredicateArg, snapshot: Snapshot, expected: object) -> None:
    holds, facts = PREDICATES[name].check(snapshot, arg)
    assert holds is expected
    assert (facts == ()) == (expected is None)


def test_every_registered_predicate_is_exercised_here() -> None:
    assert {case[0] for case in CASES} == set(PREDICATES)


def test_registering_a_name_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="registered twice"):
        predicate("arch_is", str)(lambda snapshot, arg: (None, ()))
