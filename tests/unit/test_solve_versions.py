"""The solver on hand-built stacks, continued: what-if questions, recommendations, Python
distributions per interpreter, several files stating one need, how many environments, and
versions the knowledge base does not list."""

from __future__ import annotations

import msgspec
import pytest

from bringup.backends.cuda import keys as cuda_keys
from bringup.errors import StackError
from bringup.model import Component
from bringup.report.verdict_wording import explain_verdict
from bringup.report.wording import explain_conflict
from bringup.solve import SolveOptions, solve
from bringup.solve.whatif import what_if
from solve_inputs import catalogue, component, host, requirement, rule
from solve_stack import RELEASES, RULES, solve_small


def test_what_if_python_shows_who_changes_verdict_and_why() -> None:
    components = [
        component("train", [("python", ">=3.8,<3.11")], role="training"),
        component("infer", [("python", ">=3.9")], role="inference"),
    ]
    base = solve_small(components)
    report = what_if(
        components, host(), RULES, catalogue(RELEASES), [("python", "3.11")], before=base
    )
    changes = {c.component: (c.before.status, c.after.status) for c in report.changed}
    # train no longer fits; infer no longer waits for a Python 3.10 it shared with train.
    assert changes == {"train": ("runs_after", "blocked"), "infer": ("runs_after", "runs")}
    (unplaced,) = report.resolution.unplaced
    assert unplaced.conflict is not None
    assert explain_conflict(unplaced.conflict) == (
        "train needs Python >= 3.8, < 3.11 (train/README.md:1); this machine has Python 3.11 "
        "(--what-if python=3.11): no Python satisfies both -> train cannot run on this machine"
    )


def test_what_if_driver_upgrade_unblocks() -> None:
    components = [component("ops", [("cann", ">=8.0")])]
    snapshot = host(driver="23.0.0", npus=["910B"])
    base = solve_small(components, snapshot=snapshot)
    report = what_if(
        components, snapshot, RULES, catalogue(RELEASES), [("driver", "24.1.0")], before=base
    )
    (change,) = report.changed
    assert change.after.environment == 1
    assert (report.environments_before, report.environments_after) == (0, 1)


def test_what_if_rejects_unknown_subjects_and_bad_versions() -> None:
    components = [component("ops", [("cann", ">=8.0")])]
    with pytest.raises(StackError, match="no repo and no rule mentions 'pyhton'"):
        solve_small(components, what_if=(("pyhton", "3.11"),))
    with pytest.raises(StackError, match="not a version"):
        solve_small(components, what_if=(("ascend_driver", "latest!"),))


def test_a_missed_driver_recommendation_is_a_caveat_not_an_older_toolkit() -> None:
    """cuda_driver rows from 11.1 on are hard = false: minor-version compatibility lets an
    older driver run the toolkit's applications (CUDA Toolkit release notes). The machine's
    driver, fixed here as on a --snapshot, weighs CUDA 12.4.0's own 550.54.14 with the
    versions, as a --target's driver that may change does (O9 #8: one report, one answer;
    before, a fixed driver took 12.0.0 and a target 12.4.0): the newest CUDA the repo
    accepts, the recommendation not followed said as a caveat."""
    recommend = msgspec.structs.replace(
        rule("cuda_driver-12.4.0", "cuda", "==12.4.0", "nvidia_driver", ">=550.54.14"), hard=False
    )
    components = [component("infer", [("cuda", ">=12.0")])]
    releases = {"cuda": ["12.0.0", "12.4.0"]}
    snapshot = host(facts={cuda_keys.NVIDIA_DRIVER: "535.104.05"})
    for allow in (False, True):
        options = SolveOptions(allow_driver_change=allow)
        resolution = solve(components, snapshot, [recommend], catalogue(releases), options)
        env = resolution.environments[0]
        pin = env.pin("cuda")
        assert pin is not None
        assert pin.version == "12.4.0"
        (caveat,) = resolution.caveats
        assert caveat.rule_id == "cuda_driver-12.4.0"
        assert caveat.reason == "recommended for CUDA 12.4.0, not followed"


