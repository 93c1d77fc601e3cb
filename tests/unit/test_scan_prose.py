"""Requirements stated in English and Chinese prose, one line (or paragraph) at a time."""

from __future__ import annotations

import re

import pytest

from bringup.scan import devicecounts, devices, versionedneeds
from bringup.scan.mention import Mention
from bringup.scan.prose import read_line


def found(line: str, **options: object) -> list[tuple[str, str]]:
    return [(m.subject, m.spec) for m in read_line(line, **options)]  # type: ignore[arg-type]


def mentions(line: str) -> list[Mention]:
    return read_line(line, vendor="ascend")


def test_several_subjects_on_one_line() -> None:
    assert found("Requirements: CANN >= 8.0.RC1, Python 3.9~3.11, GCC 7.5 以上") == [
        ("cann", ">=8.0.RC1"),
        ("python", ">=3.9,<3.12"),
        ("gcc", ">=7.5"),
    ]


def test_negated_range_in_chinese() -> None:
    assert found("CANN 6.3.RC1 及以上，低于 7.0（暂不支持 CANN 7.0 及以上版本）") == [
        ("cann", ">=6.3.RC1,<7.0"),
        ("cann", "<7.0"),
    ]


def test_not_supported_after_the_version() -> None:
    assert found("Python 3.8 – 3.10 only, so Python 3.11 is not supported yet.") == [
        ("python", ">=3.8,<3.11"),
        ("python", "!=3.11.*"),
    ]


def test_device_count_for_tests_is_soft() -> None:
    (count,) = mentions("多卡测试需要至少两张卡。")
    assert (count.subject, count.spec, count.hard, count.confidence) == (
        "npu_count",
        ">=2",
        False,
        "high",
    )


def test_device_count_needed_by_the_repo_is_hard() -> None:
    counts = [
        m
        for m in mentions("推理需要一张 NPU（Atlas 300I Pro 或 Atlas 800I A2）")
        if m.subject == "npu_count"
    ]
    assert [(m.spec, m.hard) for m in counts] == [(">=1", True)]


@pytest.mark.parametrize(
    "line",
    [
        "We tested on 8 NPUs.",
        "The server holds up to 8 NPUs.",
        "The unit tests skip without an NPU.",
        "This tool reads the repos of an accelerator software stack and says what each needs.",
        "It needs a GPU vendor's SDK.",
        # Ascend/tensorflow@82957b92 tf_adapter/README_en.md:15: an environment, no count
        "You can build the TF Adapter software package from the source code in this repository"
        " and deploy it in an NPU environment.",
        # Ascend/torchair@fced8842 docs/zh/overview.md:35: a cap per process, no floor
        "- **整体约束**：PyTorch图模式支持单进程和多进程，每个进程**只支持使用1张NPU卡**，"
        "不支持使用多张NPU卡。",
    ],
)
def test_counts_that_are_not_needs(line: str) -> None:
    assert [m for m in mentions(line) if m.subject == "npu_count"] == []


def test_generic_cards_take_the_vendor_of_the_line() -> None:
    assert found("HCCL 用例至少需要 2 张卡", vendor=None) == [("npu_count", ">=2")]
    assert found("needs at least 4 GPUs") == [("gpu_count", ">=4")]


def test_unversioned_needs_and_the_driver_by_context() -> None:
    assert found("Make sure CANN and the driver are installed.") == [
        ("cann", ""),
        ("ascend_driver", ""),
    ]
    assert found("请先安装 CANN 和驱动。") == [("cann", ""), ("ascend_driver", "")]
    assert found("Install the NVIDIA driver and CUDA first.") == [
        ("nvidia_driver", ""),
        ("cuda", ""),
    ]


def test_a_mention_without_a_need_is_not_unversioned() -> None:
    assert found("CANN ships a profiler.") == []


def test_chips_in_a_support_statement() -> None:
    assert ("chip", "910B,910_93") in found("Supported hardware: Atlas 800T A2 and Atlas A3.")
    assert found("Ascend 910B runs fast.") == []


def test_compute_capability_from_sm_and_architecture_names() -> None:
    assert found("The kernels need SM90.") == [("compute_capability", ">=9.0")]
    assert found(
        "FlashAttention-2 currently supports: Ampere, Ada, or Hopper GPUs (e.g., A100, H100)."
    ) == [("compute_capability", ">=8.0")]


