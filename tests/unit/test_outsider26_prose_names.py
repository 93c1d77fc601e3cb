"""outsider26 #2 (the install side): ``up`` would install from PyPI names the scan read from
docs prose (``apex`` from a table cell, momo609/mindspeed@7e624cf1
docs/zh/user-guide/installation.md:63; PyPI's apex is another project). A distribution whose
every line is prose is now unverified: no environment pins it, so nothing installs it, and
the repo's verdict says which line. Names a manifest lists, or a ``pip install`` of the docs
installs, stay installed from the index."""

from __future__ import annotations

from bringup.model import Component, Requirement, file_source
from bringup.solve import SolveOptions, solve
from bringup.solve.prosenames import REASON
from solve_inputs import catalogue, host


def _mindspeed(*requirements: Requirement) -> Component:
    return Component(name="mindspeed", path="mindspeed", role="other", requirements=requirements)


# the scan's readings of momo609/mindspeed@7e624cf1 (confidence and text as it gives them)
APEX = Requirement(
    subject="pypi:apex",
    spec="",
    component="mindspeed",
    source=file_source("docs/zh/user-guide/installation.md", 63),
    confidence="low",
    text="apex | 《Ascend Extension for PyTorch 配置与安装》",
)
EINOPS = Requirement(  # requirements.txt:12
    subject="pypi:einops",
    spec="",
    component="mindspeed",
    source=file_source("requirements.txt", 12),
)
# shanshuo/MindSpeed-MM@dc326082 docs/user-guide/getting_start.md:270
DECORD = Requirement(
    subject="pypi:decord",
    spec="==0.6.0",
    component="mindspeed",
    source=file_source("docs/user-guide/getting_start.md", 270),
    confidence="medium",
    text="pip install: decord==0.6.0",
)


def test_a_name_read_from_prose_is_unverified_and_not_pinned() -> None:
    resolution = solve([_mindspeed(APEX, EINOPS, DECORD)], host(), [], catalogue({}))
    (env,) = resolution.environments
    pinned = {p.subject for p in env.pins}
    assert "apex" not in pinned
    # the cases that stay: a manifest's name and a docs' pip install
    assert {"einops", "decord"} <= pinned
    (prose,) = [u for u in resolution.unverified if u.reason == REASON]
    assert (prose.subject, prose.source.line) == ("apex", 63)
    (verdict,) = resolution.verdicts
    assert verdict.status == "unverified"


def test_the_same_name_in_a_manifest_is_installed() -> None:
    listed = Requirement(  # constructed: apex listed in a requirements file
        subject="pypi:apex",
        spec="",
        component="mindspeed",
        source=file_source("requirements.txt", 1),
    )
    resolution = solve([_mindspeed(APEX, listed)], host(), [], catalogue({}), SolveOptions())
    (env,) = resolution.environments
    assert "apex" in {p.subject for p in env.pins}
    assert resolution.verdicts[0].status != "unverified"
