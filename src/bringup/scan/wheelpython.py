"""The Python a downloaded wheel's tag names is one build, not the repo's Python.

An install guide names the wheel to fetch for one machine: ``pip3 install torch-2.7.1+cpu-
cp311-cp311-manylinux_2_28_aarch64.whl`` (shmem docs/quickstart.md:143, "以`Python 3.11`…为例"),
``memfabric_hybrid-1.0.0-cp311-cp311-linux_aarch64.whl`` (memfabric_hybrid
doc/installation.md:127), ``torch-2.7.1-cp310-cp310-…whl`` (MindSpeed
docs/zh/user-guide/install_guide.md:142), ``apex-0.1_ascend_XXXX-cp37-cp37m-…whl``
(AscendSpeed README.md:49). Its ``cp311`` says which build the guide picked; the repo's own
Python is what the same scope states in words, a table or ``python_requires`` (">= 3.9.0",
"Python3.10", ">=3.7"). Where such a statement admits the wheel's Python the tag is one more
place of it (``also_at``), not a second, narrower need, and the release that statement
``prefers``: the guide's wheels exist for that Python alone, so a plan free to choose picks it
(outsider20 D11: lvhaojieming/MIndSpeed@faadbe7 installs the cp310 wheels of torch 2.7.1 and
torch_npu 2.7.1rc1, docs/zh/pytorch/training/install_guide.md:65-66, beside setup.py:106's
``>=3.10``, and was planned Python 3.11). Where no statement admits it, it is a statement of
its own (a contradiction for ``contradictions`` to weigh), and where the scope states no
Python at all it is the only word on it and stays (apex README.zh.md:56, ``cp37``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.placesbeside import with_places_of
from bringup.scan.preferences import with_preferred
from bringup.scan.registry import PROSE
from bringup.subjects import scheme_for
from bringup.versions import InvalidSpecifier, InvalidVersion, SpecifierSet, Version

_WHEEL_TAG = lazyre.compile(r"^pip install: \S{1,300}\.whl$")
"""The words ``commandneeds.wheel_requirements`` gives what it read from a wheel's name."""
_SERIES = lazyre.compile(r"^==\s*(\d+)\.(\d+)\.\*$")


def _from_wheel(requirement: Requirement) -> bool:
    return requirement.subject == "python" and bool(_WHEEL_TAG.match(requirement.text or ""))


def _admits(statement: Requirement, major: str, minor: str) -> bool:
    """Whether ``statement``'s spec admits a release of CPython ``major.minor``."""
    try:
        spec = SpecifierSet(statement.spec, scheme_for("python"))
        return any(
            spec.contains(Version(f"{major}.{minor}.{patch}", spec.scheme)) for patch in range(31)
        )
    except (InvalidSpecifier, InvalidVersion):
        return False


def fold_wheel_pythons(
    requirements: list[Requirement], authority: Mapping[str, int]
) -> list[Requirement]:
    """``requirements`` with each wheel tag's Python (``==3.11.*``, never an ``abi3`` floor)
    cited beside the statement of the same scope and feature that admits it: the one of the
    same spec first, then a hard one, then the most authoritative file's."""
    statements = [
        r for r in requirements if r.subject == "python" and r.spec and not _from_wheel(r)
    ]
    folded: dict[int, list[Requirement]] = {}
    for requirement in requirements:
        series = _SERIES.match(requirement.spec) if _from_wheel(requirement) else None
        if series is None:
            continue
        admitting = [
            (n, s)
            for n, s in enumerate(statements)
            if s.feature == requirement.feature and _admits(s, *series.groups())
        ]
        if not admitting:
            continue
        n, _ = max(
            admitting,
            key=lambda pair: (
                pair[1].spec.strip() == requirement.spec.strip(),
                pair[1].hard,
                authority.get(pair[1].source.ref or "", PROSE),
            ),
        )
        folded.setdefault(n, []).append(requirement)
    if not folded:
        return requirements
    gone = {id(r) for group in folded.values() for r in group}
    into = {id(statements[n]): group for n, group in folded.items()}
    return [
        _preferring(with_places_of(r, into[id(r)]), into[id(r)]) if id(r) in into else r
        for r in requirements
        if id(r) not in gone
    ]


def _preferring(statement: Requirement, wheels: Sequence[Requirement]) -> Requirement:
    """``statement`` preferring each wheel's Python (``==3.10.*`` within ``>=3.10``), cited
    at the wheel's line: kept where ``statement`` is its own spec too, since a wider floor
    that statement repeats takes it up (``repeats.merge_repeats``, which drops a preference
    the same as the spec it stays with)."""
    return with_preferred(statement, wheels)
