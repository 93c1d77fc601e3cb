"""A version said only as "the same version as X": pinned, but unverified.

vllm-ascend's README.md:67 asks for "vLLM (the same version as vllm-ascend)" (README.zh.md:61
"vLLM (与vllm-ascend版本一致)"): a version, tied to a release the line does not name. Where no
other line of the repo states it (an image of the repo that clones vLLM at a tag does:
``scan.borrowed``), the plan's pin (the newest the index lists) is a guess, not "any
version": the verdict says so (outsider23 D8)."""

from __future__ import annotations

import re

from packaging.utils import canonicalize_name as canonical

from bringup import lazyre
from bringup.model.resolution import Environment, Obstacle, unchecked
from bringup.solve.solverinput import SolverInput
from bringup.subjects import display_name

_SAME = lazyre.compile(
    r"\bsame\s+version\s+(?:as|of)\s+(?P<en>[\w.-]+)"
    r"|与\s*(?P<zh>[A-Za-z0-9_.-]+)\s*(?:的|需要|要|必须)?\s*版本(?:一致|相同)",
    re.IGNORECASE,
)
""""the same version as vllm-ascend", "与vllm-ascend版本一致"; the name is the Latin letters
after 与, not the words of need glued to it ("torch与torch_npu需要版本一致", KaihuaTang/
LLM-TP-Inference-on-910B@e1c3284 README.md:16, named "torch_npu需要" before)."""


def tied(problem: SolverInput, name: str, env: Environment) -> list[Obstacle]:
    """An ``unchecked`` obstacle per subject ``name`` asks for only as the same version as
    another release, with no version stated anywhere else in the repo."""
    index = next((n for n, c in enumerate(problem.components) if c.name == name), None)
    if index is None:
        return []
    own = [r.requirement for r in problem.requirements if r.component == index]
    stated = {r.subject for r in own if r.spec}
    found: dict[str, Obstacle] = {}
    for requirement in own:
        said = _SAME.search(requirement.text or "")
        pin = env.pin(requirement.subject)
        if said is None or requirement.spec or requirement.subject in stated or pin is None:
            continue
        if pin.installed or requirement.subject in found:
            continue
        other = said.group("en") or said.group("zh")
        if canonical(other) == canonical(requirement.subject.removeprefix("pypi:")):
            continue  # the release the others are tied to is not tied to itself
        found[requirement.subject] = unchecked(
            requirement.subject,
            pin.version,
            requirement.source,
            (
                f"{requirement.source} asks for {display_name(requirement.subject)} of the same"
                f" version as {other}; no line of the repo names that version",
            ),
        )
    return list(found.values())