def test_a_missed_driver_recommendation_leaves_the_repo_running_after_installs() -> None:
    """review22 #4: a recommendation not followed must not leave the repo ``unverified``:
    with driver 535.104.05 and CUDA 12.4.0 (its own row asks 550.54.14) the verdict is *runs
    here after installing*, the recommendation a caveat. Constructed host."""
    recommend = msgspec.structs.replace(
        rule("cuda_driver-12.4.0", "cuda", "==12.4.0", "nvidia_driver", ">=550.54.14"), hard=False
    )
    # CUDA 12.0 GA's own row (>= 525.60.13, kb/data/cuda_driver.toml as the KB has it): a
    # toolkit no driver row covers is unverified (outsider23 D5), whatever the recommendation
    known = msgspec.structs.replace(
        rule("cuda_driver-12.0.0", "cuda", "==12.0.0", "nvidia_driver", ">=525.60.13"), hard=False
    )
    components = [component("infer", [("cuda", ">=12.0")])]
    facts = {cuda_keys.NVIDIA_DRIVER: "535.104.05", cuda_keys.CUDA_ACTIVE: "12.4.0"}
    resolution = solve(
        components,
        host(facts=facts),
        [recommend, known],
        catalogue({"cuda": ["12.0.0", "12.4.0"]}),
    )
    pin = resolution.environments[0].pin("cuda")
    assert pin is not None
    assert pin.version == "12.4.0"
    assert [c.rule_id for c in resolution.caveats] == ["cuda_driver-12.4.0"]
    assert [v.status for v in resolution.verdicts] == ["runs_after"]


def test_unknown_python_distributions_are_open_ranges_for_the_index() -> None:
    # numpy is not in the knowledge base and 2.1.3 is installed: "< 2, >= 1.21" still holds
    # (some release the index has), pinned as that range; "< 2" and ">= 2" still conflict.
    snapshot = host(packages={"numpy": "2.1.3"})
    old = component("train", [("pypi:numpy", "<2,>=1.21")])
    resolution = solve_small([old], snapshot=snapshot)
    pin = resolution.environments[0].pin("numpy")
    assert pin is not None
    assert (pin.version, pin.origin, pin.installed) == ("<2,>=1.21", "index", False)
    new = component("infer", [("numpy", ">=2")])
    both = solve_small([old, new], snapshot=snapshot)
    assert len(both.environments) == 2
    second = both.environments[1].pin("numpy")
    assert second is not None
    assert (second.version, second.origin) == ("2.1.3", "installed")
    assert "no single numpy satisfies both" in explain_conflict(both.conflicts[0], 2)


def test_installed_packages_count_only_on_their_own_interpreter() -> None:
    # torch 2.1.0 and numpy 1.26.4 are in the default interpreter (3.11.7); the probe did not
    # look inside 3.10.13. An environment on 3.11.7 keeps them, citing that interpreter; one on
    # 3.10.13 takes the newest release and the index's range, to install.
    snapshot = host(pythons=("3.11.7", "3.10.13"), packages={"torch": "2.1.0", "numpy": "1.26.4"})
    new = component("new", [("python", "==3.11.*"), ("torch", ">=2.1"), ("pypi:numpy", "<2")])
    old = component("old", [("python", "<3.11"), ("torch", ">=2.1"), ("pypi:numpy", "<2")])
    resolution = solve_small([new, old], snapshot=snapshot)
    assert [e.components for e in resolution.environments] == [("new",), ("old",)]
    on_default, on_other = resolution.environments
    pins = {p.subject: (p.version, p.origin, p.installed) for p in on_default.pins}
    assert pins == {
        "python": ("3.11.7", "installed", True),
        "torch": ("2.1.0", "installed", True),
        "numpy": ("1.26.4", "installed", True),
    }
    torch = on_default.pin("torch")
    assert torch is not None
    assert str(torch.source) == "$ /usr/bin/python3.11 -I inspect_env.py"
    pins = {p.subject: (p.version, p.origin, p.installed) for p in on_other.pins}
    assert pins == {
        "python": ("3.10.13", "installed", True),
        "torch": ("2.2.0", "release", False),
        "numpy": ("<2", "index", False),
    }


