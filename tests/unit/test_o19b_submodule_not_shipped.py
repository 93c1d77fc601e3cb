"""A submodule no release of the installed distribution ships is told as a part of its project
the wheel leaves out, beside version skew (outsider19 D9)."""

from __future__ import annotations

import io

from bringup.triage import explain_text

# NVIDIA/Megatron-LM#870: megatron_core 0.8.0rc0 installed, the repository's example run
MEGATRON_870 = b"""Megatron-LM/examples/run_simple_mcore_train_loop.py", line 18, in <module>
    from megatron.training.tokenizer.tokenizer import _NullTokenizer
ModuleNotFoundError: No module named 'megatron.training'
"""


def test_a_missing_submodule_names_the_projects_checkout() -> None:
    (first, *_) = explain_text(io.BytesIO(MEGATRON_870), top=1)
    assert first.signature_id == "python.module-attribute-missing"
    assert "megatron.training may be a part of its project" in first.cause
    assert "run from the project's checkout" in first.fix


def test_a_missing_attribute_keeps_the_version_reading_alone() -> None:
    # geatpy-dev/geatpy#39 (Geatpy 1.x installed: an old release, fixed by upgrading)
    line = b"AttributeError: module 'geatpy' has no attribute 'Problem'"
    (first, *_) = explain_text(io.BytesIO(line), top=1)
    assert first.signature_id == "python.module-attribute-missing"
    assert "part of its project" not in first.cause
