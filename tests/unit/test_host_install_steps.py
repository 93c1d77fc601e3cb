"""An install step that installs only another kind's packages, by its own words or by its
script's lines, is not planned on a host of this kind, nor are the lines of a script it runs
(outsider23 D10: verl's README ran install_vllm_sglang_mcore.sh, vllm 0.11 and CUDA wheels,
in the NPU environment).

Each line below is montehoover/verl@9c46ae818ca42f47e1bf6e481c7da314e9c4663e at the path:line
beside it."""

from __future__ import annotations

from bringup.model import Component, Requirement, Step, file_source
from bringup.solve.hoststeps import install_kinds
from bringup.solve.kinds import for_host


def _line(subject: str, spec: str, where: str, line: int) -> Requirement:
    return Requirement(
        subject=subject, spec=spec, component="verl", source=file_source(where, line)
    )


def _step(argv: tuple[str, ...], where: str, line: int) -> Step:
    return Step(name=" ".join(argv), kind="install", argv=argv, source=file_source(where, line))


SCRIPT = "scripts/install_vllm_sglang_mcore.sh"
SCRIPT_LINES = (
    _line("vllm", "==0.11.0", SCRIPT, 12),  # pip install --no-cache-dir "vllm==0.11.0"
    _line("pypi:flash-attn", "==2.8.1", SCRIPT, 31),  # flash_attn-2.8.1+cu12torch2.8...whl
    _line("pypi:nvidia-cudnn-cu12", "==9.10.2.21", SCRIPT, 54),
    _line("cudnn", "==9.10.2.21", SCRIPT, 54),
)
RUNS_SCRIPT = _step(("bash", SCRIPT), "README.md", 20)
OWN_INSTALL = _step(("pip", "install", "--no-deps", "-e", "."), "README.md", 21)
FLASH_ATTN = _step(
    ("pip3", "install", "flash-attn", "--no-build-isolation"), "docs/README_vllm0.7.md", 23
)
VLLM = _step(("pip3", "install", "vllm==0.7.3"), "docs/README_vllm0.7.md", 20)
TORCH_NPU = _line("torch_npu", "==2.7.1", "docs/ascend_tutorial/ascend_quick_start.rst", 50)
VERL = Component(
    name="verl",
    path="verl",
    role="training",
    requirements=(*SCRIPT_LINES, TORCH_NPU),
    steps=(RUNS_SCRIPT, OWN_INSTALL, FLASH_ATTN, VLLM),
)


def test_the_kind_a_step_installs_for_is_read_from_its_words_or_its_script() -> None:
    assert install_kinds(RUNS_SCRIPT, VERL) == {"cuda"}
    assert install_kinds(FLASH_ATTN, VERL) == {"cuda"}
    assert install_kinds(OWN_INSTALL, VERL) == set()
    assert install_kinds(VLLM, VERL) == set()


def test_on_an_npu_host_the_cuda_steps_and_their_scripts_lines_are_left_out() -> None:
    npu = for_host(VERL, "ascend")
    assert npu.steps == (OWN_INSTALL, VLLM)
    subjects = {r.subject for r in npu.requirements}
    # vllm 0.11.0 is no CUDA subject: it goes because the script that installs it does
    assert "vllm" not in subjects
    assert "torch_npu" in subjects


def test_on_a_cuda_host_they_stay() -> None:
    cuda = for_host(VERL, "cuda")
    assert cuda.steps == VERL.steps
    assert {r.subject for r in cuda.requirements} >= {"vllm", "pypi:flash-attn", "cudnn"}
