"""One operator call, one cause: what an Ascend operator's log says after its first failed check.

An aclnn operator that refuses its inputs logs the check that failed, then each caller up its
stack logs that the check failed, then its executor's destructor that it was not released:
PaddlePaddle/Paddle#70866 (outsider 23's L1), all for ``OpName:[aclnnMatmul_1]``::

    errno[161002] OpName:[aclnnMatmul_1] Self dtype DT_FLOAT or mat2 dtype DT_FLOAT not support ...
    errno[561000] OpName:[aclnnMatmul_1] check CheckDtypeValid(self, mat2, out, cubeMathType) ...
    errno[561000] OpName:[aclnnMatmul_1] check ret == ACLNN_SUCCESS failed.
    errno[561102] OpName:[aclnnMatmul_1] When aclnnMatmulGetWorkspaceSize do success, ReleaseTo...

The codes after the first (561000 "inner error", 561102 "the API does not call uniqueExecutor
ReleaseTo": kb/data/codes/aclnn.toml) are its consequences, not causes of their own: a code's
diagnosis read on a line that names the operator instance a diagnosis ranked above it names on
an earlier line is left out. The constraint the first line states (the dtype, the shape, the
mode) is what the reader needs, and it is kept in that diagnosis (``constraints``)."""

from __future__ import annotations

import re
from typing import Optional

from bringup.model.diagnosis import Diagnosis

OPERATOR = re.compile(r"\bOpName:\s?\[(\w{1,120})\]|\bop\[(\w{1,120})\]")
"""An operator instance as CANN's operator logs name it: aclnn's ``OpName:[aclnnMatmul_1]``,
a graph operator's ``op[Conv2D]``."""


def operator_of(text: str) -> Optional[str]:
    """The operator instance a log line names, or None."""
    found = OPERATOR.search(text)
    return (found.group(1) or found.group(2)) if found else None


def consequences_left_out(diagnoses: list[Diagnosis]) -> list[Diagnosis]:
    """``diagnoses`` (best first) less each code's diagnosis whose line names an operator that a
    diagnosis ranked above it named on an earlier line."""
    kept: list[Diagnosis] = []
    named: dict[str, int] = {}
    for diagnosis in diagnoses:
        first = diagnosis.evidence[0] if diagnosis.evidence else None
        operator = operator_of(first.text) if first is not None else None
        if first is None or operator is None:
            kept.append(diagnosis)
            continue
        if (
            diagnosis.signature_id.startswith("code.")
            and named.get(operator, first.line) < first.line
        ):
            continue
        named.setdefault(operator, first.line)
        kept.append(diagnosis)
    return kept
