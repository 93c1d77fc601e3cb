"""Environments designed for the target (issue 12, item 1): the split comes from the repos'
software requirements with every repo taking part, whatever this machine can run; ``--target``
names the host to plan for (CHIP:COUNT, a snapshot or recorded host, a pasted report) and
``--what-if`` changes it. On recorded hosts, and on a stack cut from three real repos
(``tests/fixtures/repos/torch-split``, sources in its SOURCE.md): MindSpeed and sgl-kernel-npu
cannot share for torch; torchair fits either and joins the one it has more in common with."""

from __future__ import annotations

import dataclasses
import io
import json
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest

from bringup.cli.main import main
from bringup.inputs import read_target
from bringup.model.plan import Design
from bringup.model.resolution import Environment, Resolution
from bringup.plan.design import placed_sentence
from bringup.report import check_summary
from bringup.report.document import Paragraph, Table
from bringup.solve import SolveOptions, solve
from bringup.workflow import CheckResult, check, gather

ROOT = Path(__file__).parent.parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
DEV = FIXTURES / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
NPU = FIXTURES / "hosts" / "linux-aarch64-ascend-910b-two-cann-toolkits"
REPORT = FIXTURES / "reports" / "gpustack-worker-910b-x2.txt"
SPLIT = FIXTURES / "repos" / "torch-split"
MINDSPEED_TORCH = ("MindSpeed/README.md", 6)
SGL_TORCH = ("sgl-kernel-npu/python/deep_ep/README.md", 12)


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    code = main([*argv, "--json"])
    return code, json.loads(capsys.readouterr().out)["data"]


def _where(ref: str, line: int | None) -> tuple[str, int | None]:
    return Path(ref).relative_to(SPLIT).as_posix(), line


def _host(design: dict[str, Any]) -> dict[str, list[str]]:
    return {value["subject"]: value.get("values", []) for value in design["host"]}


def _checked(paths: list[str], snapshot: Path, target: str | None = None) -> CheckResult:
    inputs = gather(paths, snapshot, None)
    return check(inputs, target=read_target(target, inputs.catalogue))


def test_two_environments_for_the_torch_pins_on_a_machine_without_an_npu() -> None:
    result = _checked([str(SPLIT)], DEV)
    assert result.plan.tier.level == 0
    assert result.design.target.kind == "asked"
    environments = result.design.resolution.environments
    assert [env.components for env in environments] == [
        ("MindSpeed",),
        ("sgl-kernel-npu", "torchair"),
    ]
    (apart,) = result.design.apart
    assert apart.components == ("MindSpeed", "sgl-kernel-npu")
    reason = apart.reason
    assert (reason.kind, reason.subject) == ("conflict", "torch")
    assert {_where(s.ref, s.line) for s in reason.sources} == {MINDSPEED_TORCH, SGL_TORCH}
    assert reason.conflict is not None
    assert {item.subject for item in reason.conflict.items} == {"torch"}
    # neither repo runs here (no NPU), yet both took part in the split
    assert all(v.status != "runs" for v in result.resolution.verdicts)


def test_this_machine_keeps_the_design_split_and_its_numbers() -> None:
    """Design environment 1 is sgl-kernel-npu when it is named first; what this machine
    can place sits in the environment of the design with the same number."""
    paths = [str(SPLIT / "sgl-kernel-npu"), str(SPLIT / "MindSpeed")]
    result = _checked(paths, DEV)
    design = {env.index: set(env.components) for env in result.design.resolution.environments}
    assert design == {1: {"sgl-kernel-npu"}, 2: {"MindSpeed"}}
    assert result.resolution.environments
    for env in result.resolution.environments:
        assert set(env.components) <= design[env.index]


