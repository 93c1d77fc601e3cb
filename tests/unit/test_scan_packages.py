"""Python packages, their scopes and the vocabulary kinds read from real repos (issue 11,
the session that tuned on the formerly held-out repos).

Every case is a real line (shortened only where marked), quoted with its repository, file and
commit.
"""

from __future__ import annotations

from pathlib import Path

from bringup.scan.commands import parse_commands
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.fetches import WORDS, fetched, own_clone
from bringup.scan.filekinds import classify
from bringup.scan.repo import scan_repo
from bringup.scan.scopes import REPO, Scopes
from bringup.scan.setup_py import extract_setup_py
from bringup.scan.shell import extract_shell

MSLLM = "Ascend/MindSpeed-LLM (c77308a1)"

RELEASE_NOTES = """\
# 版本说明

## 版本配套说明

### 相关产品版本配套说明

| MindSpeed LLM版本 | MindSpeed Core代码分支名称 | Megatron版本 | PyTorch版本  | TorchNPU版本 | CANN版本 | Triton-Ascend版本 | Python版本     |
| ---------------- | ------------------ | ------------ | -----------  | ------------- |--------------------- |-----------------| ------------------- |
| master（在研版本）| master（在研版本）  | core_v0.12.1  | 2.7.1       | 在研版本       | 在研版本  | 在研版本            | Python3.10      |

## 配套文档

|文档名称|内容简介|更新说明|
|--|--|--|
|《[MindSpeed LLM软件安装](./pytorch/training/install_guide.md)》|指导用户如何在NPU上完成MindSpeed LLM的安装，内容涵盖硬件与操作系统兼容性说明、驱动固件及CANN基础软件安装。|新增Triton-Ascend安装。|
"""  # noqa: E501
"""MindSpeed-LLM docs/zh/release_notes_llm.md lines 1, 3, 40, 44-46 and 186-190 (the last
row's text shortened)."""


def _docs(text: str, rel: str) -> list[tuple[str, str, int | None]]:
    file = SourceFile(ref=rel, rel=rel, text=text)
    return [(r.subject, r.spec, r.source.line) for r in extract_docs(file).requirements]


def test_a_release_notes_page_is_read_for_its_version_mapping_only() -> None:
    # The page is walked (its name says release notes), its version-matching table read
    # (Megatron's git tag core_v0.12.1 is megatron-core 0.12.1), and the table of shipped
    # documents, whose descriptions name the driver and CANN, is not.
    rel = "docs/zh/release_notes_llm.md"
    assert classify(rel) == "docs"
    assert classify("docs/zh/overview.md") == "docs"
    found = _docs(RELEASE_NOTES, rel)
    assert ("pypi:megatron-core", "==0.12.1", 9) in found
    assert ("torch", "==2.7.1", 9) in found
    assert ("python", "==3.10.*", 9) in found
    assert {line for _, _, line in found} == {9}, MSLLM
    # The same sections in a page that is not release notes are all read (a row naming a
    # document says what that document covers, in any page: test_scan_guides).
    other = RELEASE_NOTES + "\n请先安装CANN。\n"
    assert any(line == 17 for _, _, line in _docs(other, "docs/zh/install_guide.md"))
    assert not any(line == 17 for _, _, line in _docs(other, rel))


def test_the_docs_of_the_framework_the_build_uses_are_the_repos() -> None:
    # MindSpeed-LLM setup.py:54-55 imports torch_npu and torch; its install guide lives in
    # docs/zh/pytorch/training/, the MindSpore backend's in docs/zh/mindspore/.
    files = [
        "setup.py",
        "docs/zh/pytorch/training/install_guide.md",
        "docs/zh/pytorch/training/quick_start.md",
        "docs/zh/pytorch/models/supported_models.md",
        "docs/zh/mindspore/install_guide.md",
    ]
    setup = "    from torch_npu.utils import cpp_extension\n"
    scopes = Scopes(files, {"setup.py": setup})
    assert scopes.of(files[1]) == scopes.of(files[2]) == REPO, MSLLM
    assert scopes.of(files[3]) == "docs/zh/pytorch/models"
    assert scopes.of(files[4]) == "docs/zh/mindspore"
    # Without a build naming the framework, the framework's directory is a topic as before.
    assert Scopes(files, {}).of(files[1]) == "docs/zh/pytorch/training"


