"""What a list item's own words, a code block's intro and a shell comment make of the needs
written under them (issue 11 item 2, scopes): an optional step's, a backend's, the tests' or an
example's, not the repo's; and the lines that must stay the repo's."""

from __future__ import annotations

from bringup.model import Requirement
from bringup.scan.docitems import item_feature
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.scopes import OPTIONAL, TESTS


def _read(rel: str, text: str) -> list[Requirement]:
    return list(extract_docs(SourceFile(ref=f"repo/{rel}", rel=rel, text=text)).requirements)


def _features(found: list[Requirement], subject: str) -> set[str]:
    return {r.feature for r in found if r.subject == subject}


# xiaobingling93-pixel/Ascend-msmonitor@50b18674 docs/zh/getting_started/install_guide.md:63-120
# (lines 66-108 left out)
MSMONITOR = """## 编译软件包安装

### 安装依赖

4. （可选）安装openssl（RPC TLS认证）& 生成证书密钥

   > [!NOTE] 说明
   >
   > 如果不需要使用TLS证书密钥加密，该步骤可跳过。

   ```bash
   # debian
   sudo apt-get install -y openssl

   # centos
   sudo yum install -y openssl
   ```
"""


def test_an_optional_step_with_its_purpose_is_a_feature_for_its_commands() -> None:
    found = _read("docs/zh/getting_started/install_guide.md", MSMONITOR)
    assert _features(found, "system_package") == {OPTIONAL}


def test_an_optional_list_item_saying_what_for_is_a_feature() -> None:
    # NVlabs/instant-ngp@abe236ee README.md:160-165 (lines 161-164 left out)
    text = (
        "## Requirements\n\n"
        "- __(optional) [Python](https://www.python.org/) 3.8 or higher__ for interactive"
        " bindings. Also, run `pip install -r requirements.txt`.\n"
    )
    assert _features(_read("README.md", text), "python") == {OPTIONAL}


# PKU-Alignment/align-anything@3f9decc2 README.md:146-169 (lines 157-164 left out)
ALIGN_ANYTHING = """#### On Nvidia GPU

- **`[Optional]`** We recommend installing [CUDA](https://anaconda.org/nvidia/cuda) in the conda environment and set the environment variable.

```bash
# We tested on the H800 computing cluster, and this version of CUDA works well.
# You can adjust this version according to the actual situation of the computing cluster.

conda install nvidia/label/cuda-12.2.0::cuda
export CUDA_HOME=$CONDA_PREFIX
```

```bash
pip3 install -e .

pip3 install vllm==0.7.2 # to run ppo on vllm engine
```
"""  # noqa: E501


def test_optional_without_a_purpose_is_a_way_and_the_need_stays_the_repos() -> None:
    found = _read("README.md", ALIGN_ANYTHING)
    assert _features(found, "cuda") == {""}


def test_a_trailing_comment_naming_what_an_install_runs_makes_it_that_features() -> None:
    found = _read("README.md", ALIGN_ANYTHING)
    assert _features(found, "vllm") == {"option:to run ppo on vllm engine"}


# InfiniTensor/InfiniTensor@5cb7c1fc docs/INSTALL_GUIDE_CN.md:9,33-50 (lines 10-32 left out)
INFINITENSOR = """## 环境准备

3. 第三方加速卡软件资源安装，目前本项目已经适配了如下的第三方加速卡：

   - 如您的第三方加速卡为英伟达 GPU，请参考英伟达官方文档进行：

     > [驱动安装](https://www.nvidia.cn/geforce/drivers/)，
     > [CUDA Toolkit 安装](https://developer.nvidia.com/cuda-toolkit)，
     > [Cudnn 安装](https://developer.nvidia.com/rdp/cudnn-download)，
     > [Cublas 安装](https://developer.nvidia.com/cublas)，
     > 安装完成后请进行相应的环境变量配置，将可执行文件目录与库目录添加到操作系统识别的路径中，例如
     >
     > ```bash
     > # 将如下内容写入到你的 bashrc 文件并 source 该文件
     > export CUDA_HOME="/PATH/TO/YOUR/CUDA_HOME"
     > export CUDNN_HOME="/PATH/TO/YOUR/CUDNN_HOME"
     > export PATH="${CUDA_HOME}/bin:${PATH}"
     > export LD_LIBRARY_PATH="${CUDA_HOME}/lib64:${LD_LIBRARY_PATH}"
     > ```
"""


def test_an_item_conditioned_on_the_accelerator_is_that_backends() -> None:
    found = _read("docs/INSTALL_GUIDE_CN.md", INFINITENSOR)
    backend = "option:如您的第三方加速卡为英伟达 GPU，请参考英伟达官方文档进行："
    assert _features(found, "nvidia_driver") == {backend}
    assert _features(found, "cuda") == {backend}