@pytest.mark.parametrize("snapshot", [DEV, NPU], ids=["cpu-only", "ascend-910b"])
def test_a_repo_that_fits_both_joins_the_one_it_has_most_in_common_with(
    snapshot: Path,
) -> None:
    """torchair (torch >= 2.6.0, torchair/README.md:153) fits MindSpeed's torch 2.7.1 and
    sgl-kernel-npu's torch >= 2.8.0; it requires CANN, Python, torch and torch_npu as
    sgl-kernel-npu does, and only CANN, torch and torch_npu of what MindSpeed requires (MindSpeed's
    "TorchNPU版本 | 26.0.0" row is the release train, read as its torch 2.7.1 wheel), so it
    joins sgl-kernel-npu, on any machine, and the design says so."""
    design = _checked([str(SPLIT)], snapshot).design
    environments = design.resolution.environments
    assert [env.components for env in environments] == [
        ("MindSpeed",),
        ("sgl-kernel-npu", "torchair"),
    ]
    (fit,) = design.resolution.fits
    assert (fit.component, fit.environment, fit.others) == ("torchair", 2, (1,))
    assert fit.shared == ("cann", "python", "torch", "torch_npu")
    assert (fit.shared_there, fit.repos, fit.repos_there) == ((3,), 1, (1,))
    assert placed_sentence(fit, design.resolution) == (
        "torchair fits environments 1 and 2; placed in 2 with sgl-kernel-npu because it "
        "requires 4 subjects they require too (CANN, Python, torch, torch_npu) against 3 in "
        "environment 1"
    )


def _merged_on_npu() -> tuple[Design, Resolution]:
    """A design that puts torchair with MindSpeed (as the Ascend stack's does), kept on the
    recorded 910B host, where MindSpeed cannot be placed. The host's driver (24.1.rc3) is
    below every CANN 8.5/9.0 floor since 8.5.1 took 8.5.0's floor (>= 25.5.1)
    (outsider14 D5): that derived row is left out here, so that torchair and
    sgl-kernel-npu can still be placed (with CANN 8.5.1) and their merge is what is tested."""
    inputs = gather([str(SPLIT)], NPU, None)
    kept = tuple(r for r in inputs.rules if not r.id.startswith("cann-8.5.1-floor"))
    inputs = dataclasses.replace(inputs, rules=kept)
    design = check(inputs, target=read_target(None, inputs.catalogue)).design
    hand = (
        Environment(index=1, components=("MindSpeed", "torchair")),
        Environment(index=2, components=("sgl-kernel-npu",)),
    )
    design = msgspec.structs.replace(
        design, resolution=msgspec.structs.replace(design.resolution, environments=hand)
    )
    options = SolveOptions(groups=tuple(env.components for env in hand))
    resolution = solve(inputs.components, inputs.snapshot, inputs.rules, inputs.catalogue, options)
    return design, resolution


def test_the_machine_merges_design_environments_its_repos_can_share() -> None:
    """What is left of design environment 1 here (torchair) shares one with
    sgl-kernel-npu: one environment, named after both design environments, instead of two
    that nothing here keeps apart."""
    _design, resolution = _merged_on_npu()
    assert [u.component for u in resolution.unplaced] == ["MindSpeed"]
    (env,) = resolution.environments
    assert (env.index, set(env.components), env.design) == (
        1,
        {"sgl-kernel-npu", "torchair"},
        (1, 2),
    )


def test_the_table_says_a_design_environment_merged_here() -> None:
    design, resolution = _merged_on_npu()
    section = check_summary._environments(resolution, design)
    assert section is not None
    (table,) = [block for block in section.blocks if isinstance(block, Table)]
    here = {row[0].plain: row[3].plain for row in table.rows}
    assert here["environment 2"].startswith("merged into environment 1: ")
    assert not here["environment 1"].startswith("merged")


