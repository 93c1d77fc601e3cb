"""Classes of failure widened from public enumerations (issue 15): a build script importing a
module its isolated build environment lacks (read from the traceback's frames: pip's and uv's
build hooks), CMake's find_package without the package's config file (an error, not the warning
an optional package gives), and the new patterns' cost on hostile lines. Each line is from the
public thread named beside it; none is from an evaluation corpus."""

from __future__ import annotations

import re

import pytest

from bringup.triage import explain_text, load_signatures
from bringup.triage.fallbackrules import builtin_rules
from cpuclock import cpu_seconds

# https://github.com/SarahWeiii/diso/issues/13: pip's isolated build of diso has no torch.
_HOOKS = "/home/charatan/environments/triangle_splatting/lib/python3.11/site-packages/pip/_vendor"
PIP_BUILD = (
    "  Getting requirements to build wheel ... error\n"
    "  error: subprocess-exited-with-error\n\n"
    "  \u00d7 Getting requirements to build wheel did not run successfully.\n"
    "  \u2502 exit code: 1\n"
    "  \u2570\u2500> [20 lines of output]\n"
    "      Traceback (most recent call last):\n"
    f'        File "{_HOOKS}/pyproject_hooks/_in_process/_in_process.py", line 353, in <module>\n'
    "          main()\n"
    f'        File "{_HOOKS}/pyproject_hooks/_in_process/_in_process.py", line 118, in'
    " get_requires_for_build_wheel\n"
    "          return hook(config_settings)\n"
    '        File "/tmp/pip-build-env-qumabz14/overlay/lib/python3.11/site-packages/setuptools/'
    'build_meta.py", line 334, in get_requires_for_build_wheel\n'
    "          return self._get_build_requires(config_settings, requirements=[])\n"
    "      ModuleNotFoundError: No module named 'torch'\n"
    "      [end of output]\n\n"
    "  note: This error originates from a subprocess, and is likely not a problem with pip.\n"
    "error: subprocess-exited-with-error\n"
)

# https://github.com/astral-sh/uv/issues/6367: uv's build of pytorch3d, its builds-v0 environment.
UV_BUILD = (
    "error: Build backend failed to determine extra requires with `build_wheel()` with exit"
    " status: 1\n"
    "--- stdout:\n\n--- stderr:\n"
    "Traceback (most recent call last):\n"
    '  File "<string>", line 14, in <module>\n'
    '  File "/Users/karim/.cache/uv/builds-v0/.tmpqoAL9a/lib/python3.12/site-packages/setuptools/'
    'build_meta.py", line 332, in get_requires_for_build_wheel\n'
    "    return self._get_build_requires(config_settings, requirements=[])\n"
    '  File "<string>", line 15, in <module>\n'
    "ModuleNotFoundError: No module named 'torch'\n"
)

# https://github.com/kentechx/pointnext/issues/1: the same on Windows, paths with backslashes.
WINDOWS_BUILD = (
    '        File "C:\\Users\\Vincent\\AppData\\Local\\Temp\\pip-build-env-xi8lzs5x\\overlay\\Lib'
    '\\site-packages\\setuptools\\build_meta.py", line 311, in run_setup \n'
    "          exec(code, locals())\n"
    '        File "<string>", line 3, in <module>\n'
    "      ModuleNotFoundError: No module named 'torch'\n"
    "      [end of output]\n"
)

# https://github.com/Ghadjeres/DeepBach/issues/66: the job itself imports torch, not a build.
RUN = (
    "Traceback (most recent call last):\n"
    '  File "deepBach.py", line 7, in <module>\n'
    "    from DatasetManager.chorale_dataset import ChoraleDataset\n"
    '  File "/home/jeusdi/Downloads/DeepBach/DatasetManager/chorale_dataset.py", line 2, in'
    " <module>\n"
    "    import torch\n"
    "ModuleNotFoundError: No module named 'torch'\n"
)


def _first(log: str) -> tuple[str, str]:
    diagnosis = explain_text(log)[0]
    return diagnosis.signature_id, diagnosis.layer


