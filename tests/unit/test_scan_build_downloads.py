"""What a build runs and downloads, as real repos state it (issue 11's vocabulary): the build
tool a guide's build steps run, the libraries a CANN configure has cann-cmake download, and
the options a build script passes in CMake's spaced ``-D X=ON`` form. Each case keeps only the
lines it needs, with the public repository, commit, path and lines."""

from __future__ import annotations

import msgspec

from bringup.model import Requirement, Source
from bringup.scan.builton import built_on
from bringup.scan.cmake import extract_cmake
from bringup.scan.commands import parse_commands
from bringup.scan.docs import extract_docs
from bringup.scan.fetches import listed_downloads
from bringup.scan.netgeneric import fold_generic_network
from bringup.scan.setup_py import extract_setup_py
from bringup.scan.shell import extract_shell
from cpuclock import cpu_seconds
from scan_needs import needs, source_file

# hicann/ge @ ffdcbc9f7496c17a98c1d12762c61ed608ef3503 cmake/find_3rd_party_packages.cmake:11-19
GE_THIRD_PARTY = """if (BUILD_OPEN_PROJECT OR ENABLE_OPEN_SRC)
    add_cann_third_party(json)
    add_cann_third_party(zlib)
    add_cann_third_party(openssl)
    add_cann_third_party(boost)
    add_cann_third_party(symengine)
    add_cann_third_party(protobuf)
    add_cann_third_party(grpc)
endif ()
"""

# hicann/ge @ ffdcbc9f build.sh:435-443 (the function's call elsewhere in the script left out)
GE_BUILD = """build_single_pkg() {
  local component="$1"
  cd "${component_build_path}"
  execute_command "cmake -D BUILD_OPEN_PROJECT=True \\
        -D ENABLE_OPEN_SRC=True \\
        -D ENABLE_ASAN=${ENABLE_ASAN} \\
        -D BUILD_METADEF=${BUILD_METADEF} \\
        .."
}
build_single_pkg ge
"""

# microsoft/mscclpp @ 1f5f065d7b13ab02df32c22568f38785d1eeec01 docs/quickstart.md:61, 72-92
MSCCLPP_QUICKSTART = """## Install from Source

For NVIDIA platforms, build MSCCL++ as follows.

```bash
# For NVIDIA platforms
$ cmake -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr ..
$ make -j$(nproc)
```

After build succeeds, install the headers and binaries.

```bash
$ sudo make install
```
"""

# facebookresearch/faiss @ 02dbb4e42f49aa2ce57cd78977b0e47a11f7cb91 INSTALL.md:171-175
FAISS_INSTALL = """## Step 2: Invoking Make

``` shell
$ make -C build -j faiss
```
"""

# NVIDIA/torch-harmonics @ 9e9fa5373bc66add241638ef7a481da2e5c80d32 docs/install.md:127-133
HARMONICS_DOCS = """## Building the documentation

```bash
pip install -e ".[docs]"
cd docs
make html
```
"""


def test_make_a_guide_s_build_runs_is_one_system_package_per_guide() -> None:
    found = extract_docs(source_file("docs/quickstart.md", MSCCLPP_QUICKSTART)).requirements
    (make,) = [r for r in found if r.subject == "system_package"]
    assert (make.spec, make.source.line) == ("make", 8)
    assert [s.line for s in make.also_at] == [14]
    found = extract_docs(source_file("INSTALL.md", FAISS_INSTALL)).requirements
    assert [(r.spec, r.source.line) for r in found if r.subject == "system_package"] == [
        ("make", 4)
    ]


def test_building_the_documentation_with_make_is_no_need_of_the_build() -> None:
    found = extract_docs(source_file("docs/install.md", HARMONICS_DOCS)).requirements
    assert [r for r in found if r.subject == "system_package"] == []


def test_each_library_cann_cmake_downloads_is_a_network_need() -> None:
    found = needs(extract_cmake(source_file("cmake/x.cmake", GE_THIRD_PARTY)).requirements)
    network = [(spec, line) for subject, spec, line, _ in found if subject == "network"]
    assert network[0] == ("gitcode.com/cann-src-third-party/json", 2)
    assert [line for _, line in network] == list(range(2, 9))


