"""Repos that need devices of different kinds are for different hosts (issue 12, item 1): on
a stack cut from two real repos (``tests/fixtures/repos/two-kinds``, sources in its SOURCES),
vllm-ascend (CANN, Ascend chips, torch_npu) and flash-attention (compute capability 8.0,
CUDA), checked on a recorded host without an accelerator. Without a target the design plans
two kinds of host, an environment each, and no CUDA pin in the NPU host's environment; with
``--target 910B:8`` flash-attention cannot run on the target and is listed, with its line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import msgspec
import pytest

from bringup.cli.main import main
from bringup.model import Component
from bringup.scan.repo import scan_repo
from bringup.solve.kinds import for_host, host_groups, kinds_needed

ROOT = Path(__file__).parent.parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
HOST = FIXTURES / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
STACK = FIXTURES / "repos" / "two-kinds"
NPU_REPO = str(STACK / "vllm-ascend")
GPU_REPO = str(STACK / "flash-attention")


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    code = main([*argv, "--json"])
    return code, json.loads(capsys.readouterr().out)["data"]


def _where(source: dict[str, Any]) -> tuple[str, int]:
    return Path(source["ref"]).relative_to(STACK).as_posix(), source["line"]


def _pins(environment: dict[str, Any]) -> set[str]:
    return {pin["subject"] for pin in environment.get("pins", ())}


def test_an_npu_repo_and_a_gpu_repo_are_planned_for_two_kinds_of_host(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, data = _json(capsys, "check", NPU_REPO, GPU_REPO, "--snapshot", str(HOST))
    assert code == 1
    design = data["design"]
    assert [env["components"] for env in design["environments"]] == [
        ["vllm-ascend"],
        ["flash-attention"],
    ]
    npu, gpu = design["hosts"]
    assert (npu["kind"], npu["backend"], npu["components"], npu["environments"]) == (
        "npu",
        "ascend",
        ["vllm-ascend"],
        [1],
    )
    assert (gpu["kind"], gpu["backend"], gpu["components"], gpu["environments"]) == (
        "gpu",
        "cuda",
        ["flash-attention"],
        [2],
    )
    (needs_gpu,) = gpu["needs"]
    reason = needs_gpu["reason"]
    assert (needs_gpu["component"], reason["kind"], reason["need"], reason["subject"]) == (
        "flash-attention",
        "device_kind",
        "gpu",
        "compute_capability",
    )
    assert _where(reason["sources"][0]) == ("flash-attention/setup.py", 2)
    (needs_npu,) = npu["needs"]
    assert needs_npu["reason"]["need"] == "npu"
    assert design["hosts_text"] == (
        "planned for two kinds of host: NPU (vllm-ascend) and GPU (flash-attention)"
    )
    first, second = design["environments"]
    assert "cuda" not in _pins(first)
    assert "cann" in _pins(first)
    assert "cann" not in _pins(second)
    assert "cuda" in _pins(second)
    # This machine's layer keeps the two hosts' environments apart as well.
    here = data["resolution"]["environments"]
    assert all(len(env["components"]) == 1 for env in here)


def test_a_gpu_repo_cannot_run_on_an_npu_target_and_is_listed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("check", NPU_REPO, GPU_REPO, "--snapshot", str(HOST), "--target", "910B:8")
    code, data = _json(capsys, *argv)
    assert code == 1
    design = data["design"]
    assert [env["components"] for env in design["environments"]] == [["vllm-ascend"]]
    assert "cuda" not in _pins(design["environments"][0])
    (elsewhere,) = design["elsewhere"]
    assert elsewhere["component"] == "flash-attention"
    assert (elsewhere["reason"]["kind"], elsewhere["reason"]["need"]) == ("device_kind", "gpu")
    assert _where(elsewhere["reason"]["sources"][0]) == ("flash-attention/setup.py", 2)
    assert elsewhere["text"].startswith("flash-attention cannot run on the target (needs a GPU: ")
    (host,) = design["hosts"]
    assert (host["kind"], host["components"]) == ("npu", ["vllm-ascend"])
    assert main([*argv]) == 1
    screen = " ".join(capsys.readouterr().out.split())
    assert "flash-attention cannot run on the target (needs a GPU:" in screen


def test_a_target_no_repo_can_run_on_says_so_everywhere(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every repo needs a GPU, the target has NPUs: ``check --target 910B:8`` crashed with
    IndexError (no host to solve for) and exit 3; ``--details`` never named a repo left out."""
    argv = ("check", GPU_REPO, "--snapshot", str(HOST), "--target", "910B:8")
    code, data = _json(capsys, *argv)
    assert code == 1
    assert data["design"]["environments"] == []
    (elsewhere,) = data["design"]["elsewhere"]
    assert elsewhere["text"].startswith("flash-attention cannot run on the target (needs a GPU: ")
    for more in ((), ("--details",), ("--details", "flash-attention")):
        assert main([*argv, *more]) == 1
        screen = " ".join(capsys.readouterr().out.split())
        assert "flash-attention cannot run on the target (needs a GPU:" in screen
    assert main(["check", NPU_REPO, GPU_REPO, "--target", "910B:8", "--details"]) == 1
    assert "flash-attention cannot run on the target" in capsys.readouterr().out