def test_every_place_an_unversioned_mention_is_repeated_is_cited(tmp_path: Path) -> None:
    # MindSpeed-LLM docs/en/pytorch/training/install_guide.md:42 and the Chinese guide's :31
    # both ask for the driver without a version; the requirement cites both.
    guides = tmp_path / "docs"
    (guides / "en").mkdir(parents=True)
    (guides / "zh").mkdir()
    (guides / "en" / "install_guide.md").write_text(
        "## Prerequisites\n\nInstall the NPU driver and firmware.\n", encoding="utf-8"
    )
    (guides / "zh" / "install_guide.md").write_text(
        "## 安装驱动固件\n\n安装NPU驱动固件。\n", encoding="utf-8"
    )
    scan = scan_repo(tmp_path, "r")
    driver = next(r for r in scan.component.requirements if r.subject == "ascend_driver")
    cited = {str(s) for s in (driver.source, *driver.also_at)}
    assert cited == {"r/docs/en/install_guide.md:3", "r/docs/zh/install_guide.md:3"}


def test_a_command_offered_as_a_reference_pins_an_example() -> None:
    # MindSpeed-LLM docs/zh/pytorch/training/install_guide.md:158-169 (the link shortened):
    # the guide asks for the matching versions, then shows one pair of wheels.
    text = """\
3. 安装PyTorch以及TorchNPU

   请参考《TorchNPU软件安装》中的“安装TorchNPU”章节，获取配套版本的PyTorch以及TorchNPU软件包。

   可参考如下安装命令：

   ```shell
   pip3 install torch_npu-2.7.1rc1-cp310-cp310-manylinux_2_28_aarch64.whl
   ```
"""
    file = SourceFile(ref="g.md", rel="g.md", text=text)
    found = extract_docs(file).requirements
    # the step "安装PyTorch以及TorchNPU" states the need (no version; the repo's settling cites
    # it beside the versioned one), the command one example of its versions; the sentence
    # naming the "安装TorchNPU" chapter is no step
    npu = [(r.spec, r.hard, r.source.line) for r in found if r.subject == "torch_npu"]
    assert [(spec, hard) for spec, hard, _ in npu if spec] == [("==2.7.1rc1", False)], MSLLM
    assert {line for spec, _, line in npu if not spec} == {1}
    # Without the words offering it as a reference, a guide's pin binds.
    plain = text.replace("   可参考如下安装命令：\n", "")
    again = extract_docs(SourceFile(ref="g.md", rel="g.md", text=plain)).requirements
    assert [r.hard for r in again if r.subject == "torch_npu" and r.spec] == [True]


def test_what_an_image_comes_with_is_not_a_need() -> None:
    # MindSpeed-LLM docs/en/pytorch/training/install_guide.md:53, under "Method 1: Image
    # Installation"; the Chinese guide's :46 says the same of CANN 9.1.0.
    text = (
        "> - The image is pre-installed with CANN 9.0.0 and TorchNPU 26.0.0. "
        "You can use it as needed.\n"
    )
    found = extract_docs(SourceFile(ref="g.md", rel="g.md", text=text)).requirements
    assert [(r.subject, r.spec, r.hard) for r in found if r.subject == "cann"] == [
        ("cann", "==9.0.0", False)
    ], MSLLM


