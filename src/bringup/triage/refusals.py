"""A failure printed outside a Python exception, told as the class a rule's ``line`` names.

A rule's ``line`` names the words in which its class shows on a failure line with no
exception around it (a process of the job dying on a signal of its own code: "Segmentation
fault (core dumped)"). When the log's failure is placed by its words alone in the class's own
layer, a failure line with those words, placed there too, names the cause better than "an
operation failed": the class is told in its place, at the same rank and in the same layer (read
from words alone, it says no more about where the log fails). ``line_unless`` names the lines
that are not the class. A line whose words name no layer is where a failure no words place is
(``evidence.default``, an operation): a signal there is the project's code crashing,
class.code.project-bug's ``line``, when nothing else in the log places the failure. A refusal's
words alone ("not supported", "must be") are no longer read so (class.code.unsupported-
configuration in kb/data/fallback/rules.toml: as often wrong as right).
"""

from __future__ import annotations

import re
from typing import Optional

from bringup.model.diagnosis import Diagnosis, Evidence
from bringup.triage.evidence import default, failure_diagnosis, failure_rule, rule_diagnosis
from bringup.triage.fallbackrules import Rules
from bringup.triage.findings import Findings


def refused(findings: Findings, rules: Rules) -> Optional[Diagnosis]:
    """The failure placed by its words (``failure_diagnosis``), or in its place the class
    rule whose ``line`` reads the first refusal among the failure lines, where both are in
    that rule's layer (a line no words place is in the default entry's)."""
    placed = failure_diagnosis(findings, rules.evidence)
    if placed is None:
        return None
    said = [rule for rule in rules.exceptions if rule.line]
    for failure in findings.failures:
        for rule in said:
            if placed.layer != rule.layer or not re.search(rule.line, failure.text):
                continue
            if rule.line_unless and re.search(rule.line_unless, failure.text):
                continue
            where = failure_rule(failure, rules.evidence) or default(rules.evidence)
            if where.layer != rule.layer:
                continue
            return rule_diagnosis(
                rule,
                Evidence(line=failure.line, text=failure.text),
                matches=placed.matches,
                score=placed.score,
                confidence=placed.confidence,
            )
    return placed
