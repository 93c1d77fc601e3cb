"""Verdicts the outside tester of session 22 found wrong (/work/notes/outsider22.md), each
tested at its class on real lines: the CUDA stack GroundingDINO (IDEA-Research/
GroundingDINO@856dde20), SAM 2 (facebookresearch/sam2@2b90b9f5) and Grounded-SAM
(IDEA-Research/Grounded-Segment-Anything@126abe63)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.inputs import read_report
from bringup.model import Component, Requirement, file_source
from bringup.model.rules import Rule
from bringup.solve import Catalogue, SolveOptions, host_facts, solve
from solve_inputs import catalogue, host

DATA = Path(__file__).resolve().parents[1] / "data" / "outsider22"
NPU_SMI_REPORT = DATA / "npusmi_vllm_ascend_152.txt"
"""vllm-project/vllm-ascend#152: `npu-smi info` of a host with 2 x 910B1 (first line: URL)."""


def _sam2(*requirements: Requirement) -> Component:
    return Component(name="sam2", path="sam2", role="other", requirements=requirements)


# facebookresearch/sam2@2b90b9f5 INSTALL.md:28 "you can reinstall SAM 2 on a GPU machine ...",
# read by the scan as GPUs >= 1 (medium).
SAM2_GPU = Requirement(
    subject="gpu_count",
    spec=">=1",
    component="sam2",
    source=file_source("sam2/INSTALL.md", 28),
    confidence="medium",
)


def test_a_report_that_lists_npus_only_has_no_gpu() -> None:
    """Item 1: an npu-smi report names the host's accelerators (2 x 910B); a repo that needs
    a GPU needs other hardware there, as on `--target 910B:2`, never 'runs here'."""
    snapshot = read_report(str(NPU_SMI_REPORT))
    host = host_facts(snapshot)
    gpus = host.value("gpu_count")
    assert gpus is not None
    assert gpus.values == ("0",)
    assert gpus.source.ref.endswith("npusmi_vllm_ascend_152.txt")
    npus = host.value("npu_count")
    assert npus is not None
    assert npus.values == ("2",)

    resolution = solve([_sam2(SAM2_GPU)], snapshot, [], catalogue({}), SolveOptions())
    (verdict,) = resolution.verdicts
    assert verdict.status == "needs_hardware"
    assert [o.subject for o in verdict.obstacles if o.kind == "hardware"] == ["gpu_count"]


def test_a_report_with_no_device_at_all_leaves_the_gpu_unknown() -> None:
    """The other side of item 1: a report that lists no accelerator (a bare `pip list`) says
    nothing of GPUs; the count stays unknown (constructed input: two lines of pip output)."""
    from bringup.probe.importers import import_report

    snapshot = import_report("Package Version\ntorch 2.5.1\n", "pip-list.txt")
    gpus = host_facts(snapshot).value("gpu_count")
    assert gpus is not None
    assert gpus.status == "unknown"


def test_a_target_names_an_nvidia_gpu_by_its_product_name() -> None:
    """Item 18: `--target A100:1` / `H100:8` (the names a CUDA user types) are the compute
    capability NVIDIA's list gives them (developer.nvidia.com/cuda-gpus: A100 8.0, H100 9.0);
    `a100` in any case; the target's name stays as typed."""
    from bringup.kb import load_knowledge_base
    from bringup.solve import knowledge_catalogue
    from bringup.solve.target import device_host

    known = knowledge_catalogue(load_knowledge_base())
    for text, capability, count in (("A100:1", "8.0", "1"), ("h100:8", "9.0", "8")):
        host = device_host(text, known)
        cc, gpus = host.value("compute_capability"), host.value("gpu_count")
        assert cc is not None
        assert cc.values == (capability,)
        assert gpus is not None
        assert gpus.values == (count,)
        assert cc.source.ref == f"--target {text}"
    assert device_host("910B:8", known).value("chip").values == ("910B",)  # type: ignore[union-attr]


