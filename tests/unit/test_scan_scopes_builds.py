"""Which nested builds are the repo's own and which pip lists are not, on real repositories.

Sources (public, at the commits the tune-set truth was written for):
- omni-ai-npu/omni-infer c8bc2bbbaa1084139a8e70405c4873632c0dab79
- Ascend/memfabric_hybrid 7171ad35d67df61bcdd3f016fb43f71790ebb6f8
- Ascend/AscendNPU-IR 52f96a130b52fa3d10a236aaa2e1f868f1578b88
- triton-lang/triton-ascend eeb030e7 (the new-user trial's checkout)
- kvcache-ai/Mooncake 3b5a594133958449a1feaf1c9e0fc1b553e34a28
"""

from __future__ import annotations

from bringup.scan.builton import built_on
from bringup.scan.optdirs import optional_parts
from bringup.scan.scopes import DEVELOPMENT, REPO, TESTS, Scopes
from cpuclock import cpu_seconds

# omni-infer build/build.sh:68-73, the build its README and CI run: after ``python -m build``
# at the root it builds the placement extension and the nginx-based global proxy
_OMNI_BUILD = (
    "cd $BUILD_ROOT/omni/accelerators/placement\n"
    "python setup.py bdist_wheel\n"
    "mv dist/omni_placement* $BUILD_ROOT/build/dist\n"
    "\n"
    "cd $BUILD_ROOT/omni/accelerators/sched/global_proxy\n"
    "bash build.sh\n"
)
_PLACEMENT = "omni/accelerators/placement"
_PROXY = "omni/accelerators/sched/global_proxy"
_OMNI_FILES = [
    "pyproject.toml",
    "README.md",
    "build/build.sh",
    f"{_PLACEMENT}/setup.py",
    f"{_PLACEMENT}/pyproject.toml",
    f"{_PLACEMENT}/README.md",
    f"{_PLACEMENT}/requirements.txt",
    "omni/accelerators/sched/README.md",
    f"{_PROXY}/README.md",
    f"{_PROXY}/build.sh",
]


def _optional(texts: dict[str, str]) -> dict[str, str]:
    return optional_parts(texts, {f"option:{name}" for name in built_on(texts)})[0]


def _omni(script: str = "build/build.sh") -> Scopes:
    files = [script if f == "build/build.sh" else f for f in _OMNI_FILES]
    texts = {
        "pyproject.toml": '[build-system]\nrequires = ["setuptools>=64", "wheel"]\n',
        script: _OMNI_BUILD,
        # placement/setup.py:112 lists its install_requires inline, never the requirements file
        f"{_PLACEMENT}/setup.py": "install_requires=['numpy', 'pybind11', 'transformers']\n",
        f"{_PLACEMENT}/pyproject.toml": 'requires = ["setuptools", "pybind11", "torch==2.5.1"]\n',
        f"{_PROXY}/build.sh": 'NGINX_VERSION="${NGINX_VERSION:-1.24.0}"\n',
    }
    return Scopes(files, texts)


def test_a_nested_project_the_repo_s_build_script_builds_is_the_repo_s() -> None:
    scopes = _omni()
    # placement/setup.py:82 (C++17) and pyproject.toml:2 (torch==2.5.1) are the repo's build
    assert scopes.of(f"{_PLACEMENT}/setup.py") == REPO
    assert scopes.of(f"{_PLACEMENT}/pyproject.toml") == REPO
    # the project's own list, which its setup.py never reads, stays its own
    assert scopes.of(f"{_PLACEMENT}/requirements.txt") == _PLACEMENT


def test_a_readme_only_directory_above_a_built_project_does_not_cut_it_off() -> None:
    scopes = _omni()
    # sched/ holds a README and no build; the build names the project below it
    assert scopes.of(f"{_PROXY}/build.sh") == REPO
    # the README itself still describes that part on its own terms
    assert scopes.of("omni/accelerators/sched/README.md") == "omni/accelerators/sched"


