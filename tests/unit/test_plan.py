"""The plan: tiers from the hardware, bring-up order, each step's run / skip / blocked with
its reason and next action, and what a machine with no accelerator can still do."""

from __future__ import annotations

from bringup.model import Component, Snapshot
from bringup.model.plan import Plan, PlanStep, Reason
from bringup.plan import plan
from bringup.plan.order import bringup_order
from bringup.report.action_wording import action_text
from bringup.report.reason_wording import reason_text
from bringup.solve import SolveOptions, solve
from solve_inputs import catalogue, component, host, rule, step

RELEASES = {"cann": ["7.0.0", "8.0.0"], "python": ["3.10", "3.11"], "torch": ["2.1.0"]}
RULES = [rule("cann-8.0-driver", "cann", ">=8.0.RC1", "ascend_driver", ">=24.1.rc1")]


def _stack() -> list[Component]:
    return [
        component(
            "train",
            [("python", ">=3.8,<3.11"), ("torch", "==2.1.0")],
            role="training",
            steps=[
                step("cpu-check", "test"),
                step("npu-train", "test", devices=1, device_kind="npu"),
            ],
            depends_on=["ops"],
        ),
        component(
            "comm",
            [("cann", ">=8.0")],
            role="comm",
            steps=[
                step("build", toolkit=True),
                step("allreduce", "test", devices=2, device_kind="npu", chips=["910B"]),
            ],
        ),
        component(
            "ops",
            [("cann", ">=8.0")],
            role="ops",
            steps=[
                step("build", toolkit=True),
                step("convert-model", "convert", toolkit=True),
                step("op-test", "test", devices=1, device_kind="npu"),
            ],
        ),
    ]


def _plan(snapshot: Snapshot, components: list[Component] | None = None, **options: object) -> Plan:
    components = components if components is not None else _stack()
    resolution = solve(
        components,
        snapshot,
        RULES,
        catalogue(RELEASES),
        SolveOptions(**options),  # type: ignore[arg-type]
    )
    return plan(components, resolution, snapshot)


def _status(result: Plan) -> dict[str, tuple[str, str | None]]:
    return {f"{s.component}:{s.name}": (s.status, _reason(s)) for s in result.steps}


def _reason(step: PlanStep) -> str | None:
    return reason_text(step.reason, step.actions) if step.reason is not None else None


def test_no_accelerator_is_tier_zero_and_device_steps_skip_with_the_reason() -> None:
    result = _plan(host())
    assert result.tier.level == 0
    assert not result.tier.devices
    status = _status(result)
    assert status["comm:allreduce"] == ("skip", "needs 2 NPUs; this machine has 0")
    assert status["ops:op-test"] == ("skip", "needs 1 NPU; this machine has 0")
    assert status["train:npu-train"][0] == "skip"


def test_order_puts_dependencies_first_then_ops_before_comm_before_training() -> None:
    result = _plan(host())
    assert result.order == ("ops", "comm", "train")
    assert [s.order for s in result.steps] == list(range(1, len(result.steps) + 1))


def test_missing_toolkit_blocks_builds_with_the_package_to_install() -> None:
    status = _plan(host())
    build = next(s for s in status.steps if s.component == "ops" and s.name == "build")
    assert build.status == "blocked"
    assert build.reason == Reason(kind="install")
    assert _reason(build) == "needs CANN 8.0.0 installed"
    (action,) = build.actions
    assert action.argv == ("./Ascend-cann-toolkit_8.0.0_linux-x86_64.run", "--install")
    assert not action.automatic
    # Python and torch come from uv: not blocking, listed as automatic actions.
    assert _status(status)["train:cpu-check"] == ("run", None)
    automatic = {(a.subject, a.version) for a in status.actions if a.automatic}
    assert automatic == {("python", "3.10"), ("torch", "2.1.0")}
    assert status.actions[0].subject == "cann"  # what the user must do comes first


def test_what_a_cpu_only_machine_can_still_do() -> None:
    can_do = {c.category: c.steps for c in _plan(host()).can_do}
    assert can_do == {
        "build": ("ops:build", "comm:build"),
        "test": ("train:cpu-check",),
        "convert": ("ops:convert-model",),
    }


def test_one_npu_is_tier_one_and_runs_single_device_steps() -> None:
    snapshot = host(npus=["910B"], driver="24.1.rc2", cann=["8.0.0"])
    result = _plan(snapshot)
    assert result.tier.level == 1
    assert result.tier.devices[0].chips == ("910B",)
    status = _status(result)
    assert status["ops:op-test"] == ("run", None)
    assert status["comm:allreduce"] == ("skip", "needs 2 NPUs; this machine has 1")
    set_env = [a for a in result.actions if a.kind == "set_env"]
    # an environment to apply, not a command: no argv runner could run ``source``
    assert set_env[0].argv == ()
    assert set_env[0].script == "/usr/local/Ascend/ascend-toolkit/set_env.sh"
    assert "ASCEND_HOME_PATH" in set_env[0].variables
    assert action_text(set_env[0]).startswith(
        "source /usr/local/Ascend/ascend-toolkit/set_env.sh (sets ASCEND_HOME_PATH"
    )


def test_several_npus_of_the_wrong_chip_skip_with_the_chip_named() -> None:
    snapshot = host(npus=["310P", "310P"], driver="24.1.rc2", cann=["8.0.0"])
    result = _plan(snapshot)
    assert result.tier.level == 2
    assert _status(result)["comm:allreduce"] == ("skip", "needs 910B; this machine has 310P")