@pytest.mark.parametrize("log", [PIP_BUILD, UV_BUILD, WINDOWS_BUILD], ids=["pip", "uv", "windows"])
def test_a_build_hook_missing_a_module_is_the_undeclared_build_requirement(log: str) -> None:
    # above pip's "subprocess-exited-with-error" reading: the frames name the step
    assert _first(log) == ("class.install.build-requirement-undeclared", "install")


# https://github.com/TianHuiLab/Falcon/issues/11: pip's legacy egg_info runs flash-attn's setup.py
# in the job's own environment (pip-install-*, no build environment), where torch is not
# installed yet: the module is missing, not undeclared.
LEGACY_SETUP = (
    "  \u00d7 python setup.py egg_info did not run successfully.\n"
    "  \u2502 exit code: 1\n"
    "  \u2570\u2500> [6 lines of output]\n"
    "      Traceback (most recent call last):\n"
    '        File "<string>", line 2, in <module>\n'
    '        File "<pip-setuptools-caller>", line 34, in <module>\n'
    '        File "/tmp/pip-install-v_8s9w7i/flash-attn_67edd227d98e40fdb7686c3e3a516548/setup.py",'
    " line 19, in <module>\n"
    "          import torch\n"
    "      ModuleNotFoundError: No module named 'torch'\n"
    "      [end of output]\n"
)


@pytest.mark.parametrize("log", [RUN, LEGACY_SETUP], ids=["job", "legacy-setup"])
def test_a_module_missing_outside_a_build_environment_is_not_a_build_requirement(
    log: str,
) -> None:
    assert _first(log)[0] in {"traceback.install.module-not-found", "line.install.module-missing"}


def test_a_submodule_missing_in_a_build_is_not_an_undeclared_requirement() -> None:
    # its package was found: what is missing is part of it, not a build requirement
    log = PIP_BUILD.replace("No module named 'torch'", "No module named 'torch.utils.cpp_ext'")
    assert _first(log)[0] != "class.install.build-requirement-undeclared"


# https://github.com/coderefinery/mma/issues/35 (the message) under the error header CMake
# prints for a REQUIRED package; https://github.com/onnx/onnx-mlir/issues/492: the same words
# under "CMake Warning" (an optional package) in a build that fails later on a missing header.
CMAKE_MESSAGE = """\
Could not find a package configuration file provided by "pybind11" with any
  of the following names:

    pybind11Config.cmake
    pybind11-config.cmake
"""
CMAKE_WARNING = """\
CMake Warning at CMakeLists.txt:402 (find_package):
  By not providing "Findpybind11.cmake" in CMAKE_MODULE_PATH this project has
  asked CMake to find a package configuration file provided by "pybind11",
  but CMake did not find one.

  Could not find a package configuration file provided by "pybind11"
  (requested version 2.2) with any of the following names:
"""


def test_a_required_cmake_package_without_its_config_is_the_package_not_found() -> None:
    log = "CMake Error at CMakeLists.txt:12 (find_package):\n  " + CMAKE_MESSAGE
    assert _first(log) == ("toolchain.cmake-package-not-found", "build")


def test_an_optional_cmake_package_alone_is_not_a_missing_required_package() -> None:
    assert all(
        d.signature_id != "toolchain.cmake-package-not-found" for d in explain_text(CMAKE_WARNING)
    )


def test_an_optional_cmake_package_ranks_below_the_failure_found_by_its_own_pattern() -> None:
    # the fPIC line: https://github.com/primme/primme/issues/22
    failure = (
        "/usr/bin/ld: eigs/auxiliary_eigsfloat.o: relocation R_X86_64_32 against `a local"
        " symbol' can not be used when making a shared object; recompile with -fPIC\n"
    )
    assert _first(CMAKE_WARNING + failure)[0] == "toolchain.fpic-required"


NEW_SIGNATURES = frozenset(
    {
        "toolchain.cmake-package-not-found",
        "toolchain.fpic-required",
        "python.wheel-package-missing",
        "dist.port-in-use",
        "cuda.runtime.ecc-uncorrectable",
        "cuda.runtime.launch-timeout",
        "cuda.runtime.illegal-memory-access",
        "cuda.build.nvcc-std-unsupported",
        "toolchain.gcc-too-old-cxx17",
        "cuda.build.nvcc-unsupported-gcc",
    }
)


