"""Where a build's downloads are stated, as real repos state them (issue 11's vocabulary): a
Makefile target's recipe, a dependency list in a skipped third_party folder, a CMake file's
include, a go.mod replace by another module; and a guide's sentence that states none. Each
case keeps only the lines it needs, with the public repository, commit, path and lines."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.depjson import extract_dependency_json
from bringup.scan.docs import extract_docs
from bringup.scan.fetches import library
from bringup.scan.filekinds import classify
from bringup.scan.gomod import MODULES, extract_go_mod
from bringup.scan.makefile import extract_makefile
from bringup.scan.repo import scan_repo
from bringup.scan.walk import walk_repo
from scan_needs import source_file

# Algebraic-Programming/pytorch-hccl-tests @ 37930e8a17183976a78e35de7fe29e1cb29715c1
# Makefile:97-105 (the NPU wheels' target is no conventional one: the npu feature's).
HCCL_TESTS_MAKEFILE = """install-npu-arm: clean ## Install packages for Ascend/NPU backend testing (aarch64)
\twget https://repo.huaweicloud.com/kunpeng/archive/Ascend/PyTorch/torch-1.11.0-cp37-cp37m-linux_aarch64.whl
\tpip install .

install: clean ## install the package to the active Python's site-packages
\tpip install torch==1.11.0+cpu torchvision==0.12.0+cpu -f https://download.pytorch.org/whl/torch_stable.html
\tpip install .
"""  # noqa: E501


def test_a_makefile_install_target_s_download_is_a_network_need() -> None:
    found = extract_makefile(source_file("Makefile", HCCL_TESTS_MAKEFILE)).requirements
    network = [(r.spec, r.source.line) for r in found if r.subject == "network"]
    assert network == [("https://download.pytorch.org/whl/torch_stable.html", 6)]


def test_a_download_s_library_is_its_forge_repository_or_its_archive_s_name() -> None:
    # hicann/ge @ ffdcbc9f scripts/download_third_party_source.sh:14, add_cann_third_party(boost)
    boost = "https://gitcode.com/cann-src-third-party/boost/releases/download/v1.87.0/boost_1_87_0.tar.gz"
    assert library(boost) == library("gitcode.com/cann-src-third-party/boost") == "boost"
    # hicann/shmem @ 643bfb73 scripts/build.sh:408: a mirror's owner of two parts
    assert library("https://gitcode.com/GitHub_Trending/js/json.git") == "json"
    # hicann/hixl @ 9ed283b2 docs/en/build.md:157: raw.<forge>/<owner>/<repo>/archive/…
    assert library("https://raw.gitcode.com/cann/cmake/archive/refs/heads/master-044.tar.gz") == (
        "cmake"
    )
    # gitee's archive path (tensorflow cmake/secure_c.cmake:14), a pinned git+ requirement
    # (FlagOpen/FlagScale requirements/train/megatron/requirements-cuda.txt:1) and SSH
    gitee = "https://gitee.com/openeuler/libboundscheck/repository/archive/v1.1.16.tar.gz"
    assert library(gitee) == "libboundscheck"
    assert library("git+https://github.com/Dao-AILab/causal-conv1d.git@v1.2.2.post1") == (
        "causal-conv1d"
    )
    assert library("git@github.com:deepseek-ai/DeepGEMM.git") == "deepgemm"
    # Ascend/MindIE-LLM @ 8b4871ad third_party_entry/dependency.json: an archive on a bucket
    obs = "https://mindie.obs.cn-north-4.myhuaweicloud.com/open_source/boost_1_87_0.tar.gz"
    assert library(obs) == "boost"
    # a package index, the guide's words and a dependency list's host need are themselves
    assert (
        library("https://download.pytorch.org/whl/cu128")
        == "https://download.pytorch.org/whl/cu128"
    )
    assert library("internet") == "internet"
    assert library("spdlog, boost from mindie.obs.cn-north-4.myhuaweicloud.com") == (
        "spdlog, boost from mindie.obs.cn-north-4.myhuaweicloud.com"
    )


# Ascend/MindIE-Motor @ 5dfb024e45feec2e947f12d0af72b79b24edff53 build/third_party/
# dependency.json:1-10 (of 18 archives), which download_and_unzip.sh:29 hands download.py.
MOTOR_DEPENDENCIES = """{
    "version": "1.0.0",
    "dependencies": [
        {
            "url":  "https://mindie.obs.cn-north-4.myhuaweicloud.com/open_source/boost_1_87_0.tar.gz",
            "save_as": "boost.tar.gz"
        },
        {
            "url": "https://gitee.com/openeuler/libboundscheck/repository/archive/v1.1.16.zip",
            "save_as": "libboundscheck.zip"
        }
    ]
}
"""


def test_a_dependency_list_directly_in_a_third_party_folder_is_the_builds(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "build" / "third_party"
    (folder / "grpc").mkdir(parents=True)
    (tmp_path / "build" / "build.sh").write_text("bash third_party/download_and_unzip.sh\n")
    (folder / "dependency.json").write_text(MOTOR_DEPENDENCIES)
    (folder / "grpc" / "dependency.json").write_text(MOTOR_DEPENDENCIES)  # grpc's own
    files, _ = walk_repo(tmp_path)
    assert [(f.rel, f.kind) for f in files if f.kind == "depjson"] == [
        ("build/third_party/dependency.json", "depjson")
    ]
    assert classify("third_party/dependency.json") == "depjson"
    assert classify("third_party/grpc/dependency.json") is None
    found = extract_dependency_json(
        source_file("build/third_party/dependency.json", MOTOR_DEPENDENCIES)
    )
    assert [(r.spec, r.source.line) for r in found.requirements] == [
        ("boost from mindie.obs.cn-north-4.myhuaweicloud.com", 5),
        ("libboundscheck from gitee.com", 9),
    ]


# mindspore-lab/mindrl @ 7f55a67f90d248e8c535a2b6e61a6d68ca2c3c2d README_CN.md:63-65: pip
# fetching a wheel's dependencies when online is no download of a build.
MINDRL_README = (
    "## 安装\n\n```shell\npip install https://ms-release.obs.cn-north-4.myhuaweicloud.com/"
    "x/mindspore_rl-0.1.0-py3-none-any.whl\n```\n\n"
    "> - 在联网状态下，安装whl包时会自动下载MindSpore Reinforcement安装包的依赖项"
    "（依赖项详情参见requirement.txt），其余情况需自行安装。\n"
)


def test_a_guide_saying_pip_fetches_a_wheel_s_dependencies_states_no_network_need() -> None:
    docs = extract_docs(source_file("README_CN.md", MINDRL_README))
    assert [r for r in docs.requirements if r.subject == "network"] == []


# xLLM-AI/xllm-ops @ d4a441a60b8b2a42ae2e722e662b21d508d6781c xllm_ops/CMakeLists.txt:101-104
# and cmake/third_party/json.cmake:41-53 (cut).
XLLM_OPS_CMAKELISTS = """include(../cmake/config.cmake)
include(../cmake/func.cmake)
include(../cmake/third_party/json.cmake)
"""
XLLM_OPS_JSON = """if(json_FOUND AND NOT FORCE_REBUILD_CANN_3RD)
    add_library(json INTERFACE IMPORTED)
