"""Outsider 24's scan defects (tests/data/outsider43/REPORT.md): each case keeps only the real
lines it needs, with its repository, commit and path:line beside them."""

from __future__ import annotations

from bringup.plan.stepneeds import as_written
from bringup.report.reason_wording import reason_text
from bringup.scan.compilecalls import compiler
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile

# Mag-FelixFelicis/hccl_test@96ad587 README.md:27-47 (the headings and both code blocks)
_HCCL_GUIDE = (
    "## Build\n\n"
    "Run on both nodes:\n\n"
    "```bash\n"
    "g++ -std=c++14 -O2 test.cpp \\\n"
    "  -I$ASCEND_HOME_PATH/include \\\n"
    "  -L$ASCEND_HOME_PATH/lib64 \\\n"
    "  -lhccl -lascendcl \\\n"
    "  -o hccl_p2p\n"
    "```\n\n"
    "## Run (2 nodes)\n\n"
    "### Step 1: Start Rank0 (sender) on Node A\n\n"
    "```bash\n"
    "./hccl_p2p --rank 0 --world 2 --device 0 \\\n"
    "  --root-info /tmp/rootinfo.bin \\\n"
    "  --iters 20 --warmup 3 --bytes 1073741824\n"
    "```\n"
)


def _read(text: str):  # type: ignore[no-untyped-def]
    return extract_docs(SourceFile(ref="README.md", rel="README.md", text=text))


def test_a_run_of_a_program_the_guide_links_to_the_device_runtime_needs_a_device() -> None:
    # D4: "CPU reference runs: steps 1, 2, ... now" for ./hccl_p2p, which links AscendCL
    # (-lascendcl) and is never built by a step: the compile line needs a shell ($ASCEND_HOME_PATH)
    found = _read(_HCCL_GUIDE)
    (run,) = found.steps
    assert (run.kind, run.needs.devices, run.needs.device_kind) == ("run", 1, "npu")
    assert run.needs.missing == ("./hccl_p2p",)
    # said as a program the step runs, not as a folder an editable install names
    reason = as_written(run)
    assert reason is not None
    assert reason_text(reason) == "runs ./hccl_p2p, which the repo does not have"


def test_a_plain_compile_line_is_the_build_step_that_makes_the_program() -> None:
    # the same guide with the include and library paths written out: the build is a step that
    # needs the toolkit, and the run needs the device, its program made by that step
    plain = _HCCL_GUIDE.replace("$ASCEND_HOME_PATH", "/usr/local/Ascend/ascend-toolkit/latest")
    build, run = _read(plain).steps
    assert (build.kind, build.needs.toolkit, build.needs.device_kind) == ("build", True, "npu")
    assert (run.needs.devices, run.needs.missing) == (1, ())
    # a program linked to no device runtime runs anywhere
    cpu = plain.replace("-lhccl -lascendcl", "-lpthread")
    assert [s.needs.devices for s in _read(cpu).steps] == [0, 0]


def test_a_compiler_only_asked_its_version_builds_nothing() -> None:
    assert compiler(("g++-11", "-O2", "main.cpp", "-o", "main")) == "g++"
    assert compiler(("g++", "--version")) is None
    assert compiler(("gcc-ar", "rcs", "lib.a")) is None


def test_a_program_nvcc_builds_runs_on_a_gpu() -> None:
    # nvcc links the CUDA runtime unless told not to ("--cudart {none|shared|static}", default
    # static: https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/); the build needs the
    # toolkit, the program a GPU. The guide is hccl_test's with its compile line made nvcc's.
    cuda = _HCCL_GUIDE.replace("g++ -std=c++14 -O2 test.cpp", "nvcc -O2 test.cu").replace(
        "$ASCEND_HOME_PATH", "/usr/local/cuda"
    )
    cuda = cuda.replace("-lhccl -lascendcl", "-lnccl")
    build, run = _read(cuda).steps
    assert (build.needs.toolkit, build.needs.device_kind) == (True, "gpu")
    assert (run.needs.devices, run.needs.device_kind) == (1, "gpu")
    unlinked = cuda.replace("-lnccl", "-cudart none")
    assert [s.needs.devices for s in _read(unlinked).steps] == [0, 0]
