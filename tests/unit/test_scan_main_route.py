"""A folder the repo's main route builds is part of the repo's scope, with the line that builds
it (issue 11, item 2 "Scopes"; the truth writers' rule, scan30 brief "Settled NOW (scan30)":
a folder the top CMakeLists.txt ``add_subdirectory()``s or the top build script enters and
builds is "repo"; one the route does not build is a sub-project).

Sources (public, at the commits the tune-set truths were written for):
Ascend/VisionSDK f156edcfb5705c8c1eb3370b191ead102c453ec6,
NVIDIA/cudnn-frontend 3929da2ef4c1dba1bb8acb68727b9134f26f40c0,
Ascend/MindIE-LLM 8b4871ad31f592aa863f6255760e4934484d78e4,
thu-ml/SageAttention d1a57a546c3d395b1ffcbeecc66d81db76f3b4b5,
facebookresearch/pytorch3d 9381c4016376345bb795b97c45a6c2de66db354a,
rapidsai/raft 2141422b1a5e3121611888cb64a0bf8254bc3a67.
"""

from __future__ import annotations

from bringup.model import file_source
from bringup.scan.cmakesubdirs import added_directories
from bringup.scan.mainroute import PACKAGED, SCRIPT, SUBDIRECTORY, main_route, route_parts
from bringup.scan.optdirs import optional_parts
from bringup.scan.pypackaged import packaged_folders
from bringup.scan.routedirs import routed_lines
from bringup.scan.scopes import REPO, Scopes

# VisionSDK build_all.sh:58-69 (the helper) and 104-112 (its calls); README.md:77-79 builds
# with `bash build_all.sh <arm-gcc4|x86-gcc4> <aarch64|x86_64> notest`
_VISION_BUILD_ALL = """\
ROOT_DIR="$(cd "$(dirname "$0")" && pwd)"

run_script() {
    local script_path="$1"
    shift

    if [[ ! -f "${script_path}" ]]; then
        echo "scripe not foud: ${script_path}"
        exit 1
    fi

    echo "Executing: ${script_path} $*"
    (cd "$(dirname "${script_path}")" && bash "$(basename "${script_path}")" "$@")
}

run_script "${ROOT_DIR}/mxBase/build/build.sh" "${SYSTEM}" "${RUN_TEST}"

run_script "${ROOT_DIR}/mxTools/build/build.sh" "${SYSTEM}"
"""
_VISION_FILES = [
    "build_all.sh",
    "mxBase/CMakeLists.txt",
    "mxBase/README.md",
    "mxBase/build/build.sh",
    "mxTools/CMakeLists.txt",
    "mxTools/README.md",
    "mxTools/build/build.sh",
    "mxStream/CMakeLists.txt",
    "mxStream/README.md",
]
# VisionSDK mxBase/CMakeLists.txt:1 and :16 (its C++ standard, a repo requirement)
_VISION_MXBASE = "cmake_minimum_required(VERSION 3.16)\nset(CMAKE_CXX_STANDARD 14)\n"


def test_a_root_build_all_script_builds_what_its_helper_is_called_on() -> None:
    """The positional parameters of a function reach its body: ``run_script X`` enters
    ``dirname X`` and runs the build script there, and the line of the call is the source."""
    routed = routed_lines({"build_all.sh": _VISION_BUILD_ALL}, _VISION_FILES)
    assert routed == {
        "mxBase/build": ("build_all.sh", 16),
        "mxTools/build": ("build_all.sh", 18),
    }


def test_folders_the_route_script_builds_are_the_repos() -> None:
    """mxBase and mxTools (a CMakeLists.txt and a README each) are the repo's build; mxStream,
    which this script (cut to two calls) does not build, stays a sub-project."""
    texts = {"build_all.sh": _VISION_BUILD_ALL, "mxBase/CMakeLists.txt": _VISION_MXBASE}
    scopes = Scopes(_VISION_FILES, texts, texts=texts)
    assert scopes.of("mxBase/CMakeLists.txt") == REPO
    assert scopes.of("mxTools/README.md") == REPO
    assert scopes.of("mxStream/CMakeLists.txt") == "mxStream"
    cited = route_parts(scopes.route, file_source)
    assert [(p.folder, p.how, p.source.ref, p.source.line) for p in cited] == [
        ("mxBase/build", SCRIPT, "build_all.sh", 16),
        ("mxTools/build", SCRIPT, "build_all.sh", 18),
    ]


# cudnn-frontend CMakeLists.txt:5-8 (options) and 52-58 (the samples and tests it adds);
# samples/CMakeLists.txt:1 and 5-15 (Catch2 fetched when not installed)
_CUDNN_TOP = """\
option(CUDNN_FRONTEND_SKIP_JSON_LIB "Defines whether FE should not include nlohmann/json.hpp." OFF)
option(CUDNN_FRONTEND_BUILD_SAMPLES "Defines if samples are built or not." ON)
option(CUDNN_FRONTEND_BUILD_TESTS "Defines if unittests are built or not." ON)
option(CUDNN_FRONTEND_BUILD_PYTHON_BINDINGS "Defines if python bindings are built or not." OFF)

if (CUDNN_FRONTEND_BUILD_SAMPLES)
    add_subdirectory(samples)
endif()

if (CUDNN_FRONTEND_BUILD_TESTS)
    add_subdirectory(test)
endif()

if (CUDNN_FRONTEND_BUILD_PYTHON_BINDINGS)
    add_subdirectory(python)
endif()
"""
_CUDNN_SAMPLES = """\
cmake_minimum_required(VERSION 3.18)

find_package(Threads)

find_package(Catch2 QUIET)
if(NOT Catch2_FOUND)
    include(FetchContent)

    # Fetch and build catch2
    FetchContent_Declare(
        Catch2
        GIT_REPOSITORY https://github.com/catchorg/Catch2.git
        GIT_TAG        v3.3.2
    )
    FetchContent_MakeAvailable(Catch2)
endif()
"""
_CUDNN_FILES = [
    "CMakeLists.txt",
    "samples/CMakeLists.txt",
    "samples/README.md",
    "python/CMakeLists.txt",
    "test/CMakeLists.txt",
]


