"""How CUDA repos name the toolkit, the driver, the libraries and the GPUs; moved here from
the scan so that a new backend brings its own words. Forms the generic scan reads through it:
``-lnvrtc`` and ``libnccl.so.2`` (linked libraries), ``sudo sh cuda_12.4.0_550.54.14_linux.run``
(an installer), ``download.pytorch.org/whl/cu121`` (CUDA 12.1), ``sm_80`` and
``CMAKE_CUDA_ARCHITECTURES 80`` (compute capability 8.0 and newer), ``cuda-12.1`` in a path
(``==12.1.*``), "CUDA 11.8–12.6 and CUDA 12.8–12.9" (a list of ranges, any of which will do),
"supports MXFP8 on Blackwell GPUs" (what a feature runs on, not the repo's floor)."""

from __future__ import annotations

from bringup.backends.base import Vocabulary

SUBJECT_PATTERNS: tuple[tuple[str, str], ...] = (
    ("nvidia_driver", r"\b(?:NVIDIA|Nvidia)\s+(?:GPU\s+)?[Dd]rivers?\b|\bnvidia[_-]driver\b"),
    ("cuda", r"\bCUDA(?:\s+Toolkit)?(?![\w-])|\bcudatoolkit\b"),
    ("cudnn", r"\bcuDNN\b"),
    ("nccl", r"\bNCCL\b"),
    ("nvshmem", r"\bNVSHMEM\b"),
)

ARCHITECTURES = {"Ada": "Ada Lovelace"}
"""Other spellings of the GPU architectures the knowledge base's ``gpus`` rows name (each
read as its lowest compute capability, NVIDIA's CUDA GPUs list)."""
PRODUCTS = {
    "v100": "7.0", "t4": "7.5", "a100": "8.0", "a800": "8.0", "a30": "8.0", "a10": "8.6",
    "a10g": "8.6", "a40": "8.6", "l4": "8.9", "l40": "8.9", "l40s": "8.9", "h100": "9.0",
    "h800": "9.0", "h200": "9.0", "gh200": "9.0", "b200": "10.0", "gb200": "10.0",
}  # fmt: skip
"""Data-center GPUs by compute capability (cuda-facts.md section 2, from NVIDIA's
developer.nvidia.com/cuda-gpus list)."""

NAMES = {
    "cuda": "cuda",
    "cudatoolkit": "cuda",
    "cuda-toolkit": "cuda",
    "nvidia-cuda-toolkit": "cuda",
    "cuda-version": "cuda",
    "pytorch-cuda": "cuda",
    "cuda-nvcc": "cuda",
    "cudnn": "cudnn",
    "nccl": "nccl",
    "nvidia driver": "nvidia_driver",
}
"""Names in table cells, package lists and build files (lower case) -> subject."""

LIBRARIES = {
    "cuda": (
        "nvidia_driver",
        "libcuda, the NVIDIA driver's library (at link time the toolkit's stubs/libcuda.so)",
    ),
    "nvidia-ml": ("nvidia_driver", "NVML, the NVIDIA driver's management library"),
    "cudart": ("cuda", "the CUDA runtime"),
    "cudart_static": ("cuda", "the CUDA runtime, static"),
    "nvrtc": ("cuda", "NVRTC, part of the CUDA toolkit"),
    "cublas": ("cuda", "cuBLAS, part of the CUDA toolkit"),
    "cublaslt": ("cuda", "cuBLASLt, part of the CUDA toolkit"),
    "nvshmem": ("nvshmem", "NVSHMEM"),
    "nvshmem_host": ("nvshmem", "NVSHMEM's host library"),
    "nvshmem_device": ("nvshmem", "NVSHMEM's device library"),
    "nccl": ("nccl", "NCCL"),
    "cudnn": ("cudnn", "cuDNN"),
    # NVIDIA's tensor library, installed apart from the toolkit (its own archives and
    # packages, libcutensor/<CUDA major>/)
    "cutensor": ("cutensor", "cuTENSOR"),
}
"""Libraries a build links (``-lnvrtc``, ``libraries=["cudnn"]``) -> (provider, why)."""

