"""Every cause ``bringup explain`` can name, for ``explain --list``.

A user or a labeller choosing the cause of a failure must see all of them: the signatures
(bringup's own, the vendors' fault knowledge, overlays), the fallback's rules (``class``
rules for recurring classes of failure, then those that read an exception type, a failure
line or a layer's words) and, on request, every exact code of the error-code catalogues,
each under the id explain reports (``code.<catalogue>.<key>``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Optional

import msgspec

from bringup.model.diagnosis import CauseKind, Layer
from bringup.tomlfile import line_of
from bringup.triage import codediagnoses
from bringup.triage.catalogues import Catalogue, Meaning, builtin_catalogues
from bringup.triage.evidence import EvidenceRule
from bringup.triage.fallbackrules import RULES_FILE, ExceptionRule, LineRule, builtin_rules
from bringup.triage.signatures import SignatureSet


class Entry(msgspec.Struct, frozen=True, kw_only=True):
    """One nameable cause: what ``--list --json`` prints for it."""

    id: str
    title: str
    layer: Layer
    kind: CauseKind
    cause: str
    fix: str
    source: str
    tier: str
    file: str
    line: Optional[int]
    see_also: Sequence[str] = ()


def entries(catalogue: SignatureSet, codes: bool = False) -> list[Entry]:
    """The signatures in load order, then the fallback's rules, then (``codes``) the exact
    codes of every catalogue."""
    found = [
        Entry(
            id=s.id,
            title=s.record.title,
            layer=s.record.layer,
            kind=s.record.kind,
            cause=s.record.cause,
            fix=s.record.fix,
            source=s.record.source,
            see_also=s.record.see_also,
            tier=s.tier,
            file=s.path,
            line=s.line,
        )
        for s in catalogue.signatures
    ]
    found.extend(_rule_entries())
    if codes:
        found.extend(_code_entries(builtin_catalogues()))
    return found


def _rule_entries() -> Iterable[Entry]:
    rules = builtin_rules()
    path = RULES_FILE
    text = path.read_text(encoding="utf-8")
    tiered: list[ExceptionRule | LineRule] = [*rules.exceptions, *rules.lines]
    placed = [(rule, "class" if rule.tier == "class" else "fallback") for rule in tiered]
    ordered = [*(p for p in placed if p[1] == "class"), *(p for p in placed if p[1] != "class")]
    for rule, tier in ordered:
        yield _rule_entry(rule, tier, str(path), line_of(text, "id", rule.id))
    for evidence in rules.evidence:
        yield _rule_entry(evidence, "fallback", str(path), line_of(text, "id", evidence.id))


def _rule_entry(
    rule: ExceptionRule | LineRule | EvidenceRule,
    tier: str,
    path: str,
    line: Optional[int],
) -> Entry:
    return Entry(
        id=rule.id,
        title=rule.title,
        layer=rule.layer,
        kind=rule.kind,
        cause=rule.cause,
        fix=rule.next,
        source=rule.source,
        tier=tier,
        file=path,
        line=line,
    )


def _code_entries(catalogues: Sequence[Catalogue]) -> Iterable[Entry]:
    """Each exact code once (a code is indexed under its number, name and message), then
    each family of codes known by its prefix only (``code.cann.ee*``: explain names the code
    it saw, ``code.cann.ee8888``)."""
    for catalogue in catalogues:
        for family in catalogue.families:
            meaning = Meaning(
                catalogue.info.name,
                catalogue.info.title,
                family.prefix,
                family.meaning,
                "",
                family.layer,
                family.kind,
                family.source or catalogue.info.source,
                False,
            )
            yield Entry(
                id=f"{codediagnoses.code_id(meaning)}*",
                title=f"{catalogue.info.title} {family.prefix}…",
                layer=family.layer,
                kind=family.kind,
                cause=family.meaning,
                fix=codediagnoses.next_steps()[family.layer],
                source=meaning.source,
                tier="code-family",
                file=catalogue.path,
                line=None,
            )
        seen: set[str] = set()
        for group, value in catalogue.by_key:
            known = catalogue.lookup(group, value)
            if known is None or not known.exact:
                continue
            code_id = codediagnoses.code_id(known)
            if code_id in seen:
                continue
            seen.add(code_id)
            title, cause, fix = codediagnoses.code_texts(known)
            yield Entry(
                id=code_id,
                title=title,
                layer=known.layer,
                kind=known.kind,
                cause=cause,
                fix=fix,
                source=known.source,
                tier="code",
                file=catalogue.path,
                line=None,
            )
