"""What a setup.py downloads through a helper of its own (``open_url(url)`` around
``urllib.request.urlopen``): the archives it writes the URLs of, one need per place they come
from, never the helper's call nor the project's ``url=``. Each case keeps only the lines it
needs, with the public repository, path, lines and commit."""

from __future__ import annotations

import ast

from bringup.scan.pyguards import python_vocabulary
from scan_needs import source_file

# ByteDance-Seed/Triton-distributed @ 1512a811, python/setup.py:275, 335, 340-346, 808-825 (the
# two download_and_copy calls of ptxas and cuobjdump) and 1335; each excerpt's first lines
# kept apart by blank lines.
TRITON_DISTRIBUTED_SETUP = """url = "https://github.com/nlohmann/json/releases/download/v3.11.3/include.zip"

url = f"https://oaitriton.blob.core.windows.net/public/llvm-builds/{name}.tar.gz"

def open_url(url):
    user_agent = 'Mozilla/5.0 (X11; Linux x86_64; rv:109.0) Gecko/20100101 Firefox/119.0'
    headers = {
        'User-Agent': user_agent,
    }
    request = urllib.request.Request(url, None, headers)
    return urllib.request.urlopen(request, timeout=300)

download_and_copy(
    name="nvcc",
    src_func=lambda system, arch, version: f"cuda_nvcc-{system}-{arch}-{version}-archive/bin/ptxas{exe_extension}",
    dst_path="bin/ptxas",
    variable="TRITON_PTXAS_PATH",
    version=NVIDIA_TOOLCHAIN_VERSION["ptxas"],
    url_func=lambda system, arch, version:
    f"https://developer.download.nvidia.com/compute/cuda/redist/cuda_nvcc/{system}-{arch}/cuda_nvcc-{system}-{arch}-{version}-archive.tar.xz",
)
download_and_copy(
    name="cuobjdump",
    src_func=lambda system, arch, version:
    f"cuda_cuobjdump-{system}-{arch}-{version}-archive/bin/cuobjdump{exe_extension}",
    dst_path="bin/cuobjdump",
    variable="TRITON_CUOBJDUMP_PATH",
    version=NVIDIA_TOOLCHAIN_VERSION["cuobjdump"],
    url_func=lambda system, arch, version:
    f"https://developer.download.nvidia.com/compute/cuda/redist/cuda_cuobjdump/{system}-{arch}/cuda_cuobjdump-{system}-{arch}-{version}-archive.tar.xz",
)

setup(url="https://github.com/ByteDance-Seed/Triton-distributed")
"""  # noqa: E501

# hicann/pyasc @ cecba26a, setup.py:120 and 123-125: the storage host is a function's value.
PYASC_SETUP = """    return Package(f"{get_storage_url()}/llvm/{full_name}.tar.gz", "llvm", full_name, f"llvm-{system_suffix}")

def open_url(url):
    request = urllib.request.Request(url)
    return urllib.request.urlopen(request, timeout=600)
"""  # noqa: E501


def _downloads(text: str) -> list[tuple[str, int | None, list[int | None]]]:
    found = python_vocabulary(source_file("setup.py", text), ast.parse(text.strip("\n ")))
    return [
        (r.spec, r.source.line, [a.line for a in r.also_at])
        for r in found
        if r.subject == "network"
    ]


def test_the_archives_a_setup_py_fetches_through_a_helper_are_its_downloads() -> None:
    nvcc = (
        "https://developer.download.nvidia.com/compute/cuda/redist/cuda_nvcc/{system}-{arch}/"
        "cuda_nvcc-{system}-{arch}-{version}-archive.tar.xz"
    )
    assert _downloads(TRITON_DISTRIBUTED_SETUP) == [
        ("https://github.com/nlohmann/json/releases/download/v3.11.3/include.zip", 1, []),
        ("https://oaitriton.blob.core.windows.net/public/llvm-builds/{name}.tar.gz", 3, []),
        (nvcc, 20, [30]),  # one host, one need: the cuobjdump archive beside it
    ]


def test_an_archive_url_from_a_computed_host_is_the_download() -> None:
    assert _downloads(PYASC_SETUP) == [("{get_storage_url()}/llvm/{full_name}.tar.gz", 1, [])]