# Ascend/MultimodalSDK@916d29e1 README_en.md:108,151-161
MULTIMODAL = """# Build Process

4. Run the test cases.

   First install `lcov` 2.0 to collect test coverage and generate a visual report.

   ```bash
   apt update
   apt install -y libcapture-tiny-perl libdatetime-perl libtimedate-perl
   wget https://github.com/linux-test-project/lcov/releases/download/v2.0/lcov-2.0.tar.gz
   tar -xzf lcov-2.0.tar.gz && cd lcov-2.0
   make install
   ```
"""


def test_the_tests_step_installs_for_the_tests_and_runs_no_build_of_the_repo() -> None:
    found = _read("README_en.md", MULTIMODAL)
    packages = {r.spec: r.feature for r in found if r.subject == "system_package"}
    # its ``make install`` builds lcov, not the repo: no "the guide runs make" need
    assert packages == {"libcapture-tiny-perl libdatetime-perl libtimedate-perl": TESTS}


def test_the_stack_a_test_step_names_stays_the_repos() -> None:
    # hicann/ascend-boost-comm@00d35274 README_en.md:158-164
    text = """3. Test the operator.

    ```shell
    python example/tests/pythontest/optest/test_addcustom.py
    ```

    Before running the code, ensure that the `source output/mki/set_env.sh` command has been executed and the CANN/NPU driver environment is available.
"""  # noqa: E501
    assert _features(_read("README_en.md", text), "ascend_driver") == {""}


def test_an_examples_environment_is_the_examples() -> None:
    # Ascend/IndexSDK@fa595858 docs/zh/03_quick_start.md:186-191
    text = """2. 编译 demo.cpp：

    ```bash
    export MX_INDEX_INSTALL_PATH=/usr/local/Ascend/mxIndex
    export ASCEND_HOME_PATH=/usr/local/Ascend/cann
    ```
"""
    found = _read("docs/zh/03_quick_start.md", text)
    assert _features(found, "env_var") == {"task:编译 demo.cpp"}
    assert _features(found, "cann") == {""}  # the toolkit stays the repo's


def test_an_item_heads_words_decide_not_its_note() -> None:
    # hicann/hixl@9ed283b2 docs/en/build.md:136 and docs/zh/build.md:145: a need whose note
    # speaks of the test cases is no tests' step; Ascend/MultimodalSDK README_en.md:151 is one
    assert item_feature("bash >= 5.1.16 (Address sanitization is enabled in the test cases.)") == (
        "",
        "",
    )
    assert item_feature("bash >= 5.1.16，由于测试用例开启了地址消毒。") == ("", "")
    assert item_feature("Run the test cases.")[0] == TESTS
    # constructed: a head stating a need is a statement for the prose readers
    assert item_feature("多卡测试需要至少两张卡") == ("", "")


def test_a_block_that_builds_the_tests_is_no_step_of_the_repos_build() -> None:
    # NVIDIA/cuCollections@dc0f9fc2 README.md:74-87
    text = """## Building cuCollections

Since `cuCollections` is header-only, there is nothing to build to use it.

To build the tests, benchmarks, and examples:

```bash
cd $CUCO_ROOT
mkdir -p build
cd build
cmake .. # configure
make # build
ctest --test-dir tests # run tests
```
"""
    found = _read("README.md", text)
    assert not [r for r in found if r.subject == "system_package" and not r.feature]


def test_a_comment_saying_the_lines_are_for_test_coverage() -> None:
    # Ascend/VisionSDK@f156edcf README.md:58,86-93
    text = """# 编译流程

4. 测试构建
```bash
# 安装lcov2.0用于统计测试覆盖率和生成可视化报告
apt update
apt install -y libcapture-tiny-perl libdatetime-perl libtimedate-perl
wget https://github.com/linux-test-project/lcov/releases/download/v2.0/lcov-2.0.tar.gz
tar -xzf lcov-2.0.tar.gz && cd lcov-2.0
make install
```
"""
    found = _read("README.md", text)
    assert {r.feature for r in found if r.subject == "system_package"} == {TESTS}


# ByteDance-Seed/Triton-distributed@1512a811 docs/build.md:1-12,194-225 (lines cut)
TRITON_DISTRIBUTED = """# Build Triton-distributed

## The best practice to use Triton-distributed with the Nvidia backend:
- Python >=3.11 (suggest using virtual environment)
- CUDA >=12.4
- Torch >=2.8

#### if for AMD GPU:
- ROCM 7.1
- Torch 2.7.1 with ROCM support

## To use Triton-distributed with the Ascend backend:
#### Ascend Build from source

- step 2：set LLVM_INSTALL_PREFIX：

   ```bash
   export LLVM_INSTALL_PREFIX=/path/to/llvm-install
   ```
"""


def test_an_option_sections_exports_are_the_options() -> None:
    found = _read("docs/build.md", TRITON_DISTRIBUTED)
    assert _features(found, "env_var") == {
        "option:To use Triton-distributed with the Ascend backend:"
    }


def test_a_heading_conditioned_on_the_accelerator_is_an_option() -> None:
    found = _read("docs/build.md", TRITON_DISTRIBUTED)
    torch = {r.spec: r.feature for r in found if r.subject == "torch"}
    assert torch == {">=2.8": "", "==2.7.1": "option:if for AMD GPU:"}