def _download(spec: str, ref: str, line: int, text: str = "") -> Requirement:
    source = Source(kind="file", ref=ref, line=line)
    return Requirement(subject="network", spec=spec, component="ge", source=source, text=text)


# hicann/ops-nn @ e5c3fa93 CMakeLists.txt:127-130: a library named with a hyphen, and (constructed)
# a variable, whose value is not known here.
OPS_NN_THIRD_PARTY = """include(cmake/third_party/ops-tensor.cmake)
add_cann_third_party(json)
add_cann_third_party(abseil-cpp)
add_cann_third_party(protobuf)
add_cann_third_party(${LIB})
"""


def test_a_library_named_with_a_hyphen_is_downloaded_too() -> None:
    found = needs(extract_cmake(source_file("CMakeLists.txt", OPS_NN_THIRD_PARTY)).requirements)
    assert [(spec, line) for subject, spec, line, _ in found if subject == "network"] == [
        ("gitcode.com/cann-src-third-party/json", 2),
        ("gitcode.com/cann-src-third-party/abseil-cpp", 3),
        ("gitcode.com/cann-src-third-party/protobuf", 4),
    ]


def test_the_libraries_are_cited_beside_the_fetch_of_cann_cmake() -> None:
    libraries = extract_cmake(source_file("cmake/x.cmake", GE_THIRD_PARTY)).requirements
    libraries = tuple(r for r in libraries if r.subject == "network")
    # hicann/ge cmake/fetch_cann_cmake.cmake:32
    cann_cmake = _download("https://gitcode.com/cann/cmake.git", "cmake/fetch_cann_cmake.cmake", 32)
    # the option the build script turns on (``GE_BUILD``) is the repo's build
    mine = [msgspec.structs.replace(r, component="ge", feature="") for r in libraries]
    # a download the scope states before (constructed) keeps its own places
    other = _download("https://github.com/google/googletest.git", "cmake/gtest.cmake", 3)
    first, folded = fold_generic_network([other, cann_cmake, *mine])
    assert (first.spec, first.also_at) == (other.spec, ())
    assert folded.spec == "https://gitcode.com/cann/cmake.git"
    assert [s.line for s in folded.also_at] == list(range(2, 9))
    # without cann-cmake's fetch in the scope, each library is its own need
    assert fold_generic_network(mine) == mine


def test_an_option_passed_in_cmake_s_spaced_form_is_on() -> None:
    assert built_on({"build.sh": GE_BUILD}) == {"BUILD_OPEN_PROJECT", "ENABLE_OPEN_SRC"}


# facebookresearch/xformers @ ca6d2aa0d43241fc8a8dcd872debc2406160160d setup.py:63-71
XFORMERS_SETUP = """import subprocess
def get_local_version_suffix() -> str:
    if not (Path(__file__).parent / ".git").is_dir():
        # Most likely installing from a source distribution
        return ""
    date_suffix = datetime.datetime.now().strftime("%Y%m%d")
    git_hash = subprocess.check_output(
        ["git", "rev-parse", "--short", "HEAD"], cwd=Path(__file__).parent
    ).decode("ascii")[:-1]
    return f"+{git_hash}.d{date_suffix}"
"""

# mindspore-ai/hyper-parallel @ fdd0a808423ac220f66a5009fdd827429b6fb82f setup.py:90-97
HYPER_PARALLEL_SETUP = """import os
def write_commit_id():
    ret_code = os.system("git rev-parse --abbrev-ref HEAD > ./hyper_parallel/.commit_id "
                         "&& git log --abbrev-commit -1 >> ./hyper_parallel/.commit_id")
    if ret_code != 0:
        sys.stdout.write(
            "Warning: Can not get commit id information. Please make sure git is available.")
        os.system(
            "echo 'git is not available while building.' > ./hyper_parallel/.commit_id")
"""

