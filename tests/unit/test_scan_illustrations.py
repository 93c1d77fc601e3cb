"""Hardware that an example sentence or a "supported by" clause names is no need of the repo's
(outsider24 D3, D4): FlagPerf's "2机8卡A100" illustrates a CASES key, PaddleMIX's "models supported
by Ascend 910B" points at a model list."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.prose import read_line

# FlagOpen/FlagPerf@1b5a030398ab719e406f77877eb34c9599b17fd2 training/README.md:78 (head)
FLAGPERF_78 = (
    " * 例如，用户在目录/abc/def/data/存放了模型bert在框架pytorch下面运行的数据集与预训练权重，"
    "希望在2机8卡A100（共16卡）的环境上测试这一任务，重复3次取平均值，"
    '则需要在CASES中增加"bert:pytorch:A100:2:8:3":"/abc/def/data/"这一键值对。'
)
# PaddlePaddle/PaddleMIX@6afaf05de0485715b2c8b2587e17bb2dfe4f4cda README_EN.md:201 and :154 (head)
PADDLEMIX_201 = (
    "- For a list of models supported by Ascend 910B, please refer to the "
    "[Ascend Model List](./docs/hardware_support/npu_model_list.md)."
)
PADDLEMIX_154 = (
    "Currently, PaddleMIX supports the Ascend 910B chip (more models are in progress; if you "
    "have other model requirements, please submit an issue to let us know)."
)


def _said(line: str, required: bool = False) -> list[tuple[str, str, bool]]:
    return [(m.subject, m.spec, m.hard) for m in read_line(line, required=required)]


def test_an_example_sentence_names_no_hardware_need() -> None:
    assert _said(FLAGPERF_78, required=True) == []
    # the same words stated, not illustrated (constructed: the opening "例如，" dropped), are one
    told = FLAGPERF_78.replace("例如，", "", 1)
    assert ("compute_capability", ">=8.0", True) in _said(told, required=True)


def test_a_chip_that_models_are_supported_by_is_a_support_not_a_need() -> None:
    assert _said(PADDLEMIX_201) == [("chip", "910B", False)]
    assert _said(PADDLEMIX_154) == [("chip", "910B", True)]


# PaddlePaddle/PaddleMIX@6afaf05de0485715b2c8b2587e17bb2dfe4f4cda README_EN.md:124 and :152-175
# (the heading's emoji and the container command of :156-166 left out)
PADDLEMIX_NPU = """## Installation

### 4. Ascend Environment Installation (Optional)

Currently, PaddleMIX supports the Ascend 910B chip (more models are in progress; if you have other model requirements, please submit an issue to let us know). The Ascend driver version is 23.0.3. Considering the variability in environments, we recommend using the standard image provided by PaddlePaddle to prepare your environment.

* Install PaddlePaddle inside the container

```shell
# Note: You need to install the CPU version of PaddlePaddle first. Currently, only Python 3.9 is supported.
python3.9 -m pip install paddlepaddle==3.0.0.dev20240520 -i https://www.paddlepaddle.org.cn/packages/nightly/cpu/
python3.9 -m pip install paddle_custom_npu==3.0.0.dev20240719 -i https://www.paddlepaddle.org.cn/packages/nightly/npu/
```
"""  # noqa: E501


def test_the_interpreter_an_optional_section_runs_is_that_option_s_python() -> None:
    """outsider24 D5: the NPU plan took Python 3.10 where the NPU section runs python3.9."""
    found = extract_docs(SourceFile(ref="README.md", rel="README.md", text=PADDLEMIX_NPU))
    pythons = [(r.spec, r.hard, r.feature) for r in found.requirements if r.subject == "python"]
    assert pythons == [("==3.9.*", False, "option:4. Ascend Environment Installation (Optional)")]
