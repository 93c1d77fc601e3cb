"""An inference engine's plugin or an RL trainer is not "other" (session-23 outside tester, D16:
vllm-ascend got the role ``other``)."""

from __future__ import annotations

from bringup.scan.roles import guess_role


def test_an_engine_named_repo_is_inference() -> None:
    # vllm-project/vllm-ascend: its README starts with a logo, not a title
    assert guess_role("vllm-ascend", '<p align="center">') == "inference"


def test_an_rlhf_framework_is_training() -> None:
    # OpenRLHF/OpenRLHF: the name says reinforcement learning from human feedback
    assert guess_role("OpenRLHF", "# OpenRLHF") == "training"


def test_a_name_that_says_nothing_stays_other() -> None:
    # montehoover/verl@9c46ae81 README.md:1
    assert guess_role("verl", "# Verl for Tomlab") == "other"
