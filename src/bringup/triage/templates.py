"""Fix and cause texts are templates, so a diagnosis can name the exact version it found.

``{name}`` is a group captured from the log; ``{name:table}`` looks the captured value up in a
lookup table of the knowledge base (``GLIBCXX 3.4.30`` -> ``GCC 12.1``); ``{fact:KEY}`` is the
value of a snapshot fact (keys from ``bringup.model.keys``). A ``[[ ... ]]`` segment is dropped
when any placeholder inside it cannot be resolved, so text about the host appears only when a
snapshot says it. A segment with no placeholder states what the record's ``when`` condition
found on the host ("[[ ASCEND_HOME_PATH is not set in the probed environment.]]"): it stays only
when a snapshot confirmed that condition (``confirmed``), never for a log from another machine
read alone (outsider test 22 item 13: this machine's state was printed into someone else's log).
A table of one component's codes says what a code it does not list is (its ``unknown`` text,
kept under ``UNKNOWN_KEY``: "unknown code of HCCL"), so that a code is never left to read as
another component's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Literal, NamedTuple, Optional

PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
OPTIONAL = re.compile(r"\[\[(.*?)\]\]", re.DOTALL)
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_FACT_KEY = re.compile(r"[A-Za-z0-9_.]+\Z")
UNRESOLVED = "?"
UNKNOWN_KEY = ""
"""The key of a table's text for a value it does not list (no captured value is empty)."""


class Placeholder(NamedTuple):
    """One ``{...}`` of a template: a captured group, a table look-up of one, or a fact."""

    kind: Literal["group", "table", "fact"]
    name: str
    table: str = ""


def parse_placeholder(token: str) -> Optional[Placeholder]:
    """The placeholder ``token`` (the text between the braces) names, or None if malformed."""
    if token.startswith("fact:"):
        key = token[len("fact:") :]
        return Placeholder("fact", key) if _FACT_KEY.match(key) else None
    name, _, table = token.partition(":")
    if not _NAME.match(name) or (table and not _NAME.match(table)):
        return None
    return Placeholder("table", name, table) if table else Placeholder("group", name)


class TemplateParts(NamedTuple):
    """The placeholders of a template: those that must always resolve, and optional ones."""

    required: tuple[str, ...]
    optional: tuple[str, ...]


def template_parts(template: str) -> TemplateParts:
    """Split a template's placeholder tokens into required and optional ones."""
    optional = tuple(
        token for segment in OPTIONAL.findall(template) for token in PLACEHOLDER.findall(segment)
    )
    required = tuple(PLACEHOLDER.findall(OPTIONAL.sub("", template)))
    return TemplateParts(required, optional)


def render(
    template: str,
    captures: Mapping[str, str],
    fact_value: Callable[[str], Optional[str]],
    tables: Mapping[str, Mapping[str, str]],
    *,
    confirmed: bool = False,
) -> str:
    """Fill ``template``; optional segments with an unknown value vanish, and so do those with
    no placeholder unless the host ``confirmed`` them; other unknown values print as ``?`` (a
    capture group that did not take part in the match)."""

    def resolve(token: str) -> Optional[str]:
        placeholder = parse_placeholder(token)
        if placeholder is None:
            return None
        if placeholder.kind == "fact":
            return fact_value(placeholder.name)
        value = captures.get(placeholder.name)
        if value is None or placeholder.kind == "group":
            return value
        table = tables.get(placeholder.table, {})
        found = table.get(value)
        return table.get(UNKNOWN_KEY) if found is None and value else found

    def fill(text: str, missing: list[str]) -> str:
        def one(match: re.Match[str]) -> str:
            value = resolve(match.group(1))
            if value is None:
                missing.append(match.group(1))
                return UNRESOLVED
            return value

        return PLACEHOLDER.sub(one, text)

    def segment(match: re.Match[str]) -> str:
        if not confirmed and not PLACEHOLDER.search(match.group(1)):
            return ""
        missing: list[str] = []
        text = fill(match.group(1), missing)
        return "" if missing else text

    rendered = fill(OPTIONAL.sub(segment, template), [])
    return re.sub(r"[ \t]{2,}", " ", rendered).strip()