def test_offsets_point_at_the_words() -> None:
    line = "Install it. Python 3.10 is required."
    (python,) = read_line(line)
    assert line[python.offset :].startswith("Python")


def test_framework_names_do_not_swallow_each_other() -> None:
    assert found("torch==2.1.0 and torch_npu==2.1.0.post3 (not torch.npu.device_count())") == [
        ("torch", "==2.1.0"),
        ("torch_npu", "==2.1.0.post3"),
    ]


def test_negation_before_a_subject_negates_it_and_not_the_ones_before() -> None:
    line = "Needs Python 3.9 and GCC 9, but does not support CANN 7.0 or CUDA 11"
    assert found(line) == [
        ("python", "==3.9.*"),
        ("gcc", ">=9"),
        ("cann", "!=7.0.*"),
        ("cuda", "!=11.*"),
    ]


class _Counting:
    """A compiled pattern that counts how many characters its searches are given."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.searched = 0

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        end = len(text) if endpos is None else min(endpos, len(text))
        self.searched += max(0, end - pos)
        return self.pattern.search(text, pos, end)


# Patterns asked about the words before a mention: each must look at a bounded stretch of the
# line (or once per clause), whatever the number of mentions.
_BEFORE_A_MENTION = (
    (versionedneeds, "NEGATED_BEFORE"),
    (versionedneeds, "_CONDITION"),
    (versionedneeds, "_OLDER_THAN_BEFORE"),
    (versionedneeds, "_NO_NEED"),
    (devicecounts, "_UP_TO"),
    (devices, "_FOR"),
)


@pytest.mark.parametrize(
    "line",
    [
        "requires CANN " * 2000,
        "requires CANN 8.0, torch 2.1 and " * 2000,
        "If GCC is earlier than 9.4.0, an error is reported; " * 2000,
        "needs each 2 NPUs, " * 2000,
    ],
    ids=["one subject", "versions", "failure conditions", "counts"],
)
def test_a_long_line_is_read_in_linear_work(monkeypatch: pytest.MonkeyPatch, line: str) -> None:
    """A README line naming a subject thousands of times once cost a search of everything
    before each mention (quadratic: minutes for a 1 MiB line)."""
    counters = [_Counting(getattr(module, name)) for module, name in _BEFORE_A_MENTION]
    for (module, name), counting in zip(_BEFORE_A_MENTION, counters):
        monkeypatch.setattr(module, name, counting)
    read_line(line, vendor="ascend")
    # A bounded window per mention, or one search per clause: a few times the line, where
    # searching everything before each mention costs thousands of times it.
    assert all(counting.searched <= 4 * len(line) for counting in counters), [
        (name, counting.searched) for (_, name), counting in zip(_BEFORE_A_MENTION, counters)
    ]


def test_one_subject_named_many_times_counts_once() -> None:
    assert len(read_line("requires CANN " * 2000)) == 1  # the rest add nothing new


@pytest.mark.parametrize(
    ("line", "subject"),
    [
        # a public README (search index id 51836860869): an optional backend's toolkit
        ("- **vLLM**: Production GPU inference (optional, requires CUDA 11.8+)", "cuda"),
        # examples/six-repos/ascend-comm README.md:25: the need of an extra, named by its install
        (
            "The hccl backend needs the CANN toolkit and torch_npu (install with pip install "
            "ascend-comm[npu]).",
            "cann",
        ),
    ],
)
def test_what_an_optional_feature_needs_is_soft(line: str, subject: str) -> None:
    mentions = [m for m in read_line(line) if m.subject == subject]
    assert mentions
    assert not any(m.hard for m in mentions)


def test_a_plain_need_stays_hard() -> None:
    (mention,) = [m for m in read_line("Requires CUDA 11.8 or later.") if m.subject == "cuda"]
    assert mention.hard


@pytest.mark.parametrize(
    ("line", "spec"),
    [
        # triton-ascend@eeb030e7 docs/en/quick_start.md:24: the name repeated at the upper end
        (
            "Python (Python 3.9 to Python 3.11), CANN_TOOLKIT, CANN_OPS, "
            "[requirements.txt](../../requirements.txt)",
            ">=3.9,<3.12",
        ),
        ("安装 Python 从 3.9 到 3.11", ">=3.9,<3.12"),
        ("Requires Python between 3.9 and 3.11.", ">=3.9,<3.12"),
        ("Python 3.9 ~ Python 3.11", ">=3.9,<3.12"),
    ],
)
def test_a_range_in_words_includes_its_last_series(line: str, spec: str) -> None:
    assert found(line, required=True) == [("python", spec)]


def test_the_name_repeated_without_a_range_word_is_still_a_list() -> None:
    assert found("Python 3.9 or Python 3.11", required=True) == [("python", "==3.9.* || ==3.11.*")]


@pytest.mark.parametrize(
    "line",
    [
        # triton-ascend@eeb030e7 docs/en/installation_guide.md:262, its default cell as prose
        "CANN_VERSION: CANN 8.5.0 (Recommended)",
        "the image installs CANN 8.5.0 by default",
        "CANN version defaults to 8.5.0",
        "We recommend installing CANN 8.5.0",
        "推荐使用 CANN 8.5.0",
    ],
)
def test_a_recommendation_or_default_is_no_requirement(line: str) -> None:
    (mention,) = read_line(line, required=True, vendor="ascend")
    assert (mention.subject, mention.spec, mention.hard) == ("cann", "==8.5.0", False)


def test_a_requirement_beside_a_recommendation_stays_hard() -> None:
    assert [m.hard for m in read_line("CANN 8.5.0 is required (8.5.1 recommended)")] == [True]


def test_two_ranges_of_one_subject_in_a_clause_are_alternatives() -> None:
    # hiyouga/LLaMA-Factory@ff6d4d12 README.md:591
    line = (
        "On Windows x86-64, separate builds are currently provided for CUDA 11.8–12.6 and "
        "CUDA 12.8–12.9."
    )
    assert found(line) == [("cuda", ">=11.8,<12.7 || >=12.8,<12.10")]


def test_what_a_feature_is_supported_on_is_no_floor_for_the_repo() -> None:
    # NVIDIA/TransformerEngine README.rst:39 and :156 (truth: the repo needs >= 8.0, Ampere)
    (feature,) = read_line(
        "On Blackwell GPUs, TE also supports MXFP8 (Microscaling FP8) and NVFP4 formats for "
        "even greater efficiency.",
        required=True,
    )
    assert (feature.subject, feature.hard) == ("compute_capability", False)
    (hardware,) = read_line(
        "Hardware: Blackwell, Hopper, Grace Hopper/Blackwell, Ada, Ampere", required=True
    )
    assert (hardware.spec, hardware.hard) == (">=8.0", True)


@pytest.mark.parametrize(
    "line",
    [
        # hiyouga/LLaMA-Factory@ff6d4d12 README.md:542 and README_zh.md:543
        "This image is built on Ubuntu 22.04 (x86\\_64), CUDA 12.4, Python 3.11, PyTorch "
        "2.6.0, and Flash-attn 2.7.4.",
        "该镜像基于 Ubuntu 22.04（x86\\_64）、CUDA 12.4、Python 3.11、PyTorch 2.6.0 和 Flash-attn "
        "2.7.4 构建。",
    ],
)
def test_what_an_image_is_built_on_is_what_works(line: str) -> None:
    mentions = read_line(line, required=True)
    assert {m.subject for m in mentions} >= {"cuda", "python", "torch"}
    assert not any(m.hard for m in mentions)


def test_a_release_and_the_ones_after_or_before_it_is_a_bound() -> None:
    # "仅支持CANN 9.0.0及后续版本" (only CANN 9.0.0 and the releases after it): a floor, never the
    # pin ==9.0.0 that would fail on a newer CANN (hicann/ops-sparse@ae60d05a README.md:16);
    # "兼容昇腾 CANN 8.5.0 及以前版本" (compatible with CANN 8.5.0 and earlier), a ceiling
    # (Ascend/msinsight@4e16fca1 docs/zh/release_notes/release_notes.md:75)
    floor = (
        "> **说明**：本项目仅支持CANN 9.0.0及后续版本，源码版本与CANN版本配套关系参见"
        "[release仓库](https://gitcode.com/cann/release-management)。"
    )
    assert ("cann", ">=9.0.0") in [(m.subject, m.spec) for m in mentions(floor)]
    assert ("cann", "==9.0.0") not in [(m.subject, m.spec) for m in mentions(floor)]
    ceiling = "- **兼容性**: 兼容昇腾 CANN 8.5.0 及以前版本"
    assert [(m.subject, m.spec) for m in mentions(ceiling)] == [("cann", "<=8.5.0")]
