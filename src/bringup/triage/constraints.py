"""The constraint an Ascend operator's log line states, kept in the diagnosis that read it.

The class "an operator's kernel does not support these inputs" says what kind of failure it
is; the line says which input and which rule: "OpName:[aclnnMatmul_1] Self dtype DT_FLOAT or
mat2 dtype DT_FLOAT not support under keep type mode." (PaddlePaddle/Paddle#70866), "Reason is:
In op [conv2d_backprop_filter_d], [fmap's channel must be a multiple of groups]."
(PaddlePaddle/PaddleCustomDevice#690). Outsider 23 (D11) got the class and its generic advice,
and had to read the line again for the rule: the clause after the operator's name (or after
"Reason is:") is added to the cause, as the log wrote it, when it states a constraint."""

from __future__ import annotations

import re

import msgspec

from bringup.model.diagnosis import Diagnosis

CLASSES = frozenset(
    {"class.operator.npu-kernel-refuses-inputs", "class.operator.kernel-refuses-inputs"}
)
"""The diagnoses whose line states an operator's constraint (kb/data/fallback/rules.toml)."""

_AFTER = re.compile(r"\bReason is:\s*|\bOpName:\s?\[\w{1,120}\]\s*|\bop\[\w{1,120}\]\s*")
"""Where the clause starts: after the last of these on the line."""

_RULE = re.compile(
    r"(?i)\bnot (?:yet )?support(?:ed)?\b|\bonly supports?\b|\b(?:should|must) be\b"
    r"|\bis invalid\b|\bbut (?:got|is)\b|\bexpect(?:s|ed)?\b"
)
"""The words of a constraint (the class's own, kb/data/fallback/rules.toml's pattern)."""

MAX_CHARS = 240


def clause(text: str) -> str:
    """The constraint ``text`` (one evidence line) states after the operator's name, or ''."""
    starts = [m.end() for m in _AFTER.finditer(text)]
    said = text[starts[-1] :].strip() if starts else ""
    if not _RULE.search(said):
        return ""
    return said if len(said) <= MAX_CHARS else said[: MAX_CHARS - 1].rstrip() + "…"


def with_constraints(diagnoses: list[Diagnosis]) -> list[Diagnosis]:
    """Each operator class's diagnosis with the constraint its first line states, if any."""
    found = []
    for d in diagnoses:
        said = clause(d.evidence[0].text) if d.signature_id in CLASSES and d.evidence else ""
        line = d.evidence[0].line if said else 0
        cause = f'{d.cause} The log states the rule (line {line}): "{said}"'
        found.append(msgspec.structs.replace(d, cause=cause) if said else d)
    return found
