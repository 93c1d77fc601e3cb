"""The literals every match of a regular expression holds, read from its syntax tree as
Python's ``re`` parser gives it: a text holding none of them has no match.

Two readers use it: ``triage.factors`` (a literal stand-in for each RE2 log pattern) and
``required`` (the words a scan pattern needs before ``re`` is run). A run of literal
characters is one literal; an alternation needs one of its branches' literals; a group, or a
repeat of at least one, needs its body's; anything else (a class, ``\\b``, a look-around, a
back-reference, an optional part) needs nothing known. Of a concatenation's parts, the one
whose shortest literal is longest (rarest in text) is kept, then the one with fewer.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterable
from typing import Any, Optional

_MODERN = sys.version_info >= (3, 11)
"""Python 3.11 moved the parser to ``re._parser`` (importing ``sre_parse`` there warns)."""
sre_parse: Any = importlib.import_module("re._parser" if _MODERN else "sre_parse")
sre_constants: Any = importlib.import_module("re._constants" if _MODERN else "sre_constants")

Literal = tuple[str, bool]
"""A literal and whether it matches case-insensitively."""
Need = Optional[frozenset[Literal]]
"""Literals of which every match contains at least one; None: nothing known."""

_REPEATS = (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT)


class Reading:
    """How a pattern's tree is read: ``max_class`` single characters of a class (``[_-]``)
    expanded into a run's alternatives, as long as the run then has at most ``max_variants``;
    ``case_groups``: a group of another case-sensitivity (``(?i:...)``) read with its own
    (else it needs nothing known)."""

    def __init__(self, max_class: int = 0, max_variants: int = 1, case_groups: bool = True):
        self.max_class = max_class
        self.max_variants = max_variants
        self.case_groups = case_groups

    def needs(self, tree: Any) -> Need:
        """What the parsed pattern ``tree`` (``sre_parse.parse``) needs."""
        return self._sequence(list(tree), bool(tree.state.flags & re.IGNORECASE))

    def _sequence(self, items: Iterable[tuple[Any, Any]], caseless: bool) -> Need:
        needs: list[Need] = []
        run: list[str] = []
        for op, arg in items:
            if op is sre_constants.LITERAL:
                run = [text + chr(arg) for text in run] if run else [chr(arg)]
                continue
            members = self._small_class(arg) if op is sre_constants.IN else None
            if members is not None and len(run or [""]) * len(members) <= self.max_variants:
                run = [text + chr(m) for text in run or [""] for m in members]
                continue
            if run:
                needs.append(frozenset((text, caseless) for text in run))
                run = []
            needs.append(self._part(op, arg, caseless))
        if run:
            needs.append(frozenset((text, caseless) for text in run))
        known = [need for need in needs if need]
        if not known:
            return None
        return max(known, key=lambda need: (min(len(text) for text, _ in need), -len(need)))

    def _part(self, op: Any, arg: Any, caseless: bool) -> Need:
        if op is sre_constants.SUBPATTERN:
            _, add, remove, body = arg
            if (add | remove) & re.IGNORECASE and not self.case_groups:
                return None
            inner = (caseless or bool(add & re.IGNORECASE)) and not remove & re.IGNORECASE
            return self._sequence(body, inner)
        if op is sre_constants.BRANCH:
            alternatives = [self._sequence(branch, caseless) for branch in arg[1]]
            if any(need is None for need in alternatives):
                return None
            return frozenset().union(*(need for need in alternatives if need is not None))
        if op in _REPEATS:
            low, _, body = arg
            return self._sequence(body, caseless) if low >= 1 else None
        return None

    def _small_class(self, members: list[tuple[Any, Any]]) -> Optional[list[int]]:
        """The characters of a class made of at most ``max_class`` single characters."""
        if len(members) > self.max_class:
            return None
        if any(op is not sre_constants.LITERAL for op, _ in members):
            return None
        return [arg for _, arg in members]
