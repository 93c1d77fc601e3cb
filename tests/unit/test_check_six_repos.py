"""The main job on the example stack (examples/six-repos) against the recorded development
machine (tests/fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver: x86_64,
Debian 12, default Python 3.11.7, pyenv Pythons 3.6-3.13, no NPU, no driver): two
environments because of the CANN conflict, the training adapter on a Python other than the
default 3.11, tier 0, and the steps that can run now. Then ``bringup check`` and ``bringup
solve`` end to end, their JSON, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.model.plan import Plan
from bringup.model.resolution import Resolution
from bringup.plan import plan
from bringup.report.check_text import python_notes
from bringup.report.reason_wording import reason_text
from bringup.report.wording import explain_conflict
from bringup.solve import solve
from bringup.workflow import gather

ROOT = Path(__file__).parent.parent.parent
STACK = ROOT / "examples" / "six-repos"
HOST = ROOT / "tests" / "fixtures" / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"


@pytest.fixture(scope="module")
def answer() -> tuple[Resolution, Plan]:
    inputs = gather([str(STACK)], HOST, None)
    resolution = solve(inputs.components, inputs.snapshot, inputs.rules, inputs.catalogue)
    return resolution, plan(inputs.components, resolution, inputs.snapshot)


def test_two_environments_because_of_the_cann_conflict(answer: tuple[Resolution, Plan]) -> None:
    resolution, _plan = answer
    assert len(resolution.environments) == 2
    envs = {name: env.index for env in resolution.environments for name in env.components}
    assert envs["ascend-ops"] != envs["infer-adapter"]
    first = resolution.conflicts[0]
    assert set(first.components) == {"ascend-ops", "infer-adapter"}
    assert first.subjects == ("cann",)
    text = explain_conflict(first, 2)
    assert text.startswith("ascend-ops needs CANN >= 7.0 (")
    assert "infer-adapter needs CANN < 7.0 (" in text
    assert text.endswith("no single CANN satisfies both -> two environments")
    cann = {env.index: env.pin("cann") for env in resolution.environments}
    ops_cann = cann[envs["ascend-ops"]]
    infer_cann = cann[envs["infer-adapter"]]
    assert ops_cann is not None
    assert ops_cann.version.startswith("7.0")  # train-adapter shares it: torch_npu 2.1.0
    assert infer_cann is not None
    assert infer_cann.version.startswith("6.3")


def test_the_training_adapter_is_off_the_default_python(answer: tuple[Resolution, Plan]) -> None:
    resolution, _plan = answer
    from bringup.probe.replay import load_host

    env = resolution.environment_of("train-adapter")
    assert env is not None
    python = env.pin("python")
    assert python is not None
    assert python.version.startswith("3.10")  # the machine's default is 3.11.7
    notes = python_notes(resolution, load_host(HOST))
    (note,) = [n for repo, n in notes if repo == "train-adapter"]
    assert "needs Python >= 3.8, < 3.11" in note
    assert "the default python3 is 3.11.7" in note


def test_no_npu_is_tier_zero_and_these_steps_run_now(answer: tuple[Resolution, Plan]) -> None:
    resolution, made = answer
    assert made.tier.level == 0
    runnable = [f"{s.component}: {s.name}" for s in made.runnable()]
    assert runnable == [
        "npu-toolchain: pip install -e .",
        "npu-toolchain: python -m pytest tests/frontend tests/profiler",
        "ascend-ops: cmake -S . -B build -DCMAKE_BUILD_TYPE=Release",
        "ascend-ops: cmake --build build -j",
        "ascend-ops: cmake --install build --prefix /opt/ascend-ops",
        "ascend-ops: ctest --test-dir build -L cpu --output-on-failure",
        # the README lists the tests before the install; run so, they could not import the package
        "ascend-comm: pip install -e .",
        "ascend-comm: python -m pytest tests/cpu",
        "train-adapter: pip install torch==2.1.0 torch_npu==2.1.0",
        "train-adapter: pip install -e .",
        "train-adapter: python -m pytest tests/unit",
    ]
    skipped = {reason_text(s.reason) for s in made.steps if s.status == "skip" and s.reason}
    assert "needs 2 NPUs; this machine has 0" in skipped
    verdicts = {v.component: v.status for v in resolution.verdicts}
    assert verdicts["infer-adapter"] == "needs_hardware"
    assert verdicts["ascend-ops"] == "runs_after"


def test_bringup_check_end_to_end(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(STACK), "--snapshot", str(HOST)]) == 1
    out = capsys.readouterr().out
    assert "\nTwo environments, planned for the hardware the repos ask for\n" in out
    assert "Why two environments" in out
    assert "What this machine can do now" in out
    assert "Next actions" in out


def test_piped_check_reads_at_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Piped (not a terminal), the answer is 80 columns: infer-adapter's CANN is one
    effective range citing each file and line that states part of it; commands are whole.
    Paths are given relative to the checkout, so the layout does not depend on where it is."""
    monkeypatch.chdir(ROOT)
    main(["check", "examples/six-repos", "--snapshot", str(HOST.relative_to(ROOT)), "--details"])
    out = capsys.readouterr().out
    assert all(len(line) <= 80 for line in out.splitlines())
    block = out[out.index("  infer-adapter  examples/six-repos/infer-adapter") :]
    cann = block.splitlines()[2].split()  # under the title row
    assert cann[:6] == ["CANN", ">=", "6.3.RC1,", "<", "7.0", "6.3.RC3.1"]
    # each part's place (the README's range holds find_package(CANN 6.3), CMakeLists.txt:13,
    # cited beside it), then the unversioned mentions cited beside the versioned need
    # ("编译只需要 CANN toolkit", README.md:22), not as places that state the range
    assert (
        "README.md:10, CMakeLists.txt:14; also needed at CMakeLists.txt:13, README.md:17, "
        "README.md:22," in " ".join(block.split())
    )
    assert "-DAscendOps_DIR=/opt/ascend-ops/lib/cmake/AscendOps" in out