def test_a_guides_downloads_are_the_users_steps_not_network_needs(tmp_path: Path) -> None:
    # MindSpeed-LLM docs/zh/pytorch/training/install_guide.md:183 and :214 (a package index of
    # its own; another repository cloned), Ascend/msit (6e3e8873)
    # docs/en/msit_install_guide.md:32 (wget of the installer): what a guide has the user
    # download is the user's step, not a download the build performs (the relabelled truths
    # drop them all); the repo's own clone
    # (NVIDIA/apex 6424da3b README.md:35, NVIDIA/TransformerEngine d0067d0d README.rst:230)
    # is how the user got it; a model-weights download (MindSpeed-LLM docs/en/pytorch/training/
    # quick_start.md:25-35) belongs to the example.
    guide = """\
## 安装

```shell
pip install triton-ascend==3.2.2 --extra-index-url=https://triton-ascend.osinfra.cn/pypi/simple
git clone https://github.com/NVIDIA/Megatron-LM.git  # 从GitHub下载Megatron-LM，请确保网络能访问
git clone https://gitcode.com/ascend/demo.git
pip install --no-build-isolation git+https://github.com/ascend/demo.git@stable
```

### Obtain Open-Source Model Weights

```shell
wget https://huggingface.co/Qwen/Qwen3-8B/resolve/main/config.json
```
"""
    (tmp_path / "README.md").write_text(guide, encoding="utf-8")
    msit = (
        "## Preparing for Installation\n\n```bash\n"
        "wget https://ascend-package.obs.cn-north-4.myhuaweicloud.com/msit/"
        "Ascend-mindstudio-inference-toolkit_linux-x86_64.run\n```\n"
    )
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "install_guide.md").write_text(msit, encoding="utf-8")
    scan = scan_repo(tmp_path, "demo", name="demo")
    network = [r for r in scan.component.requirements if r.subject == "network"]
    assert network == []
    # the step the user takes still needs the network where the plan runs it
    assert [s.needs.network for s in scan.component.steps if "pip" in s.argv[0]][:1] == [True]


def test_a_build_scripts_pip_pin_is_a_need() -> None:
    # sgl-project/sgl-kernel-npu (f425bdf1) build.sh:347-354 (ensure_wheel_package); a test
    # preparation script's installs are the tests' (scripts/prepare_kernel_tests.sh:38).
    script = """\
function ensure_wheel_package()
{
    if pip3 show wheel >/dev/null 2>&1; then
        echo "wheel has been installed"
    else
        pip3 install wheel==0.45.1
    fi
}
"""
    found = extract_shell(SourceFile(ref="build.sh", rel="build.sh", text=script)).requirements
    assert [(r.subject, r.spec, r.source.line) for r in found] == [("pypi:wheel", "==0.45.1", 6)]
    tests = "uv pip install expecttest==0.3.0 einops pytest packaging\n"
    rel = "scripts/prepare_kernel_tests.sh"
    assert extract_shell(SourceFile(ref=rel, rel=rel, text=tests)).requirements == ()


TE_SETUP = """\
def setup_requirements() -> Tuple[List[str], List[str]]:
    install_reqs: List[str] = [
        "pydantic",
        "importlib-metadata>=1.0",
        "packaging",
    ]
    test_reqs: List[str] = ["pytest>=8.2.1"]
    if not bool(int(os.getenv("NVTE_RELEASE_BUILD", "0"))):
        if "pytorch" in frameworks:
            install_reqs.extend(install_requirements())
    return [remove_dups(reqs) for reqs in [install_reqs, test_reqs]]


if __name__ == "__main__":
    install_requires, test_requires = setup_requirements()
    setuptools.setup(name="transformer_engine", install_requires=install_requires)
"""
"""NVIDIA/TransformerEngine (d0067d0d) setup.py:115-142 and 338-413, shortened."""


def test_requirements_a_setup_function_returns_are_read() -> None:
    found = extract_setup_py(SourceFile(ref="setup.py", rel="setup.py", text=TE_SETUP))
    pins = [(r.subject, r.spec, r.source.line) for r in found.requirements]
    assert pins == [
        ("pypi:pydantic", "", 3),
        ("pypi:importlib-metadata", ">=1.0", 4),
        ("pypi:packaging", "", 5),
    ]
    # the test list is the second value returned, not an install requirement
    assert all(r.subject != "pypi:pytest" for r in found.requirements)


