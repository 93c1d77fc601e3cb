"""A device word that qualifies another noun ("a single GPU thread") counts no devices (issue 11,
session of 2026-12-02). Each test quotes the lines of a public repo (repo@commit path:line)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.prose_vocabulary import vocabulary


def _counts(rel: str, text: str) -> list[tuple[str, str, int | None]]:
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return [(r.subject, r.spec, r.source.line) for r in found if r.subject.endswith("_count")]


def test_a_gpu_thread_is_no_gpu() -> None:
    # microsoft/mscclpp@1f5f065d README.md:94 (the end of its paragraph)
    text = (
        "### PortChannel and MemoryChannel\n\nAs key functionalities are run by the proxy, "
        "`PortChannel` requires only a single GPU thread to call its methods.\n"
    )
    assert _counts("README.md", text) == []


def test_a_gpu_kernel_is_no_gpu() -> None:
    # microsoft/mscclpp@1f5f065d docs/tutorials/04-port-channel.md:61 beside the line of a
    # run's output it prints, docs/tutorials/02-bootstrap-and-communicator.md:32
    text = (
        "## Requirements\n\nThe device handle of a `PortChannel` provides the following methods. "
        "Since the data transfer is offloaded, each method is supposed to be called by a single "
        "GPU thread.\n\nGPU 1: Launching a GPU kernel ...\n"
    )
    assert _counts("docs/tutorials/04-port-channel.md", text) == []


def test_a_single_gpu_still_counts() -> None:
    # Ascend/AscendSpeed@e35df80d README.md:476 (its first sentence)
    text = (
        "## Evaluation\n\nBecause evaluation requires substantially less memory than training, "
        "it may be advantageous to merge a model trained in parallel for use on a single GPU in "
        "downstream tasks.\n"
    )
    assert _counts("README.md", text) == [("gpu_count", ">=1", 3)]


def test_a_count_the_text_refuses_is_no_need() -> None:
    # Ascend/torchair@fced8842 docs/zh/overview.md:35: one NPU per process is the constraint;
    # "不支持使用多张NPU卡" (using several NPUs is not supported) refuses the count, it asks none
    text = (
        "## 约束\n\n- **整体约束**：PyTorch图模式支持单进程和多进程，"
        "每个进程**只支持使用1张NPU卡**，不支持使用多张NPU卡。\n"
    )
    assert [c for c in _counts("docs/zh/overview.md", text) if c[1] != ">=1"] == []


def test_a_refused_count_in_english_is_no_need() -> None:
    # a public SRCNN PyTorch README.md, its "## Training" section (stored public text, id
    # 26612241749): one GPU at most, several refused
    text = (
        "## Training\nYou can train the model through `train.py`.\n\nIf you have a GPU, you should "
        "set the `--cuda` argument. It does not support multiple GPUs and data parallelization.\n"
    )
    assert _counts("README.md", text) == []


def test_only_n_cards_for_the_model_is_its_need() -> None:
    # constructed by review (the wording of Chinese model READMEs): "this model only supports
    # training on 8 cards" states the need; only a per-process cap is no need
    assert _counts("README.md", "本模型仅支持8张NPU卡训练。\n") == [("npu_count", ">=8", 1)]
    assert _counts("README.md", "每个进程只支持使用1张NPU卡\n") == []


def test_the_memory_of_a_hardware_row_is_no_device_count() -> None:
    # Ascend/msinsight@4e16fca1 docs/en/user_guide/mindstudio_insight_install_guide.md:13 (the
    # vendor's name) and :143-145 (the environment table's hardware row)
    text = (
        "Click [here](https://gitcode.host/Ascend/msinsight/releases) to obtain the software "
        "package.\n\n|Type|Limitation|\n|--|--|\n|Hardware|- Memory: at least 4 GB (8 GB or "
        "above recommended)<br> - Minimum disk space: 6 GB|\n"
    )
    assert _counts("docs/en/user_guide/mindstudio_insight_install_guide.md", text) == []
    # the same guide in Chinese, docs/zh/install_guide/mindstudio_insight_install_guide.md:198
    row = "|硬件|- 内存：最小4GB，推荐8GB及以上<br> - 磁盘空间：最小6GB|\n"
    zh = text.replace(text[text.index("|Hardware") :], row)
    assert _counts("docs/zh/install_guide/mindstudio_insight_install_guide.md", zh) == []


_COUNT_TOKENS = st.sampled_from(
    ["at least ", "a minimum of ", "2", "two", " ", "x", "×", "NPUs", "gpu", "GPU", "cards",
     "card", "multi-", "Device", "devices", "accelerators", "Ascend ", "NVIDIA ", "physical ",
     "至少", "8", "张", "块", "昇腾", "卡", "加速卡", "NPU", "多", ".", "-"]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(text=st.lists(_COUNT_TOKENS, max_size=12).map("".join))
def test_every_device_count_holds_the_words_searched_before_it(text: str) -> None:
    """``device_counts`` passes over a clause without ``count_words``: each count pattern's
    every match holds them, so none is lost."""
    words = vocabulary()
    for pattern, named in zip((words.count_en, words.count_zh), words.count_words):
        for match in pattern.finditer(text):
            assert named.search(match.group(0)) is not None


def test_a_count_inside_a_condition_is_no_need() -> None:
    # HowXu/alphafold3-pytorch-npu@f1b109e0 README.MD:48: "with several cards, adapt
    # tensor_to_npu": what to do on several cards, not a need of two (outsider21 item 5)
    text = (
        "2. 将构造的AlphaFold3对象迁移到NPU上(这里使用.to_device函数或者.npu函数)\n\n"
        "在多卡情况下，你需要按照实际情况修改tensor_to_npu函数，控制.to_device函数及.npu的参数。\n"
    )
    assert _counts("README.MD", text) == []
    # the class in English (constructed): the condition's own part holds the count ...
    assert _counts("README.md", "When training on 8 GPUs, set `--nproc_per_node 8`.\n") == []
    assert _counts("README.md", "如果使用8张NPU卡训练，请设置环境变量。\n") == []
    # ... a need stated after it still counts
    assert _counts("README.md", "If you want to train, you need at least 8 GPUs.\n") == [
        ("gpu_count", ">=8", 1)
    ]
    assert _counts("README.md", "训练至少需要8张NPU卡，同时运行推理。\n") == [
        ("npu_count", ">=8", 1)
    ]
