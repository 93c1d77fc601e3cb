"""Fact keys of the Ascend backend: written by its collector, read by the solver (through
the backend's ``DeviceFacts``), the planner and triage."""

from __future__ import annotations

PCI_ASCEND_NPUS = "host.pci.ascend_npus"  # PCI accelerators of vendor 0x19e5 (Huawei)
ASCEND_DRIVER = "ascend.driver.version"  # HDK driver, e.g. 24.1.rc2 (driver/version.info)
ASCEND_FIRMWARE = "ascend.firmware.version"  # firmware/version.info Version, e.g. 7.1.0.9.220
ASCEND_NPU_SMI = "ascend.npu_smi"  # the npu-smi answer itself: ok / absent / timed_out / failed
ASCEND_DEVICE_COUNT = "ascend.device_count"
ASCEND_CANN_ACTIVE = "ascend.cann.active"  # version of the toolkit the ``latest`` link points at
ASCEND_CANN_RUNNING_PREFIX = "ascend.cann.running."  # + component, from latest/version.cfg
ASCEND_DRIVER_FIRMWARE_RANGE = "ascend.driver.compatible_firmware"  # [7.0.0,7.5.99]
ASCEND_FIRMWARE_PACKAGE = "ascend.firmware.package_version"  # the HDK release, e.g. 23.0.7
ASCEND_NPU_SMI_VERSION = "ascend.npu_smi.version"
ASCEND_NPU_COUNT = "ascend.npu_count"  # boards (NPU ids); an A3 NPU has two chips (devices)
ASCEND_CHIP = "ascend.chip"  # chip family a pasted report names without npu-smi's table (910B)
ASCEND_SET_ENV = "ascend.set_env"  # the set_env.sh that sets the ascend.env.* variables
ASCEND_HOME = "ascend.env.ASCEND_HOME_PATH"
ASCEND_ENV_PREFIX = "ascend.env."  # + variable name, for every variable set_env.sh sets
TORCH_NPU_AVAILABLE = "python.torch_npu.npu_available"  # torch.npu.is_available() in a session
