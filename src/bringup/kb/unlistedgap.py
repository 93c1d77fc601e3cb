"""``kb why`` on a release the knowledge base does not list, between two it does: unknown.

A row that pairs a package's release with one exact toolkit release (torch_npu.toml: torch_npu
1.8.1 with CANN 6.0.1) speaks of the releases its table lists; CANN 6.1.RC1, which
cann_releases.toml skips (6.0.1, then 6.3.RC1), is one it never knew. The plan pins such a
release as asked, unverified (``solve.unlistedpairs``), so ``kb why torch_npu==1.8.1
cann==6.1.RC1`` says UNKNOWN with the rows it has, not INCOMPATIBLE (outsider23 D2: the check
said "no torch_npu release supports CANN == 6.1.RC1" while ``kb why`` spoke of other pairs).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from bringup.kb.query import Compatibility, SubjectVersion
from bringup.subjects import display_name, scheme_for
from bringup.versions import InvalidVersion, Version


def unlisted_gap(verdict: Compatibility, releases: Callable[[str], Sequence[str]]) -> Compatibility:
    """``verdict``, or unknown where every row that ruled the pair out pairs exact releases
    and the pin it refused is one ``releases`` (the knowledge base's, oldest first) skips."""
    if verdict.status != "incompatible" or not verdict.deciding:
        return verdict
    refused: set[tuple[str, str]] = set()
    for check in verdict.deciding:
        rule = check.rule
        target = verdict.b if rule.then_subject == verdict.b.subject else verdict.a
        if not exact_pairing(rule.then_spec) or not _skipped(target, releases(target.subject)):
            return verdict
        refused.add((target.subject, target.version))
    return msgspec.structs.replace(verdict, status="unknown", reason=_reason(refused, verdict))


def _reason(refused: set[tuple[str, str]], verdict: Compatibility) -> str:
    """Why the pair is unknown: the pins no row speaks of. Rows in both directions (an overlay's
    ``cann >=6.0`` -> ``torch_npu ==1.8.1`` beside the table's) may each refuse the other pin,
    and both pins are then unlisted."""
    rows = len(verdict.deciding)
    if len(refused) > 1:
        pins = " nor ".join(f"{display_name(s)} {v}" for s, v in sorted(refused))
        return (
            f"the knowledge base lists no {pins} (between releases it lists), so no row speaks"
            f" of them; {rows} row(s) pair each with releases it lists"
        )
    ((subject, version),) = refused
    name = display_name(subject)
    return (
        f"the knowledge base lists no {name} {version} (between releases it lists), so no row"
        f" speaks of it; {rows} row(s) pair the other pin with another {name}"
    )


def exact_pairing(spec: str) -> bool:
    """Whether every alternative of a row's ``spec`` is one exact release (``==6.0.1 ||
    ==6.3.RC1``): such a row speaks only of the releases its table lists."""
    parts = [part.strip() for part in spec.split("||")]
    return all(p.startswith("==") and len(p) > 2 and "," not in p and "*" not in p for p in parts)


def _skipped(pin: SubjectVersion, listed: Sequence[str]) -> bool:
    """Whether ``pin`` is no listed release and lies between the oldest and newest listed."""
    if pin.version in listed:
        return False
    scheme = scheme_for(pin.subject)
    try:
        known = [Version(v, scheme) for v in listed]
        asked = Version(pin.version, scheme)
    except InvalidVersion:
        return False
    return bool(known) and min(known) < asked < max(known)