def test_a_version_only_another_interpreter_has_is_no_candidate() -> None:
    # torch 2.0.1 is no release the knowledge base lists; the default interpreter has it.
    snapshot = host(pythons=("3.11.7", "3.10.13"), packages={"torch": "2.0.1"})
    there = component("there", [("torch", "==2.0.1")])
    resolution = solve_small([there], snapshot=snapshot)
    pin = resolution.environments[0].pin("python")
    assert pin is not None
    assert pin.version == "3.11.7"  # a package is installed into an interpreter
    elsewhere = component("elsewhere", [("python", "<3.11"), ("torch", "==2.0.1")])
    resolution = solve_small([elsewhere], snapshot=snapshot)
    assert not resolution.environments
    assert [u.component for u in resolution.unplaced] == ["elsewhere"]


def test_what_another_repo_of_the_stack_provides_is_not_solved_for() -> None:
    components = [
        component("ascend-comm", [("python", ">=3.8")]),
        component("train", [("pypi:ascend-comm", ">=0.2"), ("cmake:AscendOps", ">=0.3")]),
        component("ascend-ops", [("cmake", ">=3.16")]),
    ]
    resolution = solve_small(components)
    statuses = {(c.component, c.subject): (c.status, c.pin) for c in resolution.checks}
    assert statuses[("train", "ascend_comm")] == ("provided", "ascend-comm")
    assert statuses[("train", "cmake:ascendops")] == ("provided", "ascend-ops")
    assert resolution.environments[0].pin("ascend_comm") is None


def test_a_requirement_stated_in_several_files_is_one_item_citing_all() -> None:
    ops = Component(
        name="ops",
        path="ops",
        role="ops",
        requirements=(
            requirement("ops", "cann", ">=7.0", "ops/CMakeLists.txt:27"),
            requirement("ops", "cann", ">=7.0", "ops/README.md:13"),
        ),
    )
    infer = component("infer", [("cann", "<7.0")])
    resolution = solve_small([ops, infer])
    (conflict,) = resolution.conflicts
    assert explain_conflict(conflict, 2).startswith(
        "ops needs CANN >= 7.0 (ops/CMakeLists.txt:27; also ops/README.md:13); "
    )


def test_a_cpp_standard_is_a_setting_not_an_install() -> None:
    releases = {**RELEASES, "cxx_standard": ["11", "14", "17", "20", "23"]}
    components = [
        component("ops", [("cxx_standard", ">=14")]),
        component("x", [("cxx_standard", ">=17")]),
    ]
    resolution = solve(components, host(), RULES, catalogue(releases))
    pin = resolution.environments[0].pin("cxx_standard")
    assert pin is not None
    assert (pin.version, pin.installed) == ("17", True)  # the oldest that fits both
    assert resolution.verdicts[0].status == "runs"


def test_fewer_environments_than_first_fit_finds() -> None:
    """First fit puts a and b together (CMake 2), then c (1) and d (3) alone: three groups.
    The pair that cannot share (c, d) proves two is the least, and two do hold: a with c on
    CMake 1, b with d on CMake 3."""
    components = [
        component("a", [("cmake", ">=1,<3")]),
        component("b", [("cmake", ">=2,<4")]),
        component("c", [("cmake", "==1")]),
        component("d", [("cmake", "==3")]),
    ]
    resolution = solve(components, host(), [], catalogue({"cmake": ["1", "2", "3", "4"]}))
    placed = {env.components: env.pin("cmake") for env in resolution.environments}
    assert {names: pin.version for names, pin in placed.items() if pin} == {
        ("a", "c"): "1",
        ("b", "d"): "3",
    }


def test_many_repos_that_cannot_share_each_get_an_environment() -> None:
    """Thirteen repos pinning thirteen CMakes: the bound comes from a greedy clique (past a
    dozen groups), the split is forced, each environment is solved on its own."""
    versions = [str(n) for n in range(1, 14)]
    components = [component(f"r{v}", [("cmake", f"=={v}")]) for v in versions]
    resolution = solve(components, host(), [], catalogue({"cmake": versions}))
    assert [env.components for env in resolution.environments] == [(f"r{v}",) for v in versions]
    assert [[p.version for p in env.pins] for env in resolution.environments] == [
        [v] for v in versions
    ]
    assert resolution.optimal


