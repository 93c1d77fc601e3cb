"""What a pip list's comments, a code block's introduction and a sentence about pip say about the
distributions they name: a requirements file's sections and notes, an optional install, an
upgrade of pip itself, and the version of pip a guide asks for."""

from __future__ import annotations

from bringup.scan.commandneeds import requirements_of
from bringup.scan.commands import parse_commands
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.requirements_txt import extract_requirements_txt
from bringup.scan.scopes import DEVELOPMENT, OPTIONAL, TESTS
from cpuclock import cpu_seconds


def _file(rel: str, text: str) -> SourceFile:
    return SourceFile(ref=rel, rel=rel, text=text)


def _features(rel: str, text: str) -> dict[str, str]:
    found = extract_requirements_txt(_file(rel, text)).requirements
    return {r.subject: r.feature for r in found if r.subject != "network"}


# hicann/cann-bench@d59d44ca1cf14ed20c1e90cbbcbf4a3747ff84de requirements.txt:1-4,13-18,33-44
# (lines cut; the headings as written)
CANN_BENCH = """# 依赖以 pyproject.toml + uv.lock 为权威。本文件为便捷 pip 安装清单，须与
# pyproject.toml 的 [project].dependencies 保持一致。推荐用 uv 管理：
#   uv sync                     # 核心 + 开发依赖
#   uv sync --extra vision      # 追加 torchvision（roi_align / nms golden）

# ==================== 核心依赖（对齐 pyproject.toml [project].dependencies）====================
# torch / torch_npu 精确钉 2.10.0，版本须严格匹配，详见 https://www.hiascend.com/document
build
torch==2.10.0
torch_npu==2.10.0

# ==================== 可选依赖 ====================
# 视觉算子 golden（roi_align / nms）——对应 pyproject 的 [project.optional-dependencies].vision
torchvision>=0.18.0
# MX 量化 golden（bench_lab add_rms_norm_dynamic_mx_quant）延迟导入，缺失时报清晰错误
en_dtypes>=0.0.4

# ==================== 开发依赖（对齐 pyproject [dependency-groups].dev）====================
pytest>=7.0.0
pytest-timeout>=2.1.0
black>=23.0.0
"""


def test_a_requirements_files_headings_say_which_lines_are_the_developers() -> None:
    assert _features("requirements.txt", CANN_BENCH) == {
        "pypi:build": "",
        "torch": "",
        "torch_npu": "",
        # an optional heading leaves its lines the list's: pip installs them all
        "torchvision": "",
        "pypi:en-dtypes": "",
        # the test runners of the development list run the tests (truth: scope "tests")
        "pypi:pytest": TESTS,
        "pypi:pytest-timeout": TESTS,
        "pypi:black": DEVELOPMENT,
    }


# mindspore-ai/acctransformer@1ed103dc579219d580ed2168623489ad9b25ce8b requirements.txt:1-4
ACCTRANSFORMER = """pytest-assume
torch==1.11.0 # for infer test
torch-npu==1.11.0 # for infer test
numpy # for infer test
"""


def test_pins_noted_for_a_test_make_the_file_the_tests_with_its_test_plugins() -> None:
    assert set(_features("requirements.txt", ACCTRANSFORMER).values()) == {TESTS}


def test_notes_naming_no_purpose_leave_the_lines_the_repos() -> None:
    # mit-han-lab/nunchaku@4132b3bffdb7d520ecb30ac6983ee482a39f9362 requirements.txt:1-3,6-7;
    # and a note that a pin was tried ("tested"), not that it is for the tests (constructed)
    text = "# pulid related\ninsightface\nopencv-python\n# ip-adapter\ntimm\ntorch==2.5 # tested\n"
    assert set(_features("requirements.txt", text).values()) == {""}


def test_an_unnoted_need_beside_test_pins_keeps_the_file_the_repos() -> None:
    # constructed: a library among the pins noted for a test is the repo's own need
    text = "transformers>=4.40\ntorch==1.11.0 # for infer test\n"
    assert _features("requirements.txt", text) == {"pypi:transformers": "", "torch": TESTS}