# Ascend/msprof-analyze @ 8399c1cdd2ae369c0e7f618694973dd85238cad1 setup.py:43-55
MSPROF_SETUP = """import shutil, subprocess
def _git_output(*args):
    try:
        git_path = shutil.which('git')
        if git_path is None:
            return ''
        cmd_result = subprocess.check_output(  # nosec B603
            [git_path, *args],
            cwd=os.path.dirname(os.path.abspath(__file__)),
            stderr=subprocess.DEVNULL,
        )
        return cmd_result.decode('utf-8').strip()
    except (OSError, subprocess.CalledProcessError):
        return ''
"""

# Ascend/DrivingSDK @ e667017eb751b614c128c9c81812634cae362ee4 setup.py:185-191
DRIVING_SETUP = """import subprocess
def get_sha(pytorch_root: Union[str, Path]) -> str:
    try:
        return (
            subprocess.check_output(["git", "rev-parse", "HEAD"], cwd=pytorch_root).decode("ascii").strip()  # Compliant
        )
    except Exception:
        return "Unknown"
"""  # noqa: E501


def _setup_git(text: str) -> list[tuple[str, str, int | None, bool]]:
    found = needs(extract_setup_py(source_file("setup.py", text)).requirements)
    return [need for need in found if need[:2] == ("system_package", "git")]


def test_git_a_setup_py_asks_the_checkout_its_commit_with_is_no_need() -> None:
    # the settled truth convention (scan29): git only where the build fetches code with it; a
    # ``git rev-parse``/``git log`` for a version string is no requirement, whether the run
    # raises outside any try (xformers), looks git up first (msprof-analyze) or asks the
    # user for it and goes on (hyper-parallel), or falls back quietly (DrivingSDK)
    for text in (XFORMERS_SETUP, HYPER_PARALLEL_SETUP, MSPROF_SETUP, DRIVING_SETUP):
        assert _setup_git(text) == []


# hicann/ge @ ffdcbc9f7496c17a98c1d12762c61ed608ef3503 scripts/download_third_party_source.sh:
# 12-15, 29-30, 49-56 (the list's other URLs left out)
GE_DOWNLOADS = """# Format: "URL Dir"
DOWNLOAD_LIST=(
    "https://gitcode.com/cann-src-third-party/protobuf/releases/download/v25.1/protobuf-25.1.tar.gz"
    "https://gitcode.com/cann-src-third-party/boost/releases/download/v1.87.0/boost_1_87_0.tar.gz"
    # Example:
    # "https://example.com/xxx.tar.gz"
)
# 遍历下载列表进行下载
for ITEM in "${DOWNLOAD_LIST[@]}"; do
    URL=$(echo "${ITEM}" | awk '{print $1}')
    DIR_NAME=$(echo "${ITEM}" | awk '{print $2}')
    FILE_NAME=$(basename "${URL}")

    echo -e "Download from ${URL} to ${WORK_DIR}/${FILE_NAME}"
    wget -q -O "${WORK_DIR}/${FILE_NAME}" "${URL}" --show-progress
done
"""


def test_the_urls_a_download_script_lists_and_fetches_in_a_loop_are_downloads() -> None:
    found = needs(
        extract_shell(
            source_file("scripts/download_third_party_source.sh", GE_DOWNLOADS)
        ).requirements
    )
    assert [
        (spec.rsplit("/", 1)[-1], line) for subject, spec, line, _ in found if subject == "network"
    ] == [("protobuf-25.1.tar.gz", 3), ("boost_1_87_0.tar.gz", 4)]
    # a list no loop fetches is no download
    unused = GE_DOWNLOADS.replace('"${DOWNLOAD_LIST[@]}"', '"${OTHER[@]}"')
    script = extract_shell(source_file("scripts/download_third_party_source.sh", unused))
    assert [r for r in script.requirements if r.subject == "network"] == []