def test_solve_on_a_target_leaves_out_what_check_leaves_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``solve --target 910B:8`` planned one environment holding the CUDA repo while
    ``check --target 910B:8`` said it cannot run there: both now split the repos alike."""
    argv = ("solve", NPU_REPO, GPU_REPO, "--target", "910B:8")
    code, data = _json(capsys, *argv)
    assert code == 1
    environments = data["resolution"]["environments"]
    assert [env["components"] for env in environments] == [["vllm-ascend"]]
    assert "cuda" not in _pins(environments[0])
    (elsewhere,) = data["elsewhere"]
    assert elsewhere["component"] == "flash-attention"
    assert _where(elsewhere["reason"]["sources"][0]) == ("flash-attention/setup.py", 2)
    assert elsewhere["text"].startswith("flash-attention cannot run on the target (needs a GPU: ")
    assert main(list(argv)) == 1
    screen = " ".join(capsys.readouterr().out.split())
    assert "not planned for the target" in screen
    assert "flash-attention cannot run on the target (needs a GPU:" in screen
    code, data = _json(capsys, "solve", NPU_REPO, "--target", "910B:8")
    assert data["elsewhere"] == []


def _scanned() -> tuple[Component, Component]:
    npu = scan_repo(Path(NPU_REPO), "vllm-ascend").component
    gpu = scan_repo(Path(GPU_REPO), "flash-attention").component
    return npu, gpu


def test_a_repo_that_supports_either_kind_goes_with_either() -> None:
    npu, gpu = _scanned()
    assert set(kinds_needed(npu)) == {"ascend"}
    assert set(kinds_needed(gpu)) == {"cuda"}
    # A repo whose lines name both backends (real lines of both repos) supports either.
    either = msgspec.structs.replace(
        npu, name="either", requirements=npu.requirements + gpu.requirements
    )
    assert set(kinds_needed(either)) == {"ascend", "cuda"}
    groups, apart = host_groups([npu, either], frozenset())
    assert apart == []
    ((group),) = groups
    assert (group.kind, [c.name for c in group.components]) == ("ascend", ["vllm-ascend", "either"])
    on_npu = for_host(either, "ascend")
    assert {r.subject for r in on_npu.requirements}.isdisjoint({"cuda", "compute_capability"})
    groups, apart = host_groups([gpu, either], frozenset({"ascend"}))
    assert [c.name for c in groups[0].components] == ["either"]
    ((left, kind, line),) = apart
    assert (left.name, kind, line.subject) == ("flash-attention", "cuda", "compute_capability")


def test_a_target_changes_the_design_only_not_the_verdict_here(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Outside tester 21, item 14: ``check marlin --target 910B:8`` blanked the per-repo
    verdict table and planned no step here: a repo that cannot run on the target was left
    out of this machine's solve too. The verdict here is the one without a target."""
    plain = ("check", GPU_REPO, "--snapshot", str(HOST))
    _code, alone = _json(capsys, *plain)
    code, data = _json(capsys, *plain, "--target", "910B:8")
    assert code == 1
    assert data["design"]["environments"] == []
    assert [e["component"] for e in data["design"]["elsewhere"]] == ["flash-attention"]
    # the verdict here is the same; only the on-target cell is the target's (#14)
    here = [{k: v for k, v in d.items() if k != "on_target"} for d in data["verdicts"]]
    assert here == [{k: v for k, v in d.items() if k != "on_target"} for d in alone["verdicts"]]
    assert [v["on_target"] for v in alone["verdicts"]] == [None]
    assert [v["on_target"]["status"] for v in data["verdicts"]] == ["cannot_run"]
    assert [v["component"] for v in data["verdicts"]] == ["flash-attention"]
    assert data["plan"]["order"] == alone["plan"]["order"] == ["flash-attention"]
    assert main([*plain, "--target", "910B:8"]) == 1
    screen = capsys.readouterr().out
    assert "\nflash-attention " in screen


# HowXu/alphafold3-pytorch-npu migration_work_report.md:5-11 (the outside tester's copy,
# no commit recorded; line 7's trailing blank dropped): an NPU port that says what it was
# ported from, CUDA in prose only.
_PORT_REPORT = """\
### 1.1 开发环境
- **硬件环境**: 昇腾910B NPU
- **软件环境**:
  - CANN (Compute Architecture for Neural Networks)
  - PyTorch NPU版本
  - Python 3.8+
  - CUDA工具包
"""