def test_a_submodule_checked_by_a_path_inside_it_is_the_declared_one(tmp_path: Path) -> None:
    # NVIDIA/TransformerEngine (d0067d0d) transformer_engine/common/CMakeLists.txt:464-470 and
    # .gitmodules:7-9: the header checked lies in 3rdparty/nccl-extensions.
    cmake = """\
set(NCCL_EP_SUBMODULE_ROOT
    "${CMAKE_CURRENT_SOURCE_DIR}/../../3rdparty/nccl-extensions")
set(NCCL_EP_INCLUDE_DIR "${NCCL_EP_SUBMODULE_ROOT}/build/include")
if(NOT EXISTS "${NCCL_EP_INCLUDE_DIR}/nccl_ep.h")
  message(FATAL_ERROR
    "NCCL EP header not found at ${NCCL_EP_INCLUDE_DIR}/nccl_ep.h. "
    "Run `git submodule update --init --recursive` and rebuild TE.")
endif()
"""
    common = tmp_path / "transformer_engine" / "common"
    common.mkdir(parents=True)
    (common / "CMakeLists.txt").write_text(cmake, encoding="utf-8")
    (tmp_path / ".gitmodules").write_text(
        '[submodule "3rdparty/nccl-extensions"]\n'
        "\tpath = 3rdparty/nccl-extensions\n"
        "\turl = https://github.com/NVIDIA/nccl-extensions.git\n",
        encoding="utf-8",
    )
    scan = scan_repo(tmp_path, "te", name="te")
    found = [r for r in scan.component.requirements if r.subject == "submodule"]
    assert [(r.spec, str(r.source)) for r in found] == [
        ("3rdparty/nccl-extensions", "te/.gitmodules:1")
    ]
    assert [str(s) for s in found[0].also_at] == [
        "te/.gitmodules:2",
        "te/.gitmodules:3",
        "te/transformer_engine/common/CMakeLists.txt:4",
    ]


def test_each_release_row_of_a_matrix_is_cited() -> None:
    # Ascend/op-plugin (517f2e7d) docs/en/install.md:32-36 (three rows of seven): no row is
    # the development branch's, so each column is soft alternatives, cited at the header
    # that names the subject and at the rows that give the values.
    text = """\
| PyTorch | TorchNPU | OpPlugin | Python                      | GCC  |
| ------- | -------- | -------- | --------------------------- | ---- |
| 2.7.1   | v2.7.1   | master   | 3.9, 3.10, 3.11, 3.12, 3.13 | 11.2 |
| 2.8.0   | v2.8.0   | master   | 3.9, 3.10, 3.11, 3.12, 3.13 | 13.3 |
| 2.9.0   | v2.9.0   | master   | 3.10, 3.11, 3.12, 3.13      | 13.3 |
"""
    found = extract_docs(SourceFile(ref="i.md", rel="i.md", text=text)).requirements
    torch = next(r for r in found if r.subject == "torch")
    assert torch.spec == "==2.7.1 || ==2.8.0 || ==2.9.0"
    assert [torch.source.line, *(s.line for s in torch.also_at)] == [1, 3, 4, 5]
    gcc = next(r for r in found if r.subject == "gcc")
    assert [gcc.source.line, *(s.line for s in gcc.also_at)] == [1, 3, 4]


def test_a_prerequisite_framework_without_a_version_is_an_unversioned_need() -> None:
    # vllm-project/vllm-ascend (182b75ea) README.md:61-68 (the CANN line shortened): vLLM is
    # named with no version; a plain word in the same list names no package.
    text = """\
## Prerequisites

- OS: Linux
- Software:
    - Python >= 3.10, < 3.13
    - CANN == 9.1.0
    - PyTorch == 2.10.0, TorchNPU == 2.10.0.post4
    - vLLM (the same version as vllm-ascend)
    - Docker
"""
    found = extract_docs(SourceFile(ref="README.md", rel="README.md", text=text)).requirements
    assert ("vllm", "", 8) in [(r.subject, r.spec, r.source.line) for r in found]
    assert [r.subject for r in found if r.source.line in (4, 9)] == []
    # "OS: Linux" is the OS (test_scan_platforms), no package
    assert [(r.subject, r.spec) for r in found if r.source.line == 3] == [("os", "linux")]


def test_the_ci_build_script_is_the_repos_build_and_its_clone_a_download() -> None:
    # Ascend/op-plugin (517f2e7d): docs/en/install.md runs `bash ci/build.sh --python=3.9`;
    # ci/build.sh:105-111 clones the torch_npu sources it builds with.
    scopes = Scopes(["ci/build.sh", "ci/run_ci.sh", "ci/Dockerfile"], {})
    assert scopes.of("ci/build.sh") == REPO
    assert scopes.of("ci/run_ci.sh") == scopes.of("ci/Dockerfile") == "ci"
    script = """\
    PYTORCH_PATH=${BUILD_PATH}/pytorch
    if [ ! -d ${PYTORCH_PATH} ]; then
        if [ -d ${BUILD_PATH} ]; then
            rm -r ${BUILD_PATH}
        fi
        git clone -b ${PYTORCH_VERSION} https://gitcode.com/ascend/pytorch.git ${PYTORCH_PATH}
    fi
"""
    rel = "ci/build.sh"
    found = extract_shell(SourceFile(ref=rel, rel=rel, text=script)).requirements
    assert [(r.subject, r.spec, r.source.line) for r in found] == [
        ("network", "https://gitcode.com/ascend/pytorch.git", 6),
        ("system_package", "git", 6),  # the clone runs git (scan.runtools)
    ]


