"""Downloads a build or install script makes from an address it holds in a variable, or runs
through a function of its own (``netvars``, ``fetches``): real scripts' lines, each with its
public repository, commit, path and lines."""

from __future__ import annotations

import msgspec

from bringup.scan.commands import commands_of, joined_lines
from bringup.scan.fetches import one_need
from bringup.scan.netvars import variable_downloads
from bringup.scan.runners import runner_functions
from bringup.scan.shell import extract_shell
from scan_needs import source_file

# hicann/pyasc @ cecba26ace65efbe00a042e7a2e9b9b9e29896f4 torch_npu_install.sh:64-83
PYASC_TORCH_NPU = """# 3. 生成下载链接
echo -e "\\n[3/5] 生成安装包链接..."
TORCH_WHL="torch-${TORCH_VERSION}+cpu-${PY_TAG}-${PY_TAG}-${ARCH_TAG}.whl"
TORCH_URL="https://download.pytorch.org/whl/cpu/torch-${TORCH_VERSION}%2Bcpu-${PY_TAG}-${PY_TAG}-${ARCH_TAG}.whl"
NPU_WHL="torch_npu-${TORCH_VERSION}.post2-${PY_TAG}-${PY_TAG}-${ARCH_TAG}.whl"
NPU_URL="https://gitcode.com/Ascend/pytorch/releases/download/${NPU_TAG}/${NPU_WHL}"

echo "PyTorch: $TORCH_WHL"
echo "torch_npu: $NPU_WHL"

# 4. 安装 PyTorch
echo -e "\\n[4/5] 安装 PyTorch..."
[ ! -f "$TORCH_WHL" ] && wget -q --show-progress "$TORCH_URL"
pip3 install "$TORCH_WHL" -U

# 5. 安装 torch_npu
echo -e "\\n[5/5] 安装 torch_npu..."
[ ! -f "$NPU_WHL" ] && wget -q --show-progress "$NPU_URL"
pip3 install "$NPU_WHL" -U
"""

# Ascend/MultimodalSDK @ 916d29e1e43b505c7e398112decee45838293610 build_script/fetch_deps.sh:74-121
MULTIMODAL_FETCH = """download_file() {
    local url=$1
    local output=$2

    if command -v wget >/dev/null 2>&1; then
        wget -c -O "${output}" "${url}"
    else
        curl -fsSL -o "${output}" "${url}"
    fi
}

clone_repo() {
    local repo=$1
    local dest=$2
    local branch=$3

    echo "[INFO] Cloning ${repo} (${branch}) into ${dest}..."
    rm -rf "${dest}"
    git clone --depth 1 -b "${branch}" "${repo}" "${dest}"
}

fetch_opensource() {
    local tarball="${ROOT_DIR}/AccSDK/opensource.tar.gz"
    local url="${OPENSOURCE_URL:-https://mindcluster.obs.cn-north-4.myhuaweicloud.com/opensource.tar.gz}"

    if [ -f "${tarball}" ]; then
        echo "[INFO] opensource.tar.gz already present at ${tarball}"
        return 0
    fi

    echo "[INFO] Downloading opensource.tar.gz..."
    download_file "${url}" "${tarball}"
    echo "[INFO] opensource.tar.gz downloaded to ${tarball}"
}

fetch_makeself() {
    local makeself_dir="${ROOT_DIR}/makeself"
    local repo="${MAKESELF_REPO:-https://gitcode.com/gh_mirrors/ma/makeself.git}"
    local branch="${MAKESELF_VERSION:-release-2.5.0}"

    if [ -f "${makeself_dir}/makeself.sh" ]; then
        echo "[INFO] makeself already present at ${makeself_dir}"
        return 0
    fi

    clone_repo "${repo}" "${makeself_dir}" "${branch}"
    echo "[INFO] makeself installed to ${makeself_dir}"
}
"""

# hicann/ops-blas @ 35101c89511ec94cc2d9a359b611f1995d873b8d install_deps.sh:14-18 (the rest of
# run_command left out), 476-478, 488-491
OPS_BLAS_GTEST = """run_command() {
    local cmd="$*"
    echo "Executing command: $cmd"

    if ! output=$("$@" 2>&1); then
         exit 1
    fi
}

install_googletest() {
    echo -e "\\n==== Checking googletest ===="
    local req_ver="1.11.0"

    case "$OS" in
        debian|rhel|euler)
"""
OPS_BLAS_GTEST += (
    '            run_command wget -q "https://github.com/google/googletest/archive/refs/tags/'
    'release-${req_ver}.tar.gz" -O "${gtest_tmp_dir}/googletest.tar.gz"\n'
)

# hicann/ops-nn @ e5c3fa9327ea95ba26d06227e746923580d10921 install_deps.sh:290-296 (run_command
# as ops-blas defines it above)
OPS_NN_KITWARE = (
    '    case "$OS" in\n'
    "        debian)\n"
    '            if grep -q "Ubuntu 18.04" /etc/os-release; then\n'
    "                run_command wget -O - https://apt.kitware.com/keys/kitware-archive-latest.asc"
    " 2>/dev/null | gpg --dearmor - | sudo tee /usr/share/keyrings/kitware-archive-keyring.gpg"
    " >/dev/null\n"
    "                run_command echo 'deb"
    " [signed-by=/usr/share/keyrings/kitware-archive-keyring.gpg]"
    " https://apt.kitware.com/ubuntu/ bionic main' | sudo tee /etc/apt/sources.list.d/kitware.list"
    " >/dev/null\n"
    "                run_command sudo apt update\n"
    "                run_command sudo apt install -y cmake make\n"
)


