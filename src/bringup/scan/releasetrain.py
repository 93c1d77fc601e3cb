"""A release train a package is also numbered by (``kb.trains``), read as the package's own
releases: torch_npu "26.0.0" (momo609/mindspeed@7e624cf1 README.md:60) is 2.9.0.post2,
2.8.0.post4 or 2.7.1.post4, and beside "| PyTorch | 2.7.1 |" in the same table only 2.7.1.post4
(``narrowed``).
"""

from __future__ import annotations

import functools

import msgspec

from bringup.kb.trains import pinned, train_of
from bringup.model import Requirement
from bringup.subjects import scheme_for
from bringup.versions import InvalidSpecifier, SpecifierSet


class _Wheel(msgspec.Struct, frozen=True):
    version: str
    then: dict[str, str]


@functools.lru_cache(maxsize=1)
def _trains() -> dict[tuple[str, str], tuple[_Wheel, ...]]:
    """(subject, train) -> the wheels the knowledge base's rows name on that train."""
    from bringup.kb import load_knowledge_base

    found: dict[tuple[str, str], list[_Wheel]] = {}
    for rule in load_knowledge_base().rule_records():
        train, version = train_of(rule.note), pinned(rule.spec)
        if train is not None and version is not None:
            found.setdefault((rule.subject, train), []).append(_Wheel(version, dict(rule.then)))
    return {key: tuple(wheels) for key, wheels in found.items()}


def train_spec(spec: str, subject: str) -> str | None:
    """``==<train>`` as the alternatives of that train's wheels, if the train is known."""
    train = pinned(spec)
    wheels = _trains().get((subject, train)) if train is not None else None
    return _spelled(wheels) if wheels else None


def _admits(spec: str, subject: str, version: str) -> bool:
    try:
        return SpecifierSet(spec, scheme_for(subject)).contains(version)
    except (InvalidSpecifier, ValueError):
        return False


def _spelled(wheels: tuple[_Wheel, ...]) -> str:
    return " || ".join(f"=={w.version}" for w in wheels)


def narrowed(found: list[Requirement]) -> list[Requirement]:
    """``found`` (one table's statements) with a train's wheels kept to those whose row
    admits every release the table pins beside it ("| PyTorch | 2.7.1 |")."""
    trains = {(subject, _spelled(wheels)): wheels for (subject, _), wheels in _trains().items()}
    pins = {r.subject: v for r in found if (v := pinned(r.spec)) is not None}
    out = []
    for need in found:
        wheels = trains.get((need.subject, need.spec), ())
        kept = [
            w
            for w in wheels
            if all(_admits(w.then[s], s, v) for s, v in pins.items() if s in w.then)
        ]
        narrower = kept and len(kept) < len(wheels)
        out.append(msgspec.structs.replace(need, spec=_spelled(tuple(kept))) if narrower else need)
    return out
