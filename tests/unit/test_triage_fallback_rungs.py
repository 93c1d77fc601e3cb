"""The rung a failure no signature names happened on, from what the log shows the job doing
(issue 15, session 22): a Python import that a process died in, a package's build (setup.py
run by pip, a PEP 517 back end, a build system), a function that opens the device. Without
them such a log fell to the catch-all, operator execution. Each line is real and cites where it
was printed."""

from __future__ import annotations

import pytest

from bringup.triage.evidence import by_words
from bringup.triage.explain import scan_log
from bringup.triage.fallback import diagnose
from bringup.triage.fallbackrules import builtin_rules


def _first(log: str) -> tuple[str, str]:
    found = diagnose(scan_log(log).findings)
    return found[0].signature_id, found[0].layer


def _words(log: str) -> str:
    said = by_words((log,), builtin_rules().evidence)
    return said.id if said is not None else ""


def test_a_process_that_dies_right_after_an_import_statement_is_the_install() -> None:
    # Ascend/msprobe@ff0a818f6e6b85f7f5c46d596e50e44b506b8ce4 (its message: TensorFlow, loaded
    # by tensorboard, crashes on import on aarch64)
    log = (
        "from msprobe.pytorch import PrecisionDebugger  # ← 触发崩溃\n"
        "Segmentation fault (core dumped)\n"
    )
    assert _first(log) == ("evidence.install.packages", "install")


def test_a_crash_after_another_line_is_not_placed_by_that_line() -> None:
    # xytpai/fcos#22: the crash follows the job's own output, not an import
    log = "use lib nms_cuda\nSegmentation fault (core dumped)\n"
    assert _first(log)[1] != "install"
    # a traceback's source line, indented, is not a statement the job ran last
    # (mesonbuild/meson#3216)
    assert _words("SyntaxError: invalid syntax\n        from . import mlog\n") == ""


@pytest.mark.parametrize(
    "line",
    [
        # termux/termux-packages#417
        "python2 -c 'import bs4'",
        # pytorch/pytorch#4111: a command that does more than import is not an import
        'python -c "import torch"',
        ">>> import torch_npu",
    ],
)
def test_an_import_command_is_the_install(line: str) -> None:
    assert _words(f"{line}\nSegmentation fault (core dumped)\n") == "evidence.install.packages"


def test_a_command_that_runs_more_than_an_import_is_not_the_install() -> None:
    # pytorch/pytorch#4111
    command = 'python -c "import torch; x = torch.randn(10).cuda()"'
    assert _words(f"{command}\nSegmentation fault (core dumped)\n") != "evidence.install.packages"


def test_an_exception_raised_in_a_setup_py_run_by_pip_is_the_build() -> None:
    # deepspeedai/DeepSpeed#6456: GDSBuilder.is_compatible() joins CUDA_HOME=None on ROCm; the
    # words after it ("unsupported CUDA function calls") are hipify's summary, not an operation;
    # the None passed into posixpath is the op builder's defect (class.code.project-bug)
    log = (
        "    Traceback (most recent call last):\n"
        '      File "<string>", line 1, in <module>\n'
        '      File "/tmp/pip-req-build-lv1v39xc/setup.py", line 180, in <module>\n'
        "        op_compatible = builder.is_compatible()\n"
        '      File "/tmp/pip-req-build-lv1v39xc/op_builder/gds.py", line 47, in is_compatible\n'
        '        CUDA_LIB64 = os.path.join(CUDA_HOME, "lib64")\n'
        '      File "/opt/conda/envs/py_3.9/lib/python3.9/posixpath.py", line 76, in join\n'
        "        a = os.fspath(a)\n"
        "    TypeError: expected str, bytes or os.PathLike object, not NoneType\n"
        "    Total number of unsupported CUDA function calls: 0\n"
        "\n"
        "ERROR: Command errored out with exit status 1: python setup.py egg_info Check the logs "
        "for full command output\n"
    )
    assert _first(log) == ("class.code.project-bug", "build")


def test_a_setup_py_pip_ran_is_the_build_in_another_form() -> None:
    # mesonbuild/meson#3216 (pip of Python 2 building meson: setup.py egg_info)
    log = (
        "    Complete output from command python setup.py egg_info:\n"
        "    Traceback (most recent call last):\n"
        '      File "<string>", line 1, in <module>\n'
        '      File "/tmp/pip-build-uAJEFj/meson/setup.py", line 20, in <module>\n'
        "        from mesonbuild.coredata import version\n"
        '      File "mesonbuild/coredata.py", line 15, in <module>\n'
        "        from . import mlog\n"
    )
    assert _words(log) == "evidence.build.toolchain"


@pytest.mark.parametrize(
    "log",
    [
        # ai-dynamo/nixl#2036
        "meson-python: error: Could not map installation path to an equivalent wheel directory: "
        "'{prefix}/lib/libcore.so'\n",
        # bkbilly/lnxlink#59 (printed under "Preparing metadata (pyproject.toml)")
        "meson-python: error: Could not find meson version 0.63.3 or newer, found 0.61.2\n",
    ],
)
def test_a_build_back_end_is_the_build(log: str) -> None:
    assert _first(log) == ("evidence.build.toolchain", "build")


