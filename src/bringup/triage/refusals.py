"""A refusal printed outside a Python exception, told as the class it is.

A check in C++ code, a compiler pass or a tool's own error line refuses the input or the
configuration in the words a Python check uses ("... is v1 control operator, which is not
supported, please convert to v2", "Tile shape size 1 is not matched the output shape size
2"): the project refuses this configuration, whatever raised it. A class rule's ``line``
names those words; a failure line that has them, where the words of the failure place it in
the class's own layer (an operation, its inputs), is that class; a refusal in words of a
driver, a package or a version stays with what names those, and so does one of the hardware
(``line_unless``).
"""

from __future__ import annotations

import re
from typing import Optional

from bringup.model.diagnosis import Diagnosis, Evidence
from bringup.triage.evidence import failure_rule, rule_diagnosis
from bringup.triage.fallbackrules import Rules
from bringup.triage.findings import Findings


def refused(findings: Findings, rules: Rules, score: float) -> Optional[Diagnosis]:
    """The first failure line a class rule's ``line`` reads as a refusal, as that class."""
    said = [rule for rule in rules.exceptions if rule.line]
    for failure in findings.failures:
        for rule in said:
            if not re.search(rule.line, failure.text) or (
                rule.line_unless and re.search(rule.line_unless, failure.text)
            ):
                continue
            placed = failure_rule(failure, rules.evidence)
            if placed is None or placed.layer != rule.layer:
                continue
            return rule_diagnosis(
                rule,
                Evidence(line=failure.line, text=failure.text),
                matches=1,
                score=score,
                confidence="medium",
            )
    return None