def test_samples_an_option_on_by_default_adds_build_with_the_repo() -> None:
    """The samples' CMakeLists.txt is the repo's (its Catch2 download is the default build's),
    their README stays the samples' own page; python/, added only under an option off by
    default, is that option's."""
    texts = {"CMakeLists.txt": _CUDNN_TOP, "samples/CMakeLists.txt": _CUDNN_SAMPLES}
    directories, lines = optional_parts(texts, frozenset())
    scopes = Scopes(_CUDNN_FILES, texts, directories, texts=texts, option_lines=lines)
    assert scopes.of("samples/CMakeLists.txt") == REPO
    assert scopes.of("samples/README.md") == "samples"
    assert scopes.of("python/CMakeLists.txt") == "option:CUDNN_FRONTEND_BUILD_PYTHON_BINDINGS"
    assert scopes.route["samples"] == ("samples", SUBDIRECTORY, "CMakeLists.txt", 7)
    assert "python" not in scopes.route


# MindIE-LLM CMakeLists.txt:116-117 and src/CMakeLists.txt:1-2 (a chain two deep)
_MINDIE_TOP = "add_subdirectory(proto)\nadd_subdirectory(src)\n"
_MINDIE_SRC = "add_subdirectory(utils)\nadd_subdirectory(py_interface)\n"


def test_an_add_subdirectory_chain_is_followed_with_each_edges_line() -> None:
    texts = {"CMakeLists.txt": _MINDIE_TOP, "src/CMakeLists.txt": _MINDIE_SRC}
    added = added_directories(("",), texts)
    assert {f: (a.rel, a.line) for f, a in added.items()} == {
        "proto": ("CMakeLists.txt", 1),
        "src": ("CMakeLists.txt", 2),
        "src/utils": ("src/CMakeLists.txt", 1),
        "src/py_interface": ("src/CMakeLists.txt", 2),
    }
    # an option off by default that adds a folder keeps it out (``optdirs``)
    assert "src" not in added_directories(("",), texts, off={"src"})
    assert set(main_route(texts, list(texts))) == set(added)


# SageAttention setup.py:217-223 (the fused extension's sources)
_SAGE_SETUP = """\
ext_modules = []
ext_modules.append(
    CUDAExtension(
        name="sageattention._fused",
        sources=["csrc/fused/pybind.cpp", "csrc/fused/fused.cu"],
        extra_compile_args={"cxx": CXX_FLAGS, "nvcc": NVCC_FLAGS},
    )
)
"""


def test_the_sources_an_extension_compiles_are_packaged_by_the_route() -> None:
    rels = ["setup.py", "csrc/fused/CMakeLists.txt", "csrc/fused/pybind.cpp"]
    assert packaged_folders({"setup.py": _SAGE_SETUP}, rels) == {"csrc/fused": ("setup.py", 5)}
    # a folder the walk saw no file of is no folder of the scan's
    assert packaged_folders({"setup.py": _SAGE_SETUP}, ["setup.py"]) == {}


# raft python/libraft/pyproject.toml:48 and :56 (read here as a top pyproject)
_RAFT_LIBRAFT = """\
[tool.scikit-build]
build-dir = "build/{wheel_tag}"
cmake.build-type = "Release"
wheel.packages = ["libraft"]
"""


def test_scikit_build_wheel_packages_are_packaged_by_the_route() -> None:
    rels = ["pyproject.toml", "libraft/__init__.py", "libraft/CMakeLists.txt"]
    assert packaged_folders({"pyproject.toml": _RAFT_LIBRAFT}, rels) == {
        "libraft": ("pyproject.toml", 4)
    }


# pytorch3d setup.py:178-183; projects/implicitron_trainer/README.md:30 lists the trainer's
# own needs (hydra-core, visdom, lpips ...)
_PYTORCH3D_SETUP = """\
trainer = "pytorch3d.implicitron_trainer"
setup(
    packages=find_packages(
        exclude=("configs", "tests", "tests.*", "docs.*", "projects.*")
    )
    + [trainer],
    package_dir={trainer: "projects/implicitron_trainer"},
    install_requires=["iopath"],
)
"""


def test_a_packaged_folder_with_only_a_readme_keeps_its_readme() -> None:
    """setup.py packages the trainer (the route names it, with its line), but a README with
    no build beside it documents that folder on its own terms."""
    rels = [
        "setup.py",
        "projects/implicitron_trainer/README.md",
        "projects/implicitron_trainer/experiment.py",
    ]
    texts = {"setup.py": _PYTORCH3D_SETUP}
    scopes = Scopes(rels, texts, texts=texts)
    assert scopes.route["projects/implicitron_trainer"] == (
        "projects/implicitron_trainer",
        PACKAGED,
        "setup.py",
        7,
    )
    assert scopes.of("projects/implicitron_trainer/README.md") == "projects/implicitron_trainer"