def test_a_header_in_a_running_kernels_source_location_is_no_build() -> None:
    # hicann/ops-math@7cfc61e910a59780f280fea71e3821f906b93941: an Ascend C kernel's check, run
    # on the device, prints where it is written
    log = (
        "[2026-02-03 14:28:29] [ERROR][Block_1][AIV_0][/home/l00614971/cann/cann-9.0.0/"
        "aarch64-linux/asc/include/basic_api/../../impl/basic_api/"
        "kernel_operator_vec_cmpsel_intf_impl.h:314][CompareScalar][182417] Failed to check "
        "count elements size in CompareScalar\n"
    )
    assert _first(log)[1] == "operator_execution"
    # a header a compiler names stays the build's
    assert _words("acl.cpp:1:10: fatal error: acl/acl.h: No such file or directory\n") == (
        "evidence.build.toolchain"
    )
    assert _words("Python.h missing\n") == "evidence.build.toolchain"


def test_a_traceback_cut_inside_the_function_that_opens_the_device_is_the_device_start_up() -> None:
    # vllm-project/vllm-ascend#2557: the worker's traceback as the thread shows it, cut before
    # its exception
    prefix = "(VllmWorker rank=0 pid=1110) ERROR 08-26 12:16:15 [multiproc_executor.py:492] "
    lines = [
        "WorkerProc failed to start.",
        "Traceback (most recent call last):",
        '  File "/workspace/vllm/vllm/v1/executor/multiproc_executor.py", line 466, in worker_main',
        "    worker = WorkerProc(*args, **kwargs)",
        "             ^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        '  File "/workspace/vllm/vllm/v1/executor/multiproc_executor.py", line 362, in __init__',
        "    self.worker.init_device()",
        '  File "/workspace/vllm/vllm/worker/worker_base.py", line 606, in init_device',
        "    self.worker.init_device()  # type: ignore",
    ]
    log = "".join(f"{prefix}{line}\n" for line in lines)
    assert _first(log) == ("evidence.device-init.start-up", "device_init")


def test_the_method_that_opens_the_device_named_in_a_message_is_the_device_start_up() -> None:
    # vllm-project/vllm-ascend#727
    log = (
        "(RayWorkerWrapper pid=26693, ip=10.0.0.5) ERROR 04-29 13:51:30 [worker_base.py:620] "
        "Error executing method 'init_device'. This might cause deadlock in distributed "
        "execution.\n"
    )
    assert _first(log) == ("evidence.device-init.start-up", "device_init")
    # what fails inside it and names its own layer keeps it: vLLM's memory check there
    # (vllm/v1/worker/gpu_worker.py init_device, "Free memory on device ... is less than
    # desired GPU memory utilization")
    memory = (
        "self.worker.init_device()\n"
        "ValueError: Free memory on device (1.2/79.1 GiB) on startup is less than desired GPU "
        "memory utilization (0.9, 71.2 GiB).\n"
    )
    assert _first(memory)[1] == "memory"


@pytest.mark.parametrize("block_bytes", [1 << 16, 32, 20])
def test_the_line_before_a_failure_is_kept_across_blocks(block_bytes: int) -> None:
    # the msprobe lines above, the crash opening a block of its own when the blocks are small
    log = b"from msprobe.pytorch import PrecisionDebugger\nSegmentation fault (core dumped)\n"
    failures = scan_log(log, block_bytes=block_bytes).findings.failures
    assert [(f.line, f.preceding) for f in failures] == [
        (2, "from msprobe.pytorch import PrecisionDebugger")
    ]


@pytest.mark.parametrize(
    "log",
    [
        # vllm-project/vllm-ascend#9994 (pytest's output, the message wrapped)
        "E pydantic_core._pydantic_core.ValidationError: 1 validation error for\n"
        "VllmConfig\n"
        "E Assertion failed, Flash Comm v1 requires enable_expert_parallel=True\n"
        "for MoE models. [type=assertion_error, input_value=ArgsKwargs((),\n",
        # runpod-workers/worker-vllm#257
        '  File "/usr/local/lib/python3.10/dist-packages/pydantic/_internal/_dataclasses.py", '
        "line 121, in __init__\n"
        "    s.__pydantic_validator__.validate_python(ArgsKwargs(args, kwargs), "
        "self_instance=s)\n"
        "pydantic_core._pydantic_core.ValidationError: 1 validation error for ModelConfig\n"
        "  Value error, rope_scaling should have a 'rope_type' key [type=value_error, "
        "input_value=ArgsKwargs((), {'model': ...rocessor_plugin': None}), "
        "input_type=ArgsKwargs]\n",
    ],
)
def test_a_configuration_pydantic_refuses_is_the_setup(log: str) -> None:
    # a class rule names the second's cause; pydantic's own words place both
    assert _first(log)[1] == "install"
    said = next(line for line in log.splitlines() if "ValidationError" in line)
    assert _words(said) == "evidence.install.setup"
