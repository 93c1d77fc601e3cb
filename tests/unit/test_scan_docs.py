"""READMEs: prose, tables, code blocks and what the steps found in them need."""

from __future__ import annotations

from bringup.model import StepNeeds
from bringup.scan.docos import one_os
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import Extraction, SourceFile


def read(text: str, rel: str = "README.md") -> Extraction:
    return extract_docs(SourceFile(ref=rel, rel=rel, text=text))


def found(text: str, rel: str = "README.md") -> list[tuple[str, str, int | None, bool]]:
    return [(r.subject, r.spec, r.source.line, r.hard) for r in read(text, rel).requirements]


def test_name_version_table_under_a_requirements_heading() -> None:
    text = """# demo

## 环境要求

| 软件 | 版本 |
|------|------|
| CANN | 8.0.RC1 及以上 |
| Python | 3.9~3.11 |
| 驱动 | >= 24.1.RC1 |
| NPU | 2 × Atlas 800T A2 |
"""
    assert found(text) == [
        ("cann", ">=8.0.RC1", 7, True),
        ("python", ">=3.9,<3.12", 8, True),
        ("ascend_driver", ">=24.1.RC1", 9, True),
        ("npu_count", ">=2", 10, True),
        ("chip", "910B", 10, True),
    ]


def test_matrix_table_gives_soft_alternatives() -> None:
    text = """## Version compatibility

| CANN Version | Supported PyTorch Version | Python Version |
|--------------|---------------------------|----------------|
| CANN 8.0.RC2 | 2.3.1 | Python3.8.x,Python3.9.x |
|              | 2.1.0 | Python3.10.x |
| CANN 8.0.RC1 | 2.1.0 | Python3.8.x |
"""
    assert found(text) == [
        ("cann", "==8.0.RC2 || ==8.0.RC1", 3, False),
        ("torch", "==2.3.1 || ==2.1.0", 3, False),
        ("python", "==3.8.* || ==3.9.* || ==3.10.*", 3, False),
    ]


def test_wrapped_sentences_are_read_whole_and_cited_where_they_start() -> None:
    text = (
        "Intro.\n\nThe extension is built against the pre-3.11 frame API, so Python\n"
        "3.11 is not supported yet.\n"
    )
    assert found(text) == [("python", "!=3.11.*", 3, True)]


def test_changelog_and_maintenance_sections_are_history() -> None:
    text = (
        "## Changelog\n\nNow requires CANN >= 9.0.\n\n"
        "## Branch maintenance\n\n| PyTorch |\n|--|\n| 2.4.0 |\n"
    )
    assert found(text) == []


def test_bare_versions_in_passing_are_not_requirements() -> None:
    text = "For example, releases/v0.13.0 is the dev branch for vLLM v0.13.0 version.\n"
    assert found(text) == []


def test_struck_out_text_is_ignored() -> None:
    assert found("~~Backward requires A100 or H100~~. Works everywhere now.\n") == []


def test_code_blocks_give_steps_with_their_needs() -> None:
    text = """# ops

## Build on the CPU

```bash
cmake -S . -B build
cmake --build build -j
```

## Build the kernels

Building the kernels needs only the CANN toolkit, no NPU:

```bash
source /usr/local/Ascend/ascend-toolkit/set_env.sh
cmake -S . -B build-npu -DOPS_NPU=ON
```

## Multi-card tests

The HCCL tests need at least 2 NPUs:

```
cd tests && python -m pytest hccl
```

Run on any machine (the device cases skip without an NPU):

```Python
pip3 install torch==2.1.0
ASCEND_RT_VISIBLE_DEVICES=0,1,2,3 torchrun --nproc_per_node=4 train.py
make -j8 2>&1 | tee build.log
```
"""
    extraction = read(text)
    steps = [(s.argv[:2], s.cwd, s.needs, s.source.line) for s in extraction.steps]
    npu_toolkit = StepNeeds(toolkit=True, device_kind="npu")
    assert steps == [
        (("cmake", "-S"), ".", StepNeeds(), 6),
        (("cmake", "--build"), ".", StepNeeds(), 7),
        (("cmake", "-S"), ".", npu_toolkit, 16),
        (("python", "-m"), "tests", StepNeeds(devices=2, device_kind="npu"), 24),
        (("pip3", "install"), ".", StepNeeds(network=True), 30),
        (("torchrun", "--nproc_per_node=4"), ".", StepNeeds(devices=4, device_kind="npu"), 31),
    ]
    assert [(r.subject, r.spec, r.source.line) for r in extraction.requirements] == [
        ("cann", "", 12),
        ("cann", "", 15),  # CANN's script is the CANN need, no env_var of its own
        ("npu_count", ">=2", 21),
        ("torch", "==2.1.0", 30),
        ("cmake", "", 6),  # the build route runs it (``routeneeds``); its release is elsewhere
    ]