def test_a_version_the_knowledge_base_does_not_list_is_unverified_not_impossible() -> None:
    """torch >= 9 when the knowledge base knows 2.1.0 and 2.2.0: the knowledge base is not the
    list of every release, so torch 9 is pinned as asked, marked unverified (not compatible),
    with the missing record named; the verdict says so."""
    resolution = solve_small([component("future", [("torch", ">=9")])])
    assert resolution.unplaced == ()
    (env,) = resolution.environments
    pin = env.pin("torch")
    assert pin is not None
    assert (pin.version, pin.origin) == ("9", "unverified")
    assert pin.missing == ("no release record for torch 9 in the knowledge base",)
    # may run, unverified (exit 1), never "runs here after" (outsider12 #2)
    assert resolution.verdicts[0].status == "unverified"
    assert explain_verdict(resolution.verdicts[0]) == (
        "may run here after installing torch 9, unverified: "
        "torch 9: no release record for torch 9 in the knowledge base"
    )


def test_an_unverified_cann_names_the_compatibility_rows_that_would_check_it() -> None:
    """CANN 9.2.0 (not in the releases) beside torch_npu, whose rows say which CANN each
    release goes with: the pin is unverified and the torch_npu rows for it are named missing;
    a known torch_npu whose row asks another CANN is a real conflict, not an unknown."""
    resolution = solve_small([component("next", [("cann", "==9.2.0"), ("torch_npu", ">=2.3")])])
    (env,) = resolution.environments
    cann = env.pin("cann")
    assert cann is not None
    assert cann.origin == "unverified"
    assert "no torch_npu row for CANN 9.2.0 in test.toml" in cann.missing
    known = solve_small([component("old", [("cann", "==9.2.0"), ("torch_npu", "==2.1.0")])])
    assert known.environments == ()
    (unplaced,) = known.unplaced
    assert unplaced.conflict is not None
    assert {i.kind for i in unplaced.conflict.items} == {"requirement", "rule"}


def test_a_local_version_label_is_a_build_of_its_release() -> None:
    """torch == 2.1.0+cpu (a README pin): the +cpu build of the release 2.1.0, so the
    knowledge base's release record stands for it; torch == 2.3.0+cpu is unverified."""
    resolution = solve_small([component("cpu", [("torch", "==2.1.0+cpu")])])
    pin = resolution.environments[0].pin("torch")
    assert pin is not None
    assert (pin.version, pin.origin) == ("2.1.0+cpu", "release")
    later = solve_small([component("cpu", [("torch", "==2.3.0+cpu")])])
    pin = later.environments[0].pin("torch")
    assert pin is not None
    assert (pin.version, pin.origin) == ("2.3.0+cpu", "unverified")


def test_cmake_from_python_build_requirements_is_installed_from_the_index() -> None:
    """``cmake>=3.26`` as a Python build requirement on a host with CMake 3.25: the package
    index provides it, so the repo runs after installing it, never "no CMake satisfies it"."""
    resolution = solve_small(
        [component("kernels", [("cmake", ">=3.26"), ("ninja", ">=1.11")])],
        snapshot=host(facts={"toolchain.cmake.version": "3.25.1"}),
    )
    assert resolution.unplaced == ()
    (env,) = resolution.environments
    pin = env.pin("cmake")
    assert pin is not None
    assert (pin.origin, pin.version) == ("index", ">=3.26")
    assert "CMake >= 3.26 (from the package index)" in explain_verdict(resolution.verdicts[0])


def test_a_linux_family_requirement_is_met_by_a_linux_distribution() -> None:
    # jtc1246/direct-mmap@58a749be setup.py:5 raises off Linux; apex's README has a "Linux"
    # install section: both ask for the family, which any os-release id is a member of
    components = [
        component("direct-mmap", [("os", "linux")]),
        component("win-only", [("os", "windows")]),
    ]
    resolution = solve_small(components, snapshot=host(facts={"host.os.id": "debian"}))
    status = {v.component: v.status for v in resolution.verdicts}
    assert status["direct-mmap"] != "needs_hardware"
    assert status["win-only"] == "needs_hardware"