VOCABULARY = Vocabulary(
    subject_patterns=SUBJECT_PATTERNS,
    unversioned=("cuda", "nvidia_driver"),
    names=NAMES,
    toolkit_subject="cuda",
    markers=r"GPU|CUDA|NVIDIA|NCCL",
    device_words=("GPU",),
    vendor_words=("NVIDIA",),
    generations="gpus",
    architectures=ARCHITECTURES,
    products=PRODUCTS,
    device_env=("CUDA_VISIBLE_DEVICES",),
    tools=("nvidia-smi",),
    status_command="nvidia-smi",
    launch_blocking="CUDA_LAUNCH_BLOCKING",
    device_nodes=("nvidia[0-9]*",),
    variable_prefixes=("CUDA_", "NVIDIA_", "NCCL_"),
    code_markers=r"cuda|gpu|nccl|nvidia",
    code_modules=("torch.cuda",),
    # cuda.core's Device() calls cuInit and asks the runtime for the current device
    # (NVIDIA/cuda-python PR #460, cuda_core/cuda/core/experimental/_device.py Device.__new__:
    # handle_return(runtime.cudaGetDevice()) raises CUDAError); its system.get_num_devices()
    # loads the driver's NVML and raises DynamicLibNotFoundError ('"nvml" is an NVIDIA driver
    # library') on a host without the driver (tests/data/outsider39/logs/U2_up_run2_nvml.log:11-47)
    # numba's cuda.to_device and cuda.device_array allocate on the device ("Allocate and
    # transfer a numpy ndarray or structured scalar to the device",
    # https://numba.readthedocs.io/en/stable/cuda-reference/memory.html), so a test making its
    # kernel's inputs with them runs on a GPU or fails (NVIDIA/nvmath-python@63409f5
    # tests/nvmath_tests/device/test_cublasdx_numba.py:422, outsider20 D1)
    driver_queries=(
        ("cuda.core", "Device()"),
        ("cuda.core", "get_num_devices()"),
        ("numba", "cuda.to_device("),
        ("numba", "cuda.device_array("),
    ),
    # Python distributions that work on NVIDIA GPUs only: flash-attn builds CUDA kernels for
    # Ampere and newer ("Requirements: CUDA toolkit or ROCm toolkit",
    # https://github.com/Dao-AILab/flash-attention README.md; no NPU build); pynvml and
    # nvidia-ml-py bind libnvidia-ml, the NVIDIA driver's management library
    # (https://pypi.org/project/nvidia-ml-py/: "Python Bindings for the NVIDIA Management
    # Library"), whose calls fail on a host without that driver
    device_packages=("flash_attn", "pynvml", "nvidia_ml_py"),
    # PyTorch's CUDA wheels carry the toolkit as a local label (torch==2.1.0+cu118,
    # https://download.pytorch.org/whl/cu118)
    local_builds=r"cu\d{2,3}",
    home_variables=("CUDA_HOME", "CUDA_PATH", "CUDA_TOOLKIT_ROOT_DIR", "CUDACXX"),
    path_versions=(r"cuda-(\d+\.\d+)",),
    compilers={"nvcc": "cuda"},
    version_variables=(
        (r"^(?:CMAKE_CUDA_COMPILER_VERSION|CUDAToolkit_VERSION|CUDA_VERSION\w*)$", "cuda"),
    ),
    build_languages=("CUDA",),
    architecture_variables=(
        "CMAKE_CUDA_ARCHITECTURES",
        "CUDA_ARCHITECTURES",
        "TORCH_CUDA_ARCH_LIST",
        "CUDA_ARCH_LIST",
    ),
    architecture_flags=r"(?:compute|sm)_(\d{2,3})a?\b",
    # "SM90", "sm_80", "SM 8.0"-free forms, "compute capability (of) >= 8.0", "compute
    # capability (CC): 8.0", "计算能力不低于8.0" and, with its operator, "architectures >= 7.0"
    # (torch-harmonics README.md:131) or "CC >= 8.0" in prose
    capability_mentions=(
        r"\b(?:SM\s?_?|sm_)(?P<arch>\d{2,3})a?\b|(?:compute\s+capabilit(?:y|ies)\s*"
        r"(?:\((?:CC|SM)\)\s*)?(?:(?:of|is)\s|[:=\uff1a]\s*)?|计算能力\s*(?:为|[:\uff1a])?\s*"
        r"|\b(?:architectures?|CC)\s*(?=>=|≥))(?:>=|≥|at\s+least|不低于|至少)?\s*(?P<cc>\d+\.\d)"
    ),
    extensions={"CUDAExtension": "cuda", "CUDA_HOME": "cuda"},
    image_readers=("bringup.backends.cuda.images:read_image",),
    # NVSHMEM's own CMake package (``find_package(NVSHMEM REQUIRED)``, perplexityai/pplx-kernels
    # csrc/CMakeLists.txt:24) is the NVSHMEM install, not some other library of that name
    cmake_packages={"nvshmem": "nvshmem"},
    collectives=("nccl",),
    libraries=LIBRARIES,
    library_wheels=r"^nvidia-(?P<lib>[a-z]{3,12})-cu\d{2}$",
    classifiers=((r"^Environment :: GPU :: NVIDIA CUDA :: (\d+)(?:\.(\d+))?", "cuda"),),
    installers=(
        (r"\bcuda_(?P<v>\d+\.\d+\.\d+)_[\d.]+_linux[\w.-]*\.run", "cuda"),
        (r"\bNVIDIA-Linux-\w+-(?P<v>\d+\.\d+(?:\.\d+)?)\.run", "nvidia_driver"),
    ),
    wheel_indexes=(
        (r"download\.pytorch\.org/whl/(?:nightly/|test/)?cu(\d{1,2})(\d)/?$", "cuda"),
        # uv's choice of PyTorch index: ``export UV_TORCH_BACKEND=cu130``
        # (axolotl-ai-cloud/axolotl@067b021c README.md:109), ``--torch-backend=cu126``
        (r"^(?:UV_TORCH_BACKEND|--torch-backend)=cu(\d{1,2})(\d)$", "cuda"),
    ),
)
