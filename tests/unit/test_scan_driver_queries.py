"""A test suite that asks the NVIDIA driver for its devices as pytest collects or sets it up
needs a GPU (outsider20 D1: NVIDIA/nvmath-python@63409f5's suites were "run here now" on a
host with no driver, and failed on ``DynamicLibNotFoundError: "nvml" is an NVIDIA driver
library``, tests/data/outsider39/logs/U2_up_run2_nvml.log). Real lines of nvmath-python@63409f5,
each with its file and lines."""

from __future__ import annotations

from bringup.model import file_source
from bringup.model.requirements import Step
from bringup.scan.stepfiles import StepFiles, device_of_tests

# tests/nvmath_tests/tensor/conftest.py:5-10 and 21-27 (the lines between left out)
TENSOR_CONFTEST = '''import pytest

try:
    from cuda.core import Device
except ImportError:
    from cuda.core.experimental import Device
def pytest_collection_modifyitems(config, items):
    """
    Skip all tests in this directory if compute capability <= 7.0
    and generate test seeds
    """
    # starting cutensor 2.3.0, support only compute capability > 7.0
    if Device().compute_capability <= (7, 0):
'''
# tests/nvmath_tests/tensor/test_exceptions.py:5 and 19-20: no device word of its own
TENSOR_TEST = "import nvmath\nimport numpy as np\nimport pytest\n"
# tests/nvmath_tests/distributed/test_fft.py:17-20, 25-28 and 39-42
DISTRIBUTED = '''try:
    from cuda.core import system
except ImportError:
    from cuda.core.experimental import system
@pytest.fixture(scope="module")
def nvmath_distributed():
    """Pytest fixture that initializes nvmath.distributed and finalizes it on exit"""
    from mpi4py import MPI
    try:
        num_devices = system.get_num_devices()
    except AttributeError:
        num_devices = system.num_devices
'''
# tests/example_tests/test_utils.py:11-16 and 32-39: the count falls back to 0 on CUDAError
EXAMPLES = """try:
    from cuda.core import Device, system
    from cuda.core._utils.cuda_utils import CUDAError
except ImportError:
    from cuda.core.experimental import Device, system
    from cuda.core.experimental._utils.cuda_utils import CUDAError
try:
    try:
        num_devices = system.get_num_devices()
    except AttributeError:
        num_devices = system.num_devices
    DEVICE_COUNT = num_devices
except CUDAError:
    DEVICE_COUNT = 0
"""
# tests/example_tests/device_tests/test_device_samples.py:8, 17-18; test_planning.py:16-19 of
# tests/nvmath_tests/linalg/generic/matmul skips for a missing package, not a device
DEVICE_SAMPLES = """import pytest
if DEVICE_COUNT < 1:
    pytest.skip(allow_module_level=True, reason="Device examples require at least one CUDA device.")
"""
PLANNING = """try:
    import cupy
except ModuleNotFoundError:
    pytest.skip("cupy required for matmul tests", allow_module_level=True)
"""
# tests/nvmath_tests/device/test_cublasdx_numba.py:6-7, 268-269 and 422-424: a numba kernel's
# inputs put on the device in the test itself (the test's signature shortened)
NUMBA = """import numpy as np
from numba import cuda
def test_matmul(shape, block_size, block_dim, data_type, trans):
    skip_nvbug_5218000(precision, size=shape, dynamic_ld=explicit_ld)
    a_d = cuda.to_device(a)
    b_d = cuda.to_device(b)
    c_d = cuda.to_device(c)
"""
# a module-level helper putting data on the device when called, which no test here calls
NUMBA_HELPER = """from numba import cuda
def upload(a):
    return cuda.to_device(a)
"""
FILES = {
    "tests/nvmath_tests/device/test_cublasdx_numba.py": NUMBA,
    "tests/nvmath_tests/device/helpers_numba_upload.py": NUMBA_HELPER,
    "tests/example_tests/device_tests/test_device_samples.py": DEVICE_SAMPLES,
    "tests/nvmath_tests/linalg/generic/matmul/test_planning.py": PLANNING,
    "tests/nvmath_tests/tensor/conftest.py": TENSOR_CONFTEST,
    "tests/nvmath_tests/tensor/test_exceptions.py": TENSOR_TEST,
    "tests/nvmath_tests/distributed/test_fft.py": DISTRIBUTED,
    "tests/example_tests/test_utils.py": EXAMPLES,
}


def _needs(target: str) -> tuple[int, str | None, str]:
    step = Step(
        name="pytest", kind="test", argv=("pytest", target), source=file_source("README.md", 1)
    )
    (found,) = device_of_tests([step], StepFiles(frozenset(FILES), FILES.get))
    needs = found.needs
    return needs.devices, needs.device_kind, str(needs.device_at) if needs.device_at else ""


def test_a_conftest_hook_asking_for_the_device_ties_its_folder() -> None:
    assert _needs("tests/nvmath_tests/tensor") == (
        1,
        "gpu",
        "tests/nvmath_tests/tensor/conftest.py:13",
    )


def test_a_fixture_asking_for_the_device_with_no_fallback_ties_its_file() -> None:
    assert _needs("tests/nvmath_tests/distributed") == (
        1,
        "gpu",
        "tests/nvmath_tests/distributed/test_fft.py:10",
    )


def test_a_count_that_falls_back_on_the_driver_error_ties_nothing() -> None:
    assert _needs("tests/example_tests/test_utils.py") == (0, None, "")


def test_a_file_that_skips_whole_without_the_device_needs_it() -> None:
    assert _needs("tests/example_tests/device_tests") == (
        1,
        "gpu",
        "tests/example_tests/device_tests/test_device_samples.py:3",
    )
    assert _needs("tests/nvmath_tests/linalg/generic/matmul") == (0, None, "")


def test_a_numba_test_putting_its_inputs_on_the_device_needs_it() -> None:
    assert _needs("tests/nvmath_tests/device/test_cublasdx_numba.py") == (
        1,
        "gpu",
        "tests/nvmath_tests/device/test_cublasdx_numba.py:5",
    )
    assert _needs("tests/nvmath_tests/device/helpers_numba_upload.py") == (0, None, "")
