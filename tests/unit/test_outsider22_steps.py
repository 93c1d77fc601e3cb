"""Steps and scopes an outside tester found wrong (items 3, 4, 9 and 11 left open from the
session-21 tester's run on IST-DASLab/marlin, mit-han-lab/llm-awq and
HowXu/alphafold3-pytorch-npu; fixed in session 22), each reproduced on one more public repo.
Each test quotes the lines of a public repo (repo@commit path:line)."""

from __future__ import annotations

import shutil
from pathlib import Path

import msgspec

from bringup.errors import ExitCode
from bringup.exitcodes import check_exit_code
from bringup.model import Source, Step, StepNeeds
from bringup.plan import plan
from bringup.scan.commands import Command
from bringup.scan.devicewords import option_device
from bringup.scan.fillins import fill_ins
from bringup.scan.repo import scan_repo
from bringup.scan.runscopes import step_scope
from bringup.scan.stack import scan_stack
from bringup.scan.stepkinds import command_needs
from bringup.scan.workspace import CLONE
from bringup.solve import solve
from solve_inputs import catalogue, host

_TREES = Path(__file__).parents[1] / "fixtures" / "repos" / "outsider22"
"""Real files of public repos, cut as SOURCE.md there says."""


def _awq(tmp_path: Path, readme: str) -> None:
    """llm-awq's pyproject.toml and awq/kernels/setup.py (d6e797a4) beside ``readme``."""
    shutil.copytree(_TREES / "llm-awq", tmp_path, dirs_exist_ok=True)
    (tmp_path / "README.md").write_text(readme)


def _awq_guide() -> str:
    """mit-han-lab/llm-awq@d6e797a4 README.md:108-125, its install guide (step 3 builds
    awq/kernels)."""
    return (_TREES / "llm-awq" / "README.md").read_text()


def test_a_step_the_guide_runs_in_a_sub_project_is_the_sub_project_s(tmp_path: Path) -> None:
    # item 3: the plan ran `cd awq/kernels && python setup.py install` (README.md:123-124) while
    # the verdict read none of awq/kernels' needs (its C++17, setup.py:6): the step is the
    # sub-project's, beside the repo with those needs, and the plan runs the repo's own steps
    _awq(tmp_path, _awq_guide())
    component = scan_repo(tmp_path, ".", name="llm-awq").component
    assert "python setup.py install" not in {s.name for s in component.steps}
    assert "pip install -e ." in {s.name for s in component.steps}
    assert "cxx_standard" not in {r.subject for r in component.requirements}
    kernels = next(scope for scope in component.scopes if scope.name == "awq/kernels")
    assert [(s.cwd, s.name) for s in kernels.steps] == [("awq/kernels", "python setup.py install")]
    assert "cxx_standard" in {r.subject for r in kernels.requirements}


def test_a_sub_project_no_step_runs_has_no_step(tmp_path: Path) -> None:
    # the same tree with the guide cut before step 3 (README.md:108-119): awq/kernels keeps its
    # needs and has no step (a test that the one above does not pass by accident)
    _awq(tmp_path, _awq_guide().split("* For **edge devices**", maxsplit=1)[0])
    component = scan_repo(tmp_path, ".", name="llm-awq").component
    kernels = next(scope for scope in component.scopes if scope.name == "awq/kernels")
    assert kernels.steps == ()
    assert "cxx_standard" in {r.subject for r in kernels.requirements}


