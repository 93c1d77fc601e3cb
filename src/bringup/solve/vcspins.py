"""Python distributions a repo installs from a Mercurial, Subversion or Bazaar URL
(``MyProject @ hg+https://hg.myproject.org/MyProject``, pip's VCS support page): pip installs
them with the VCS's own program, uv refuses the URL ("Mercurial is not supported",
astral-sh/uv#14504), and ``up`` installs with uv, where one install of a list fails whole.
``up`` leaves such a distribution to the user, as a name read from prose (``prosenames``), and
the verdict says it is unverified until they install it: honest, where a failed install of
the environment was not."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bringup.model.resolution import Environment, Unverified
from bringup.scan.pydeps import other_vcs
from bringup.subjects import canonical_subject

if TYPE_CHECKING:  # named only: ``prosenames`` (read by the plan) imports this module
    from bringup.solve.solverinput import SolverInput

REASON = (
    "installed from a {tool} URL, which uv cannot install from (it installs from git only: "
    "astral-sh/uv#14504), so up does not install it: install it yourself with pip, which "
    "needs {tool}"
)
_OPENING = REASON.split("{tool}", 1)[0]


def left_by_vcs(reason: str) -> bool:
    """Whether ``reason`` is one ``vcs_pins`` gives: up leaves the distribution to the user."""
    return reason.startswith(_OPENING)


def vcs_pins(problem: SolverInput, environments: Sequence[Environment]) -> tuple[Unverified, ...]:
    """One ``Unverified`` per repo and pin of an environment that the repo installs from a
    VCS uv cannot fetch (``scan.pydeps.other_vcs``)."""
    found: list[Unverified] = []
    for env in environments:
        pinned = {p.subject for p in env.pins}
        for c in problem.components:
            if c.name not in env.components:
                continue
            for r in c.requirements:
                tool = other_vcs(r.direct)
                subject = canonical_subject(r.subject)
                if tool and subject in pinned:
                    found.append(
                        Unverified(
                            subject=subject,
                            spec=r.direct,
                            source=r.source,
                            reason=REASON.format(tool=tool),
                            component=c.name,
                            environment=env.index,
                        )
                    )
    return tuple(found)
