"""A table row's recommended release beside its supported range: "| CANN | >= 8.0.RC2 |
[8.0.RC3](…) | Required for vllm-ascend and torch-npu |" (cosdt/vllm-ascend@a524b50
docs/environment.md:7, columns "Supported version | Recommended version"). The floor is the
need; the recommended release is what the solver takes where nothing else decides. Dropped,
the plan took the newest CANN (9.1.0), which no row pairs with the torch_npu 2.5.1rc1 the same
table recommends (outsider22 D4)."""

from __future__ import annotations

from bringup.model import Requirement
from bringup.scan.preferences import with_preferred


def preferring(need: Requirement, recommended: Requirement) -> Requirement:
    """``need`` preferring ``recommended``'s release (one release, not a range or a list)."""
    spec = recommended.spec
    if not spec.startswith("==") or "||" in spec or "," in spec or spec == need.spec:
        return need
    return with_preferred(need, [recommended])
