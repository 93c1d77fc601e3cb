"""A refusal printed outside a Python exception, told as the class it is.

A check in C++ code, a compiler pass or a tool's own error line refuses the input or the
configuration in the words a Python check uses ("... is v1 control operator, which is not
supported, please convert to v2", "Tile shape size 1 is not matched the output shape size
2"): the project refuses this configuration, whatever raised it. A class rule's ``line``
names those words. When the log's failure is placed by its words alone in the class's own
layer (an operation, its inputs), a failure line with those words, placed there too, names
the cause better than "an operation failed": the class is told in its place, at the same
rank and in the same layer (read from words alone, it says no more about where the log
fails). A refusal of the hardware (``line_unless``: the GPU, the chip, its architecture) is
no setting of the project. A line whose words name no layer is where a failure no words place
is (``evidence.default``, an operation): a process of the job that died on a signal
("Segmentation fault (core dumped)") is the project's code crashing, class.code.project-bug's
``line``, when nothing else in the log places the failure.
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
