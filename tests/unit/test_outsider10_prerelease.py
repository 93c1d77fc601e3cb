"""A pre-release toolkit was picked over releases that meet the same line: "CANN ≥ 8.5.0"
(zhshgmail/easyr1-npu@28fc2d6e ONBOARDING.md:44) on an A3 whose npu-smi says 25.2.3
(https://github.com/vllm-project/vllm-ascend/issues/5357) got CANN 9.1.0-beta.3, a community
pre-release with no driver row, though the repo's README.md:11 keeps A3 on 8.5 for a
9.1.0-beta.1 regression (outsider10 #7). A pre-release (cann_releases.toml ``kind``) now ranks
after every release unless a repo names it or it is installed."""

from __future__ import annotations

from bringup.kb import load_knowledge_base
from bringup.model import Component
from bringup.solve import host_facts, knowledge_catalogue, solve
from bringup.solve.candidates import Candidates
from bringup.versions import is_prerelease
from solve_inputs import host, requirement


def _pre(version: str) -> bool:
    return is_prerelease(version, "ascend")


def _cann(spec: str, cann: tuple[str, ...] = ()) -> list[str]:
    kb = load_knowledge_base()
    cands = Candidates(
        host_facts(host(cann=cann)),
        knowledge_catalogue(kb),
        allow_driver_change=False,
        specs={"cann": {spec}},
        rows=kb.rules(),
    )
    return [c.version for c in cands.of("cann")]


def test_every_release_ranks_before_a_pre_release() -> None:
    order = _cann(">=8.5.0")
    first_pre = next(n for n, v in enumerate(order) if _pre(v))
    assert not any(_pre(v) for v in order[:first_pre])
    assert all(_pre(v) for v in order[first_pre:])
    assert order.index("8.5.1") < order.index("9.1.0-beta.3")


def test_a_named_or_installed_pre_release_keeps_its_place() -> None:
    named = _cann("==9.1.0-beta.3")
    assert named.index("9.1.0-beta.3") < named.index("8.5.1")
    installed = _cann(">=8.5.0", cann=("9.1.0-beta.3",))
    assert installed.index("9.1.0-beta.3") < installed.index("8.5.1")


def test_the_scheme_tells_pre_releases() -> None:
    """alpha/beta and internal test builds are; CANN's commercial RCs are releases."""
    said = {v: _pre(v) for v in ("9.1.0-beta.3", "8.1.RC1.beta1", "8.5.0.alpha001", "8.0.T63")}
    assert all(said.values())
    assert not any(_pre(v) for v in ("8.0.RC1", "8.5.1", "6.3.RC3.1", "24.1.rc2.b010"))
    assert is_prerelease("2.7.1.dev20250724", "pep440")
    assert not is_prerelease("2.9.0.post2", "pep440")


def test_the_a3_host_gets_no_pre_release() -> None:
    kb = load_knowledge_base()
    repo = Component(
        name="easyr1-npu",
        path="easyr1-npu",
        role="training",
        requirements=(requirement("easyr1-npu", "cann", ">=8.5.0", "ONBOARDING.md:44"),),
    )
    snapshot = host(npus=["910_93"], driver="25.2.3")
    resolution = solve([repo], snapshot, kb.rules(), knowledge_catalogue(kb))
    pin = resolution.environments[0].pin("cann")
    assert pin is not None
    assert not _pre(pin.version)