def test_rst_headings_and_code_blocks() -> None:
    text = """Installation
============

Requirements: Python 3.9 or newer and CANN >= 8.0.RC1.

.. code-block:: bash

   pip install -r requirements.txt
   python -m pytest tests
"""
    extraction = read(text, "docs/install.rst")
    assert [(r.subject, r.spec, r.source.line) for r in extraction.requirements] == [
        ("python", ">=3.9", 4),
        ("cann", ">=8.0.RC1", 4),
        ("python", "", 9),  # the install section runs it; the repo's folding joins the two
    ]
    assert [s.argv for s in extraction.steps] == [
        ("pip", "install", "-r", "requirements.txt"),
        ("python", "-m", "pytest", "tests"),
    ]


def test_html_table_with_rowspan() -> None:
    """The shape of Ascend/MindSpeed-RL's README table: versions shared through rowspan."""
    text = """## 安装指南

<table>
  <tr>
    <th>依赖软件</th>
    <th>版本</th>
  </tr>
  <tr>
    <td>昇腾NPU驱动</td>
    <td rowspan="2">25.0.RC1</td>
  <tr>
    <td>昇腾NPU固件</td>
  </tr>
  <tr>
    <td>Toolkit（开发套件）</td>
      <td rowspan="2">8.1.RC1</td>
  </tr>
  <tr>
    <td>Kernel（算子包）</td>
  </tr>
  <tr>
    <td>torch_npu</td>
    <td>2.5.1</td>
  </tr>
  <tr>
    <td>ray</td>
    <td>2.42.1</td>
  </tr>
</table>

More text.
"""
    assert found(text) == [
        ("ascend_driver", ">=25.0.RC1", 9, True),
        # a dependency table's row whose version is not read is still a need (unversioned)
        ("ascend_firmware", "", 12, True),
        ("cann", "==8.1.RC1", 15, True),
        ("cann", "==8.1.RC1", 19, True),
        ("torch_npu", "==2.5.1", 22, True),
        ("pypi:ray", "==2.42.1", 26, True),
    ]


def test_a_known_subject_spelled_its_own_way_in_a_table() -> None:
    # vllm-ascend@182b75ea docs/source/installation.md:14-19 (the TorchNPU row is line 18; its
    # note shortened here)
    text = """## Requirements

| Software      | Supported version                | Note                                      |
|---------------|----------------------------------|-------------------------------------------|
| CANN          | == 9.1.0                        | Required for vllm-ascend and TorchNPU    |
| TorchNPU     | == 2.10.0.post4                 | Required for vllm-ascend, No need ... |
| Torch-NPU | == 2.10.0.post4 | |
| torch npu | == 2.10.0.post4 | |
"""
    subjects = [subject for subject, *_ in found(text)]
    assert subjects == ["cann", "torch_npu", "torch_npu", "torch_npu"]


def test_minimum_recommend_and_optional_columns_of_a_version_table() -> None:
    # hiyouga/LLaMA-Factory@ff6d4d12 README.md:482-501 (rows shortened to three of each)
    text = """## Requirement

| Mandatory    | Minimum | Recommend |
| ------------ | ------- | --------- |
| python       | 3.11     | >=3.11   |
| torch        | 2.0.0   | 2.6.0     |
| transformers | 4.49.0  | 4.50.0    |

| Optional     | Minimum | Recommend |
| ------------ | ------- | --------- |
| CUDA         | 11.6    | 12.2      |
| deepspeed    | 0.10.0  | 0.16.4    |
| vllm         | 0.4.3   | 0.8.2     |
"""
    assert found(text) == [
        ("python", ">=3.11", 5, True),
        ("torch", ">=2.0.0", 6, True),
        ("pypi:transformers", ">=4.49.0", 7, True),
        ("cuda", ">=11.6", 11, False),
        ("pypi:deepspeed", ">=0.10.0", 12, False),
        ("vllm", ">=0.4.3", 13, False),
    ]