def test_a_script_that_packages_a_wheel_builds_no_part_of_the_repo() -> None:
    # the same lines in a wheel-packaging script (AscendNPU-IR build-tools/build_wheel.sh:21
    # WHEEL_DIR="${GIT_ROOT}/bishengir/python/wheel") leave the project a project of its own
    assert _omni("build/build_wheel.sh").of(f"{_PLACEMENT}/setup.py") == _PLACEMENT
    # and no script at all (the root pyproject alone) leaves it so too
    files = [f for f in _OMNI_FILES if f != "build/build.sh"]
    bare = Scopes(files, {"pyproject.toml": "", f"{_PLACEMENT}/setup.py": ""})
    assert bare.of(f"{_PLACEMENT}/setup.py") == _PLACEMENT


def test_a_package_without_a_readme_built_by_the_repo_script_is_the_repo_s() -> None:
    # memfabric_hybrid script/build.sh:191-193 builds the package CMakeLists.txt does not name
    package = "src/smem/python/memfabric_hybrid"
    files = ["CMakeLists.txt", "README.md", "script/build.sh", f"{package}/setup.py"]
    texts = {
        "CMakeLists.txt": "add_subdirectory(src)\n",
        "script/build.sh": (
            f'    cd "${{PROJ_DIR}}/{package}"\n'
            "    rm -rf build memfabric_hybrid.egg-info\n"
            "    python3 setup.py bdist_wheel\n"
        ),
        f"{package}/setup.py": "",
    }
    assert Scopes(files, texts).of(f"{package}/setup.py") == REPO
    assert Scopes(files, {**texts, "script/build.sh": ""}).of(f"{package}/setup.py") == package


def test_a_pip_list_in_the_docs_is_the_docs_build_s() -> None:
    # triton-ascend docs/requirements.txt: tabulate, cmake, sphinx, matplotlib, ... (too few
    # doc builders for the list to read as tooling by its content); docs/zh/requirement.txt:
    # sphinx, sphinx_rtd_theme, myst_parser
    files = ["setup.py", "requirements.txt", "docs/requirements.txt", "docs/zh/requirement.txt"]
    scopes = Scopes(files, {"setup.py": ""})
    assert scopes.of("docs/requirements.txt") == DEVELOPMENT
    assert scopes.of("docs/zh/requirement.txt") == DEVELOPMENT
    assert scopes.of("requirements.txt") == REPO
    # a guide under docs/ about the requirements stays the repo's word
    assert Scopes(["docs/requirements.md"], {}).of("docs/requirements.md") == REPO


def test_a_test_list_named_test_first_is_the_tests() -> None:
    # triton-ascend python/test-requirements.txt: autopep8, isort, numpy, pytest, pytest-xdist
    files = ["setup.py", "python/requirements.txt", "python/test-requirements.txt"]
    scopes = Scopes(files, {"setup.py": "requirements.txt"})
    assert scopes.of("python/test-requirements.txt") == TESTS
    assert Scopes(["dev-requirements.txt"], {}).of("dev-requirements.txt") == DEVELOPMENT
    # a name merely starting with the letters stays the repo's
    assert Scopes(["devices-requirements.txt"], {}).of("devices-requirements.txt") == REPO


# kvcache-ai/Mooncake 3b5a594133958449a1feaf1c9e0fc1b553e34a28 CMakeLists.txt:20, 25, 30, 128-144
_MOONCAKE_CMAKE = """option(WITH_STORE "build mooncake store library and sample code" ON)
option(WITH_STORE_RUST "build the Rust bindings for the Mooncake Store" ON)
option(WITH_EP "build mooncake with expert parallelism support" OFF)
if(WITH_STORE)
  message(STATUS "Mooncake Store will be built")
  add_subdirectory(mooncake-store)
  include_directories(mooncake-store/include)
endif()

if(WITH_STORE_RUST)
  add_subdirectory(mooncake-store/rust)
endif()

option(EP_USE_IDE "Enable intelligent indexing for IDEs" OFF)
if(WITH_EP)
  add_subdirectory(mooncake-pg)
  include_directories(mooncake-pg/include)
"""


