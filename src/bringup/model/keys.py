"""Fact keys shared by the probe (which writes them) and the solver, planner and triage
(which read them). One vocabulary, so a renamed key is a type error, not a silent unknown.

Per-item data (each device, each toolkit package, each interpreter) lives in the snapshot's
typed lists (``accelerators``, ``toolkits``, ``pythons``), not in keys. Each backend keeps the
keys of its own facts beside its collector (``bringup.backends.<name>.keys``).
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

# host toolchain
GCC = "toolchain.gcc.version"
GXX = "toolchain.gxx.version"
CLANG = "toolchain.clang.version"
CMAKE = "toolchain.cmake.version"
MAKE = "toolchain.make.version"
NINJA = "toolchain.ninja.version"
GIT = "toolchain.git.version"
CURL = "toolchain.curl.version"
WGET = "toolchain.wget.version"
DOCKER = "toolchain.docker.version"
PODMAN = "toolchain.podman.version"
TOOLCHAIN = {
    "gcc": GCC,
    "g++": GXX,
    "clang": CLANG,
    "cmake": CMAKE,
    "make": MAKE,
    "ninja": NINJA,
    "git": GIT,
    "curl": CURL,
    "wget": WGET,
    "docker": DOCKER,
    "podman": PODMAN,
}
"""Each program the probe asks for its version, by the name it runs as: the compilers and build
tools, the programs a build fetches its sources with (a scanned ``git clone`` or ``wget``
asks for them; one found here is no next action, outsider11 #7), and the container runtimes a
step's script starts its container with (``docker run --gpus all``, outsider15 D12)."""
LIBSTDCXX_PATH = "toolchain.libstdcxx.path"
GLIBCXX_MAX = "toolchain.libstdcxx.glibcxx_max"  # highest GLIBCXX_3.4.N the found lib provides
CXXABI_MAX = "toolchain.libstdcxx.cxxabi_max"  # highest CXXABI_1.3.N

# collect_env's "ROCM used to build PyTorch": torch's own build fact, read with or without a ROCm
# backend, so that no other reader takes "PyTorch: 3.7.20315" for torch's version (outsider O14
# D6); the HIP and MIOpen lines are a ROCm backend's terms
TORCH_ROCM = "python.torch.rocm_version"

# python
PYTHON_DEFAULT = "python.default.version"  # the python3 first on PATH
PYTHON_DEFAULT_PATH = "python.default.path"
PYTHON_INTERPRETERS = "python.interpreters"  # how many distinct interpreters were found