def test_bringup_check_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(STACK), "--snapshot", str(HOST), "--json"]) == 1
    document = json.loads(capsys.readouterr().out)
    assert (document["schema"], document["command"], document["exit_code"]) == (
        "bringup/1",
        "check",
        1,
    )
    assert document["data"]["environments"] == 2
    assert document["data"]["tier"] == 0
    # every source keeps its own statement in the JSON (the terminal shows the combination),
    # but for a floor the README's range admits only what it admits (CMakeLists.txt:13
    # ``find_package(CANN 6.3)``): one statement, the floor's place cited beside the range
    stated = {
        (c["source"]["ref"].rsplit("/", 1)[1], c["source"]["line"], c["spec"])
        for c in document["data"]["resolution"]["checks"]
        if c["component"] == "infer-adapter" and c["subject"] == "cann"
    }
    assert stated == {("CMakeLists.txt", 14, "<7.0"), ("README.md", 10, ">=6.3.RC1,<7.0")}
    (ranged,) = (
        c
        for c in document["data"]["resolution"]["checks"]
        if c["component"] == "infer-adapter" and c["spec"] == ">=6.3.RC1,<7.0"
    )
    beside = {(a["ref"].rsplit("/", 1)[1], a["line"]) for a in ranged["also"]}
    assert ("CMakeLists.txt", 13) in beside
    assert {v["component"] for v in document["data"]["verdicts"]} == {
        "ascend-comm",
        "ascend-ops",
        "infer-adapter",
        "npu-samples",
        "npu-toolchain",
        "train-adapter",
    }


OVERLAY = ROOT / "tests" / "fixtures" / "solve" / "kb-overlay"


def test_check_takes_knowledge_base_overlays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--kb-extra`` as for ``bringup kb``: a site row replacing a built-in one is the row
    the conflict cites; a broken overlay is left out with a warning, the answer stands."""
    argv = ["check", str(STACK), "--snapshot", str(HOST), "--json"]
    assert main([*argv, "--kb-extra", str(OVERLAY)]) == 1
    conflicts = json.loads(capsys.readouterr().out)["data"]["conflicts"]
    assert any("(kb:site_torch_npu/site-torch_npu-2.1.0/cann)" in c["text"] for c in conflicts)
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "bad.toml").write_text("[[rule]]\nid = 3\n", encoding="utf-8")
    assert main([*argv, "--kb-extra", str(tmp_path / "broken")]) == 1
    captured = capsys.readouterr()
    assert "WARNING: knowledge-base overlay left out:" in captured.err
    assert json.loads(captured.out)["data"]["environments"] == 2


def test_bringup_solve_what_if(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["solve", str(STACK), "--snapshot", str(HOST), "--what-if", "python=3.11", "--json"]
    assert main(argv) == 1
    data = json.loads(capsys.readouterr().out)["data"]
    changed = {line.split(":", 1)[0] for line in data["what_if"]["changed"]}
    assert "train-adapter" in changed
    line = next(x for x in data["what_if"]["changed"] if x.startswith("train-adapter"))
    assert "this machine has Python 3.11 (--what-if python=3.11)" in line


@pytest.mark.parametrize("command", ["check", "solve"])
def test_bad_input_is_exit_2(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, str(tmp_path / "missing"), "--snapshot", str(HOST)]) == 2
    assert "ERROR" in capsys.readouterr().err
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main([command, str(empty), "--snapshot", str(HOST)]) == 2
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "bringup.toml").write_text(
        '[[steps]]\nname = "build"\nkind = "bazel"\nargv = ["bazel", "build"]\n'
    )
    assert main([command, str(repo), "--snapshot", str(HOST)]) == 2
    err = capsys.readouterr().err
    assert "bringup.toml:3" in err


def test_what_if_with_a_bad_value_is_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["solve", str(STACK), "--snapshot", str(HOST), "--what-if", "driver"]
    assert main(argv) == 2
    assert "--what-if 'driver' is not KEY=VALUE" in capsys.readouterr().err
