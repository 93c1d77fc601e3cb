"""Chip families a support line names (Chinese "支持" as English "supports") and those it
refuses ("not supported", "不支持"): real lines, each with its public source."""

from __future__ import annotations

from bringup.scan.prose import read_line
from cpuclock import cpu_seconds


def _chips(line: str) -> list[tuple[str, bool]]:
    return [(m.spec, m.hard) for m in read_line(line) if m.subject == "chip"]


def test_a_refused_chip_is_no_need() -> None:
    # Ascend/mssanitizer@ffce6d2b docs/en/user_guide/mssanitizer_user_guide.md:111
    assert _chips("- **Atlas inference series products are not supported.**") == []
    # the same guide in Chinese, docs/zh/user_guide/mssanitizer_user_guide.md:109
    assert _chips("- **不支持昇腾310P系列产品**。") == []


def test_a_supported_chip_is_still_a_need() -> None:
    # Ascend/mssanitizer@ffce6d2b docs/zh/user_guide/mssanitizer_user_guide.md:377
    line = "> 当前仅支持昇腾A2系列产品、昇腾A3系列产品以及昇腾950PR&950DT系列产品。"
    assert _chips(line) == [("910B,910_93,950", True)]


def test_chinese_supports_names_the_chip_as_english_does() -> None:
    # cann-recipes-spatial-intelligence@71eb882b algorithms/gaussian_splatting/README.md:10
    assert _chips("本样例支持昇腾Atlas A2环境的单卡训练和推理。") == [("910B", True)]
    # hicann cann-bench@d59d44ca tasks/level3/dequant_swiglu_quant/desc.md:118
    line = "- 支持芯片：Atlas A2 / Atlas 800I A2 / A200I A2 / Atlas A3 系列。"
    assert _chips(line) == [("910B,910_93", True)]


def test_a_support_after_the_refusal_lifts_it() -> None:
    # the two halves of one clause: the refused chip goes, the supported one stays
    line = "不支持昇腾310P，支持Atlas A2训练系列产品"
    assert _chips(line) == [("910B", True)]


def test_refusal_after_a_long_line_is_linear() -> None:
    # 48 KB of chips after one negation (no need of any); a refusal's product words repeated
    started = cpu_seconds()
    assert _chips("不支持 " + "Ascend 910B " * 4000) == []
    _chips("Ascend 310P" + " series" * 8000 + " not supported")
    assert cpu_seconds() - started < 2.0 * 2


def test_a_listed_shorthand_shares_the_first_chips_prefix() -> None:
    # hicann/ops-nn@e5c3fa93 docs/zh/install/quick_install.md:17: "A3" after "Atlas A2、" is
    # Atlas A3 (910_93), which the line named for nothing before
    line = "当前适用于Atlas A2、A3系列产品，OS支持ubuntu22.04、openeuler24.03。"
    assert _chips(line) == [("910B,910_93", True)]
    # a refused list refuses each member; a model number after a comma is no shorthand
    assert _chips("不支持Atlas A2、A3系列产品") == []
    assert _chips("仅支持Atlas A2, A100") == [("910B", True)]


def test_a_long_list_of_shorthands_is_linear() -> None:
    started = cpu_seconds()
    _chips("仅支持Atlas A2" + "、A3" * 12000)
    _chips("仅支持Atlas A2" + "、A39" * 10000)
    assert cpu_seconds() - started < 2.0 * 2


def test_the_chip_a_repo_is_said_to_run_on_is_a_need() -> None:
    # Ascend/DeepSpeed@c134c39d README.md:3 ("with deepspeed_npu you can use deepspeed on the
    # Ascend910 chip"): the chip the adapter runs on, the truth's chip 910 at that line; "芯片"
    # (chip) is the hardware word beside the family
    line = "通过deepspeed_npu，你可以在Ascend910芯片上使用deepspeed，并基于deepspeed进行开发。"
    assert _chips(line) == [("910", True)]


def test_running_on_generic_processors_names_no_chip() -> None:
    # Ascend/msopprof README_EN.md:23: "operators running on Ascend AI Processors" names no family
    line = (
        "MindStudio Ops Profiler (msOpProf, an operator tuning tool) is used to collect and "
        "analyze the key performance metrics of operators running on Ascend AI Processors."
    )
    assert _chips(line) == []


def test_the_authors_own_set_up_is_no_chip_need() -> None:
    # review37 MEDIUM 10: "use X on <chip>" tells what the authors ran, not what a user needs
    assert _chips("We use DeepSpeed on Ascend 910B NPUs for our internal experiments.") == []
