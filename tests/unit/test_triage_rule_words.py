"""Rule words that must not fire on a neighbour's word (issue 15, review of 2026-12-02): a region
name holding 'hang' is no hang, and the case-sensitive shape of a CUDA library's entry point
('cudnnGetVersion') is not every word starting 'cu' ('custom')."""

from __future__ import annotations

import re

from bringup.triage.fallbackrules import builtin_rules


def _evidence(rule_id: str) -> str:
    return next(rule.words for rule in builtin_rules().evidence if rule.id == rule_id)


def _unless(rule_id: str) -> str:
    return next(rule.unless for rule in builtin_rules().lines if rule.id == rule_id)


def test_a_region_named_hangzhou_is_no_hang() -> None:
    words = _evidence("evidence.operator.hang")
    # an Alibaba Cloud endpoint in a scheduler's line (the region cn-hangzhou)
    assert not re.search(words, "scheduler: pulling from registry.cn-hangzhou.aliyuncs.com")
    assert re.search(words, "[ERROR] op MatMul hangs after 300 s")
    assert re.search(words, "the AI CPU kernel is hanging")


def test_only_a_cuda_entry_point_name_is_a_library_load() -> None:
    unless = _unless("line.operator.failure")
    assert re.search(unless, "Unable to load cuDNN")
    assert re.search(unless, "Could not load cudnnGetVersion")
    assert not re.search(unless, "RuntimeError: failed to load custom operator AddCustom")
