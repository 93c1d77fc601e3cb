"""A setting a guide exports before it builds the source in the same block (``envsetup.
build_settings``): real guides' blocks, each with its public repository, commit, path and
lines."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from scan_needs import source_file

# NVIDIA/torch-harmonics @ 9e9fa5373bc66add241638ef7a481da2e5c80d32 README.md:122-127
TORCH_HARMONICS = """If CUDA devices are not detected automatically (e.g. inside a container), set the `TORCH_HARMONICS_BUILD_CUDA_EXTENSION` flag. Set `TORCH_CUDA_ARCH_LIST` to only the architectures you need to reduce compilation time:

```bash
export TORCH_HARMONICS_BUILD_CUDA_EXTENSION=1
export TORCH_CUDA_ARCH_LIST="8.0 8.6 9.0a 10.0a+PTX"
pip install --no-build-isolation -e .
```
"""  # noqa: E501

# huawei-csl/pytorch-tcuscan @ ddcd5cef186e23ea433766ebaf7e40acce2ec91d README.md:143-154
TCUSCAN = """## Getting started

```bash
export CMAKE_GENERATOR="Unix Makefiles"
pip install -v https://github.com/huawei-csl/pytorch-tcuscan.git --extra-index-url https://download.pytorch.org/whl/cpu
```

Or clone the repository and run:
```bash
export CMAKE_GENERATOR="Unix Makefiles"
pip install -v . --extra-index-url https://download.pytorch.org/whl/cpu
```
"""

# thu-ml/SageAttention @ d1a57a546c3d395b1ffcbeecc66d81db76f3b4b5 README.md:87-93
SAGE_ATTENTION = """**Or** you can compile from source:
```
git clone https://github.com/thu-ml/SageAttention.git
cd SageAttention 
export EXT_PARALLEL=4 NVCC_APPEND_FLAGS="--threads 8" MAX_JOBS=32 # Optional
python setup.py install
```
"""  # noqa: W291


def _settings(rel: str, text: str) -> list[tuple[str, int | None, bool]]:
    found = extract_docs(source_file(rel, text)).requirements
    return [(r.spec, r.source.line, r.hard) for r in found if r.subject == "env_var"]


def test_a_setting_exported_before_the_build_is_a_soft_need_of_it() -> None:
    found = _settings("README.md", TORCH_HARMONICS)
    assert ("TORCH_HARMONICS_BUILD_CUDA_EXTENSION", 4, False) in found
    # the GPU list is the reader's choice, no need (archchoice; truth conventions C2)
    assert "TORCH_CUDA_ARCH_LIST" not in [spec for spec, _, _ in found]


def test_a_build_of_the_checkout_or_its_repository_is_a_build() -> None:
    assert _settings("README.md", TCUSCAN) == [
        ("CMAKE_GENERATOR", 4, False),
        ("CMAKE_GENERATOR", 10, False),
    ]


def test_a_setting_with_no_build_after_it_or_called_optional_is_none() -> None:
    assert _settings("README.md", SAGE_ATTENTION) == []
    # constructed from the lines above: the install of a released package builds nothing
    released = TCUSCAN.replace("https://github.com/huawei-csl/pytorch-tcuscan.git", "tcuscan")
    assert _settings("README.md", released.split("Or clone", 1)[0]) == []


# Ascend/msopprof @ d6c29dfa6a2e60053fb1efc8a3f1f5c62232fa3a
# docs/en/install_guide/msopprof_install_guide.md:1 and 69-77 (the sections between left out,
# the blank lines' single spaces dropped)
MSOPPROF_GUIDE = """# **MindStudio Ops Profiler Installation Guide**

### 2.3.3 Post-installation Configuration

After the software package is installed, configure the environment variables to ensure that the operators function correctly.

```shell
export ASCEND_HOME_PATH=$HOME/Ascend # For custom installation paths, run "export ASCEND_HOME_PATH=$PWD/xxx".
export PATH=$ASCEND_HOME_PATH/bin:$PATH
export LD_LIBRARY_PATH=$ASCEND_HOME_PATH/lib64:$LD_LIBRARY_PATH
```
"""  # noqa: E501


def test_a_task_word_in_a_product_s_install_guide_title_is_its_name() -> None:
    # "Profiler" is the product's name: the guide's steps are its own route's
    found = _settings("docs/en/install_guide/msopprof_install_guide.md", MSOPPROF_GUIDE)
    # LD_LIBRARY_PATH=$ASCEND_HOME_PATH/lib64 (line 10) is that location's setup, cited
    # beside it (envsetup._search_path_of)
    assert [(spec, line) for spec, line, hard in found if hard] == [("ASCEND_HOME_PATH", 8)]
    # constructed: the same title naming no install is a profiling task's page
    task = MSOPPROF_GUIDE.replace("Installation Guide", "User Guide")
    assert [spec for spec, _, hard in _settings("docs/en/x.md", task) if hard] == []


# Hayden727/cann-ops @ eef0ff770ece1497e98bbf063028465a20417dfe QuickStart.md:235 and 252
CANN_OPS_INSTALL = """### 5.2 自定义算子包安装

安装成功后，根据屏幕上的提示信息更新`LD_LIBRARY_PATH`环境变量，以安装到root用户默认路径为例，执行命令为`export LD_LIBRARY_PATH=/usr/local/Ascend/ascend-toolkit/latest/opp/vendors/customize/op_api/lib:${LD_LIBRARY_PATH}`。
"""  # noqa: E501


def test_a_place_a_guide_s_sentence_exports_in_a_quoted_command_is_a_need() -> None:
    found = _settings("QuickStart.md", CANN_OPS_INSTALL)
    assert found == [("LD_LIBRARY_PATH", 3, True)]
