"""Every pure parser, by the fixture folder that holds its recorded inputs; the golden and
property tests run over this one table, so a new parser is tested by adding a line."""

from __future__ import annotations

from typing import Callable

from bringup.backends.ascend.parse import (
    parse_driver_version_info,
    parse_firmware_version_info,
    parse_install_info,
    parse_npu_smi_info,
    parse_version_cfg,
)
from bringup.backends.cpu.parse import (
    parse_cpuinfo,
    parse_glibc,
    parse_libstdcxx_versions,
    parse_meminfo,
    parse_os_release,
    parse_tool_banner,
)
from bringup.backends.cuda.parse import (
    parse_cuda_version_json,
    parse_nvcc_version,
    parse_nvidia_smi_query,
    parse_nvidia_smi_table,
    parse_proc_driver_version,
    parse_version_macros,
)
from bringup.model import Source
from bringup.parsing import Collected
from bringup.probe.collectors.python_parse import parse_inspect_output

Parser = Callable[[str, Source], Collected]

PARSERS: dict[str, Parser] = {
    "npu-smi": parse_npu_smi_info,
    "nvidia-smi": parse_nvidia_smi_table,
    "nvidia-smi-query": parse_nvidia_smi_query,
    "proc-driver-nvidia": parse_proc_driver_version,
    "nvcc": parse_nvcc_version,
    "cpuinfo": parse_cpuinfo,
    "os-release": parse_os_release,
    "meminfo": parse_meminfo,
    "glibc": parse_glibc,
    "tool-banner": parse_tool_banner,
    "libstdcxx": parse_libstdcxx_versions,
    "install-info": parse_install_info,
    "version-cfg": parse_version_cfg,
    "driver-version-info": parse_driver_version_info,
    "firmware-version-info": parse_firmware_version_info,
    "cuda-version-json": parse_cuda_version_json,
    "version-macros": parse_version_macros,
    "inspect-env": parse_inspect_output,
}
