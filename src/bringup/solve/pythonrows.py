"""What the knowledge base's rows say of the Python a Python distribution's releases have
wheels for, where no row of a release's own says it (split from ``problem``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bringup.solve.candidates import Candidates
from bringup.subjects import is_distribution

if TYPE_CHECKING:
    from bringup.solve.solverinput import RuleItem


def python_unknown(
    cands: Candidates, rules: Sequence[RuleItem]
) -> tuple[dict[int, tuple[str, ...]], dict[int, tuple[int, ...]]]:
    """The releases of a Python distribution whose Python no row of its own states while rows
    state it for other releases of it: torch 1.11.0 is a release the knowledge base knows
    (torch_npu rows name it) but torch_cuda.toml's rows on the Python of each torch start at
    1.13, so which Python has its wheels is unknown (it has none for 3.11). Then, of these,
    the rows of another package that pair the release with a Python, which cover it only
    where they hold (torch_npu 1.11.0.post14 -> torch ==1.11.0 and Python >=3.7.5,<3.11:
    Ascend/pytorch's table; not in an environment without torch_npu). A copy installed for
    every environment is none of these; one installed in an interpreter is known to exist
    for that interpreter only, so it is one of these, which the solver and the verdicts
    read only where it is not installed (torch 2.1 in the default Python 3.8 says nothing
    of a wheel for 3.11)."""
    covered: dict[str, set[int]] = {}
    tables: dict[str, set[str]] = {}
    with_python = {
        item.rule.id.rsplit("/", 1)[0] for item in rules if item.then_subject == "python"
    }
    for item in rules:
        if item.then_subject == "python" and is_distribution(item.subject):
            covered.setdefault(item.subject, set()).update(item.when)
            tables.setdefault(item.subject, set()).add(f"{item.rule.topic}.toml")
    found: dict[int, tuple[str, ...]] = {}
    for subject, ids in covered.items():
        for candidate in cands.of(subject):
            everywhere = candidate.installed is not None
            if candidate.id not in ids and not everywhere and not candidate.region:
                found[candidate.id] = tuple(sorted(tables[subject]))
    paired: dict[int, list[int]] = {}
    for item in rules:
        if item.rule.id.rsplit("/", 1)[0] in with_python and item.then_subject in covered:
            for release in sorted(item.then & found.keys()):
                paired.setdefault(release, []).append(item.id)
    return found, {release: tuple(ids) for release, ids in paired.items()}


def near_pythons(
    cands: Candidates, rules: Sequence[RuleItem], unknown: dict[int, tuple[str, ...]]
) -> dict[int, frozenset[int]]:
    """For each release of ``unknown`` (no row of its own says its Python), the Python
    candidates that every row of its nearest release with rows allows (nearest by rank, the
    newer of two as near): the Python its wheels most likely exist for, preferred over the
    newest Python no row speaks of. triton-ascend 3.2.1 has no Python row; 3.2.0rc4's says
    ">=3.9,<3.12" (vllm_ascend.toml), and the repo that ran 3.2.1 did so on Python 3.11
    (ZyEng-Art/flash_attn_npu@aa59cd6 OPTIMIZATION_NOTES.md:263), where the newest candidate
    was Python 3.15 (outsider17 D14)."""
    known: dict[int, frozenset[int]] = {}
    subjects: set[str] = set()
    for item in rules:
        if item.then_subject == "python" and is_distribution(item.subject):
            subjects.add(item.subject)
            for release in item.when:
                known[release] = known.get(release, item.then) & item.then
    found: dict[int, frozenset[int]] = {}
    for subject in sorted(subjects):
        releases = cands.of(subject)
        rows = [c for c in releases if c.id in known and c.id not in unknown]
        for candidate in (c for c in releases if c.id in unknown and rows):
            nearest = min(rows, key=lambda c: (abs(c.rank - candidate.rank), c.rank))
            found[candidate.id] = known[nearest.id]
    return found
