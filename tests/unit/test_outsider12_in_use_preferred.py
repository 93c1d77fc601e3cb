"""outsider12 #4: an Ascend C template states no CANN version but builds in the toolkit image its
env_setup.sh names (MagicBowen/ascendc_agent@598bc37 env_setup.sh:6, beside README.md:97's
``source .../set_env.sh``). The scan folds that soft release into its "unversioned" finding;
the solver took the newest CANN alone and, beside photo-translator-ascend's CANN 5.0.3.alpha001,
that 2021 release: the release the repo's own image carries is what its unversioned need now
prefers, a soft requirement the solver follows where nothing else decides."""

from __future__ import annotations

from pathlib import Path

import msgspec

from bringup.model import Component
from bringup.scan import scan_stack
from bringup.solve import SolveOptions, solve
from solve_inputs import catalogue, host
from solve_stack import RELEASES, RULES

ENV_SETUP = (
    'docker_image="swr.cn-south-1.myhuaweicloud.com/ascendhub/cann:8.3.rc1.alpha002-910b-'
    'ubuntu22.04-py3.11"\n'
)  # ascendc_agent@598bc37 env_setup.sh:6
README = "# x\n\n```bash\nsource /usr/local/Ascend/ascend-toolkit/set_env.sh\n```\n"  # :97


def _repo(tmp_path: Path, image_line: str) -> Component:
    repo = tmp_path / "ascendc_agent"
    repo.mkdir()
    (repo / "README.md").write_text(README, encoding="utf-8")
    (repo / "env_setup.sh").write_text(image_line, encoding="utf-8")
    (component,) = scan_stack([str(repo)]).components
    return component


def _cann(component: Component) -> list[tuple[str, str, tuple[str, ...]]]:
    return [
        (r.spec, str(r.source.line), tuple(p.value for p in r.prefers))
        for r in component.requirements
        if r.subject == "cann"
    ]


def _pin(components: list[Component]) -> str:
    releases = {**RELEASES, "cann": [*RELEASES["cann"], "8.3.RC1.alpha002", "9.1.0"]}
    resolution = solve(components, host(), RULES, catalogue(releases), SolveOptions())
    pin = resolution.environments[0].pin("cann")
    assert pin is not None
    return pin.version


def test_the_unversioned_need_prefers_the_release_its_image_carries(tmp_path: Path) -> None:
    component = _repo(tmp_path, ENV_SETUP)
    assert _cann(component) == [("", "4", ("==8.3.RC1.alpha002",))]
    said = [f.reason or "" for f in component.findings if f.key.startswith("scan.unversioned")]
    assert any("shows ==8.3.RC1.alpha002 in use" in s for s in said), said
    assert _pin([component]) == "8.3.RC1.alpha002"  # not the newest, 9.1.0


def test_without_an_image_the_solver_takes_the_newest(tmp_path: Path) -> None:
    component = _repo(tmp_path, "echo no image here\n")
    assert _cann(component) == [("", "4", ())]
    assert _pin([component]) == "9.1.0"


def test_a_preference_is_no_need_a_hard_pin_beside_it_stands(tmp_path: Path) -> None:
    component = _repo(tmp_path, ENV_SETUP)
    (need,) = [r for r in component.requirements if r.subject == "cann"]
    hard = msgspec.structs.replace(need, spec="==7.0.0", component="other", prefers=())
    pinned = Component(name="other", path="other", role="inference", requirements=(hard,))
    assert _pin([component, pinned]) == "7.0.0"