def test_on_a_tie_a_repo_joins_the_environment_with_more_repos(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """In the example, npu-samples requires CANN only, which both environments require: it
    joins the one with four repos rather than infer-adapter alone."""
    _code, data = _json(
        capsys, "check", str(ROOT / "examples" / "six-repos"), "--snapshot", str(DEV)
    )
    placed = {fit["component"]: fit for fit in data["design"]["placed"]}
    samples = placed["npu-samples"]
    assert (samples["environment"], samples["shared"], samples["shared_there"]) == (
        1,
        ["cann"],
        [1],
    )
    assert (samples["repos"], samples["repos_there"]) == (4, [1])
    assert samples["text"].endswith("environment 1 has more repos (4 against 1)")


def test_where_a_repo_goes_comes_before_its_pins(capsys: pytest.CaptureFixture[str]) -> None:
    """In the example with driver 24.1.0 and Python 3.11, ascend-ops (CANN >= 7.0) and
    infer-adapter (CANN < 7.0) each fit with ascend-comm, npu-samples and npu-toolchain and
    tie on every pin preference: ascend-ops, which requires more of what they require,
    joins them; infer-adapter is alone."""
    argv = ["solve", str(ROOT / "examples" / "six-repos"), "--snapshot", str(DEV)]
    _code, data = _json(
        capsys, *argv, "--what-if", "ascend_driver=24.1.0", "--what-if", "python=3.11"
    )
    groups = [env["components"] for env in data["resolution"]["environments"]]
    assert groups == [
        ["ascend-comm", "ascend-ops", "npu-samples", "npu-toolchain"],
        ["infer-adapter"],
    ]


def test_the_design_does_not_depend_on_the_machine() -> None:
    on_cpu = _checked([str(SPLIT)], DEV).design
    on_npu = _checked([str(SPLIT)], NPU).design
    assert on_cpu.resolution.environments == on_npu.resolution.environments
    assert on_cpu.apart == on_npu.apart


def test_the_text_says_what_was_planned_for_and_why(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(SPLIT), "--snapshot", str(DEV)]) == 1
    screen = " ".join(capsys.readouterr().out.split())
    assert "Two environments, planned for the hardware the repos ask for" in screen
    reason = "no single torch for MindSpeed and sgl-kernel-npu -> two environments"
    assert f"Why two environments 1. {reason}" in screen
    assert "MindSpeed needs torch == 2.7.1 (" in screen
    assert "sgl-kernel-npu needs torch >= 2.8.0 (" in screen
    assert main(["check", str(SPLIT), "--snapshot", str(DEV), "--details"]) == 1
    text = " ".join(capsys.readouterr().out.split())
    assert "no accelerator: tier 0 planned for the hardware the repos ask for: two " in text
    assert "environments, because MindSpeed needs torch == 2.7.1 (" in text
    assert "sgl-kernel-npu needs torch >= 2.8.0 (" in text


