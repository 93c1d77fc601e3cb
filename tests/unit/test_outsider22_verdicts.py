"""An outside tester's verdict defects (session 22, new user on IST-DASLab/marlin,
mit-han-lab/llm-awq and HowXu/alphafold3-pytorch-npu), each reproduced on one more public
repo. Each test quotes the lines of a public repo (repo@commit path:line)."""

from __future__ import annotations

import shutil
from pathlib import Path

import msgspec

from bringup.model import Source, Step
from bringup.scan.repo import scan_repo
from bringup.scan.runscopes import run_scopes

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


def test_a_sub_project_the_repo_s_guide_builds_is_the_repo_s(tmp_path: Path) -> None:
    # item 3: the plan ran `cd awq/kernels && python setup.py install` (README.md:123-124) while
    # the verdict read none of awq/kernels' needs (its C++17, setup.py:6)
    _awq(tmp_path, _awq_guide())
    component = scan_repo(tmp_path, ".", name="llm-awq").component
    assert ("awq/kernels", "python setup.py install") in {(s.cwd, s.name) for s in component.steps}
    own = {(r.subject, r.spec, r.source.ref) for r in component.requirements}
    assert ("cxx_standard", ">=17", "awq/kernels/setup.py") in own
    assert "awq/kernels" not in {scope.name for scope in component.scopes}


def test_a_sub_project_no_step_of_the_repo_runs_stays_beside_it(tmp_path: Path) -> None:
    # the same tree with the guide cut before step 3 (README.md:108-119): awq/kernels is built
    # by nothing the plan runs, so its needs stay its own (DESIGN, Scopes)
    _awq(tmp_path, _awq_guide().split("* For **edge devices**", maxsplit=1)[0])
    component = scan_repo(tmp_path, ".", name="llm-awq").component
    assert "cxx_standard" not in {r.subject for r in component.requirements}
    kernels = [scope for scope in component.scopes if scope.name == "awq/kernels"]
    assert [r.subject for r in kernels[0].requirements if r.subject == "cxx_standard"]


def test_the_sub_projects_a_step_runs_in_or_names() -> None:
    # Dao-AILab/flash-attention@0251105a README.md:51-52 (`cd hopper`, `python setup.py
    # install`: FlashAttention-3, whose hopper/setup.py:509 needs CUDA >= 12.3) runs in hopper;
    # README.md:571 `pytest tests/test_flash_attn_ck.py` names the tests feature, never pulled in
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
    assert run_scopes([hopper, tests], scopes) == {"hopper": hopper}
    # a script named by its path from the root runs its folder's sub-project (constructed)
    named = msgspec.structs.replace(tests, argv=("python", "csrc/layer_norm/x.py"), cwd=".")
    assert run_scopes([named], scopes) == {"csrc/layer_norm": named}