def test_a_directory_only_an_option_off_by_default_adds_is_that_option_s() -> None:
    texts = {"CMakeLists.txt": _MOONCAKE_CMAKE}
    options = _optional(texts)
    assert options == {"mooncake-pg": "option:WITH_EP"}
    files = [
        "CMakeLists.txt",
        "mooncake-pg/CMakeLists.txt",
        "mooncake-pg/torch/setup.py",
        "mooncake-store/rust/CMakeLists.txt",
        "mooncake-store/rust/README.md",
        "mooncake-pg/tests/test_pg.py",
    ]
    scopes = Scopes(files, texts, options)
    # mooncake-pg/torch/setup.py:5 needs torch: the expert-parallel build's need
    assert scopes.of("mooncake-pg/torch/setup.py") == "option:WITH_EP"
    # an option on by default (WITH_STORE, WITH_STORE_RUST) adds to the default build
    assert scopes.of("mooncake-store/rust/README.md") == REPO
    assert scopes.of("mooncake-pg/tests/test_pg.py") == TESTS


# NVIDIA/cudnn-frontend 3929da2ef4c1dba1bb8acb68727b9134f26f40c0 CMakeLists.txt:8, 60-61 and
# setup.py:33-38 (the pip install's cmake_args); below, NVIDIA/TransformerEngine
# d0067d0da6cb01811b8072a7d304f0e00344ce2b setup.py:69's flag appended inside an ``if``
_CUDNN_CMAKE = (
    (
        'option(CUDNN_FRONTEND_BUILD_PYTHON_BINDINGS "Defines if python bindings are built or not."'
        " OFF)\n"
    )
    + """if (CUDNN_FRONTEND_BUILD_PYTHON_BINDINGS)
    add_subdirectory(python)
endif()
"""
)
_CUDNN_SETUP = """def build_extension(self, ext):
        cmake_args = [
            f"-DPython_EXECUTABLE={sys.executable}",
            f"-DPYBIND11_FINDPYTHON=ON",
            f"-DCMAKE_BUILD_TYPE={cfg}",  # not used on MSVC, but no harm
            f"-DCUDNN_FRONTEND_BUILD_PYTHON_BINDINGS=ON",
        ]
"""
_GUARDED_SETUP = """def setup_common_extension():
    if bool(int(os.getenv("NVTE_UB_WITH_MPI", "0"))):
        cmake_flags.append("-DNVTE_UB_WITH_MPI=ON")
"""


def test_an_option_the_root_setup_py_always_passes_on_is_the_default_build() -> None:
    texts = {"CMakeLists.txt": _CUDNN_CMAKE}
    assert _optional(texts) == {"python": "option:CUDNN_FRONTEND_BUILD_PYTHON_BINDINGS"}
    assert _optional({**texts, "setup.py": _CUDNN_SETUP}) == {}
    guarded = _GUARDED_SETUP.replace(
        "NVTE_UB_WITH_MPI=ON", "CUDNN_FRONTEND_BUILD_PYTHON_BINDINGS=ON"
    )
    assert _optional({**texts, "setup.py": guarded}) != {}


# hicann/tensorflow 82957b92d1ade2f48ca51dda811f0baec23b04c7 scripts/build.sh:81-87, 120-134, 189
_TF_BUILD = (
    """build_tfadapter() {
  logging "Create build directory and build tfadapter"
  cd "${BASE_PATH}" && \\
  if ! ./configure; then
    exit 1
  fi
  CMAKE_ARGS="-DENABLE_OPEN_SRC=True -DBUILD_PATH=$BUILD_PATH """
    + """-DCMAKE_INSTALL_PREFIX=${RELEASE_PATH}"
}
main() {
  checkopts "$@"
  if [[ "X$ENABLE_2X_CI_BUILD" = "Xon" ]]; then
    chmod +x "${CUR_PATH}/tf_adapter_2.x/CI_Build"
  else
    build_tfadapter
  fi
}

main "$@"
"""
)
# Ascend/catlass 0dfcf9df304f297361edab86448ac5ea6aed1647 scripts/build.sh:164-170, 189-195
_CATLASS_BUILD = """function build_torch_library() {
    echo -e "${INFO}Building Torch library...${NC}"
    cmake -B build \\
        -DCMAKE_INSTALL_PREFIX="$OUTPUT_DIR/python_extension" \\
        -DBUILD_TORCH_LIB=True \\
}
case "$TARGET" in
    python_extension)
        build_python_extension
        ;;
    torch_library)
        build_torch_library
        ;;
esac
"""


