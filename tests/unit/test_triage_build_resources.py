# ruff: noqa: RUF001  (pip's own multiplication-sign line "... did not run successfully", kept whole)
"""What a failed build step's own words name (outsider16 D9, D10): a toolkit older than the
build checks for, a download the build makes that could not reach its host or was refused, a
compiler that crashed or ran out of the build host's memory, and a CUDA failure NCCL reports for
its own call. Each is told before the generic readings of the step around it (pip's "package's
own build step", "Out of memory", "packages that do not go together", the project's own bug).

Each log is real, from the public thread beside it; a constructed input says so."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text
from cpuclock import cpu_seconds


def _first(log: str) -> tuple[str, str]:
    first = explain_text(log)[0]
    return first.signature_id, first.layer


def _ids(log: str) -> list[str]:
    return [d.signature_id for d in explain_text(log)]


# wudongming97/Prompt4Driving#5: flash-attn's setup.py checks the nvcc it builds with
FLASH_ATTN_CUDA_TOO_OLD = (
    "  Preparing metadata (setup.py) ... error\n"
    "  error: subprocess-exited-with-error\n"
    "  \n"
    "  × python setup.py egg_info did not run successfully.\n"
    "  │ exit code: 1\n"
    "  ╰─> [12 lines of output]\n"
    "      fatal: not a git repository (or any of the parent directories): .git\n"
    "      Traceback (most recent call last):\n"
    '        File "<string>", line 2, in <module>\n'
    '        File "<pip-setuptools-caller>", line 34, in <module>\n'
    '        File "/tmp/pip-install-r4uz0u_i/flash-attn_32a89c6d2cd64a458e47c873c4dc9a8a/setup.py",'
    " line 164, in <module>\n"
    "          raise RuntimeError(\n"
    "      RuntimeError: FlashAttention is only supported on CUDA 11.7 and above.  Note: make sure"
    " nvcc has a supported version by running nvcc -V.\n"
    "      \n"
    "      torch.__version__  = 1.9.0+cu111\n"
    "      \n"
    "      [end of output]\n"
    "  \n"
    "  note: This error originates from a subprocess, and is likely not a problem with pip.\n"
)


def test_a_build_that_names_the_toolkit_version_it_needs_is_that_toolkit_too_old() -> None:
    first = explain_text(FLASH_ATTN_CUDA_TOO_OLD)[0]
    assert (first.signature_id, first.layer) == ("toolchain.toolkit-too-old", "build")
    assert "CUDA 11.7 or newer" in first.cause


@pytest.mark.parametrize(
    "line",
    [
        # the same check's other wordings, constructed from the forms build scripts print
        "RuntimeError: This extension requires CUDA >= 11.8\n",
        "error: the package needs gcc >= 9 to build\n",
        "CMake Error: building the kernels requires CUDA 12.1 or higher\n",
    ],
)
def test_the_other_wordings_of_a_minimum_toolkit_version_are_read(line: str) -> None:
    assert "toolchain.toolkit-too-old" in _ids(line)


def test_a_version_named_without_a_minimum_is_not_a_toolkit_too_old() -> None:
    # constructed: a version printed as a fact, with no requirement
    assert "toolchain.toolkit-too-old" not in _ids("-- Found CUDA 11.7 at /usr/local/cuda\n")


# JIA-Lab-research/LongLoRA#43: flash-attn's setup.py fetches its prebuilt wheel with urllib
FLASH_ATTN_NO_NETWORK = (
    "  Building wheel for flash-attn (setup.py) ... error\n"
    "  error: subprocess-exited-with-error\n"
    "  \n"
    "  × python setup.py bdist_wheel did not run successfully.\n"
    "  │ exit code: 1\n"
    "  ╰─> [9 lines of output]\n"
    "      running bdist_wheel\n"
    "      Guessing wheel URL:  https://github.com/Dao-AILab/flash-attention/releases/download/"
    "v2.3.1.post1/flash_attn-2.3.1.post1+cu117torch2.0cxx11abiFALSE-cp39-cp39-linux_x86_64.whl\n"
    "      error: <urlopen error [Errno -2] Name or service not known>\n"
    "      [end of output]\n"
    "  \n"
    "  note: This error originates from a subprocess, and is likely not a problem with pip.\n"
    "  ERROR: Failed building wheel for flash-attn\n"
)

# JIA-Lab-research/Seg-Zero#59: a Dockerfile's wget refused by the server (wget's status 8)
DOCKER_WGET_REFUSED = (
    "2010.7 Username/Password Authentication Failed.\n"
    "------\n"
    "Dockerfile:52\n"
    "--------------------\n"
    "  52 | >>> RUN pip uninstall -y transformer-engine flash-attn && \\\n"
    "  53 | >>>     wget -nv https://github.com/Dao-AILab/flash-attention/releases/download/"
    "v2.7.4.post1/flash_attn-2.7.4.post1+cu12torch2.5cxx11abiFALSE-cp310-cp310-linux_x86_64.whl"
    " && \\\n"
    "--------------------\n"
    'ERROR: failed to solve: process "/bin/sh -c pip uninstall -y transformer-engine flash-attn'
    " &&     wget -nv https://github.com/Dao-AILab/flash-attention/releases/download/v2.7.4.post1/"
    'flash_attn-2.7.4.post1+cu12torch2.5cxx11abiFALSE-cp310-cp310-linux_x86_64.whl" did not'
    " complete successfully: exit code: 8\n"
)


@pytest.mark.parametrize(
    "log",
    [
        FLASH_ATTN_NO_NETWORK,
        DOCKER_WGET_REFUSED,
        # NeuralEnsemble/elephant#216: an RPM build's download, urllib's exception
        "BUILDSTDERR: urllib.error.URLError: <urlopen error [Errno -2] Name or service not"
        " known>\n",
    ],
)
def test_a_download_the_build_makes_that_failed_is_the_download(log: str) -> None:
    assert _ids(log)[0] == "class.install.download-failed"


def test_the_refused_download_is_neither_a_package_conflict_nor_the_packages_build() -> None:
    ids = _ids(DOCKER_WGET_REFUSED)
    assert "evidence.install.packages" not in ids[:1]
    assert _ids(FLASH_ATTN_NO_NETWORK).index("class.install.download-failed") < _ids(
        FLASH_ATTN_NO_NETWORK
    ).index("line.install.package-build")


def test_a_wget_exit_status_that_is_no_network_failure_is_not_read() -> None:
    # constructed: wget's status 1 (a generic error) in the same Docker form
    log = (
        'ERROR: failed to solve: process "/bin/sh -c wget -nv https://x/y" did not complete'
        " successfully: exit code: 1\n"
    )
    assert "class.install.download-failed" not in _ids(log)


@pytest.mark.parametrize(
    "log",
    [
        # owensgroup/GpuBTree#21: MSVC's cl.exe, run by nvcc, crashed
        "nvcc error   : 'cl.exe' died with status 0xC0000005 (ACCESS_VIOLATION)\n",
        # gunrock/essentials#90: cicc crashed in a Windows CI build, under MSBuild's prefix
        "CUDACOMPILE : nvcc error : 'cicc' died with status 0xC0000005 (ACCESS_VIOLATION)"
        " [D:\\a\\essentials\\essentials\\build\\examples\\geo\\geo.vcxproj]\n",
    ],
)
def test_a_compiler_that_crashed_is_a_build_failure(log: str) -> None:
    assert _first(log) == ("toolchain.compiler-crashed", "build")


@pytest.mark.parametrize(
    "log",
    [
        # madgraph5/madgraph4gpu#639: parallel `make -j` builds, nvcc's front end killed
        "nvcc error   : 'cudafe++' died due to signal 9 (Kill signal)\n",
        # Pointcept/Pointcept#12: a torch extension's build, cicc killed
        "nvcc error   : 'cicc' died due to signal 9 (Kill signal)\n",
    ],
)
def test_a_compiler_the_kernel_killed_is_not_read_as_its_crash(log: str) -> None:
    # SIGKILL is the OOM killer's (or any sender's), the host's memory: not the compiler's crash
    assert "toolchain.compiler-crashed" not in _ids(log)


def test_llvm_out_of_memory_in_a_compile_is_the_build_hosts_not_the_jobs_memory() -> None:
    # constructed on the form of a Windows CI build of a .cu file (nvcc 12.9's cicc): LLVM's own
    # "out of memory" and nvcc's report of cicc's stack-overrun status
    log = (
        "FAILED: caffe2/CMakeFiles/torch_cuda.dir/__/aten/src/ATen/native/cuda/"
        "SegmentReduce.cu.obj\n"
        "LLVM ERROR: out of memory\n"
        'nvcc error   : \'""%CICC_PATH%\\cicc"\' died with status 0xC0000409 \n'
    )
    diagnoses = explain_text(log)
    assert (diagnoses[0].signature_id, diagnoses[0].layer) == (
        "toolchain.compiler-crashed",
        "build",
    )
    assert "line.memory.out-of-memory" not in [d.signature_id for d in diagnoses][:1]


# constructed: NCCL's CUDACHECK wording ("Cuda failure <n> '<message>'") under torch's
# DistBackendError and NCCL's ncclUnhandledCudaError, as NCCL's troubleshooting guide describes
# it ("a call to an external library failed": docs.nvidia.com/deeplearning/nccl/user-guide/docs/
# troubleshooting/runtime_and_mpi_issues)
NCCL_CUDA_FAILURE = (
    "[rank7]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/"
    "NCCLUtils.hpp:275, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version"
    " 2.20.5\n"
    "[rank7]: ncclUnhandledCudaError: Call to CUDA function failed.\n"
    "[rank7]: Last error:\n"
    "[rank7]: Cuda failure 1 'invalid argument'\n"
)


def test_a_cuda_failure_nccl_reports_for_its_own_call_is_nccls_not_the_projects() -> None:
    ids = _ids(NCCL_CUDA_FAILURE)
    assert ids[0] == "code.nccl.1"
    assert "class.code.project-bug" not in ids


def test_a_cuda_invalid_argument_the_project_got_is_still_its_own_bug() -> None:
    # constructed: the runtime's own "CUDA error: invalid argument" from torch
    assert _ids("RuntimeError: CUDA error: invalid argument\n")[0] == "class.code.project-bug"


@pytest.mark.parametrize(
    "hostile",
    [
        "requires CUDA " * 4000,
        "only supported on CUDA 1" * 3000,
        "wget " + "a" * 50000,
        "<urlopen error " + "x" * 50000,
        "nvcc error : '" + "c" * 50000,
        "1/8 " + "x " * 25000,
        "cannot create " + "a" * 50000,
        "[Errno 13] Permission denied: '" + "/build" * 8000,
    ],
)
def test_the_new_patterns_stay_linear_on_a_hostile_line(hostile: str) -> None:
    start = cpu_seconds()
    explain_text(hostile + "\n")
    assert cpu_seconds() - start < 2.0
