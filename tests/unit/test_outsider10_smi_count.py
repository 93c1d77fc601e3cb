"""``nvidia-smi -q`` says how many GPUs the driver sees ("Attached GPUs : 4") and then one block
per GPU; a paste of one block (``-q -d MEMORY,PERFORMANCE``, no ``Product Name``) was read as
1 GPU, its bus-id header taken for collect_env's "GPU 0: <name>" line (outsider10 #9). The
report's lines are verbatim from https://github.com/bigstack-oss/cubecos/issues/312."""

from __future__ import annotations

from pathlib import Path

import msgspec

from bringup.backends.cuda import keys as cuda_keys
from bringup.model import command_source
from bringup.probe.importers import import_report
from bringup.report.snapshot_text import headline
from bringup.solve.host import host_facts

ROOT = Path(__file__).resolve().parents[2]
CUBECOS = """[gpu6000 ~]# nvidia-smi -q -d MEMORY,PERFORMANCE

==============NVSMI LOG==============

Timestamp                                 : Wed Jan 14 15:17:09 2026
Driver Version                            : 580.105.06
CUDA Version                              : Not Found
vGPU Driver Capability
        Heterogenous Multi-vGPU           : Supported

Attached GPUs                             : 4
GPU 00000000:42:00.0
    Performance State                     : P8
    Clocks Event Reasons
        Idle                              : Not Active
"""


def test_attached_gpus_is_the_count_not_the_blocks_pasted() -> None:
    snapshot = import_report(CUBECOS, "cubecos-312.txt")
    count = snapshot.fact(cuda_keys.NVIDIA_DEVICE_COUNT)
    assert count is not None
    assert (count.value, count.source.line) == (4, 11)
    (gpu,) = snapshot.devices("nvidia")
    assert (gpu.bus_id, gpu.source.line) == ("00000000:42:00.0", 12)
    assert "4 nvidia in all, line 11" in headline(snapshot)[0]
    assert host_facts(snapshot).value("gpu_count").values == ("4",)  # type: ignore[union-attr]


def test_a_count_without_a_line_is_said_without_one() -> None:
    # review29 L6: a count a command gave (no line) was said as "line None"
    snapshot = import_report(CUBECOS, "cubecos-312.txt")
    facts = tuple(
        msgspec.structs.replace(f, source=command_source(("nvidia-smi", "-q")))
        if f.key == cuda_keys.NVIDIA_DEVICE_COUNT
        else f
        for f in snapshot.facts
    )
    (said,) = headline(msgspec.structs.replace(snapshot, facts=facts))[:1]
    assert said.endswith("; 4 nvidia in all")


def test_a_placeholder_is_no_cuda_version() -> None:
    snapshot = import_report(CUBECOS, "cubecos-312.txt")
    assert snapshot.fact(cuda_keys.NVIDIA_DRIVER_CUDA) is None
    driver = snapshot.fact(cuda_keys.NVIDIA_DRIVER)
    assert driver is not None
    assert driver.value == "580.105.06"


def test_a_block_with_its_product_name_is_one_named_gpu() -> None:
    """A whole report (tests/data/reports_dev/09-nvidia-smi-q-gtx780.txt: "Attached GPUs : 1",
    then its block's Product Name) counts as before: one GPU, named."""
    text = (ROOT / "tests/data/reports_dev/09-nvidia-smi-q-gtx780.txt").read_text("utf-8")
    snapshot = import_report(text, "gtx780.txt")
    (gpu,) = snapshot.devices("nvidia")
    assert gpu.name == "GeForce GTX 780"
    count = snapshot.fact(cuda_keys.NVIDIA_DEVICE_COUNT)
    assert count is not None
    assert count.value == 1
