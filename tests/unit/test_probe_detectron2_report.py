"""``probe --from`` a detectron2 collect_env table (outsider test 22 item 11).

The reports are pasted from public issues (tests/fixtures/excerpts/outsider22/SOURCE.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.backends.cuda import keys as cuda_keys
from bringup.model import Snapshot, keys
from bringup.probe.importers import import_report

EXCERPTS = Path(__file__).parents[1] / "fixtures" / "excerpts" / "outsider22"


def report(name: str) -> Snapshot:
    return import_report((EXCERPTS / name).read_text(encoding="utf-8"), name)


def value(snapshot: Snapshot, key: str) -> object:
    fact = snapshot.fact(key)
    return fact.value if fact is not None and fact.ok else None


# report -> (GPU names, compute capability, driver, Python, torch)
EXPECTED: dict[str, tuple[list[str], str | None, str | None, str, str]] = {
    "srformer-10-collect-env.txt": (
        ["NVIDIA RTX A6000"], "8.6", "535.86.10", "3.10.13", "1.13.1+cu116"
    ),
    "detectron2-4991-collect-env.txt": (
        ["NVIDIA T550 Laptop GPU"], "7.5", "525.105.17", "3.8.16", "1.9.0"
    ),
    "detectron2-722-collect-env.txt": (["Tesla K80"] * 16, None, None, "3.6.10", "1.4.0"),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_table_names_gpus_driver_python_and_torch(name: str) -> None:
    gpus, capability, driver, python, torch = EXPECTED[name]
    snapshot = report(name)
    assert [a.name for a in snapshot.accelerators] == gpus
    assert {a.compute_capability for a in snapshot.accelerators} == {capability}
    assert value(snapshot, cuda_keys.NVIDIA_DRIVER) == driver
    assert value(snapshot, keys.PYTHON_DEFAULT) == python
    assert value(snapshot, "python.package.torch") == torch
    assert value(snapshot, cuda_keys.TORCH_CUDA_AVAILABLE) is True


def test_a_variable_row_is_a_variable_not_a_package() -> None:
    snapshot = report("srformer-10-collect-env.txt")
    assert snapshot.fact("python.package.torch-cuda-arch-list") is None
    assert value(snapshot, "cuda.env.TORCH_CUDA_ARCH_LIST") == "8.6"
    assert value(snapshot, cuda_keys.CUDA_HOME) == "/usr/local/cuda-11.4"