def test_a_recommended_default_is_soft_and_the_options_are_any_of() -> None:
    # triton-ascend@eeb030e7 docs/en/installation_guide.md:259-262
    text = """## Installation via Docker

| Parameter Name | Default Value | Available Options |
|----------------|---------------|---------------------------------|
| CANN_VERSION   | 8.5.0 (Recommended) | 8.5.0, 8.3.RC1, 8.3.RC2, 8.2.RC1, 8.2.RC2 |
| PYTHON_VERSION | 3.11 | |
"""
    assert found(text) == [
        ("cann", "==8.5.0 || ==8.3.RC1 || ==8.3.RC2 || ==8.2.RC1 || ==8.2.RC2", 5, True),
        ("python", "==3.11.*", 6, False),
    ]


def test_an_at_least_column_in_chinese_is_a_floor() -> None:
    # hiyouga/LLaMA-Factory@ff6d4d12 README_zh.md:483-491 (two rows of nine)
    text = """## 软硬件依赖

| 必需项        | 至少     | 推荐      |
| ------------ | ------- | --------- |
| torch        | 2.0.0   | 2.6.0     |
| datasets     | 2.16.0  | 3.2.0     |
"""
    assert found(text) == [("torch", ">=2.0.0", 5, True), ("pypi:datasets", ">=2.16.0", 6, True)]


def test_a_note_with_a_huge_number_or_word_is_read_in_one_pass() -> None:
    # the fuzz run's inputs (tests/fuzz_harness.py: huge_number, nesting): a README line with a
    # 100,000-digit number took a minute in one_os, whose URL pattern Python's engine retried at
    # each digit; at a million characters that quadratic pass would take hours, RE2's is linear
    for run in ("9" * 1_000_000, "[a" + ".a" * 500_000 + "]", "版" * 1_000_000):
        note = f"On Windows, {run} see https://x.blob.core.windows.net/y"
        assert one_os(note) == "Windows"
    # the URL ends at a Unicode space, as Python's \S did: macOS after it is still read
    assert one_os("见https://x.windows.net/y\u3000仅 macOS") == "macOS"


def test_the_interpreter_named_python3_is_python() -> None:
    # hicann/metadef @ 786891c docs/build.md:46-48 (the dependency list of the build guide)
    text = "## 安装依赖\n\n- GCC >= 7.3.x\n\n- Python3 >= 3.9.x\n"
    assert found(text, "docs/build.md") == [("gcc", ">=7.3", 3, True), ("python", ">=3.9", 5, True)]


# hicann/amct @ 2be20daf, docs/zh/build.md:38-42 (a guide's test dependencies)
AMCT_TEST_DEPS = """# 编译

- 安装依赖

  ```bash
  # 安装测试依赖
  pip3 install pytest-cov
  ```
"""


def test_a_test_runner_or_developer_tool_a_guide_installs_is_its_scope() -> None:
    # the truth briefs: test-only tools are scope "tests", doc builders "docs" and linters
    # "dev", never the repo's own need
    reqs = read(AMCT_TEST_DEPS, "docs/zh/build.md").requirements
    assert [(r.subject, r.feature, r.source.line) for r in reqs] == [
        ("pypi:pytest-cov", "tests", 7)
    ]
    # NVIDIA/CV-CUDA @ da51fc96, README.md:66 (its documentation's sphinx), in a guide's block
    docs = "# Build\n\n```bash\npip install --upgrade sphinx pre-commit numpy\n```\n"
    reqs = read(docs).requirements
    assert [(r.subject, r.feature) for r in reqs] == [
        ("pypi:sphinx", "development"),
        ("pypi:pre-commit", "development"),
        ("pypi:numpy", ""),
    ]