def test_json_carries_the_design_and_its_typed_reasons(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, data = _json(capsys, "check", str(SPLIT), "--snapshot", str(DEV))
    assert code == 1
    design = data["design"]
    assert design["target"]["kind"] == "asked"
    assert [env["components"] for env in design["environments"]] == [
        ["MindSpeed"],
        ["sgl-kernel-npu", "torchair"],
    ]
    (apart,) = design["apart"]
    assert apart["components"] == ["MindSpeed", "sgl-kernel-npu"]
    assert apart["reason"]["kind"] == "conflict"
    sources = {_where(s["ref"], s.get("line")) for s in apart["reason"]["sources"]}
    assert sources == {MINDSPEED_TORCH, SGL_TORCH}
    assert "no single torch satisfies both" in apart["text"]


def test_target_chip_and_count(capsys: pytest.CaptureFixture[str]) -> None:
    _code, data = _json(capsys, "check", str(SPLIT), "--snapshot", str(DEV), "--target", "910B:8")
    design = data["design"]
    assert design["target"] == {
        "kind": "devices",
        "name": "910B:8",
        "source": {"kind": "user", "ref": "--target 910B:8"},
    }
    host = _host(design)
    assert (host["chip"], host["npu_count"], host["arch"]) == (["910B"], ["8"], [])
    assert not [b for b in design["hardware"] if b["requirement"]["subject"] == "chip"]
    assert len(design["environments"]) == 2
    assert data["tier"] == 0  # this machine is still judged as it is
    assert design["text"].startswith("planned for --target 910B:8: two environments")


def test_a_repo_whose_chip_the_target_lacks_gets_no_environment_there(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """outsider24 D12: "needs chip 910B; the target has 910_93" beside "environment 1" on that
    target contradicted itself. A hard need the target fails leaves the repo out of its plan."""
    _code, data = _json(capsys, "check", str(SPLIT), "--snapshot", str(DEV), "--target", "310P:1")
    design = data["design"]
    lacking = {
        e["component"]: (e["reason"]["subject"], e["reason"]["have"]["values"])
        for e in design["elsewhere"]
        if e["reason"]["kind"] == "hardware"
    }
    assert lacking == {"MindSpeed": ("chip", ["310P"]), "sgl-kernel-npu": ("chip", ["310P"])}
    assert not design["hardware"]
    assert [e["components"] for e in design["environments"]] == [["torchair"]]
    assert not design["apart"]
    screen = " ".join(_screen(capsys, "--target", "310P:1").split())
    # deep_ep README.md:4 "Supported Hardware Models: Atlas A2, A3": A3 is Atlas A3 (910_93)
    assert "cannot run (needs chip 910B or 910_93)" in screen
    assert "sgl-kernel-npu cannot run on the target (needs chip 910B or 910_93:" in screen
    assert "One environment, planned for --target 310P:1" in screen


@pytest.mark.parametrize("target", [NPU, NPU / "snapshot.expected.json"])
def test_target_recorded_host_or_snapshot_file(
    capsys: pytest.CaptureFixture[str], target: Path
) -> None:
    _code, data = _json(
        capsys, "check", str(SPLIT), "--snapshot", str(DEV), "--target", str(target)
    )
    design = data["design"]
    assert design["target"]["kind"] == "snapshot"
    host = _host(design)
    assert (host["arch"], host["chip"], host["npu_count"]) == (["aarch64"], ["910B"], ["2"])
    assert host["ascend_driver"] == ["24.1.rc3"]
    # the target's driver is too old for MindSpeed's CANN: the design changes it (as this
    # machine's verdict changes its own, outsider22b #11) and keeps the CANN line; the split
    # still holds
    assert design["set_aside"] == []
    cann = {}
    for env in design["environments"]:
        pins = {p["subject"]: p for p in env["pins"]}
        assert not pins["ascend_driver"].get("installed")
        assert pins["ascend_driver"]["version"] != "24.1.rc3"
        cann[env["components"][0]] = pins["cann"]["version"]
    # MindSpeed's line (README.md:5, CANN 9.0.0) is kept; sgl-kernel-npu's "CANN 8.5 and CANN
    # 9.0" (python/deep_ep/README.md:4) leaves its environment a release of either
    assert cann["MindSpeed"] == "9.0.0"
    assert cann["sgl-kernel-npu"].startswith(("8.5.", "9.0."))
    assert "beta" not in cann["sgl-kernel-npu"]
    assert [env["components"] for env in design["environments"]] == [
        ["MindSpeed"],
        ["sgl-kernel-npu", "torchair"],
    ]


def test_target_pasted_report(capsys: pytest.CaptureFixture[str]) -> None:
    _code, data = _json(
        capsys, "check", str(SPLIT), "--snapshot", str(DEV), "--target", str(REPORT)
    )
    design = data["design"]
    assert design["target"]["kind"] == "report"
    host = _host(design)
    assert (host["arch"], host["chip"], host["npu_count"]) == (["aarch64"], ["910B"], ["2"])
    assert len(design["environments"]) == 2


@pytest.mark.parametrize("command", ["check", "solve"])
def test_an_unknown_chip_is_bad_input_listing_the_known_ones(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    argv = [command, str(SPLIT), "--snapshot", str(DEV), "--target", "910X:8"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "unknown chip '910X'; did you mean '910'" in err
    assert "chip: 310, 310P" in err
    assert "compute capability: " in err


def test_solve_plans_for_the_target_and_what_if_changes_its_driver(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["solve", str(SPLIT), "--snapshot", str(DEV), "--target", str(NPU)]
    _code, before = _json(capsys, *argv)
    assert before["target"]["kind"] == "snapshot"
    # the target's driver 24.1.rc3 is too old for MindSpeed's CANN 9.0.0: the design changes
    # it (outsider22b #11), nothing is set aside
    assert "set_aside" not in before["resolution"]
    verdicts = {v["component"]: v for v in before["resolution"]["verdicts"]}
    assert "driver" in [o["kind"] for o in verdicts["MindSpeed"]["obstacles"]]
    _code, after = _json(capsys, *argv, "--what-if", "driver=25.5.1")
    # held at 25.5.1 by the what-if, the driver is no change any more; nothing set aside:
    # sgl-kernel-npu's "CANN 8.5 and CANN 9.0" is one any-of requirement
    assert "set_aside" not in after["resolution"]
    verdicts = {v["component"]: v for v in after["resolution"]["verdicts"]}
    assert "driver" not in [o["kind"] for o in verdicts["MindSpeed"]["obstacles"]]
    assert any(line.startswith("MindSpeed:") for line in after["what_if"]["changed"])
    assert after["environments"] == 2


def test_what_if_driver_on_a_recorded_ascend_host(capsys: pytest.CaptureFixture[str]) -> None:
    stack = ROOT / "examples" / "six-repos"
    argv = ["solve", str(stack), "--snapshot", str(NPU), "--what-if", "driver=23.0.0"]
    _code, data = _json(capsys, *argv)
    changed = data["what_if"]["changed"]
    line = next(x for x in changed if x.startswith("train-adapter"))
    # the driver the what-if holds is the question, not a driver to change (outsider22b #1)
    assert line.startswith("train-adapter: runs after installing -> blocked")
    assert "this machine has Ascend driver 23.0.0 (--what-if driver=23.0.0)" in line
    driver = next(v for v in data["resolution"]["host"] if v["subject"] == "ascend_driver")
    assert driver["values"] == ["23.0.0"]
    assert driver["source"]["ref"] == "--what-if driver=23.0.0"


@pytest.mark.parametrize(
    ("target", "said"),
    [
        ("missing-report.txt", "cannot read"),
        ("910B:0", "a count from 1 to 4096"),
        ("910B:99999", "a count from 1 to 4096"),
    ],
)
def test_a_target_that_cannot_be_read_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, target: str, said: str
) -> None:
    where = str(tmp_path / target) if target.endswith(".txt") else target
    assert main(["check", str(SPLIT), "--snapshot", str(DEV), "--target", where]) == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize(
    "report",
    [
        "hello\n",
        (FIXTURES / "logs" / "_unmatched" / "nccl-init-info.log").read_text(encoding="utf-8"),
    ],
)
def test_a_target_report_that_states_no_host_is_bad_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, report: str
) -> None:
    """A word or a failure log read as the host to plan for would plan for nothing: refused."""
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(report.encode())))
    assert main(["check", str(SPLIT), "--snapshot", str(DEV), "--target", "-"]) == 2
    err = capsys.readouterr().err
    assert "no host facts could be read" in err
    assert "<stdin>" in err


def _screen(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    main(["check", str(SPLIT), "--snapshot", str(DEV), *argv])
    return capsys.readouterr().out


@pytest.mark.parametrize(
    ("chips", "count"),
    [("950:16", "One environment"), ("910B:8", "Two environments")],
)
def test_the_environments_heading_names_the_whole_target(
    capsys: pytest.CaptureFixture[str], chips: str, count: str
) -> None:
    # on 950 chips sgl-kernel-npu (910B or 910_93: deep_ep README.md:4 "Atlas A2, A3") gets
    # none: one environment is left there.
    # This machine's environments, which its next actions name (outsider25 D9), are listed
    # under their own heading: they are designed for the hardware the repos ask for, whatever
    # the target (outsider O8 #4), so they are numbered apart from the target's
    screen = " ".join(_screen(capsys, "--target", chips).split())
    assert f"{count}, planned for --target {chips} " in screen
    assert (
        "on this machine, two environments for the hardware the repos ask for "
        "(the actions' numbers)" in screen
    )


def test_a_target_path_with_colons_is_named_whole(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    copied = tmp_path / "npu:2.json"
    copied.write_bytes((NPU / "snapshot.expected.json").read_bytes())
    text = " ".join(_screen(capsys, "--target", str(copied)).split())
    assert f"Two environments, planned for the host in {copied} " in text


def test_only_conflicts_between_repos_are_why_there_are_environments(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """MindSpeed's CANN against the target's driver is no reason for a second environment:
    it is a change on the target (its driver), said beside the repo (outsider22b #11)."""
    text = _screen(capsys, "--target", str(NPU))
    table, _, rest = text.partition("Why two environments\n")
    reasons = rest.partition("What else blocks a repo\n")[0].split("\n\n")[0]
    assert "no single torch for MindSpeed and sgl-kernel-npu -> two environments" in reasons
    assert "MindSpeed's lines" not in reasons
    assert "set aside" not in reasons
    assert "environment 1 after changing the Ascend driver 24.1.rc3 to" in " ".join(table.split())
    numbers = re.findall(r"^  (\d+)\. ", reasons, re.M)
    assert numbers == [str(n) for n in range(1, len(numbers) + 1)]


def test_solve_says_a_target_replaces_the_snapshot(capsys: pytest.CaptureFixture[str]) -> None:
    main(["solve", str(SPLIT), "--snapshot", str(DEV), "--target", "910B:8"])
    assert f"--snapshot {DEV} is not used: solve --target plans for 910B:8 alone" in (
        capsys.readouterr().err
    )


def test_the_legend_of_here_only_for_a_version_this_machine_prefers() -> None:
    """two-kinds on the recorded 910B host: vllm-ascend's environment is not made here (no
    environment here) and flash-attention's takes the design's CUDA 13.3.1, to be installed;
    no cell shows a version this machine prefers, so no legend says it does (review22 #7)."""
    inputs = gather([str(FIXTURES / "repos" / "two-kinds")], NPU, None)
    result = check(inputs, target=read_target(None, inputs.catalogue))
    section = check_summary._environments(result.resolution, result.design)
    assert section is not None
    (table,) = [block for block in section.blocks if isinstance(block, Table)]
    assert [row[3].plain for row in table.rows] == ["no environment here", "CUDA 13.3.1 +"]
    said = " ".join(b.body.plain for b in section.blocks if isinstance(b, Paragraph))
    assert "+ = not installed yet" in said
    assert "here = this machine's plan" not in said


def test_a_chip_in_lower_case_is_the_chip() -> None:
    """outsider22b #19: `--target 910b:8` was refused ("did you mean '910B'?"); a kind that
    matches one known kind but for case is that kind."""
    from bringup.kb import load_knowledge_base
    from bringup.solve import knowledge_catalogue
    from bringup.solve.target import device_host

    known = knowledge_catalogue(load_knowledge_base())
    chip = device_host("910b:8", known).value("chip")
    assert chip is not None
    assert chip.values == ("910B",)
    assert chip.source.ref == "--target 910b:8"


def test_details_give_no_reason_for_environments_the_target_does_not_split(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """outsider24 D12: "Why one environments" headed this machine's conflict on a target with
    one environment. On 950 chips sgl-kernel-npu (910B or 910_93) is left out: MindSpeed's torch
    against it splits this machine's plan, not the target's."""
    screen = _screen(capsys, "--target", "950:16", "--details")
    assert "Why one environment" not in screen
    assert "\nConflicts\n  1. MindSpeed, sgl-kernel-npu:" in screen


_WORDS = {"No": 0, "One": 1, "Two": 2, "Three": 3}


@pytest.mark.parametrize("chips", ["910_93:16", "910B:8", "A100:8"])
def test_the_heading_counts_every_environment_the_next_actions_name(
    capsys: pytest.CaptureFixture[str], chips: str
) -> None:
    """Outside tester 25, D9: "One environment, planned for --target A100:8" above "install
    CANN 9.1.0 for environment 2": the repos not on the target have environments here too."""
    text = " ".join(_screen(capsys, "--target", chips).split())
    # this machine's environments have their own heading (outsider O8 #4)
    heading = re.search(r"on this machine, (\w+) environments? for the hardware", text)
    assert heading is not None
    count = _WORDS[heading[1].capitalize()]
    actions = text.partition("Next actions")[2]
    named = {int(n) for n in re.findall(r"for environment (\d+)", actions)}
    assert named
    assert max(named) <= count