def test_an_option_a_build_script_passes_on_its_default_path_is_on() -> None:
    assert built_on({"scripts/build.sh": _TF_BUILD}) == {"ENABLE_OPEN_SRC"}
    # the function called in the if's first branch, not its else, passes nothing
    swapped = _TF_BUILD.replace("    build_tfadapter\n", "").replace(
        '  checkopts "$@"\n',
        '  checkopts "$@"\n  if [[ -n "$X" ]]; then\n    build_tfadapter\n  fi\n',
    )
    assert built_on({"scripts/build.sh": swapped}) == set()
    assert built_on({"scripts/build.sh": _CATLASS_BUILD}) == set()
    # a script elsewhere is not the repo's build
    assert built_on({"tests/build.sh": _TF_BUILD}) == set()


# Ascend/parser fc02ad76d2892cbe600a1f3906f68246284b84a1 build.sh:120, 131-133, 144, 162
_PARSER_BUILD = """build_parser()
{
  if [[ "X$ENABLE_GE_UT" = "Xon" ]]; then
    CMAKE_ARGS="${CMAKE_ARGS} -DENABLE_GE_UT=ON"
  fi
  CMAKE_ARGS="${CMAKE_ARGS} -DENABLE_OPEN_SRC=True -DCMAKE_INSTALL_PREFIX=${OUTPUT_PATH}"
}
build_parser || { echo "Parser build failed."; return; }
"""


def test_the_first_command_of_an_and_or_list_is_on_the_default_path() -> None:
    # the function the list's first command calls passes its flags; CMakeLists.txt:12-20 then
    # includes the downloads of protobuf, securec and json under if (ENABLE_OPEN_SRC)
    assert built_on({"build.sh": _PARSER_BUILD}) == {"ENABLE_OPEN_SRC"}
    # what runs only after ``&&`` or ``||`` is a guarded command
    guarded = '[[ -n "$GE" ]] && CMAKE_ARGS="$CMAKE_ARGS -DENABLE_GE_UT=ON"\n'
    assert built_on({"build.sh": guarded}) == set()
    fallback = _PARSER_BUILD.replace("build_parser || {", "true || { build_parser;")
    assert built_on({"build.sh": fallback}) == set()
    # constructed input (review 3, R8): the list over two lines, and inside a one-line
    # function body, is still guarded; an escaped newline keeps a flag on the default path
    over_two = '[[ -n "$GE" ]] &&\n  CMAKE_ARGS="$CMAKE_ARGS -DENABLE_GE_UT=ON"\n'
    assert built_on({"build.sh": over_two}) == set()
    one_line = 'build() { [[ -n "$T" ]] && CMAKE_ARGS+=" -DTESTS=ON"; cmake ..; }\nbuild\n'
    assert built_on({"build.sh": one_line}) == set()
    escaped = "cmake .. \\\n  -DWITH_NPU=ON \\\n  -DCMAKE_BUILD_TYPE=Release\n"
    assert built_on({"build.sh": escaped}) == {"WITH_NPU"}


# pyg-team/pyg-lib 764e3a492eb0d1ed9616808ec9fec2416f8d6b7d CMakeLists.txt:21-22, 174-179, 185-189
_PYG_CMAKE = """option(BUILD_TEST "Enable testing" OFF)
option(BUILD_BENCHMARK "Enable benchmarks" OFF)
if(BUILD_TEST)
  if(WITH_COV)
    set(CMAKE_CXX_FLAGS_DEBUG "${CMAKE_CXX_FLAGS_DEBUG} --coverage")
  endif()
  include(cmake/test.cmake)
endif()
if(BUILD_BENCHMARK)
  set(BENCHMARK_ENABLE_GTEST_TESTS OFF CACHE INTERNAL "Disable benchmarking tool tests")
  include(cmake/benchmark.cmake)
endif()
"""
# kvcache-ai/Mooncake 3b5a594133958449a1feaf1c9e0fc1b553e34a28 mooncake-common/common.cmake:111-115
_MOONCAKE_UB = """if(USE_UB)
  add_compile_definitions(USE_UB)
  message(STATUS "ub transport is enabled")
  include(${CMAKE_CURRENT_LIST_DIR}/FindUrma.cmake)
endif()
"""