def test_the_sub_project_a_step_runs_in_or_names() -> None:
    # Dao-AILab/flash-attention@0251105a README.md:51-52 (`cd hopper`, `python setup.py
    # install`: FlashAttention-3, whose hopper/setup.py:509 needs CUDA >= 12.3) runs in hopper;
    # README.md:571 `pytest tests/test_flash_attn_ck.py` names the tests feature: the repo's
    hopper = Step(
        name="python setup.py install",
        kind="install",
        argv=("python", "setup.py", "install"),
        source=Source(kind="file", ref="README.md", line=52),
        cwd="hopper",
    )
    tests = Step(
        name="pytest tests/test_flash_attn_ck.py",
        kind="test",
        argv=("pytest", "tests/test_flash_attn_ck.py"),
        source=Source(kind="file", ref="README.md", line=571),
    )
    scopes = ["hopper", "csrc/layer_norm", "tests", "ci"]
    assert [step_scope(s, scopes) for s in (hopper, tests)] == ["hopper", None]
    # ModelTC/lightx2v@0591c35e docs/EN/source/getting_started/quickstart.md:36 `bash
    # scripts/wan/run_wan_t2v.sh` runs a script of scripts/wan, the innermost sub-project
    wan = msgspec.structs.replace(tests, kind="run", argv=("bash", "scripts/wan/run_wan_t2v.sh"))
    assert step_scope(wan, ["scripts", "scripts/wan"]) == "scripts/wan"
    # a file the step only reads is no part it runs (the example stack's infer-adapter
    # README.md:35, constructed: examples/six-repos; its models/ is a sub-project)
    convert = msgspec.structs.replace(
        tests, kind="convert", argv=("bash", "scripts/convert.sh", "models/resnet18.onnx")
    )
    assert step_scope(convert, ["models"]) is None


def _tree(tmp_path: Path, name: str) -> dict[int | None, Step]:
    """The steps of fixture tree ``name`` (SOURCE.md) scanned, by source line."""
    shutil.copytree(_TREES / name, tmp_path, dirs_exist_ok=True)
    return {s.source.line: s for s in scan_repo(tmp_path, ".", name=name).component.steps}


def test_a_path_to_fill_in_is_the_user_s_input() -> None:
    # item 9: mit-han-lab/llm-awq@d6e797a4 README.md:192 and facebookresearch/segment-anything
    # @dca509fe README.md:77 were steps `up` ran as written
    awq = ("python", "-m", "awq.entry", "--model_path", "/PATH/TO/LLAMA3/llama3-8b", "--w_bit", "4")
    assert fill_ins(awq) == ("/PATH/TO/LLAMA3/llama3-8b",)
    sam = ("python", "scripts/amg.py", "--checkpoint", "<path/to/checkpoint>", "--input", "x.jpg")
    assert fill_ins(sam) == ("<path/to/checkpoint>",)
    # constructed: the other shapes of the class, and words that are none
    assert fill_ins(("python", "run.py", "--model", "your_model_dir", "--data=/your/data")) == (
        "your_model_dir",
        "--data=/your/data",
    )
    assert fill_ins(("python", "run.py", "--out", "yours", "--log", "/var/log/yourself")) == ()
    assert fill_ins(("pip", "install", "https://host/path/to/pkg.whl")) == ()


def test_a_placeholder_step_waits_for_the_user_and_its_script_says_its_device(
    tmp_path: Path,
) -> None:
    # item 9: segment-anything README.md:77 fills in four words; scripts/amg.py:55 runs on
    # `--device` default "cuda": the step was a "CPU reference run"
    steps = _tree(tmp_path, "segment-anything")
    amg = steps[5].needs
    assert amg.inputs == (
        "<path/to/checkpoint>",
        "<model_type>",
        "<image_or_folder>",
        "<path/to/output>",
    )
    assert (amg.devices, amg.device_kind) == (1, "gpu")


def test_a_step_runs_from_the_folder_that_holds_its_script(tmp_path: Path) -> None:
    # item 11: flash-attention README.md:57 `pytest -q -s test_flash_attn.py` ran from the root,
    # which has no such file; the guide went into hopper at README.md:51 (tests/ holds another
    # test_flash_attn.py: the guide's folder decides). Its test calls the GPU with no fallback
    # (hopper/test_flash_attn.py:40)
    steps = _tree(tmp_path, "flash-attention")
    assert (steps[4].cwd, steps[9].cwd) == ("hopper", "hopper")
    assert (steps[9].needs.devices, steps[9].needs.device_kind) == (1, "gpu")


def test_a_script_the_repo_has_once_or_nowhere(tmp_path: Path) -> None:
    # item 11: HowXu/alphafold3-pytorch-npu README.MD:35 `python pt_6.py` is usage_test/pt_6.py,
    # whose NPU use falls back (pt_6.py:521 is_available); migration_work_report.md:183 runs a
    # stress_test.py the repo lacks, on `--device npu` ("needs nothing" before)
    steps = _tree(tmp_path, "af3npu")
    pt6 = steps[6]
    assert (pt6.cwd, pt6.needs.devices, pt6.needs.missing) == ("usage_test", 0, ())
    stress = next(s for s in steps.values() if s.argv[1] == "stress_test.py")
    assert stress.needs.missing == ("stress_test.py",)
    assert (stress.needs.devices, stress.needs.device_kind) == (1, "npu")