def test_an_unknown_product_is_bad_input_that_lists_the_products(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bringup.cli.main import main

    assert main(["check", str(DATA), "--target", "Z100:8"]) == 2
    err = capsys.readouterr().err
    assert "unknown chip 'Z100'" in err
    assert "products: " in err
    assert "A100" in err
    assert "H100" in err


def _conda(name: str):  # type: ignore[no-untyped-def]
    from bringup.scan.conda_env import extract_conda_env
    from bringup.scan.extraction import SourceFile

    text = (DATA / name).read_text(encoding="utf-8")
    return extract_conda_env(SourceFile(ref="environment.yml", rel="environment.yml", text=text))


@pytest.mark.parametrize(
    ("name", "line"),
    [
        # GroundingDINO@856dde20 environment.yaml:29 `blas-devel=3.9.0=18_win64_mkl`
        ("groundingdino_environment.yaml", 29),
        # cuemacro/tcapy@6a06f732 environment_windows_py37tca.yml:103
        # `m2w64-gcc-libgfortran=5.3.0=6`
        ("tcapy_environment_windows_py37tca.yml", 103),
    ],
)
def test_a_conda_export_for_windows_is_no_requirement_here(name: str, line: int) -> None:
    """Item 4: a Windows export (win64 builds, pywin32, ucrt, vc14_runtime) cannot be created
    on Linux; its ~250 pins are that machine's: a note, no requirement, so nothing of it
    wins over requirements.txt (GroundingDINO's supervision ==0.6.0 against >=0.22.0)."""
    found = _conda(name)
    assert found.requirements == ()
    (note,) = found.findings
    assert note.kind == "note"
    assert "a conda export for Windows" in note.message
    assert note.sources[0].line == line


def test_the_linux_export_of_the_same_environment_still_binds() -> None:
    """The other side: tcapy's Linux export of the same environment (py37tca) is read."""
    found = _conda("tcapy_environment_linux_py37tca.yml")
    assert not [f for f in found.findings if f.kind == "note"]
    python = [r for r in found.requirements if r.subject == "python"]
    assert [(r.spec, r.source.line) for r in python] == [("==3.7.9.*", 172)]
    assert len(found.requirements) > 200


def _kb() -> tuple[tuple[Rule, ...], Catalogue]:
    from bringup.kb import load_knowledge_base
    from bringup.solve import knowledge_catalogue

    kb = load_knowledge_base()
    return kb.rules(chips=()), knowledge_catalogue(kb)


def _kb_without_torch_1_11() -> tuple[tuple[Rule, ...], Catalogue]:
    """The knowledge base as these cases were written against it: torch 1.11.0 known only as
    a release, no row saying its Python (torch_cuda.toml's ``torch-1.11`` rows came later)."""
    rules, known = _kb()
    return tuple(r for r in rules if not r.id.startswith("torch-1.11")), known


def _gsam(*also: str) -> Component:
    """Grounded-SAM@126abe63's CUDA need as the scan reads it: README.md:177 `export
    CUDA_HOME=/path/to/cuda-11.3/`, repeated where ``also`` says."""
    cuda = Requirement(
        subject="cuda",
        spec="==11.3.*",
        component="gsam",
        source=file_source("gsam/README.md", 177),
        also_at=tuple(file_source(f"gsam/{p.split(':')[0]}", int(p.split(":")[1])) for p in also),
    )
    return Component(name="gsam", path="gsam", role="other", requirements=(cuda,))


def test_a_repo_that_builds_with_nvcc_gets_a_gcc_nvcc_accepts() -> None:
    """Item 3: GroundingDINO/setup.py:80 builds a CUDAExtension; nvcc 11.3 refuses GCC > 10
    (kb nvcc_gcc-11.3, from torch's cpp_extension.py); the host has GCC 12.2. The plan installs
    a GCC < 11 for that environment instead of planning a build that stops at host_config.h."""
    rules, known = _kb()
    resolution = solve(
        [_gsam("GroundingDINO/setup.py:80")], host(gcc="12.2.0"), rules, known, SolveOptions()
    )
    (env,) = resolution.environments
    gcc = env.pin("gcc")
    assert gcc is not None
    assert not gcc.installed
    assert gcc.version.split(".")[0] in ("9", "10")
    (verdict,) = resolution.verdicts
    assert ("install", "gcc") in {(o.kind, o.subject) for o in verdict.obstacles}
    (check,) = [c for c in resolution.checks if c.subject == "gcc"]
    assert check.source.ref == "gsam/GroundingDINO/setup.py"
    assert check.source.line == 80


def test_a_repo_that_only_names_the_toolkit_keeps_the_host_gcc() -> None:
    """The other side: a CUDA need stated in prose only (no build file, no build step) says
    nothing of compiling; the host compiler is no need of it."""
    rules, known = _kb()
    resolution = solve([_gsam()], host(gcc="12.2.0"), rules, known, SolveOptions())
    (env,) = resolution.environments
    assert env.pin("gcc") is None


def test_torch_is_not_a_release_no_row_says_the_python_of() -> None:
    """Item 2: Grounded-SAM@126abe63 README.md:149 asks `pytorch>=1.7`. torch 1.11.0 is a
    release the knowledge base knows only from torch_npu rows; no torch_cuda.toml row says its
    Python (it has no wheel for 3.11). A torch whose rows are known is chosen instead."""
    torch = Requirement(
        subject="torch", spec=">=1.7", component="gsam", source=file_source("gsam/README.md", 149)
    )
    gsam = Component(name="gsam", path="gsam", role="other", requirements=(torch,))
    rules, known = _kb()
    resolution = solve([gsam], host(), rules, known, SolveOptions())
    (env,) = resolution.environments
    pin = env.pin("torch")
    assert pin is not None
    assert pin.version != "1.11.0"
    (verdict,) = resolution.verdicts
    assert verdict.status == "runs_after"


def test_a_pin_no_row_says_the_python_of_is_not_runs_here() -> None:
    """Item 2, what is left when a repo pins it: rbrtwlz/fastai_object_detection@8935053b
    setup.py:12 `install_requires = ['torch==1.11.0', ...]` on Python 3.11.7: the verdict is
    'unverified', naming the table without the row, and the exit code is 1."""
    from bringup.errors import ExitCode
    from bringup.exitcodes import solve_exit_code
    from bringup.report.verdict_wording import explain_verdict

    torch = Requirement(
        subject="torch", spec="==1.11.0", component="fod", source=file_source("fod/setup.py", 12)
    )
    fod = Component(name="fod", path="fod", role="other", requirements=(torch,))
    rules, known = _kb_without_torch_1_11()
    resolution = solve([fod], host(), rules, known, SolveOptions())
    (verdict,) = resolution.verdicts
    assert verdict.status == "unverified"
    (unchecked,) = [o for o in verdict.obstacles if o.kind == "unchecked"]
    assert (unchecked.subject, unchecked.detail) == ("torch", "1.11.0")
    assert "torch_cuda.toml" in unchecked.missing[0]
    assert "Python 3.11.7" in unchecked.missing[0]
    assert explain_verdict(verdict).startswith("may run here after installing")
    assert solve_exit_code(resolution) == ExitCode.PROBLEMS


def test_a_copy_in_another_interpreter_says_nothing_of_this_one() -> None:
    """Item 2 on a host whose default Python 3.8.18 has torch 1.11.0 installed (constructed
    host; the repo is fastai_object_detection's setup.py:12 `torch==1.11.0` beside a
    constructed Python >=3.11): the copy in 3.8 vouches for no wheel for 3.11.7, so the pin
    to install there is 'unverified' as a pin no copy is installed of."""
    torch = Requirement(
        subject="torch", spec="==1.11.0", component="fod", source=file_source("fod/setup.py", 12)
    )
    python = Requirement(
        subject="python", spec=">=3.11", component="fod", source=file_source("fod/setup.py", 13)
    )
    fod = Component(name="fod", path="fod", role="other", requirements=(torch, python))
    rules, known = _kb_without_torch_1_11()
    snapshot = host(pythons=("3.8.18", "3.11.7"), packages={"torch": "1.11.0"})
    resolution = solve([fod], snapshot, rules, known, SolveOptions())
    (env,) = resolution.environments
    pin = env.pin("torch")
    assert pin is not None
    assert (pin.version, pin.installed) == ("1.11.0", False)
    (verdict,) = resolution.verdicts
    assert verdict.status == "unverified"
    (unchecked,) = [o for o in verdict.obstacles if o.kind == "unchecked"]
    assert "Python 3.11.7" in unchecked.missing[0]


def test_a_recommendation_not_followed_is_not_runs_here() -> None:
    """Item 19: `--what-if torch=2.5.1` on Grounded-SAM's CUDA ==11.3.* (README.md:177):
    torch 2.5.1 is built for CUDA 11.8, 12.1 and 12.4 (kb torch_cuda/torch-2.5-cuda); the
    verdict says so instead of 'runs here'."""
    rules, known = _kb()
    options = SolveOptions(what_if=(("torch", "2.5.1"),))
    torch = Requirement(
        subject="torch", spec=">=1.7", component="gsam", source=file_source("gsam/README.md", 149)
    )
    gsam = _gsam()
    gsam = Component(
        name="gsam", path="gsam", role="other", requirements=(*gsam.requirements, torch)
    )
    resolution = solve([gsam], host(), rules, known, options)
    (verdict,) = resolution.verdicts
    assert verdict.status == "unverified"
    (unchecked,) = [o for o in verdict.obstacles if o.kind == "unchecked"]
    assert unchecked.subject == "cuda"
    assert unchecked.detail.startswith("11.3")
    assert "torch 2.5.1 goes with CUDA ==11.8.* || ==12.1.* || ==12.4.*" in unchecked.missing[0]


def test_torch_and_the_toolkit_beside_it_share_a_major() -> None:
    """torch.utils.cpp_extension raises when the toolkit's major is not torch's build's: with
    CUDA ==11.3.* asked, torch is one with a CUDA 11 build (2.7 or older), never 2.8+; since the
    knowledge base has torch 1.12 (cu113 wheels, RELEASE.md), the one built for 11.3 itself."""
    torch = Requirement(
        subject="torch", spec=">=1.7", component="gsam", source=file_source("gsam/README.md", 149)
    )
    gsam = _gsam()
    gsam = Component(
        name="gsam", path="gsam", role="other", requirements=(*gsam.requirements, torch)
    )
    rules, known = _kb()
    resolution = solve([gsam], host(), rules, known, SolveOptions())
    (env,) = resolution.environments
    pin = env.pin("torch")
    assert pin is not None
    assert pin.version == "1.12.1"


STACK = "examples/six-repos"
DEV = "tests/fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver"


def test_check_and_solve_say_which_plan_their_pins_are(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Item 15: check's table pins environments for the hardware the repos ask for (the newest
    each row allows: Python 3.10 beside torch 2.1.0) and shows this machine's where they differ
    (Python 3.10.13, installed); solve answers for this host. Each says which it is."""
    main(["check", STACK, "--snapshot", DEV])
    screen = " ".join(capsys.readouterr().out.split())
    assert "pins that differ: CANN 7.0.0, Python 3.10, torch 2.1.0" in screen
    assert "here: CANN 7.0.0 +, Python 3.10.13" in screen
    assert "here = this machine's plan where it differs: it takes what is installed first" in screen
    main(["solve", STACK, "--snapshot", DEV])
    first = capsys.readouterr().out.splitlines()[0]
    assert first == "two environments on this host, taking what it has installed first"


def test_a_report_that_lists_gpus_only_has_no_npu() -> None:
    """Item 1 the other way: pytorch/pytorch#43058's issue body lists 2 x V100
    (tests/fixtures/reports/SOURCE.md); an NPU repo there needs other hardware."""
    report = (
        Path(__file__).resolve().parents[1] / "fixtures/reports/pytorch-43058-v100-issue-body.txt"
    )
    npus = host_facts(read_report(str(report))).value("npu_count")
    assert npus is not None
    assert npus.values == ("0",)


def test_a_toolkit_that_accepts_the_host_gcc_keeps_it() -> None:
    """Item 3 beside it: facebookresearch/sam2@2b90b9f5 builds `CUDAExtension("sam2._C")` at
    setup.py:103 with CUDA ==12.1.* (INSTALL.md:7); nvcc 12.1 takes GCC 12 (kb nvcc_gcc-12.1),
    so the host's GCC 12.2.0 is the pin and nothing is installed for it."""
    cuda = Requirement(
        subject="cuda",
        spec="==12.1.*",
        component="sam2",
        source=file_source("sam2/INSTALL.md", 7),
        also_at=(file_source("sam2/setup.py", 103),),
    )
    rules, known = _kb()
    resolution = solve([_sam2(cuda)], host(gcc="12.2.0"), rules, known, SolveOptions())
    (env,) = resolution.environments
    gcc = env.pin("gcc")
    assert gcc is not None
    assert (gcc.version, gcc.installed) == ("12.2.0", True)


def test_a_row_that_pairs_the_release_with_a_python_vouches_for_it() -> None:
    """torch 1.11.0 beside torch_npu 1.11.0.post14: Ascend/pytorch's COMPATIBILITY row
    (kb torch_npu-1.11.0.post14) pairs it with Python >=3.7.5,<3.11, so its Python is known
    there and the verdict is no 'unverified' (constructed repo: one line asking that
    torch_npu)."""
    npu = Requirement(
        subject="torch_npu",
        spec="==1.11.0.post14",
        component="adapter",
        source=file_source("adapter/requirements.txt", 1),
    )
    adapter = Component(name="adapter", path="adapter", role="other", requirements=(npu,))
    rules, known = _kb()
    resolution = solve([adapter], host(), rules, known, SolveOptions())
    (env,) = resolution.environments
    torch, python = env.pin("torch"), env.pin("python")
    assert torch is not None
    assert python is not None
    assert torch.version == "1.11.0"
    assert python.version.startswith("3.10")
    (verdict,) = resolution.verdicts
    assert verdict.status == "runs_after"
