"""A pin known only from other packages' rows: its own requirements are unchecked.

The knowledge base can name a release of a distribution without saying what that release
requires: vllm 0.22.1 is named by vllm-ascend's rows (the vLLM source vllm-ascend 0.22.1rc1
builds against, beside torch 2.10.0), and no row starts from vllm. The installer then reads
the wheel's own metadata, which the check never saw: PyPI's vllm 0.22.1 requires torch
2.11.0, and ``up`` failed on "your requirements are unsatisfiable" where ``check`` had
promised the environment (outsider11 #18, zzhx1/vllm-ascend@5e39074). Such a pin to install
beside other pins is unchecked: the repo may run here, unverified, never "runs". A row naming
the pin vouches for it only when it is the naming package's own published requirement
(``Rule.metadata``: torch's wheel pins triton); vllm-ascend's versioning table names the vLLM
source it builds against, which says nothing of what PyPI's vllm wheel requires (review30 M3:
pinning vllm-ascend 0.22.1rc1 beside vllm 0.22.1 had switched the doubt off)."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from bringup.model.resolution import Environment, Obstacle, unchecked
from bringup.solve.solverinput import SolverInput
from bringup.subjects import display_name, scope_of

NAMED_BY_OTHERS = "rows naming "
"""The start of a release's source when only other packages' rows name that version
(``solve.catalogue``)."""


def own_rows_unknown(
    problem: SolverInput,
    env: Environment,
    used: Collection[str],
    candidate_of: Mapping[tuple[str, str], int],
) -> list[Obstacle]:
    """An ``unchecked`` obstacle per Python distribution to install whose version only other
    rows of the knowledge base name and that no row of this problem relates to anything,
    beside other distributions pinned to install (what its own requirements could
    contradict). A pin with a row of its own, or named by another package's own published
    requirement (torch 2.7.0 -> triton 3.3.0, the triton torch's wheel requires), is vouched
    for by that row."""
    related = {item.subject for item in problem.rules}
    related |= {item.then_subject for item in problem.rules if item.rule.metadata}
    to_install = [
        p
        for p in env.pins
        if not p.installed and p.origin == "release" and scope_of(p.subject) == "python_package"
    ]
    found: list[Obstacle] = []
    for subject in sorted(used):
        pin = env.pin(subject)
        if pin is None or pin.installed or pin.origin != "release" or subject in related:
            continue
        if (subject, pin.version) not in candidate_of:
            continue
        if scope_of(subject) != "python_package" or not pin.source.ref.startswith(NAMED_BY_OTHERS):
            continue
        others = [p for p in to_install if p.subject != subject]
        if not others:
            continue
        shown = ", ".join(f"{display_name(p.subject)} {p.version}" for p in others[:3])
        found.append(
            unchecked(
                subject,
                pin.version,
                pin.source,
                (
                    f"no row says what {display_name(subject)} {pin.version} itself requires "
                    f"(only other packages' rows name it); its installer may find it in "
                    f"conflict with {shown}" + (" …" if len(others) > 3 else ""),
                ),
            )
        )
    return found
