"""outsider15 D8: nvidia-smi from a driver before 410 prints no "CUDA Version" in its header;
the driver and the GPUs are read, the CUDA version the driver supports left unknown. The real
paste: https://github.com/NVIDIA/nvidia-docker/issues/287 (driver 375.20, 2 x GTX 460)."""

from __future__ import annotations

from bringup.backends.cuda.parse import parse_nvidia_smi_table
from bringup.model import Source

TABLE = """Mon Jan  9 20:44:50 2017
+-----------------------------------------------------------------------------+
| NVIDIA-SMI 375.20                 Driver Version: 375.20                    |
|-------------------------------+----------------------+----------------------+
| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |
| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |
|===============================+======================+======================|
|   0  GeForce GTX 460     Off  | 0000:01:00.0     N/A |                  N/A |
| 40%   34C    P8    N/A /  N/A |    457MiB /   993MiB |     N/A      Default |
+-------------------------------+----------------------+----------------------+
|   1  GeForce GTX 460     Off  | 0000:02:00.0     N/A |                  N/A |
| 40%   31C   P12    N/A /  N/A |     74MiB /   993MiB |     N/A      Default |
+-------------------------------+----------------------+----------------------+
"""


def test_a_header_without_a_cuda_version_reads_the_driver_and_gpus() -> None:
    found = parse_nvidia_smi_table(TABLE, Source(kind="file", ref="r3.txt"))
    facts = {f.key: f.value for f in found.facts}
    assert facts["nvidia.driver.version"] == "375.20"
    assert facts["nvidia.device_count"] == 2
    assert not any("cuda" in key for key in facts)
    assert [a.name for a in found.accelerators] == ["GeForce GTX 460", "GeForce GTX 460"]
    assert found.accelerators[0].memory_total_mib == 993