def test_old_driver_blocks_with_the_driver_to_install() -> None:
    snapshot = host(npus=["910B"], driver="23.0.3", cann=["8.0.0"])
    result = _plan(snapshot)
    build = _status(result)["ops:build"]
    assert build[0] == "blocked"
    assert build[1] is not None
    assert "this machine has Ascend driver 23.0.3" in build[1]
    drivers = [a for a in result.actions if a.kind == "driver"]
    assert drivers[0].subject == "ascend_driver"
    assert drivers[0].version == ">=24.1.rc1"


def test_what_if_two_npus_changes_the_tier() -> None:
    result = _plan(host(), what_if=(("npus", "2"),))
    assert result.tier.level == 2
    # two NPUs but no chip reported: the chip-specific step still cannot run
    assert _status(result)["comm:allreduce"] == ("skip", "needs 910B; this machine has none")


def test_unknown_device_count_is_said_so() -> None:
    result = _plan(host(npu_smi="timed_out"))
    assert result.tier.unknown == ("npu_count",)
    reason = _status(result)["ops:op-test"][1]
    assert reason is not None
    assert reason.startswith("needs 1 NPU; the NPU count here is unknown")


def test_wrong_arch_skips_every_step() -> None:
    components = [
        component("kunpeng", [("arch", "aarch64")], steps=[step("build"), step("test", "test")])
    ]
    result = _plan(host(), components)
    assert {s.status for s in result.steps} == {"skip"}
    reason = result.steps[0].reason
    assert reason is not None
    assert (reason.kind, reason.subject, reason.need) == ("hardware", "arch", "aarch64")
    assert _reason(result.steps[0]) == "needs arch aarch64; this machine has arch x86_64"


def test_cycles_and_unknown_dependencies_are_notes_not_crashes() -> None:
    components = [
        component("a", role="training", depends_on=["b"]),
        component("b", role="ops", depends_on=["a", "ghost"]),
    ]
    order, notes = bringup_order(components)
    assert order == ("b", "a")
    assert "b depends on ghost, which is not in this stack" in notes
    assert any(n.startswith("dependency cycle among b, a") for n in notes)


def test_needs_that_are_not_versions_become_actions_and_a_download_needs_the_network() -> None:
    # The needs torchair (Ascend/torchair @ fced8842) states: .gitmodules:1 declares
    # third_party/secure_c, CMakeLists.txt:59 stops when third_party/secure_c/include is
    # missing; plus a required tool, a variable and a build-time download.
    needs = [
        ("submodule", "third_party/secure_c"),
        ("submodule", "third_party/secure_c/include"),
        ("system_package", "ninja"),
        ("env_var", "ASCEND_HOME_PATH"),
        ("network", "https://github.com/fmtlib/fmt.git"),
    ]
    repo = component("torchair", [("python", ">=3.8"), *needs], steps=[step("build")])
    result = _plan(host(), [repo])
    actions = {a.kind: a for a in result.actions if a.kind in ("submodule", "system_package")}
    assert actions["submodule"].argv == (
        "git", "submodule", "update", "--init", "--", "third_party/secure_c"
    )  # fmt: skip
    assert sum(a.kind == "submodule" for a in result.actions) == 1
    assert actions["system_package"].packages == ("debian:ninja-build", "openeuler:ninja-build")
    text = action_text(actions["system_package"])
    assert "apt-get install ninja-build (Debian/Ubuntu)" in text
    assert "dnf install ninja-build (openEuler)" in text
    assert action_text(actions["submodule"]).startswith(
        "in torchair: git submodule update --init -- third_party/secure_c"
    )
    (variable,) = [a for a in result.actions if a.kind == "set_env" and a.script is None]
    assert variable.subject == "ASCEND_HOME_PATH"
    assert action_text(variable).startswith("set ASCEND_HOME_PATH for torchair")
    assert [s.needs.network for s in result.steps] == [True]


def test_a_system_tool_the_probe_found_is_not_asked_for() -> None:
    # uv-xiao/cuda-kernel-uv@2fe491e1eb2f2a1adcfc6c64485c43a896db6119 setup.sh:92 runs
    # ``make -j$(nproc)``; the probe read make 4.3 at /usr/bin/make (outsider11 #7: the next
    # action was still "install make ... as root")
    repo = component("cuda-kernel-uv", [("system_package", "make")], steps=[step("build")])
    found = host(facts={"toolchain.make.version": "4.3"})
    assert not [a for a in _plan(found, [repo]).actions if a.kind == "system_package"]
    missing = [a.subject for a in _plan(host(), [repo]).actions if a.kind == "system_package"]
    assert missing == ["make"]


def test_a_fetching_tool_the_probe_found_is_not_asked_for() -> None:
    # uv-xiao/cuda-kernel-uv@2fe491e1eb2f2a1adcfc6c64485c43a896db6119 README.md:78
    # ``git clone https://github.com/NVIDIA/cutlass.git``: the probe asks git, curl and wget for
    # their versions too, so one found here is no next action (outsider11's last #7 item)
    repo = component("cuda-kernel-uv", [("system_package", "git")], steps=[step("build")])
    found = host(facts={"toolchain.git.version": "2.39.5"})
    assert not [a for a in _plan(found, [repo]).actions if a.kind == "system_package"]
    missing = [a.subject for a in _plan(host(), [repo]).actions if a.kind == "system_package"]
    assert missing == ["git"]
