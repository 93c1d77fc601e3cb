"""The solver on hand-built stacks: one environment when one exists, the CANN split with its
explanation, preferences, what the host rules out, and what it cannot tell."""

from __future__ import annotations

import msgspec

from bringup.backends.ascend import keys as ascend_keys
from bringup.model import Component
from bringup.report.verdict_wording import explain_hardware, explain_verdict
from bringup.report.wording import explain_conflict
from solve_inputs import component, host, requirement
from solve_stack import solve_small


def test_one_environment_when_one_exists() -> None:
    components = [
        component("ops", [("cann", ">=7.0"), ("gcc", ">=7.3")], role="ops"),
        component("infer", [("cann", ">=7.0,<8.1"), ("python", ">=3.9")], role="inference"),
        component("samples", [("python", ">=3.8")], role="samples"),
    ]
    resolution = solve_small(components)
    assert len(resolution.environments) == 1
    env = resolution.environments[0]
    assert env.components == ("ops", "infer", "samples")
    assert not resolution.conflicts
    # Python 3.11.7 is installed: preferred over a newer or an older release.
    python = env.pin("python")
    assert python is not None
    assert python.version == "3.11.7"
    assert python.origin == "installed"
    # No CANN installed: the newest release that fits both.
    cann = env.pin("cann")
    assert cann is not None
    assert cann.version == "8.0.0"
    assert cann.origin == "release"
    assert str(cann.source) == "kb:releases/cann"


def test_installed_beats_newest() -> None:
    components = [component("ops", [("cann", ">=7.0")])]
    resolution = solve_small(components, snapshot=host(cann=["7.0.0"]))
    pin = resolution.environments[0].pin("cann")
    assert pin is not None
    assert pin.version == "7.0.0"
    assert pin.installed
    assert pin.source.ref.endswith("ascend_toolkit_install.info")
    assert resolution.verdicts[0].status == "runs"
    assert explain_verdict(resolution.verdicts[0]) == "runs here"


def test_cann_conflict_splits_into_two_environments_with_a_minimal_reason() -> None:
    components = [
        component("ops", [("cann", ">=7.0")], role="ops"),
        component("infer", [("cann", ">=6.3,<7.0")], role="inference"),
        component("tools", [("gcc", ">=7.3")], role="toolchain"),
    ]
    resolution = solve_small(components)
    assert [env.components for env in resolution.environments] == [("ops", "tools"), ("infer",)]
    assert len(resolution.conflicts) == 1
    text = explain_conflict(resolution.conflicts[0], len(resolution.environments))
    assert text == (
        "ops needs CANN >= 7.0 (ops/README.md:1); infer needs CANN >= 6.3, < 7.0 "
        "(infer/README.md:1): no single CANN satisfies both -> two environments"
    )


def test_conflict_through_a_rule_names_the_rule_and_its_source() -> None:
    components = [
        component("train", [("pypi:torch-npu", "==2.1.0")], role="training"),
        component("ops", [("cann", ">=8.0")], role="ops"),
    ]
    resolution = solve_small(components, snapshot=host(driver="24.1.rc2", npus=["910B"]))
    assert len(resolution.environments) == 2
    (conflict,) = resolution.conflicts
    kinds = [item.kind for item in conflict.items]
    assert kinds == ["requirement", "rule", "requirement"]
    assert conflict.items[1].rule_id == "torch_npu-2.1.0-cann"
    assert conflict.items[1].source.url is not None
    assert "no single CANN satisfies all of these" in explain_conflict(conflict, 2)


def test_old_driver_blocks_a_repo_alone_and_allowing_a_change_pins_one() -> None:
    components = [component("ops", [("cann", ">=8.0")], role="ops")]
    resolution = solve_small(components, snapshot=host(driver="23.0.0", npus=["910B"]))
    assert not resolution.environments
    (unplaced,) = resolution.unplaced
    assert unplaced.conflict is not None
    assert [i.kind for i in unplaced.conflict.items] == ["requirement", "rule", "host"]
    verdict = resolution.verdicts[0]
    assert verdict.status == "runs_after"
    assert any(o.kind == "driver" for o in verdict.obstacles)
    allowed = solve_small(
        components, snapshot=host(driver="23.0.0", npus=["910B"]), allow_driver_change=True
    )
    driver = allowed.environments[0].pin("ascend_driver")
    assert driver is not None
    assert driver.version == "24.1.0"
    assert not driver.installed


