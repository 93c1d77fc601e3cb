"""The role a repo plays in a stack (samples, toolchain, communication, inference, training,
operators), guessed from its name or its README's title when its manifest does not say."""

from __future__ import annotations

import re

from bringup import backends, patterncache
from bringup.backends.base import Backend
from bringup.model import Role

_ROLE_WORDS: tuple[tuple[Role, str], ...] = (
    ("samples", r"sample|example|demo|样例|示例"),
    ("toolchain", r"toolchain|compiler|profil|debugger|工具链|编译器"),
    ("comm", r"\bcomm\b|comm[-_]|{collectives}collective|通信"),
    # an inference engine or its plugin by its name (vllm-project/vllm-ascend; sglang)
    ("inference", r"infer|serving|推理|\bvllm|\bsglang"),
    ("training", r"train|训练|reinforcement\s+learning|rlhf|强化学习"),
    ("ops", r"\bops?\b|ops[-_]|operator|kernel|算子"),
)


def guess_role(name: str, readme: str) -> Role:
    """The role a repo's name (or its README title) suggests; ``other`` when neither says."""
    title = next((line for line in readme.splitlines() if line.strip()), "")
    for text in (name, title):
        for role, pattern in _roles():
            if pattern.search(text):
                return role
    return "other"


def _compile_roles(registered: tuple[Backend, ...]) -> tuple[tuple[Role, re.Pattern[str]], ...]:
    """The role words, with every backend's collective-communication libraries as comm."""
    names = [n for b in registered for n in b.vocabulary.collectives]
    collectives = "".join(f"{re.escape(n)}|" for n in names)
    return tuple(
        (role, patterncache.compile(words.format(collectives=collectives), re.IGNORECASE))
        for role, words in _ROLE_WORDS
    )


_roles = backends.per_registry(_compile_roles)
