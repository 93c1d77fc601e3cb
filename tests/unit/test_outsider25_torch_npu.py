"""On an NPU target, a repo that needs torch_npu gets a torch some torch_npu release supports,
or a conflict that says which combination no release supports (/work/notes/outsider25.md,
D2 and D3). nano-chat-NPU names torch_npu in its README and its ``npu`` dependency group;
the group's soft line stood in for the README's, and the environment on a 910B pinned torch
2.14.0 with no torch_npu at all. AscendOpGenAgent's only torch_npu line is a script's inline
import. Fixtures: tests/fixtures/repos/outsider25/SOURCES.md (verbatim files)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.kb import load_knowledge_base
from bringup.model import Component
from bringup.scan import scan_stack
from bringup.solve import knowledge_catalogue, solve
from bringup.solve.kinds import for_host
from solve_inputs import host, requirement

ROOT = Path(__file__).resolve().parents[2]
REPOS = ROOT / "tests/fixtures/repos/outsider25"
NANOCHAT = str(REPOS / "nano-chat-NPU")
"""zhonganbi102-netizen/nano-chat-NPU@fe64c6dd: README.md:22 torch_npu, pyproject.toml:16
torch>=2.8.0, pyproject.toml:47-49 ``npu = ["torch_npu"]``."""
OPGEN = str(REPOS / "AscendOpGenAgent")
"""wangdengkai/AscendOpGenAgent@8b7a8f41: README.en.md:47,49 CANN 8.0+, PyTorch 2.0+;
skills/ascendc/ascendc-translator/references/evaluate_ascendc.sh:115 imports torch_npu."""


def _pins(capsys: pytest.CaptureFixture[str], repo: str) -> dict[str, str]:
    main(["check", repo, "--target", "910B:8", "--json"])
    data = json.loads(capsys.readouterr().out)["data"]
    (environment,) = data["design"]["environments"]
    return {pin["subject"]: pin["version"] for pin in environment["pins"]}


@pytest.mark.parametrize("repo", [NANOCHAT, OPGEN], ids=["npu-group", "inline-import"])
def test_an_npu_target_pins_a_torch_npu_release_and_its_torch(
    capsys: pytest.CaptureFixture[str], repo: str
) -> None:
    pins = _pins(capsys, repo)
    assert "torch_npu" in pins
    pair = [f"torch_npu=={pins['torch_npu']}", f"torch=={pins['torch']}"]
    assert main(["kb", "why", *pair]) == 0  # the knowledge base calls them compatible
    capsys.readouterr()


def _said(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    main(argv)
    return " ".join(capsys.readouterr().out.split())


def test_no_release_for_the_combination_is_said_as_the_combination(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """torch_npu 2.5.1 pairs with CANN 8.1.RC1 and torch_npu 2.8.0 with torch 2.8.0: neither
    "no torch_npu release supports CANN 8.1.RC1" nor "... torch >= 2.8.0" is true alone.
    (71 releases since the 2.1.0.post3 row, outsider O8 #6; the git build
    2.9.0.post1+git4c901a4 is none to install, outsider10 #5.)"""
    argv = ["solve", NANOCHAT, "--target", "910B:8", "--what-if", "cann=8.1.RC1"]
    said = _said(capsys, argv)
    assert (
        "no torch_npu release supports both CANN 8.1.RC1 and torch >= 2.8.0: each of the "
        "knowledge base's 71 torch_npu releases needs another CANN or another torch"
    ) in said
    assert "supports CANN 8.1.RC1:" not in said
    assert main(["kb", "why", "torch_npu==2.5.1", "cann==8.1.RC1"]) == 0
    assert main(["kb", "why", "torch_npu==2.8.0", "torch==2.8.0"]) == 0
    capsys.readouterr()


def test_a_conflict_names_no_line_the_rows_make_needless() -> None:
    """OpenGVLab/InternVL@2410d1db internvl_chat_gpt_oss/requirements.txt:159 ``torch==2.7.0``
    against AscendOpGenAgent's torch_npu: no torch_npu release is built for torch 2.7.0, so
    AscendOpGenAgent's CANN >= 8.0 (a CANN every recent release supports) is no part of it."""
    kb = load_knowledge_base()
    opgen = scan_stack([OPGEN]).components[0]
    internvl = Component(
        name="internvl",
        path="internvl",
        role="other",
        requirements=(
            requirement(
                "internvl", "torch", "==2.7.0", "internvl_chat_gpt_oss/requirements.txt:159"
            ),
        ),
    )
    stack = [for_host(opgen, "ascend"), internvl]
    resolution = solve(stack, host(), kb.rules(), knowledge_catalogue(kb))
    (conflict,) = [c for c in resolution.conflicts if "torch_npu" in c.subjects]
    lines = {(i.component, i.subject) for i in conflict.items if i.kind == "requirement"}
    assert lines == {("AscendOpGenAgent", "torch_npu"), ("internvl", "torch")}


def test_repos_for_different_kinds_of_host_are_in_no_conflict(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """InternVL's sub-project (flash-attn: a GPU host) beside AscendOpGenAgent on a 910B: they
    never share an environment, so "no single torch_npu and torch for both" explains nothing.
    OpenGVLab/InternVL@2410d1db internvl_chat_gpt_oss/requirements.txt (verbatim fixture)."""
    internvl = str(REPOS / "internvl_chat_gpt_oss")
    said = _said(capsys, ["check", OPGEN, internvl, "--target", "910B:8"])
    assert "internvl_chat_gpt_oss cannot run on the target (needs a GPU" in said
    # its only conflict is its own: torch==2.7.0 (requirements.txt:159) with triton==3.4.0
    # (:165), where torch 2.7.0's wheel pins triton==3.3.0 (torch_triton.toml, outsider26 #4)
    assert "torch_npu and torch" not in said
    # README.en.md:48 "Triton Ascend", a distribution that works on NPUs alone: on this
    # CPU machine it needs them (outsider17 D2), on the target it has environment 1
    assert "AscendOpGenAgent environment 1 needs other hardware: Ascend NPUs >= 1" in said
    conflicts = said.partition("Conflicts")[2].partition("What this machine")[0]
    assert "no torch and triton satisfies all of internvl_chat_gpt_oss's lines" in conflicts
    assert "AscendOpGenAgent" not in conflicts


_TESTED = """# k1 (constructed)

## Requirements

- CANN 8.0 or later
- Ascend 910B

## Tested environment

| Software | Version |
|---|---|
| torch_npu | 2.1.0 |
"""
"""**Constructed** (review 25b H2): a README whose only torch_npu line is a tested
environment's row, beside a CANN floor no torch_npu 2.1.0 supports (it needs CANN 7.0.0)."""


def _tested_repo(tmp_path: Path) -> str:
    (tmp_path / "README.md").write_text(_TESTED, encoding="utf-8")
    manifest = '[project]\nname = "k1"\nversion = "0.1"\ndependencies = ["torch>=2.1"]\n'
    (tmp_path / "pyproject.toml").write_text(manifest, encoding="utf-8")
    return str(tmp_path)


def test_a_tested_row_stays_soft_and_the_adapter_is_one_unversioned_need(
    tmp_path: Path,
) -> None:
    """The row says what was tried, not a need: hardening it set the repo aside in a false
    conflict with its own CANN >= 8.0."""
    (component,) = scan_stack([_tested_repo(tmp_path)]).components
    lines = [r for r in for_host(component, "ascend").requirements if r.subject == "torch_npu"]
    assert sorted((r.spec, r.hard) for r in lines) == [("", True), ("==2.1.0", False)]
    (need,) = [r for r in lines if r.hard]
    assert need.source.ref.endswith("README.md")


def test_a_tested_row_leaves_a_matching_torch_and_torch_npu(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    main(["check", _tested_repo(tmp_path), "--target", "910B:8", "--json"])
    data = json.loads(capsys.readouterr().out)["data"]
    assert not data["design"].get("conflicts")
    (environment,) = data["design"]["environments"]
    pins = {pin["subject"]: pin["version"] for pin in environment["pins"]}
    pair = [f"torch_npu=={pins['torch_npu']}", f"torch=={pins['torch']}"]
    assert main(["kb", "why", *pair]) == 0
    assert main(["kb", "why", pair[0], f"cann=={pins['cann']}"]) == 0
    capsys.readouterr()