def test_the_device_a_command_s_options_choose() -> None:
    # item 11: migration_work_report.md:183 (above); constructed: the other spellings, the CPU
    stress = ("python", "stress_test.py", "--device", "npu", "--duration", "24h")
    assert option_device(stress) == "npu"
    assert command_needs(_command(stress)) == StepNeeds(devices=1, device_kind="npu")
    assert option_device(("python", "x.py", "--device=cuda:0")) == "gpu"
    assert option_device(("python", "x.py", "trainer.device=npu")) == "npu"
    assert option_device(("python", "x.py", "--npu")) == "npu"
    assert option_device(("python", "x.py", "--device", "cpu")) == "cpu"
    assert command_needs(_command(("python", "x.py", "--device", "cpu"))) == StepNeeds()
    assert option_device(("python", "x.py", "--device", "0")) is None


def _command(argv: tuple[str, ...]) -> Command:
    return Command(argv, (), 1, " ".join(argv), True)


def test_a_step_to_fill_in_is_skipped_and_a_missing_script_fails_check(tmp_path: Path) -> None:
    # items 9 and 11 through the plan: segment-anything README.md:77 (placeholders) and
    # alphafold3-pytorch-npu migration_work_report.md:183 (stress_test.py, missing) are never
    # run by `up`; the first waits for the user (check's exit stays 0), the second runs
    # nowhere as written (exit 1)
    sam = scan_repo(_copied(tmp_path / "sam", "segment-anything"), ".").component
    af3 = scan_repo(_copied(tmp_path / "af3", "af3npu"), ".").component
    snapshot = host(packages={})
    for component, kinds, code in (
        (sam, {5: "input"}, ExitCode.OK),
        (af3, {6: None, 8: "missing", 13: "missing"}, ExitCode.PROBLEMS),
    ):
        resolution = solve([component], snapshot, [], catalogue({}))
        made = plan([component], resolution, snapshot)
        reasons = {s.source.line: s.reason.kind if s.reason else None for s in made.steps}
        assert {line: reasons[line] for line in kinds} == kinds
        assert check_exit_code(resolution, made) == code


def _copied(to: Path, name: str) -> Path:
    shutil.copytree(_TREES / name, to)
    return to


def _workspace(tmp_path: Path) -> Path:
    """A directory where three public repos were cloned side by side (the trees of SOURCE.md;
    each ``.git`` constructed, empty: only its presence counts)."""
    ws = tmp_path / "ws"
    for name in ("llm-awq", "segment-anything", "flash-attention"):
        shutil.copytree(_TREES / name, ws / name)
        (ws / name / ".git").mkdir()
    return ws


def test_clones_side_by_side_are_separate_repos_whatever_the_top_holds(tmp_path: Path) -> None:
    # item 4: with a .gitignore (constructed) at the workspace's top, `check ws` read one repo,
    # "ws runs here", and the walk skipped every clone without a word
    ws = _workspace(tmp_path)
    (ws / ".gitignore").write_text("*.pt\n")
    stack = scan_stack([ws])
    assert [c.name for c in stack.components] == ["flash-attention", "llm-awq", "segment-anything"]
    notes = [f for f in stack.findings if f.subject == CLONE]
    assert [f.component for f in notes] == ["flash-attention", "llm-awq", "segment-anything"]
    assert str(ws) in notes[0].message


def test_a_repo_holding_a_clone_is_checked_beside_it(tmp_path: Path) -> None:
    # item 4: a top with build files of its own (a requirements.txt, constructed) is a repo
    # too; a folder its .gitmodules declares (constructed, git's format) is its submodule
    ws = _workspace(tmp_path)
    (ws / "requirements.txt").write_text("numpy\n")
    (ws / ".gitmodules").write_text(
        '[submodule "segment-anything"]\n\tpath = segment-anything\n'
        "\turl = https://github.com/facebookresearch/segment-anything.git\n"
    )
    names = [c.name for c in scan_stack([ws]).components]
    assert names == ["ws", "flash-attention", "llm-awq"]
