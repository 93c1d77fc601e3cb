"""A package build's own error messages (outsider12 #13): AutoGPTQ's setup.py prints why it
stops, AutoGPTQ/AutoGPTQ@9f7d37072917ab3a7545835f23e808294a542153 setup.py:81 (torch not
importable in the build, pip's build isolation) and setup.py:101-102 (a +cpu torch), with pip's
"error: subprocess-exited-with-error" after them."""

from __future__ import annotations

import re

from bringup.triage import explain_text
from bringup.triage.fallbackrules import builtin_rules
from bringup.triage.loader import load_signatures
from cpuclock import cpu_seconds

NO_TORCH = (
    "  Running setup.py develop for auto_gptq\n"
    "Building PyTorch CUDA extension requires PyTorch being installed, please install PyTorch"
    " first: No module named 'torch'.\n"
    " NOTE: This issue may be raised due to pip build isolation system (ignoring local"
    " packages). Please use `--no-build-isolation` when installing with pip, and refer to"
    " https://github.com/AutoGPTQ/AutoGPTQ/pull/620 for more details.\n"
    "error: subprocess-exited-with-error\n"
)
CPU_TORCH = (
    "Trying to compile auto-gptq for CUDA, but Pytorch 2.2.1+cpu is installed without CUDA"
    " support.\n"
    "error: subprocess-exited-with-error\n"
)


def test_a_build_that_cannot_import_torch_is_a_module_missing_with_build_isolation() -> None:
    first = explain_text(NO_TORCH)[0]
    assert first.signature_id == "line.install.module-missing"
    assert first.evidence[0].line == 2
    assert "--no-build-isolation" in first.fix


def test_a_build_that_finds_a_cpu_torch_is_the_cpu_only_build() -> None:
    first = explain_text(CPU_TORCH)[0]
    assert first.signature_id == "cuda.runtime.torch-not-compiled-cuda"
    assert first.confidence == "high"


def test_a_cuda_torch_version_or_a_cpu_word_alone_is_not_the_cpu_build() -> None:
    said = "Successfully installed torch-2.2.1+cu121\nRuntimeError: CUDA error: out of memory\n"
    ids = [d.signature_id for d in explain_text(said)]
    assert "cuda.runtime.torch-not-compiled-cuda" not in ids


def test_the_new_forms_take_linear_work_on_a_hostile_line() -> None:
    rule = next(r for r in builtin_rules().lines if r.id == "line.install.module-missing")
    signature = next(
        s for s in load_signatures().signatures if s.id == "cuda.runtime.torch-not-compiled-cuda"
    )
    hostile = [
        "torch " * 9000 + "+cpu" * 2000,
        "a" * 50_000,
        "pytorch1+cpu " * 4000,
        "x): No module named" * 2600,
    ]
    for pattern in (rule.pattern, *signature.record.patterns):
        for text in hostile:
            start = cpu_seconds()
            re.search(pattern, text)
            assert cpu_seconds() - start < 2.0, pattern
