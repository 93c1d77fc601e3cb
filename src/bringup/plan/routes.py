"""A guide's install of another version than the environment's: another route's step.

Guides for older releases stay in a repo beside its current one (verl docs/README_vllm0.7.md
``pip3 install vllm==0.7.3``, docs/README_vllm0.8.md ``pip3 install vllm==0.8.3``, the README's
script installing vllm 0.11.0: montehoover/verl@9c46ae8). The scan reads them all and says
their pins exclude each other; the environment holds one version, so an install step that
asks for a version the environment's pin excludes is not this environment's route: run one
after another, each would replace the last. A guide named for the version it installs
(``README_vllm0.7.md``) is that version's route: none of its steps is the environment's
(its ``pip3 install -e .`` repeats the README's, its flash-attn goes with vLLM 0.7)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from posixpath import basename

from packaging import specifiers
from packaging.requirements import InvalidRequirement
from packaging.requirements import Requirement as Pep508

from bringup import lazyre
from bringup.model.plan import Reason
from bringup.model.requirements import Step
from bringup.model.resolution import Environment, HostValue
from bringup.scan.commands import pip_install_targets
from bringup.subjects import canonical_subject, python_subject
from bringup.versions import InvalidSpecifier, InvalidVersion, SpecifierSet, Version


def other_route(
    step: Step, environment: Environment | None, siblings: Sequence[Step] = ()
) -> Reason | None:
    """Why ``step`` is not ``environment``'s: it pins a package to versions the
    environment's pin is not among, or a step of its guide (one of ``siblings``) does and
    the guide's name is for that version."""
    if environment is None:
        return None
    own = _excluded(step, environment) or _other_platform(step, environment, siblings)
    if own is not None:
        return own
    guide = step.source.ref
    for sibling in siblings:
        if sibling.source.ref != guide or sibling is step:
            continue
        excluded = _excluded(sibling, environment)
        if excluded is not None and _named_for(guide, excluded):
            return excluded
    return None


_PLATFORM_FLAG = lazyre.compile(r"^--?(rocm|hip|cuda|npu|ascend|cann|cpu)$", re.IGNORECASE)
_TOOLKITS = {"rocm": "rocm", "hip": "rocm", "cuda": "cuda", "npu": "cann", "ascend": "cann",
             "cann": "cann", "cpu": ""}  # fmt: skip
"""The toolkit an environment pins when a build flag's platform is its own; the CPU's none."""


def _other_platform(
    step: Step, environment: Environment, siblings: Sequence[Step]
) -> Reason | None:
    """Why ``step`` is another platform's build: a sibling runs the same command without the
    flag that names a platform (``./build.sh`` and, under "### Rocm Build", ``./build.sh
    --rocm``: hao-ai-lab/FastVideo@2f3d4074 fastvideo-kernel/README.md:55-65, "If you are in
    a rocm environment"), and the environment pins no toolkit of that platform (the CPU's
    build: one that pins an accelerator's toolkit). The other way round, the plain build is
    the other route where the environment pins the flagged platform's toolkit and no other."""
    held = {p.subject for p in environment.pins} & set(_TOOLKITS.values())
    for flag in step.argv[1:]:
        named = _PLATFORM_FLAG.match(flag)
        if named is None:
            continue
        plain = tuple(word for word in step.argv if word != flag)
        if not any(s.argv == plain and s is not step for s in siblings):
            continue
        toolkit = _TOOLKITS[named.group(1).lower()]
        if (toolkit and toolkit not in held) or (not toolkit and held):
            return Reason(kind="route", subject=toolkit or "cpu", need=flag, sources=(step.source,))
    return _flagged_sibling(step, environment, siblings, held)


def _flagged_sibling(
    step: Step, environment: Environment, siblings: Sequence[Step], held: set[str]
) -> Reason | None:
    """Why the plain ``step`` is not the route: a sibling adds a platform flag whose toolkit
    is the only one the environment pins (``./build.sh --rocm`` on ROCm); ``have`` is it."""
    for sibling in siblings:
        if sibling is step or len(sibling.argv) != len(step.argv) + 1:
            continue
        for flag in sibling.argv[1:]:
            named = _PLATFORM_FLAG.match(flag)
            if named is None or tuple(w for w in sibling.argv if w != flag) != step.argv:
                continue
            toolkit = _TOOLKITS[named.group(1).lower()]
            pin = environment.pin(toolkit) if toolkit and held == {toolkit} else None
            if pin is not None:
                have = HostValue(subject=toolkit, source=pin.source, values=(pin.version,))
                return Reason(
                    kind="route", subject=toolkit, need=flag, have=have, sources=(sibling.source,)
                )
    return None


_VERSION = lazyre.compile(r"\d+(?:\.\d+)?")
_LOCAL = lazyre.compile(r"\+[\w.]+")
"""A local label (``torch==2.7.1+cpu``): the build of a release, not another release."""
_EXACT = lazyre.compile(r"^===?\s*([\w.+!-]+)$")
"""An index pin's range that names one release (``==2.8.2``, the flash_attn of InternVL's
sub-project list, beside its guide's ``pip install flash-attn==2.3.6``: outsider25 D7)."""


def _named_for(path: str, reason: Reason) -> bool:
    """Whether the file at ``path`` is named for the release ``reason``'s step installs
    (``README_vllm0.7.md`` for ``vllm==0.7.3``; ``README_vllm0.75.md`` is not: review24 L6).
    The release is the spec's pinned or lowest version (in ``<0.8,>=0.7`` the first number is
    the bound above; review25 L6); the name stands alone (``llm`` is not in ``vllm0.7``)."""
    release = _release(reason.need)
    found = _VERSION.match(release) if release else None
    if found is None:
        return False
    name = re.escape(reason.subject.partition(":")[2] or reason.subject)
    stem = basename(path).lower()
    version = re.escape(found.group(0))
    return re.search(rf"(?<![a-z0-9]){name}[-_ ]?v?{version}(?![0-9])", stem) is not None


def _release(need: str) -> str:
    """The version a spec pins, else its lowest bound; empty when it has neither."""
    try:
        clauses = list(specifiers.SpecifierSet(need))
    except specifiers.InvalidSpecifier:
        return ""
    for operator in ("==", "===", "~=", ">="):
        for clause in clauses:
            if clause.operator == operator:
                return clause.version
    return ""


def _excluded(step: Step, environment: Environment) -> Reason | None:
    """The first package ``step`` installs at versions the environment's exact pin of it is
    not among (``need``: the step's spec, ``subject``: the package, ``have``: the pin)."""
    if step.kind != "install":
        return None
    targets = pip_install_targets(step.argv)
    for target in targets[0] if targets is not None else ():
        try:
            asked = Pep508(target)
        except InvalidRequirement:
            continue
        if not asked.specifier:
            continue
        subject = python_subject(asked.name)
        pin = environment.pin(subject) or environment.pin(canonical_subject(subject))
        if pin is None:
            continue
        # a package the index resolves is pinned as the range asked: one release is exact
        exact = _EXACT.match(pin.version) if pin.origin == "index" else None
        try:
            held = Version(exact.group(1) if exact else pin.version, "pep440")
            wanted = SpecifierSet(_LOCAL.sub("", str(asked.specifier)), "pep440")
        except (InvalidVersion, InvalidSpecifier):  # a range for the installer to resolve
            continue
        if not wanted.contains(held):
            return Reason(
                kind="route",
                subject=subject,
                need=str(asked.specifier),
                have=HostValue(subject=subject, source=pin.source, values=(str(held),)),
                sources=(step.source,),
            )
    return None