def test_a_release_process_guide_is_the_maintainers() -> None:
    # triton-lang/triton-ascend (eeb030e7) RELEASE.md:1-12 is upstream's "# Releasing Triton"
    # with Triton's own release matrix; release notes say what a release needs.
    scopes = Scopes(["RELEASE.md", "RELEASING.md", "release_notes.md", "docs/release_notes.md"], {})
    assert scopes.of("RELEASE.md") == scopes.of("RELEASING.md") == "development"
    assert scopes.of("release_notes.md") == scopes.of("docs/release_notes.md") == REPO


def test_an_ssh_clone_of_the_repo_itself_is_no_download() -> None:
    # deepseek-ai/DeepGEMM (54e22612) README.md:44 "git clone --recursive
    # git@github.com:deepseek-ai/DeepGEMM.git": the SSH form of the repo's own clone is how the
    # user got it, as its https form is (NVIDIA/apex 6424da3b README.md:35); the login before
    # the host is no ref after the URL (MindSpeed-LLM's "git+https://…/demo.git@stable").
    # Another repository's SSH clone still downloads (kvcache-ai/Mooncake 3b5a5941
    # docs/source/deployment/integrations/vllm/vllm-integration-v0.3.md:42). A build script
    # that clones is read so (``fetches.own_clone``); README.md:44-45 here as its lines.
    lines = (
        "git clone --recursive git@github.com:deepseek-ai/DeepGEMM.git\n"
        "git clone git@github.com:vllm-project/vllm.git\n"
    )
    file = SourceFile(ref="DeepGEMM/README.md", rel="README.md", text=lines)
    clones = [(c, fetched(c) or "") for c in parse_commands(lines, first_line=5)]
    needs = [file.requirement("network", url, c.line, text=WORDS + url) for c, url in clones]
    assert [(r.spec, r.source.line) for r in needs if not own_clone(r, {"DeepGEMM"})] == [
        ("git@github.com:vllm-project/vllm.git", 6)
    ]


def test_a_distribution_named_like_a_top_level_package_of_the_repo_is_the_repo(
    tmp_path: Path,
) -> None:
    # xiaobingling93-pixel/Ascend-msopgen @ 80b732ac docs/zh/release_notes/release_notes.md:1-10,
    # beside the repo's own msopgen/ package (msopgen/__init__.py)
    notes = (
        "# MindStudio Ops Generator 版本说明\n\n"
        "## 版本配套说明\n\n"
        "### 产品版本信息\n\n"
        "| 产品名称 | 产品版本  | 版本类型 |\n"
        "|------|-------|------|\n"
        "| msOpGen | 26.0.0 | 内测版本 |\n"
        "| msOpGen | 8.3.0 | 正式版本 |\n"
    )
    (tmp_path / "docs" / "zh" / "release_notes").mkdir(parents=True)
    (tmp_path / "docs" / "zh" / "release_notes" / "release_notes.md").write_text(notes)
    # README.md:56, which makes the notes the repo's guide
    readme = "🔹《[版本说明](./docs/zh/release_notes/release_notes.md)》\n"
    (tmp_path / "README.md").write_text(readme)
    before = scan_repo(tmp_path, "ascend-msopgen", name="ascend-msopgen")
    assert "pypi:msopgen" in {r.subject for r in before.component.requirements}
    (tmp_path / "msopgen").mkdir()
    (tmp_path / "msopgen" / "__init__.py").write_text("")
    scan = scan_repo(tmp_path, "ascend-msopgen", name="ascend-msopgen")
    assert "pypi:msopgen" not in {r.subject for r in scan.component.requirements}