else()
    set(REQ_URL "https://gitcode.com/cann-src-third-party/json/releases/download/v3.11.3/include.zip")

    include(ExternalProject)
    ExternalProject_Add(third_party_json
            URL ${REQ_URL}
            TLS_VERIFY OFF
    )
endif()
"""


def test_a_cmake_file_s_download_is_cited_where_the_build_includes_it(tmp_path: Path) -> None:
    (tmp_path / "xllm_ops").mkdir()
    (tmp_path / "cmake" / "third_party").mkdir(parents=True)
    (tmp_path / "xllm_ops" / "CMakeLists.txt").write_text(XLLM_OPS_CMAKELISTS)
    (tmp_path / "cmake" / "third_party" / "json.cmake").write_text(XLLM_OPS_JSON)
    component = scan_repo(tmp_path, "repo").component
    (json,) = [r for r in component.requirements if r.subject == "network"]
    places = [(s.ref, s.line) for s in (json.source, *json.also_at)]
    assert ("repo/xllm_ops/CMakeLists.txt", 3) in places
    assert places[0] == ("repo/cmake/third_party/json.cmake", 4)


# Ascend/ascend-docker-runtime @ c451124d7bd7d547e7c2f3fe285cb9f1d21483fb runtime/go.mod:5-11 and
# 42-46 (cut).
DOCKER_RUNTIME_GO_MOD = """require (
\tgithub.com/containerd/containerd v1.6.24
\thuawei.com/npu-exporter/v5 v5.0.0-RC1
\tmindxcheckutils v1.0.0
)

replace (
\tgithub.com/prashantv/gostub => github.com/prashantv/gostub v1.0.1-0.20191007164320-bbe3712b9c4a
\thuawei.com/npu-exporter/v5 => gitee.com/ascend/ascend-npu-exporter/v5 v5.0.0-RC4.b002
\tmindxcheckutils => ../mindxcheckutils
)
"""


def test_a_go_module_replaced_by_another_path_is_a_download_of_its_own() -> None:
    found = extract_go_mod(source_file("runtime/go.mod", DOCKER_RUNTIME_GO_MOD)).requirements
    forks = [r for r in found if r.subject == "network" and r.spec != MODULES]
    # the pin of gostub at another version and the directory are no download of their own
    assert [(r.spec, r.source.line, [s.line for s in r.also_at]) for r in forks] == [
        ("gitee.com/ascend/ascend-npu-exporter/v5@v5.0.0-RC4.b002", 9, [3])
    ]
    assert library(forks[0].spec) == "ascend-npu-exporter"