def test_an_npu_port_that_mentions_cuda_keeps_its_npu_lines_beside_a_gpu_repo(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Outside tester 21, item 2: ``check af3npu marlin``: the NPU port (its README names
    CUDA in prose, low confidence) counted as supporting either kind, joined the CUDA repo's
    host and lost its CANN and torch_npu lines. A kind only prose names is no any-of beside
    a kind the repo's code and manifests need: two kinds of host, each repo's lines kept."""
    port = tmp_path / "npu-port"
    shutil.copytree(NPU_REPO, port)
    (port / "migration_work_report.md").write_text(_PORT_REPORT, encoding="utf-8")
    component = scan_repo(port, "npu-port").component
    cuda = [r for r in component.requirements if r.subject == "cuda"]
    assert cuda
    assert all(r.confidence == "low" for r in cuda)
    assert set(kinds_needed(component)) == {"ascend"}
    _code, data = _json(capsys, "check", str(port), GPU_REPO, "--snapshot", str(HOST))
    design = data["design"]
    assert [env["components"] for env in design["environments"]] == [
        ["npu-port"],
        ["flash-attention"],
    ]
    assert {"cann", "torch_npu"} <= _pins(design["environments"][0])
    assert "cuda" not in _pins(design["environments"][0])
    _code, alone = _json(capsys, "check", str(port), "--snapshot", str(HOST))
    assert _pins(alone["design"]["environments"][0]) <= _pins(design["environments"][0])


def test_a_target_with_fewer_devices_than_a_repo_needs_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Outside tester 21, item 6: ``check af3npu --target 910B:1`` (the repo needs NPUs >= 2)
    printed the design of ``910B:8``, with no word that one NPU is too few; only the JSON's
    ``design.hardware`` held it."""
    repo = tmp_path / "two-npus"
    shutil.copytree(NPU_REPO, repo)
    (repo / "bringup.toml").write_text(
        '[[requirements]]\nsubject = "npu_count"\nspec = ">=2"\n', encoding="utf-8"
    )
    base = ("check", str(repo), "--snapshot", str(HOST), "--target")
    for details in ((), ("--details",), ("--details", "two-npus")):
        assert main([*base, "910B:1", *details]) == 1
        screen = " ".join(capsys.readouterr().out.split())
        assert "the target has 1 NPU (--target 910B:1)" in screen
        # outsider24 D12: a repo the target's hardware fails gets no environment there
        assert "two-npus cannot run on the target (needs Ascend NPUs >= 2: " in screen
    main([*base, "910B:8"])
    assert "the target has" not in capsys.readouterr().out


def test_a_stated_line_of_another_kind_is_said_when_its_repo_joins_an_npu_host(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Outside tester 23b, D4: a manifest's ``cuda >= 12.1`` for a repo that also names CANN
    and torch_npu vanished from ``check`` (0 mentions in its JSON) once an NPU-only repo
    joined the stack: the repo supports either kind, goes to the NPU host, and its CUDA
    lines are not solved there. That is said, with the line, not dropped unsaid. The
    manifest below is constructed; the repos are the real fixture copies."""
    either = tmp_path / "either"
    shutil.copytree(NPU_REPO, either)
    (either / "bringup.toml").write_text(
        '[[requirements]]\nsubject = "cuda"\nspec = ">=12.1"\n', encoding="utf-8"
    )
    npu_only = tmp_path / "npu-only"
    shutil.copytree(NPU_REPO, npu_only)
    argv = ("check", str(npu_only), str(either), "--snapshot", str(HOST))
    _code, data = _json(capsys, *argv)
    design = data["design"]
    assert "cuda" not in _pins(design["environments"][0])
    (other,) = design["other_kinds"]
    assert (other["component"], other["reason"]["need"], other["reason"]["subject"]) == (
        "either",
        "gpu",
        "cuda",
    )
    assert other["reason"]["sources"][0]["ref"].endswith("bringup.toml")
    main(list(argv))
    screen = " ".join(capsys.readouterr().out.split())
    assert "either also supports GPUs (CUDA: " in screen
    assert "on its NPU host those lines are left out" in screen


def test_a_repo_that_asks_for_nothing_is_no_kinds_host() -> None:
    """outsider11 #14: zhouxzh/Ascend310@c6c6460 (samples and an e-book: 0 requirements,
    0 steps) was planned for the NPU host, in the CANN and torch_npu environment. A repo
    that asks for something but names no kind still joins a host."""
    npu, gpu = _scanned()
    book = Component(name="Ascend310", path="/r/Ascend310", role="other")
    groups, _apart = host_groups([book, npu, gpu], frozenset())
    assert [(g.kind, [c.name for c in g.components]) for g in groups] == [
        ("ascend", ["vllm-ascend"]),
        ("cuda", ["flash-attention"]),
        ("", ["Ascend310"]),
    ]
    asks = msgspec.structs.replace(book, requirements=tuple(
        r for r in npu.requirements if r.subject == "python"
    ))  # fmt: skip
    groups, _apart = host_groups([asks, npu], frozenset())
    assert [c.name for c in groups[0].components] == ["Ascend310", "vllm-ascend"]
