"""Fact keys shared by the probe (which writes them) and the solver, planner and triage
(which read them). One vocabulary, so a renamed key is a type error, not a silent unknown.

Per-item data (each device, each toolkit package, each interpreter) lives in the snapshot's
typed lists (``accelerators``, ``toolkits``, ``pythons``), not in keys.
"""

from __future__ import annotations

# host
OS_ID = "host.os.id"  # os-release ID: ubuntu, debian, openEuler, kylin, centos, rocky
OS_VERSION_ID = "host.os.version_id"  # os-release VERSION_ID: 22.04, 12, 24.03
OS_PRETTY_NAME = "host.os.pretty_name"
KERNEL = "host.kernel"
ARCH = "host.arch"  # x86_64 | aarch64
GLIBC = "host.glibc"  # 2.36
CPU_MODEL = "host.cpu.model"
CPU_MICROARCH = "host.cpu.microarch"  # archspec name: zen3, skylake_avx512, neoverse_n1
CPU_COUNT = "host.cpu.count"
MEMORY_TOTAL_MIB = "host.memory_total_mib"
PCI_NVIDIA_GPUS = (
    "host.pci.nvidia_gpus"  # PCI display/3D devices of vendor 0x10de, no driver needed
)
PCI_ASCEND_NPUS = "host.pci.ascend_npus"  # PCI accelerators of vendor 0x19e5 (Huawei)

# host toolchain
GCC = "toolchain.gcc.version"
GXX = "toolchain.gxx.version"
CLANG = "toolchain.clang.version"
CMAKE = "toolchain.cmake.version"
MAKE = "toolchain.make.version"
NINJA = "toolchain.ninja.version"
LIBSTDCXX_PATH = "toolchain.libstdcxx.path"
GLIBCXX_MAX = "toolchain.libstdcxx.glibcxx_max"  # highest GLIBCXX_3.4.N the found lib provides
CXXABI_MAX = "toolchain.libstdcxx.cxxabi_max"  # highest CXXABI_1.3.N

# python
PYTHON_DEFAULT = "python.default.version"  # the python3 first on PATH
PYTHON_DEFAULT_PATH = "python.default.path"
PYTHON_INTERPRETERS = "python.interpreters"  # how many distinct interpreters were found

# ascend
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

# nvidia / cuda
NVIDIA_DRIVER = "nvidia.driver.version"  # 535.104.05, from /proc or nvidia-smi
NVIDIA_DRIVER_CUDA = "nvidia.driver.cuda_version"  # "CUDA Version" nvidia-smi prints: max runtime
NVIDIA_SMI = "nvidia.nvidia_smi"  # the nvidia-smi answer itself: ok / absent / timed_out / failed
NVIDIA_DEVICE_COUNT = "nvidia.device_count"
NVIDIA_COMPUTE_CAPABILITY = "nvidia.compute_capability"  # a report's "Compute Capability" line
NVIDIA_GPU_NAME = "nvidia.gpu.name"  # a GPU a pasted report names without nvidia-smi's table
NVIDIA_KERNEL_MODULE = "nvidia.driver.kernel_module"  # "open" or "proprietary"
CUDA_ACTIVE = "cuda.toolkit.active"  # version of the nvcc first on PATH or under CUDA_HOME
CUDA_HOME = "cuda.env.CUDA_HOME"
CUDA_NCCL = "cuda.nccl.version"
CUDA_CUDNN = "cuda.cudnn.version"