def test_hardware_is_judged_against_the_host_without_blocking_the_software() -> None:
    components = [
        component("comm", [("npu_count", ">=2"), ("chip", "910B"), ("cann", ">=7.0")], role="comm"),
        component("ops", [("cann", ">=7.0")], role="ops"),
    ]
    resolution = solve_small(components)
    assert len(resolution.environments) == 1  # comm still gets pins for its builds
    blocks = {b.requirement.subject: b for b in resolution.hardware}
    assert set(blocks) == {"npu_count", "chip"}
    assert explain_hardware(blocks["npu_count"]) == (
        "comm needs Ascend NPUs >= 2 (comm/README.md:1); this machine has 0 NPUs ($ npu-smi info)"
    )
    assert explain_hardware(blocks["chip"]).endswith("this machine has no NPU ($ npu-smi info)")
    assert resolution.verdicts[0].status == "needs_hardware"


def test_wrong_arch_takes_the_repo_out_of_thesolve_small() -> None:
    components = [
        component("kunpeng", [("arch", "aarch64"), ("cann", "<7.0")]),
        component("ops", [("cann", ">=7.0")]),
    ]
    resolution = solve_small(components)
    assert [env.components for env in resolution.environments] == [("ops",)]
    assert resolution.verdicts[0].status == "needs_hardware"
    assert "needs other hardware: arch aarch64" in explain_verdict(resolution.verdicts[0])


def test_requirement_on_the_driver_blocks_device_steps_only() -> None:
    components = [component("ops", [("ascend_driver", ">=24.1")])]
    # no driver at all: a machine without the NPU, other hardware
    (absent,) = solve_small(components).hardware
    assert (absent.kind, absent.scope) == ("hardware", "device")
    # an old driver: the administrator can change it
    old = solve_small(components, snapshot=host(npus=["910B"], driver="23.0.3")).hardware
    assert [(b.kind, b.scope) for b in old] == [("driver", "device")]


def test_unknown_host_value_is_unverified_not_fine() -> None:
    components = [component("ops", [("ascend_driver", ">=24.1"), ("npu_count", ">=1")])]
    snapshot = host(npu_smi="timed_out")
    bare = msgspec.structs.replace(
        snapshot, facts=tuple(f for f in snapshot.facts if f.key != ascend_keys.ASCEND_DRIVER)
    )
    resolution = solve_small(components, snapshot=bare)
    reasons = {u.subject: u.reason for u in resolution.unverified}
    assert reasons["ascend_driver"] == "unknown: not probed"
    assert reasons["npu_count"].startswith("timed_out")
    assert {c.status for c in resolution.checks} == {"unverified"}
    assert not resolution.hardware


def test_rules_about_an_absent_driver_are_deferred_to_the_device_host() -> None:
    components = [component("ops", [("cann", "==8.0.0")])]
    resolution = solve_small(components)  # no NPU, no driver
    assert len(resolution.environments) == 1
    (deferred,) = resolution.unverified
    assert deferred.rule_id == "cann-8.0-driver"
    assert deferred.environment == 1


def test_unparsable_spec_is_a_finding_not_a_crash() -> None:
    bad = Component(
        name="ops", path="ops", role="ops", requirements=(requirement("ops", "cann", ">=seven"),)
    )
    resolution = solve_small([bad])
    assert resolution.findings[0].status == "unparsed"
    assert resolution.findings[0].source == bad.requirements[0].source
    assert resolution.checks[0].status == "invalid"


def test_soft_requirement_is_honoured_when_it_costs_no_environment() -> None:
    soft = Component(
        name="samples",
        path="samples",
        role="samples",
        requirements=(
            requirement("samples", "python", ">=3.8"),
            requirement("samples", "python", "==3.9", hard=False),
            requirement("samples", "torch", ">=2.1", hard=False),
        ),
    )
    resolution = solve_small([soft])
    env = resolution.environments[0]
    pin = env.pin("python")
    assert pin is not None
    assert pin.version == "3.9"  # preferred over the installed 3.11.7
    assert env.pin("torch") is None  # a soft requirement alone does not install anything
    hard = component("train", [("python", ">=3.10")])
    both = solve_small([soft, hard])
    assert len(both.environments) == 1
    statuses = {(c.component, c.spec): c.status for c in both.checks}
    assert statuses[("samples", "==3.9")] == "violated"
    assert statuses[("train", ">=3.10")] == "ok"