def _downloads(rel: str, text: str) -> list[tuple[str, int | None, list[int | None]]]:
    found = extract_shell(source_file(rel, text)).requirements
    return [
        (r.spec, r.source.line, [s.line for s in r.also_at])
        for r in found
        if r.subject == "network"
    ]


def test_an_address_a_variable_holds_is_downloaded_where_the_script_fetches_it() -> None:
    torch = "https://download.pytorch.org/whl/cpu/torch-${TORCH_VERSION}%2Bcpu-"
    torch += "${PY_TAG}-${PY_TAG}-${ARCH_TAG}.whl"
    npu = "https://gitcode.com/Ascend/pytorch/releases/download/${NPU_TAG}/${NPU_WHL}"
    assert _downloads("torch_npu_install.sh", PYASC_TORCH_NPU) == [
        (torch, 4, [13]),
        (npu, 6, [18]),
    ]


def test_a_variable_set_after_the_download_or_never_names_nothing() -> None:
    # constructed from the lines above: the address set only after the wget
    moved = PYASC_TORCH_NPU.replace('TORCH_URL="https', 'OLD_URL="https')
    moved += 'TORCH_URL="https://example.org/late.whl"\n'
    assert [spec for spec, _, _ in _downloads("torch_npu_install.sh", moved)] == [
        "https://gitcode.com/Ascend/pytorch/releases/download/${NPU_TAG}/${NPU_WHL}"
    ]


def test_a_function_s_argument_is_what_its_calls_pass() -> None:
    joined = joined_lines(MULTIMODAL_FETCH)
    commands = commands_of(joined)
    found = variable_downloads(
        source_file("build_script/fetch_deps.sh", MULTIMODAL_FETCH),
        joined,
        commands,
        runner_functions(joined),
    )
    assert [(r.spec, r.source.line, [s.line for s in r.also_at]) for r in found] == [
        ("https://mindcluster.obs.cn-north-4.myhuaweicloud.com/opensource.tar.gz", 24, [6]),
        ("https://gitcode.com/gh_mirrors/ma/makeself.git", 38, [19]),
    ]


def test_a_download_run_through_the_script_s_own_runner_is_a_download() -> None:
    url = "https://github.com/google/googletest/archive/refs/tags/release-${req_ver}.tar.gz"
    assert _downloads("install_deps.sh", OPS_BLAS_GTEST) == [(url, 16, [])]


def test_a_package_source_s_signing_key_is_no_download_of_the_build() -> None:
    text = OPS_BLAS_GTEST.split("install_googletest", maxsplit=1)[0] + OPS_NN_KITWARE
    assert _downloads("install_deps.sh", text) == []


def test_a_download_folded_into_the_first_keeps_every_place_it_was_cited_at() -> None:
    # the two downloads of pyasc torch_npu_install.sh above, each cited where its address is
    # written and where it is fetched: folded into one need, no line is lost (:18 was)
    found = extract_shell(source_file("torch_npu_install.sh", PYASC_TORCH_NPU)).requirements
    (need,) = one_need([r for r in found if r.subject == "network"])
    assert [need.source.line, *(s.line for s in need.also_at)] == [4, 13, 6, 18]


# omni-ai-npu/omni-infer @ c8bc2bbbaa1084139a8e70405c4873632c0dab79
# omni/accelerators/sched/global_proxy/build.sh:1-17, a script build/build.sh:72-73 runs
# (``cd $BUILD_ROOT/omni/accelerators/sched/global_proxy`` then ``bash build.sh``)
OMNI_GLOBAL_PROXY = """#!/bin/bash

set -e

WORKDIR="$(cd "$(dirname "$0")" && pwd)"
echo "$WORKDIR"

NGINX_VERSION="${NGINX_VERSION:-1.24.0}"
echo "NGINX_VERSION is $NGINX_VERSION"

NGINX_SBIN_PATH="${NGINX_SBIN_PATH:-/usr/local/nginx}"
echo "NGINX_SBIN_PATH is $NGINX_SBIN_PATH"

if [ ! -d nginx-${NGINX_VERSION} ]; then
\twget --no-check-certificate https://nginx.org/download/nginx-${NGINX_VERSION}.tar.gz
\ttar -zxf nginx-${NGINX_VERSION}.tar.gz
fi
"""


def test_a_download_of_a_script_the_build_runs_is_the_build_s() -> None:
    rel = "omni/accelerators/sched/global_proxy/build.sh"
    run = msgspec.structs.replace(source_file(rel, OMNI_GLOBAL_PROXY), run_by_build=True)
    found = [(r.spec, r.source.line) for r in extract_shell(run).requirements]
    assert ("https://nginx.org/download/nginx-${NGINX_VERSION}.tar.gz", 15) in found
    # a part's script nothing of the build runs downloads for that part alone
    alone = extract_shell(source_file(rel, OMNI_GLOBAL_PROXY)).requirements
    assert [r for r in alone if r.subject == "network"] == []