# hicann/ops-tensor @ d636af5c116fef892ece61b140f46577ab6e54dd
# cmake/third_party/makeself-fetch.cmake:12-41, then the block's ``endif()`` (42-52 left out)
OPS_TENSOR_MAKESELF = """set(MAKESELF_NAME "makeself")
set(MAKESELF_PATH ${CANN_3RD_LIB_PATH}/makeself)
set(MAKESELF_VERSION_PKG makeself-release-2.5.0-patch1.tar.gz)

if(POLICY CMP0135)
    cmake_policy(SET CMP0135 NEW)
endif()

# 默认配置的makeself还是不存在则下载
if (NOT EXISTS "${MAKESELF_PATH}/makeself-header.sh" OR NOT EXISTS "${MAKESELF_PATH}/makeself.sh")
    # 优先查找本地压缩包
    if(EXISTS "${CANN_3RD_LIB_PATH}/pkg/${MAKESELF_VERSION_PKG}")
        set(REQ_URL "file://${CANN_3RD_LIB_PATH}/pkg/${MAKESELF_VERSION_PKG}")
        message(STATUS "[ThirdPartyLib][makeself] found in ${REQ_URL}.")
    elseif(EXISTS "${CANN_3RD_LIB_PATH}/${MAKESELF_VERSION_PKG}")
        set(REQ_URL "file://${CANN_3RD_LIB_PATH}/${MAKESELF_VERSION_PKG}")
        message(STATUS "[ThirdPartyLib][makeself] found in ${REQ_URL}.")
    else()
        set(REQ_URL "https://gitcode.com/cann-src-third-party/makeself/releases/download/release-2.5.0-patch1.0/${MAKESELF_VERSION_PKG}")
        message(STATUS "[ThirdPartyLib][makeself] ${REQ_URL} not found, need download.")
    endif()

    include(FetchContent)
    FetchContent_Declare(
        ${MAKESELF_NAME}
        URL ${REQ_URL}
        URL_HASH SHA256=bfa730a5763cdb267904a130e02b2e48e464986909c0733ff1c96495f620369a
        DOWNLOAD_DIR ${CANN_3RD_LIB_PATH}/pkg
        SOURCE_DIR "${MAKESELF_PATH}"  # 直接解压到此目录
    )
endif()
"""


def test_a_url_set_per_branch_is_the_download_where_one_branch_downloads() -> None:
    found = extract_cmake(
        source_file("cmake/third_party/makeself-fetch.cmake", OPS_TENSOR_MAKESELF)
    )
    (network,) = [r for r in found.requirements if r.subject == "network"]
    assert network.spec.startswith("https://gitcode.com/cann-src-third-party/makeself/")
    assert (network.source.line, [s.line for s in network.also_at][:1]) == (19, [26])


def test_a_long_download_list_is_read_in_time() -> None:
    # hostile input: 3,000 URLs (130 KB) in one looped array; whether the file loops over the
    # array is decided once, not once an element
    urls = "".join(f'    "https://example.com/l{n}.tar.gz"\n' for n in range(3000))
    loop = 'for U in "${LIST[@]}"; do\n    wget -q "${U}"\ndone\n'
    text = f"LIST=(\n{urls})\n{loop}"
    started = cpu_seconds()
    found = listed_downloads(source_file("d.sh", text), parse_commands(text, 1))
    assert cpu_seconds() - started < 2
    assert len(found) == 3000


# xiaobingling93-pixel/Ascend-msmonitor @ 50b18674 scripts/build.sh:80-84 (inside the script's
# update_and_checkout_submodule function, which the build runs)
MSMONITOR_SUBMODULE_ADD = (
    '    if [ "${BUILD_TENSORBOARD}" -ne 0 ]; then\n'
    '        if [ ! -d "./third_party/tensorboard_logger" ]; then\n'
    "            git submodule add https://github.com/RustingSword/tensorboard_logger.git"
    " ./third_party/tensorboard_logger\n"
    "        fi\n"
    '        USE_TENSORBOARD="ON"\n'
)


def test_a_submodule_a_build_script_adds_from_a_url_is_a_download() -> None:
    found = extract_shell(source_file("scripts/build.sh", MSMONITOR_SUBMODULE_ADD)).requirements
    url = "https://github.com/RustingSword/tensorboard_logger.git"
    assert [(r.spec, r.source.line) for r in found if r.subject == "network"] == [(url, 3)]
