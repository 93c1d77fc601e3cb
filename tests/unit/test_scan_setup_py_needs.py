"""What a setup.py stops or falls back without (issue 11's vocabulary: a variable it reads, a
feature switch), and a guide's section that is a feature's. Each case keeps only the lines it
needs, with the public repository, path, lines and commit."""

from __future__ import annotations

import ast

from bringup.scan.docs import extract_docs
from bringup.scan.pyguards import python_vocabulary
from scan_needs import needs, source_file

# deepseek-ai/FlashMLA @ 9241ae3e, setup.py:16-17, 37-39 and 52 (indentation of the function
# body kept, the function header added so that the lines parse).
FLASHMLA_SETUP = """def is_flag_set(flag: str) -> bool:
    return os.getenv(flag, "FALSE").lower() in ["true", "1", "y", "yes"]

def get_arch_flags():
    DISABLE_SM100 = is_flag_set("FLASH_MLA_DISABLE_SM100")
    if major < 12 or (major == 12 and minor <= 8):
        assert DISABLE_SM100, "sm100 compilation for Flash MLA requires NVCC 12.9 or higher. Please set FLASH_MLA_DISABLE_SM100=1 to disable sm100 compilation, or update your environment."    # TODO Implement this

subprocess.run(["git", "submodule", "update", "--init", "csrc/cutlass"])
"""  # noqa: E501
# NVIDIA/TransformerEngine @ d0067d0d, setup.py:65-69.
TE_SETUP = """if bool(int(os.getenv("NVTE_UB_WITH_MPI", "0"))):
    assert (
        os.getenv("MPI_HOME") is not None
    ), "MPI_HOME must be set when compiling with NVTE_UB_WITH_MPI=1"
    cmake_flags.append("-DNVTE_UB_WITH_MPI=ON")
"""


# facebookresearch/faiss @ 02dbb4e4, faiss/python/setup.py:54-62: an assert of what the build
# made, on every system but AIX.
FAISS_SETUP = """if platform.system() != "AIX":
    assert (
        found_swigfaiss_generic
        or found_swigfaiss_avx2
    ), f"Could not find {swigfaiss_generic_lib}. Faiss may not be compiled yet."
if platform.machine() not in ("x86_64", "aarch64"):
    raise RuntimeError("unsupported machine")
"""


def _setup_py(text: str) -> list[tuple[str, str, int | None, str]]:
    found = python_vocabulary(source_file("setup.py", text), ast.parse(text))
    return [(r.subject, r.spec, r.source.line, r.feature) for r in found]


def test_a_setup_py_stop_asking_to_set_a_variable_it_reads_requires_it() -> None:
    assert _setup_py(FLASHMLA_SETUP) == [
        ("env_var", "FLASH_MLA_DISABLE_SM100", 7, ""),
    ]  # the submodule fetch (9) is no download of its own: the submodule need's action


def test_what_a_setup_py_asks_for_under_a_feature_switch_is_that_features() -> None:
    assert _setup_py(TE_SETUP) == [("env_var", "MPI_HOME", 2, "env:NVTE_UB_WITH_MPI")]


# Ascend/MindSpeed-LLM @ c77308a1,
# docs/zh/pytorch/training/fsdp2_quick_start.md:129 (the heading is the test's).
MINDSPEED_LLM_FSDP2 = """## 环境准备

```shell
    source examples/fsdp2/env_config.sh                 # 加载 NPU 环境变量配置
```
"""


def test_an_examples_own_environment_script_is_no_need() -> None:
    docs = extract_docs(source_file("docs/quick_start.md", MINDSPEED_LLM_FSDP2))
    assert needs(docs.requirements) == []


def test_a_platform_test_whose_branch_fails_only_on_a_condition_of_its_own_needs_no_platform() -> (
    None
):
    # the second guard stops the build on any other machine
    assert _setup_py(FAISS_SETUP) == [("arch", "x86_64,aarch64", 6, "")]
