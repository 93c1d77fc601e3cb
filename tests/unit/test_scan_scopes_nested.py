"""Nested requirement lists and native tools inside a Python package, on real repositories.

Sources (public, at the commits the tune-set truth was written for):
- Ascend/msmodelslim 3de0a3c4e96577644289563b0d3c4dccfa552c1b
- Ascend/MindSpeed 028de58ca629d035185b00ff7d1eb7eff4f7fd48
- NVIDIA/gdrcopy fcec3ce0bb40a97a6cc45dd4afeec4bccb509712
"""

from __future__ import annotations

from bringup.scan.scopes import REPO, TESTS, Scopes

# msmodelslim setup.py:75 reads the top-level list; compress_graph/build.sh:13-15 builds the
# CMake tool on its own (``cmake ..``, ``make -j12``), nothing outside names it.
_SLIM_SETUP = "with open(os.path.join(abs_path, \"requirements.txt\"), encoding='utf-8') as f:\n"
_SLIM_TOOL_BUILD = "cd build\ncmake ..\nmake -j12\n"
_SLIM_FILES = [
    "setup.py",
    "install.sh",
    "requirements.txt",
    "docs/requirements.txt",
    "msmodelslim/onnx/squant_ptq/aok/info/requirements.txt",
    "msmodelslim/pytorch/weight_compression/compress_graph/CMakeLists.txt",
    "msmodelslim/pytorch/weight_compression/compress_graph/build.sh",
]


def _slim() -> Scopes:
    texts = {
        "setup.py": _SLIM_SETUP,
        "msmodelslim/pytorch/weight_compression/compress_graph/build.sh": _SLIM_TOOL_BUILD,
    }
    return Scopes(_SLIM_FILES, texts)


def test_a_nested_requirements_file_no_build_names_is_its_directory_s_own() -> None:
    scopes = _slim()
    assert scopes.of("requirements.txt") == REPO
    nested = "msmodelslim/onnx/squant_ptq/aok/info/requirements.txt"
    assert scopes.of(nested) == "msmodelslim/onnx/squant_ptq/aok/info"


def test_a_nested_requirements_file_a_build_names_stays_the_repo_s() -> None:
    # a top-level build script installing the nested list (``pip install -r x/requirements.txt``)
    files = ["setup.py", "install.sh", "python/serving/requirements.txt"]
    texts = {"setup.py": "", "install.sh": "pip install -r python/serving/requirements.txt\n"}
    assert Scopes(files, texts).of("python/serving/requirements.txt") == REPO


def test_a_native_tool_with_its_own_build_script_is_a_sub_project() -> None:
    tool = "msmodelslim/pytorch/weight_compression/compress_graph"
    assert _slim().of(f"{tool}/CMakeLists.txt") == tool
    # MindSpeed mindspeed/ops/csrc/qos holds a CMakeLists.txt and no script: a part of the build
    files = ["setup.py", "mindspeed/ops/csrc/qos/CMakeLists.txt"]
    assert Scopes(files, {"setup.py": ""}).of("mindspeed/ops/csrc/qos/CMakeLists.txt") == REPO


def test_a_script_only_the_tests_build_names_is_the_tests() -> None:
    # NVIDIA/gdrcopy fcec3ce0bb40a97a6cc45dd4afeec4bccb509712 tests/Makefile:4
    files = ["Makefile", "tests/Makefile", "scripts/get_cuda_gencode.sh", "scripts/build.sh"]
    texts = {
        "Makefile": "all: config driver lib\n",
        "tests/Makefile": "GET_CUDA_GENCODE ?= ../scripts/get_cuda_gencode.sh\n",
        "scripts/build.sh": "make -C ..\n",
    }
    scopes = Scopes(files, texts)
    assert scopes.of("scripts/get_cuda_gencode.sh") == TESTS
    assert scopes.of("scripts/build.sh") == REPO