def test_a_cmake_file_only_an_option_off_by_default_includes_is_that_option_s() -> None:
    texts = {"CMakeLists.txt": _PYG_CMAKE, "mooncake-common/common.cmake": _MOONCAKE_UB}
    options = _optional(texts)
    assert options == {
        "cmake/test.cmake": "option:BUILD_TEST",
        "cmake/benchmark.cmake": "option:BUILD_BENCHMARK",
        "mooncake-common/FindUrma.cmake": "option:USE_UB",
    }
    # cmake/benchmark.cmake:4 fetches google/benchmark: the benchmarks' download
    files = [*texts, "cmake/benchmark.cmake", "cmake/utils.cmake"]
    scopes = Scopes(files, texts, options)
    assert scopes.of("cmake/benchmark.cmake") == "option:BUILD_BENCHMARK"
    assert scopes.of("cmake/utils.cmake") == REPO
    # a file the default build also includes stays the build's
    always = {**texts, "CMakeLists.txt": _PYG_CMAKE + "include(cmake/test.cmake)\n"}
    assert "cmake/test.cmake" not in _optional(always)


def test_flags_in_comments_usage_text_and_heredocs_are_not_passed_on() -> None:
    # Constructed by review (session 14): each flag is text the script prints or a comment
    commented = "cmake -B build   # add -DWITH_CUDA=ON to build the GPU kernels\n"
    assert built_on({"build.sh": commented}) == set()
    echoed = 'echo "usage: pass -DUSE_MPI=ON to enable MPI"\ncmake -B build\n'
    assert built_on({"build.sh": echoed}) == set()
    # a heredoc's body neither passes its flag nor opens a guard ("if you ...")
    heredoc = (
        "usage() {\n  cat <<EOF\nif you need CUDA\n  -DUSE_ROCM=ON   build for AMD\nEOF\n}\n"
        "cmake -B build -DUSE_X=ON\n"
    )
    assert built_on({"build.sh": heredoc}) == {"USE_X"}


def test_a_build_script_named_for_a_variant_is_not_the_default_build() -> None:
    # Constructed by review (session 14)
    texts = {"build.sh": "cmake ..\n", "build_gpu.sh": "cmake -DUSE_CUDA=ON ..\n"}
    assert built_on(texts) == set()
    assert built_on({"build_tests.sh": "cmake -B build -DBUILD_TESTS=ON\n"}) == set()
    assert built_on({"build.sh": "cmake -DUSE_CUDA=ON ..\n"}) == {"USE_CUDA"}


def test_shell_shapes_that_guard_or_end_a_function() -> None:
    # Constructed by review (session 14): else-if, select, a one-line function, an indented }
    else_if = 'if [ -n "$A" ]; then\n  x\nelse if [ -n "$B" ]; then\n  cmake -DUSE_B=ON\nfi\nfi\n'
    assert built_on({"build.sh": else_if + "cmake -DUSE_C=ON\n"}) == {"USE_C"}
    selected = "select opt in a b; do\n  cmake -DUSE_S=ON\ndone\n"
    assert built_on({"build.sh": selected}) == set()
    one_line = 'gpu() { cmake -DUSE_CUDA=ON ..; }\ncase "$1" in\n  gpu) gpu ;;\nesac\n'
    assert built_on({"build.sh": one_line}) == set()
    assert built_on({"build.sh": one_line + "gpu\n"}) == {"USE_CUDA"}
    indented = "helper() {\n  cmake -DUSE_H=ON\n  }\ncmake -DUSE_TOP=ON\n"
    assert built_on({"build.sh": indented}) == {"USE_TOP"}