# hicann/ge@ffdcbc9f7496c17a98c1d12762c61ed608ef3503 docs/en/quick_install.md:163-167
GE = (
    "## Installation\n\n"
    "- Install runtime dependencies (optional, only required for running "
    "[samples](../../examples/README.md)).\n\n"
    "   ```bash\n"
    "   pip3 install attrs cython numpy decorator sympy cffi pyyaml pathlib2 psutil "
    "protobuf==3.20.0 scipy requests absl-py\n"
    "   ```\n"
)


def _docs(rel: str, text: str) -> list[tuple[str, str, int | None, bool, str]]:
    read = extract_docs(_file(rel, text)).requirements
    return [(r.subject, r.spec, r.source.line, r.hard, r.feature) for r in read]


def test_what_a_block_under_optional_words_installs_is_the_optional_features() -> None:
    found = _docs("docs/en/quick_install.md", GE)
    assert len(found) == 13
    assert {feature for *_, feature in found} == {OPTIONAL}


def test_an_optional_word_in_an_earlier_sentence_leaves_the_block_the_repos() -> None:
    # constructed: the optional thing is the mirror, the block the install
    text = (
        "## Install\n\nA mirror is optional. Install the dependencies:\n\n"
        "```bash\npip install numpy\n```\n"
    )
    assert [feature for *_, feature in _docs("docs/install.md", text)] == [""]


def test_upgrading_pip_with_pip_states_no_need_of_pip() -> None:
    # Ascend/MindIE-Motor@5dfb024e45feec2e947f12d0af72b79b24edff53
    # docs/zh/developer_guide/build_guide.md:23-24; hicann/asnumpy@eec66dd9 README.md:94
    for line in ("pip install --upgrade pip", "pip install --upgrade pip setuptools wheel"):
        (command,) = parse_commands(line)
        found = requirements_of(command, _file("README.md", line).source(1), hard=True)
        assert "pypi:pip" not in {r.subject for r in found}
    # a pin of pip is a need (amct README.md:192 "pip install pip==25.2")
    (command,) = parse_commands("pip install pip==25.2")
    found = requirements_of(command, _file("README.md", "").source(1), hard=True)
    assert [(r.subject, r.spec) for r in found] == [("pypi:pip", "==25.2")]


def test_the_version_of_pip_a_sentence_asks_for() -> None:
    # Ascend/MindIE-LLM@8b4871ad31f592aa863f6255760e4934484d78e4
    # docs/zh/user_guide/install/source/installing_software_and_dependencies.md:56 (advice: soft)
    mindie = (
        "### 安装前必读\n\n- 请提前安装Python并配置好pip源。\n"
        "- 建议执行命令`pip3 install --upgrade pip`进行升级（pip版本需大于或等于24.0），"
        "避免因pip版本过低导致安装失败。\n"
    )
    found = _docs("docs/zh/install.md", mindie)
    assert [f[:4] for f in found if f[0] == "pypi:pip"] == [("pypi:pip", ">=24.0", 4, False)]
    # traveller59/spconv@263d6b47425ef843c82f997b12d8b714013d216c README.md:129
    spconv = "For Linux users, you need to install pip >= 20.3 first to install prebuilt.\n"
    assert [f[:4] for f in _docs("INSTALL.md", spconv)] == [("pypi:pip", ">=20.3", 1, True)]


def test_a_pip_version_given_as_a_failures_cause_is_no_need() -> None:
    # hicann/amct@2be20daf7124a7e10901049972e9104f27141b7d README.md:186
    text = "**原因**：pip 版本 > 25.2，构建隔离导致 torch 未被识别。\n"
    assert _docs("INSTALL.md", text) == []


def test_a_zh_intro_marking_the_block_optional_for_the_samples() -> None:
    # hicann/ge@ffdcbc9f7496c17a98c1d12762c61ed608ef3503 docs/zh/quick_install.md:159-162
    text = (
        "## 安装\n\n- 安装运行依赖（可选，仅运行[样例](../../examples/README.md)依赖）。\n\n"
        "   ```bash\n   pip3 install attrs cython\n   ```\n"
    )
    assert {feature for *_, feature in _docs("docs/zh/quick_install.md", text)} == {OPTIONAL}


