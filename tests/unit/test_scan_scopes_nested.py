"""Nested requirement lists and native tools inside a Python package, on real repositories.

Sources (public, at the commits the tune-set truth was written for):
- Ascend/msmodelslim 3de0a3c4e96577644289563b0d3c4dccfa552c1b
- Ascend/MindSpeed 028de58ca629d035185b00ff7d1eb7eff4f7fd48
- NVIDIA/gdrcopy fcec3ce0bb40a97a6cc45dd4afeec4bccb509712
- Ascend/torchair fced8842d149f16b587c2c867d427e4b766831ca
- Ascend/catlass 0dfcf9df304f297361edab86448ac5ea6aed1647
- Ascend/tensorflow 82957b92d1ade2f48ca51dda811f0baec23b04c7
- mindspore-lab/mindnlp 7dd3e355d3f383c352ee94184ce0b208ad50abd6
- hicann/cann-recipes-infer fbc225d2de3157a093a2e7dfc2b23086d23ed8f9
"""

from __future__ import annotations

from bringup.scan.scopes import CI, DEVELOPMENT, REPO, TESTS, Scopes

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


def test_a_nested_requirements_file_of_a_repo_with_no_top_build_is_its_directory_s() -> None:
    # hicann/cann-recipes-infer@fbc225d2de3157a093a2e7dfc2b23086d23ed8f9: no build at the top,
    # executor/online/requirements.txt:1-5 (fastapi … httpx) names the online server's imports;
    # README.md:136 installs a model's list (``pip install -r requirements.txt`` in its folder)
    files = ["README.md", "executor/online/requirements.txt", "models/qwen3_moe/requirements.txt"]
    texts = {"README.md": "cd models/qwen3_moe\npip install -r requirements.txt\n"}
    scopes = Scopes(files, texts)
    assert scopes.of("executor/online/requirements.txt") == "executor/online"


def test_a_nested_requirements_file_a_build_names_stays_the_repo_s() -> None:
    # a top-level build script installing the nested list (``pip install -r x/requirements.txt``)
    files = ["setup.py", "install.sh", "python/serving/requirements.txt"]
    texts = {"setup.py": "", "install.sh": "pip install -r python/serving/requirements.txt\n"}
    assert Scopes(files, texts).of("python/serving/requirements.txt") == REPO


def test_a_native_tool_with_its_own_build_script_is_a_sub_project() -> None:
    tool = "msmodelslim/pytorch/weight_compression/compress_graph"
    assert _slim().of(f"{tool}/CMakeLists.txt") == tool
    # a nested CMakeLists.txt that declares no project of its own is a part of the build, in
    # a repo whose setup.py runs CMake (pyg-lib setup.py:31); where nothing names CMake, no
    # build runs it (``cmakeuse``)
    files = ["setup.py", "mindspeed/ops/csrc/qos/CMakeLists.txt"]
    cmake_build = {"setup.py": "class CMakeBuild(build_ext):\n"}
    assert Scopes(files, cmake_build).of("mindspeed/ops/csrc/qos/CMakeLists.txt") == REPO
    assert Scopes(files, {"setup.py": ""}).of(files[1]) == DEVELOPMENT
    # MindSpeed mindspeed/ops/csrc/qos/CMakeLists.txt:1-5 is a CMake project of its own that
    # nothing outside names, in a repo built by setup.py alone: built on its own, its own scope
    qos = (
        "# Minimum required CMake version\ncmake_minimum_required(VERSION 3.10)\n\n"
        "# Project configuration (explicitly declare C++ project)\nproject(QOS_TOOL CXX)\n"
    )
    texts = {"setup.py": "", "mindspeed/ops/csrc/qos/CMakeLists.txt": qos}
    qos_scope = Scopes(files, texts).of("mindspeed/ops/csrc/qos/CMakeLists.txt")
    assert qos_scope == "mindspeed/ops/csrc/qos"


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


def test_a_readme_indexing_a_language_folder_of_the_docs_makes_no_sub_project() -> None:
    # torchair docs/zh/README.md:1-3 "# 项目文档 … 此目录提供…文档的源文件信息": the Chinese
    # documentation's table of contents; its docs/zh/overview.md:48-55 ("## 安装", "PyTorch
    # 建议使用2.6.0及以上版本") is the repo's overview, as under docs/ itself
    files = [
        "README.md",
        "setup.py",
        "docs/zh/README.md",
        "docs/zh/overview.md",
        "docs/zh/custom_op_graph/overview.md",
    ]
    scopes = Scopes(files, {"setup.py": ""})
    assert scopes.of("docs/zh/overview.md") == REPO
    assert scopes.of("docs/zh/custom_op_graph/overview.md") == "docs/zh/custom_op_graph"
    # catlass docs/en/README.md beside docs/en/1_Practice/01_quick_start.md: a chapter of
    # the book is still a topic of its own (its quick start runs an example)
    catlass = ["CMakeLists.txt", "README.md", "docs/en/README.md", "docs/en/FAQ.md"]
    practice = "docs/en/1_Practice/01_quick_start.md"
    scopes = Scopes([*catlass, practice], {"CMakeLists.txt": ""})
    assert scopes.of(practice) == "docs/en/1_Practice"
    # a README of a topic folder (tensorflow docs/zh/tfadapter_2/README.md) keeps the topic
    folder = "docs/zh/tfadapter_2"
    topic = ["CMakeLists.txt", f"{folder}/README.md", f"{folder}/quick_start.md"]
    assert Scopes(topic, {}).of(topic[2]) == folder


def test_a_nested_pip_list_only_ci_installs_is_cis() -> None:
    # mindnlp .github/workflows/ci_pipeline.yaml:155 installs requirements/requirements.txt
    # (pylint==2.17, pytest, ddt, a CPU torch) to run the tests; setup.py:178-193 lists the
    # package's own install_requires and reads no file
    install = "        pip install -r requirements/requirements.txt\n"
    files = ["setup.py", "README.md", ".github/workflows/ci_pipeline.yaml"]
    lists = ["requirements/requirements.txt"]
    texts = {".github/workflows/ci_pipeline.yaml": install, "setup.py": "install_requires=[\n"}
    scopes = Scopes([*files, *lists], {"setup.py": ""}, texts={**texts, lists[0]: "ddt\n"})
    assert scopes.of(lists[0]) == CI
    # a guide that installs it as well (constructed: the README's install section) keeps it
    readme = {"README.md": "pip install -r requirements/requirements.txt\n"}
    kept = Scopes([*files, *lists], {"setup.py": ""}, texts={**texts, **readme})
    assert kept.of(lists[0]) == REPO
    # and with no manifest stating the needs, the list CI installs is all the repo says
    bare = {k: v for k, v in texts.items() if k != "setup.py"}
    assert Scopes([*files[1:], *lists], {}, texts=bare).of(lists[0]) == REPO