def test_a_setup_py_s_alternatives_and_unrun_commands_turn_nothing_on() -> None:
    # Constructed by review (session 14)
    table = 'FLAGS = {"cuda": "-DWITH_CUDA=ON", "rocm": "-DWITH_ROCM=ON"}\nargs = [FLAGS[b]]\n'
    assert built_on({"setup.py": table}) == set()
    command = (
        "class TestCmd(Command):\n    def run(self):\n"
        '        check_call(["cmake", "-DBUILD_TESTS=ON", "."])\n'
    )
    assert built_on({"setup.py": command}) == set()
    assert built_on({"setup.py": command.replace("(Command)", "(build_ext)")}) == {"BUILD_TESTS"}
    assert built_on({"setup.py": 'args = use_cuda and ["-DWITH_CUDA=ON"]\n'}) == set()
    assert built_on({"setup.py": 'with open("f") as f:\n    args = ["-DWITH_W=ON"]\n'}) == {
        "WITH_W"
    }
    # CMake keeps the last value an option is given
    assert built_on({"setup.py": 'args = ["-DWITH_W=ON", "-DWITH_W=OFF"]\n'}) == set()
    assert built_on({"setup.py": 'args = ["-DWITH_W=OFF"]\nargs += ["-DWITH_W=ON"]\n'}) == {
        "WITH_W"
    }


# stotko/stdgpu 22599cfd CMakeLists.txt:23 and 212-214 (the documentation build under an option
# off by default); docs/getting_started/building_from_source.md:22 "- GCC 9: ..." is the repo's
_STDGPU_CMAKE = """option(STDGPU_BUILD_DOCUMENTATION "Build the documenation, default: OFF" OFF)
if(STDGPU_BUILD_DOCUMENTATION)
    add_subdirectory(docs)
endif()
"""


def test_an_option_that_builds_the_docs_owns_their_build_files_not_their_pages() -> None:
    texts = {"CMakeLists.txt": _STDGPU_CMAKE}
    options = _optional(texts)
    assert options == {"docs": "option:STDGPU_BUILD_DOCUMENTATION"}
    page = "docs/getting_started/building_from_source.md"
    files = ["CMakeLists.txt", "docs/CMakeLists.txt", page]
    scopes = Scopes(files, texts, options)
    assert scopes.of("docs/CMakeLists.txt") == "option:STDGPU_BUILD_DOCUMENTATION"
    assert scopes.of(page) == REPO


# ByteDance-Seed/Triton-distributed@1512a81189315eca7ba38f884aaf239469a88ba3 python/setup.py:
# 693-694, inside the ``cmake_args`` list its build_ext passes to the root CMakeLists.txt
# (taken out of the method, so unindented)
_TRITON_ARGS = (
    "cmake_args = [\n"
    '    "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON", "-DLLVM_ENABLE_WERROR=ON",\n'
    '    "-DCMAKE_LIBRARY_OUTPUT_DIRECTORY=" + extdir, "-DTRITON_BUILD_PYTHON_MODULE=ON",\n'
    "]\n"
)


# Triton-distributed CMakeLists.txt:31
_TRITON_OPTION = 'option(TRITON_BUILD_PYTHON_MODULE "Build Python Triton bindings" OFF)\n'


def test_a_setup_py_one_folder_down_turns_on_the_root_builds_options() -> None:
    texts = {"CMakeLists.txt": _TRITON_OPTION, "python/setup.py": _TRITON_ARGS}
    # only the options the root build declares: the others are CMake's own variables
    assert built_on(texts) == {"TRITON_BUILD_PYTHON_MODULE"}
    # a nested package building a CMake project of its own turns none of the root's on
    assert built_on({"CMakeLists.txt": "", "python/setup.py": _TRITON_ARGS}) == set()
    # a root package is the repo's install: a nested setup.py is a part's
    assert built_on({**texts, "pyproject.toml": ""}) == set()


def test_the_option_pattern_is_linear_on_a_hostile_line() -> None:
    from bringup.scan.builton import _OPTION

    start = cpu_seconds()
    _OPTION.findall(" " * 50_000 + "optio")
    _OPTION.findall("option( " * 6_000)
    assert cpu_seconds() - start < 2
