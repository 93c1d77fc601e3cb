"""The role a repo plays in a stack (samples, toolchain, communication, inference, training,
operators), guessed from its name, its README's title or the one-line description its package
metadata gives (``setup.py``/``pyproject.toml`` ``description``), when its manifest does not
say; else, a repo that requires a training framework is training, one that requires an inference
engine (a plugin of it) inference."""

from __future__ import annotations

import re
from collections.abc import Iterable

from bringup import backends, patterncache
from bringup.backends.base import Backend
from bringup.model import Requirement, Role
from bringup.scan.walk import RepoFile

_ROLE_WORDS: tuple[tuple[Role, str], ...] = (
    ("samples", r"sample|example|demo|样例|示例"),
    ("toolchain", r"toolchain|compiler|profil|debugger|工具链|编译器"),
    ("comm", r"\bcomm\b|comm[-_]|{collectives}collective|通信"),
    # an inference engine or its plugin by its name ({engines}: ``ENGINES``)
    ("inference", r"infer|serving|推理|{engines}"),
    ("training", r"train|训练|reinforcement\s+learning|rlhf|强化学习"),
    ("ops", r"\bops?\b|ops[-_]|operator|kernel|算子"),
)


ENGINES: dict[str, str] = {
    "vllm": "vllm-project/vllm README: 'A high-throughput and memory-efficient inference and"
    " serving engine for LLMs'",
    "sglang": "sgl-project/sglang README: 'SGLang is a fast serving framework for large language"
    " models and vision language models'",
    "lmdeploy": "InternLM/lmdeploy README: 'LMDeploy is a toolkit for compressing, deploying,"
    " and serving LLMs'",
    "text_generation_inference": "huggingface/text-generation-inference README: 'a toolkit for"
    " deploying and serving Large Language Models'",
    "tensorrt_llm": "NVIDIA/TensorRT-LLM README: 'an open-source library for optimizing Large"
    " Language Model (LLM) inference'",
    "mindie": "Ascend MindIE (Mind Inference Engine): Ascend's inference serving suite",
}
"""Inference engines, each with its own words on what it is: a repo named for one, or one that
requires one (a plugin: vllm-ascend requires vLLM "the same version as vllm-ascend",
README.md:67), plays the inference role (review 23 #12: two product names in the role regex
fitted only the repos in front of it)."""

TRAINERS: dict[str, str] = {
    "verl": "volcengine/verl README: 'verl is a flexible, efficient and production-ready RL"
    " training library for large language models (LLMs)'",
    "megatron_core": "NVIDIA/Megatron-LM README: 'GPU optimized techniques for training"
    " transformer models at-scale'",
}
"""Training frameworks, each with its own words on what it is: a repo that requires one trains,
even where it requires an engine too (an RL trainer's rollouts run on one: pillumina/verl_npu
@2faa869 installs vllm and verl, README.md:6-10 and :34-37; outsider17 D2 read it as
inference). Not a word of a name: a repo named "verl" says nothing by its name (review 23
#12, ``test_scan_roles_engines``)."""

_DESCRIPTION = re.compile(
    r"""^\s*["']?description["']?\s*[=:]\s*["']([^"'\n]{1,300})["']""", re.MULTILINE
)
"""A package's one-line description: ``description="vLLM Ascend backend plugin"`` (setup.py),
``description = "verl: ..."`` (pyproject.toml), ``"description": "AutoAWQ implements the AWQ
algorithm ... during inference."`` (AutoAWQ setup.py:13, a dict of arguments)."""


def described(text: str) -> str:
    """The one-line description a ``setup.py`` or ``pyproject.toml`` gives, "" for none: the
    last, since ``setup()`` ends a setup.py and a command class's ``description`` comes
    before it (vllm-project/vllm-ascend@5e390744 setup.py:212 ``description = "Build and
    install AclNN ..."``, :516 ``description="vLLM Ascend backend plugin"``)."""
    found = _DESCRIPTION.findall(text)
    return found[-1] if found else ""


def guess_role(name: str, readme: str, description: str = "", requires: Iterable[str] = ()) -> Role:
    """The role a repo's name, README title or package description suggests; else training for
    a repo that requires a training framework, inference for one that requires an engine
    (``requires``: canonical subjects); ``other`` when nothing says."""
    title = next((line for line in readme.splitlines() if line.strip()), "")
    for text in (name, title, description):
        for role, pattern in _roles():
            if pattern.search(text):
                return role
    if any(r in TRAINERS for r in requires):
        return "training"
    return "inference" if any(r in ENGINES for r in requires) else "other"


def repo_role(
    name: str, readme: str, texts: Iterable[tuple[RepoFile, str]], requirements: list[Requirement]
) -> Role:
    """The role a repo's name, README, package description (its top ``setup.py`` or
    ``pyproject.toml``) or required engine suggests (``guess_role``), from the files it read
    (``texts``, each with its text)."""
    tops = {e.rel: text for e, text in texts if e.rel in ("setup.py", "pyproject.toml")}
    description = next((described(t) for t in tops.values() if described(t)), "")
    requires = {r.subject.removeprefix("pypi:").replace("-", "_") for r in requirements if r.hard}
    return guess_role(name, readme, description, requires)


def _compile_roles(registered: tuple[Backend, ...]) -> tuple[tuple[Role, re.Pattern[str]], ...]:
    """The role words, with every backend's collective-communication libraries as comm."""
    names = [n for b in registered for n in b.vocabulary.collectives]
    collectives = "".join(f"{re.escape(n)}|" for n in names)
    # a name's separators as a repo spells them (text-generation-inference, TensorRT-LLM)
    engines = "|".join(rf"\b{re.escape(e).replace('_', '[-_]?')}" for e in ENGINES)
    return tuple(
        (
            role,
            patterncache.compile(
                words.format(collectives=collectives, engines=engines), re.IGNORECASE
            ),
        )
        for role, words in _ROLE_WORDS
    )


_roles = backends.per_registry(_compile_roles)