# mit-han-lab/nunchaku@4132b3bffdb7d520ecb30ac6983ee482a39f9362
# docs/source/installation/installation.rst:127-134
NUNCHAKU = """Installation
------------

.. code-block:: shell

    # Install PyTorch
    pip install torch

    # Install dependencies
    pip install ninja wheel diffusers

    # Optional: For gradio demos
    pip install peft opencv-python gradio spaces
"""

# pytorch/ao@36027d82d1ad9949597ea16002ff4940374b1b94 README.md:65-69 (one pin of line 70)
AO = """## Installation

```bash
pip install torchao
# optional - install MSLK for float8 and nvfp4 inference kernels
pip install mslk --index-url https://download.pytorch.org/whl/cu130
# optional - install apache-tvm-ffi and cutedsl for mxfp8 MoE training kernels
pip install apache-tvm-ffi
pip install nvidia-cutlass-dsl==4.5.2
```
"""

# facebookresearch/xformers@ca6d2aa0d43241fc8a8dcd872debc2406160160d README.md:49-56
XFORMERS = """## Installation

* **Install from source**: If you want to use with another version of PyTorch

```bash
# (Optional) Makes the build much faster
pip install ninja
# Set TORCH_CUDA_ARCH_LIST if running and building on different GPU types
# NOTE: pytorch must already be installed!
pip install -v --no-build-isolation -U git+https://github.com/facebookresearch/xformers.git@main#egg=xformers
```
"""


def test_a_comment_marking_the_next_installs_optional_for_a_purpose_makes_them_a_features() -> None:
    nunchaku = {
        s: f for s, _, _, _, f in _docs("docs/source/installation/installation.rst", NUNCHAKU)
    }
    assert nunchaku["torch"] == ""
    assert nunchaku["pypi:diffusers"] == ""
    assert {nunchaku[s] for s in ("pypi:peft", "pypi:gradio", "pypi:spaces")} == {OPTIONAL}
    ao = {s: f for s, _, _, _, f in _docs("README.md", AO) if s.startswith("pypi:")}
    assert ao["pypi:torchao"] == ""
    optional = ("pypi:mslk", "pypi:apache-tvm-ffi", "pypi:nvidia-cutlass-dsl")
    assert {ao[s] for s in optional} == {OPTIONAL}


def test_an_optional_install_naming_no_purpose_is_a_soft_need_of_the_repos() -> None:
    found = {s: (hard, f) for s, _, _, hard, f in _docs("README.md", XFORMERS)}
    unmarked = XFORMERS.replace("# (Optional) Makes the build much faster\n", "")
    plain = {s: (hard, f) for s, _, _, hard, f in _docs("README.md", unmarked)}
    assert found.pop("pypi:ninja") == (False, "")
    assert plain.pop("pypi:ninja") == (True, "")
    # the comment reaches the commands up to the next comment line only
    assert found == plain


def test_a_headings_lines_end_at_a_blank_line() -> None:
    # constructed: the heading speaks for its block; the list goes on after it
    text = "# test dependencies\nparameterized\n\nnumpy\n# core\ntorch\n"
    assert _features("requirements.txt", text) == {
        "pypi:parameterized": TESTS,
        "pypi:numpy": "",
        "torch": "",
    }


def test_a_comment_naming_no_purpose_ends_the_headings_lines() -> None:
    # constructed: the second comment heads lines of their own (as ``optional_commands`` ends
    # a block at any comment); a comment naming a purpose starts its section
    text = (
        "# test dependencies\npytest==8\n# torch must match the CANN release\ntorch==2.1.0\n"
        "numpy\n# for the tests\nparameterized\n"
    )
    assert _features("requirements.txt", text) == {
        "pypi:pytest": TESTS,
        "torch": "",
        "pypi:numpy": "",
        "pypi:parameterized": TESTS,
    }


def test_a_long_list_of_test_plugins_is_read_in_time() -> None:
    # hostile input: 8,000 unnoted test plugins (100 KB) beside one pin noted for a test
    text = "torch==2.1 # for infer test\n" + "".join(f"pytest-p{n}\n" for n in range(8000))
    started = cpu_seconds()
    found = extract_requirements_txt(_file("requirements.txt", text)).requirements
    assert cpu_seconds() - started < 2
    assert len(found) == 8001
