"""An inference engine's plugin or an RL trainer is not "other" (session-23 outside tester, D16:
vllm-ascend got the role ``other``)."""

from __future__ import annotations

from bringup.scan.roles import described, guess_role


def test_an_engine_named_repo_is_inference() -> None:
    # vllm-project/vllm-ascend: its README starts with a logo, not a title
    assert guess_role("vllm-ascend", '<p align="center">') == "inference"


def test_an_rlhf_framework_is_training() -> None:
    # OpenRLHF/OpenRLHF: the name says reinforcement learning from human feedback
    assert guess_role("OpenRLHF", "# OpenRLHF") == "training"


def test_a_name_that_says_nothing_stays_other() -> None:
    # montehoover/verl@9c46ae81 README.md:1
    assert guess_role("verl", "# Verl for Tomlab") == "other"


def test_the_package_description_says_the_role() -> None:
    """Review 23 #12: the role regex named two products; a repo says what it is in its
    package's one-line description."""
    # montehoover/verl@9c46ae81 setup.py:90 (its README's title says nothing: above)
    verl = '    description="verl: Volcano Engine Reinforcement Learning for LLM",\n'
    assert guess_role("verl", "# Verl for Tomlab", described(verl)) == "training"
    # casper-hansen/AutoAWQ@88e4c76b setup.py:13, a dict of setup() arguments
    awq = (
        '    "description": "AutoAWQ implements the AWQ algorithm for 4-bit quantization with a'
        ' 2x speedup during inference.",\n'
    )
    assert guess_role("AutoAWQ", '<div align="center">', described(awq)) == "inference"


def test_the_last_description_of_a_setup_py_is_its_packages() -> None:
    # vllm-project/vllm-ascend@5e390744 setup.py:212 (a command class) and :516 (setup())
    text = (
        '    description = "Build and install AclNN by running build_aclnn.sh"\n'
        "setup(\n"
        '    description="vLLM Ascend backend plugin",\n'
    )
    assert described(text) == "vLLM Ascend backend plugin"


def test_an_engine_by_name_or_as_a_requirement_is_inference() -> None:
    # the engines' own spelling: NVIDIA/TensorRT-LLM, huggingface/text-generation-inference
    assert guess_role("TensorRT-LLM", "# TensorRT-LLM") == "inference"
    assert guess_role("lmdeploy", "<div>") == "inference"
    # a plugin named for its host, requiring its engine (constructed name)
    assert guess_role("npu-plugin", "# NPU plugin", requires=["sglang"]) == "inference"
    assert guess_role("npu-plugin", "# NPU plugin", requires=["numpy"]) == "other"