def _new_expressions() -> list[str]:
    rule = next(
        r
        for r in builtin_rules().exceptions
        if r.id == "class.install.build-requirement-undeclared"
    )
    download = next(r for r in builtin_rules().evidence if r.id == "evidence.install.download")
    said = [rule.message, rule.through, download.words]
    for signature in load_signatures().signatures:
        if signature.id in NEW_SIGNATURES:
            record = signature.record
            said.extend([*record.patterns, *record.symptoms, *record.context])
    assert len(said) > 2 + len(NEW_SIGNATURES)
    return said


@pytest.mark.parametrize(
    "line",
    [
        "a" * 50_000,
        "/pip-build-env-" + "x-" * 25_000,
        "relocation R_" + "X" * 50_000,
        "CMake Error at " + "(find_package) " * 3_400,
        "No module named '" + "a." * 25_000,
        "bind" + " failed" * 7_000,
        "nvcc fatal" + " " * 50_000,
        "unrecognized option '-std=c++" + "1" * 50_000,
        "The current installed version of " + "g" * 50_000,
        "fatal: unable to connect to " + "a." * 25_000,
    ],
    ids=[
        "letters",
        "build-env",
        "relocation",
        "cmake",
        "module",
        "bind",
        "nvcc",
        "std",
        "compiler",
        "git",
    ],
)
def test_the_new_expressions_are_fast_on_hostile_lines(line: str) -> None:
    start = cpu_seconds()
    for expression in _new_expressions():
        re.search(expression, line)
    assert cpu_seconds() - start < 2.0


@pytest.mark.parametrize(
    "line",
    [
        # https://github.com/modelscope/FunClip/issues/105
        'OSError: [WinError 126] The specified module could not be found. Error loading "C:\\Users'
        "\\username\\AppData\\Local\\Programs\\Python\\Python312\\Lib\\site-packages\\torch\\lib"
        '\\fbgemm.dll" or one of its dependencies.',
        # https://github.com/ostris/ai-toolkit/issues/91: localised, on a line of the job's own
        "Error running job: [WinError 126] 找不到指定的模块。 Error loading"
        ' "C:\\Users\\daizh\\Documents\\LORA Traning\\ai-toolkit\\venv\\Lib\\site-packages\\torch'
        '\\lib\\fbgemm.dll" or one of its dependencies.',
    ],
    ids=["exception", "line"],
)
def test_a_windows_dll_that_cannot_be_loaded_is_a_missing_library_at_install(line: str) -> None:
    identifier, layer = _first(line)
    assert identifier.endswith("install.shared-library-missing")
    assert layer == "install"


@pytest.mark.parametrize(
    "log",
    [
        # https://github.com/agonzalezro/python-opensubtitles/issues/9: pip's clone over http
        "fatal: unable to access 'http://github.com/agonzalezro/python-opensubtitles/': Recv"
        " failure: Connection reset by peer\n",
        # https://github.com/ghostlander/nsgminer/issues/40: a submodule over git://
        "fatal: unable to connect to github.com:\n"
        "github.com[0: 192.30.253.112]: errno=Connection timed out\n"
        "github.com[1: 192.30.253.113]: errno=Connection timed out\n\n"
        "fatal: clone of 'git://github.com/luke-jr/X6000_ztex_comm4.git' into submodule path"
        " 'bitstreams/src/X6000_ztex_comm4' failed\n",
    ],
    ids=["git-http", "git-submodule"],
)
def test_a_download_that_failed_is_the_installation_not_a_peer(log: str) -> None:
    # the connection's words ("Connection reset by peer") are not a peer of the job
    assert _first(log) == ("evidence.install.download", "install")


def test_cuda_failing_at_lazy_initialisation_is_device_init() -> None:
    # https://github.com/vllm-project/vllm/issues/327 (MIG on A100: the device count changed)
    line = (
        "torch.cuda.DeferredCudaCallError: CUDA call failed lazily at initialization with error:"
        " device >= 0 && device < num_gpus INTERNAL ASSERT FAILED at"
        ' "../aten/src/ATen/cuda/CUDAContext.cpp":50, please report a bug to PyTorch.'
    )
    assert _first(line) == ("traceback.device-init.cuda", "device_init")
