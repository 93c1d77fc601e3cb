"""outsider17 D2 (its role half): pillumina/verl_npu, "verl npu backend plugin" (setup.py:309),
installs vllm and verl from source (README.md:6-10, :34-37) and was given the role "(inference)":
a repo that requires an engine was inference, whatever else it required. A repo requiring a
training framework trains; an RL trainer's rollouts run on an engine.

Real lines: pillumina/verl_npu@2faa869 README.md:1 (its title), setup.py:306 and :309."""

from __future__ import annotations

from bringup.scan.roles import guess_role

TITLE = "# 使用方式"  # README.md:1 ("how to use")
DESCRIPTION = "verl npu backend plugin"  # setup.py:309


def test_a_trainers_plugin_trains() -> None:
    assert guess_role("verl_npu", TITLE, DESCRIPTION, {"vllm", "verl"}) == "training"


def test_requiring_a_trainer_and_an_engine_is_training() -> None:
    # setup.py:306 name="mindspeed_rl"; the README installs vllm, megatron-core and verl
    assert guess_role("mindspeed_rl", TITLE, "", {"vllm", "megatron_core", "verl"}) == "training"
    assert guess_role("mindspeed_rl", TITLE, "", {"vllm"}) == "inference"
