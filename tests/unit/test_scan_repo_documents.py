"""Which documents are the repo's, and what tables, lists and checks in them state (issue 11,
session of 2026-12-02): each test quotes the lines of a public repo (repo@commit path:line)."""

from __future__ import annotations

import msgspec

from bringup.scan.anyof import cite_beside, unite
from bringup.scan.archchecks import arch_branches
from bringup.scan.cmake import extract_cmake
from bringup.scan.compilers import compilers
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.guides import guide_links
from bringup.scan.prose import read_line
from bringup.scan.registry import DECLARED
from bringup.scan.scopes import REPO, Scopes
from bringup.scan.trove import os_classifiers


def _file(rel: str, text: str) -> SourceFile:
    return SourceFile(ref=rel, rel=rel, text=text)


def _docs(rel: str, text: str) -> list[tuple[str, str, int | None, bool, str]]:
    found = extract_docs(_file(rel, text)).requirements
    return [(r.subject, r.spec, r.source.line, r.hard, r.feature) for r in found]


def _read(line: str) -> list[tuple[str, str, bool]]:
    return [(m.subject, m.spec, m.hard) for m in read_line(line, required=True)]


# --- which documents are the repo's ----------------------------------------------------------


def test_user_guides_and_introduction_directories_hold_the_repos_guides() -> None:
    rels = [
        # hicann/torchtitan-npu@e0aecaf0
        "docs/user-guides/installation.md",
        "docs/community/versioning_policy.md",
        # Ascend/AscendNPU-IR@52f96a13
        "docs/source/en/introduction/quick_start/version-compatibility.md",
    ]
    scopes = Scopes(rels, {})
    assert [scopes.of(rel) for rel in rels] == [REPO, REPO, REPO]
    # a page about one feature in such a directory stays that page's
    assert scopes.of("docs/community/contributing.md") != REPO


def test_a_readme_link_to_its_own_file_on_the_forge_is_followed() -> None:
    # hicann/torchtitan-npu@e0aecaf0 README.md:55-57
    text = (
        "## 安装\n\n"
        "详情参见 [安装教程](https://gitcode.com/cann/torchtitan-npu/blob/master/docs/"
        "user-guides/installation.md) 。\n"
    )
    assert guide_links("README.md", text, "torchtitan-npu") == ["docs/user-guides/installation.md"]
    # another repository's page is not this repo's guide
    assert guide_links("README.md", text, "torchtitan") == []


def test_a_dependency_tables_rows_are_needs_even_without_versions() -> None:
    # hicann/torchtitan-npu@e0aecaf0 docs/user-guides/installation.md:18-42 (links cut)
    text = (
        "### 1.安装依赖的软件\n\n"
        "<table>\n  <thead>\n    <tr>\n      <th>依赖软件</th>\n      <th>软件安装指南</th>\n"
        "    </tr>\n  </thead>\n  <tbody>\n"
        '    <tr>\n      <td>昇腾NPU驱动</td>\n      <td rowspan="2">《驱动固件安装指南》</td>\n'
        "    </tr>\n    <tr>\n      <td>昇腾NPU固件</td>\n    </tr>\n"
        "    <tr>\n      <td>NNAL（Ascend Transformer Boost加速库）</td>\n    </tr>\n"
        "  </tbody>\n</table>\n"
    )
    found = {(s, spec) for s, spec, *_ in _docs("docs/user-guides/installation.md", text)}
    assert {("ascend_driver", ""), ("ascend_firmware", ""), ("nnal", "")} <= found


def test_nnal_in_lower_case_as_a_package_is_the_toolkit_part() -> None:
    # hicann/ascend-transformer-boost@ddcc8b62 README.md:137
    line = (
        "在编译前，需要安装nnal软件包。"
        "若 nnal 安装在默认位置，无需设置`ATB_BUILD_DEPENDENCY_PATH`。"
    )
    assert ("nnal", "") in [(s, spec) for s, spec, _ in _read(line)]


def test_a_requirements_file_is_no_flavour_of_a_package() -> None:
    # hiyouga/LLaMA-Factory@ff6d4d12 README.md:607 ("pip install -r requirements/npu.txt")
    # beside other "pip install -r requirements-…" lines: files, not distributions
    text = (
        "Please use Python 3.12 and install the extra dependencies with "
        "`pip install -r requirements/npu.txt`. Additionally, you need to install the "
        "**Ascend CANN Toolkit and Kernels**.\n\n"
        "```bash\npip install -r requirements-metrics.txt\n```\n"
    )
    assert [f for s, *_, f in _docs("README.md", text) if s == "cann"] == [""]


def test_the_chips_kernels_are_registered_for_are_one_soft_list() -> None:
    # hicann/ascend-transformer-boost@ddcc8b62 src/kernels/kernels/activation/CMakeLists.txt:22-32
    text = (
        "add_kernel(swiglu_forward ascend910b vector\n"
        "    swiglu_forward/kernel/swiglu_forward.cpp\n"
        "    SwiGluForwardKernel)\n\n"
        "add_kernel(swiglu_forward ascend310p vector\n"
        "    swiglu_forward/kernel/swiglu_forward.cpp\n"
        "    SwiGluForwardKernel)\n"
    )
    chips = [
        r
        for r in extract_cmake(_file("a/CMakeLists.txt", text)).requirements
        if r.subject == "chip"
    ]
    assert [(r.spec, r.source.line, r.hard) for r in chips] == [("910B,310P", 1, False)]
    assert [(a.value, a.source.line) for a in chips[0].any_of] == [("910B", 1), ("310P", 5)]


def test_two_files_kernel_lists_unite() -> None:
    # the same repo's src/kernels/kernels/norm/CMakeLists.txt:171 builds rms_norm for 310B:
    # one more alternative, not a second list to meet as well
    activation = "add_kernel(swiglu_forward ascend910b vector x.cpp K)\n"
    norm = "add_kernel(rms_norm\n        ascend310b vector rmsnorm/op_kernel/rms_norm.cpp\n)\n"
    found = [
        r
        for rel, text in (("a/CMakeLists.txt", activation), ("n/CMakeLists.txt", norm))
        for r in extract_cmake(_file(rel, text)).requirements
        if r.subject == "chip"
    ]
    united = unite(found, {"a/CMakeLists.txt": DECLARED, "n/CMakeLists.txt": DECLARED})
    assert [r.spec for r in united] == ["910B,310B"]


def test_a_release_matrix_column_named_after_a_component_is_a_distribution() -> None:
    # Ascend/MindSpeed-MM@57069cd5 README.md:203-206 (two rows kept)
    text = (
        "| MindSpeed MM版本 | MindSpeed版本      | Megatron版本 | PyTorch版本  | TorchNPU版本 "
        "| CANN版本 | Python版本            |\n"
        "| ---------------- | ------------------ | ------------ | ------------ | ------------- "
        "| -------- | --------------------- |\n"
        "| master（在研版本） | master（在研版本）       | Core 0.12.1  | 2.7.1 | 在研版本       "
        "| 在研版本  | Python3.10            |\n"
        "| 26.0.0（商用）   | 26.0.0_core_r0.12.1 | Core 0.12.1  | 2.7.1       | 26.0.0         "
        "| 9.0.0    | Python3.10            |\n"
    )
    found = {(s, line) for s, _, line, *_ in _docs("README.md", text)}
    assert ("pypi:mindspeed", 3) in found
    # the repo's own release column and a "Branch" column name no component
    text = "| X Version | Branch | CANN |\n| --- | --- | --- |\n| master | main | 9.0.0 |\n"
    assert {s for s, *_ in _docs("README.md", text)} == {"cann"}


def test_the_top_level_script_directory_builds_the_repo() -> None:
    # Ascend/memfabric_hybrid@7171ad35: script/README.md beside script/build.sh, which
    # doc/installation.md runs to build the repo
    rels = ["CMakeLists.txt", "README.md", "script/README.md", "script/build.sh"]
    assert Scopes(rels, {"script/build.sh": "cmake ..\n"}).of("script/build.sh") == REPO
    # a nested project elsewhere stays a sub-project
    rels = ["README.md", "plugin/README.md", "plugin/build.sh"]
    assert Scopes(rels, {"plugin/build.sh": "make\n"}).of("plugin/build.sh") == "plugin"


def test_a_build_script_that_sets_its_compiler_needs_it() -> None:
    # hicann/ascend-transformer-boost@ddcc8b62 scripts/build.sh:340-348
    text = (
        "function select_compiler()\n{\n"
        '    if [[ -x "${GCC_PATH}/gcc" && -x "${GCC_PATH}/g++" ]]; then\n'
        '        echo "[INFO] Using compiler:"\n'
        "    else\n"
        '        GCC_PATH="/usr/bin"\n'
        "    fi\n"
        '    export CC="${GCC_PATH}/gcc"\n'
        '    export CXX="${GCC_PATH}/g++"\n'
    )
    found = compilers(_file("scripts/build.sh", text), cmake=False)
    assert [(r.subject, r.spec, r.source.line, r.hard) for r in found] == [("gcc", "", 8, True)]


def test_a_compiler_the_build_finds_or_defaults_to_is_needed() -> None:
    # Ascend/MindIE-LLM@8b4871ad src/kernels/build.sh:50-51: the path `which` finds
    found = compilers(
        _file("build.sh", "export CC=$(which gcc)\nexport CXX=$(which g++)\n"), cmake=False
    )
    assert [(r.subject, r.source.line) for r in found] == [("gcc", 1)]
    # NVIDIA/cuCollections@dc0f9fc2 ci/build.sh:50: the default of the user's $CXX
    line = "HOST_COMPILER=${CXX:-g++} # $CXX if set, otherwise `g++`\n"
    found = compilers(_file("ci/build.sh", line), cmake=False)
    assert [(r.subject, r.source.line) for r in found] == [("gcc", 1)]
    # another variable's value is no compiler the build takes
    assert compilers(_file("ci/build.sh", "GCC_BIN=$(which gcc)\n"), cmake=False) == []


def test_a_cmake_file_that_sets_its_compiler_needs_it_and_a_compiler_branch_does_not() -> None:
    # Ascend/MindSpeed@028de58c mindspeed/ops/csrc/qos/CMakeLists.txt:11
    found = compilers(
        _file("CMakeLists.txt", 'set(CMAKE_CXX_COMPILER "/usr/bin/g++")\n'), cmake=True
    )
    assert [(r.subject, r.source.line) for r in found] == [("gcc", 1)]
    # kvcache-ai/Mooncake@3b5a5941 mooncake-common/common.cmake:28: a flag for Clang only
    text = 'if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")\n  set(CMAKE_CXX_FLAGS "-Werror")\nendif()\n'
    assert compilers(_file("common.cmake", text), cmake=True) == []


def test_a_build_tool_named_after_install_is_needed_without_a_version() -> None:
    # NVIDIA/apex@6424da3b README.md:26
    line = "We recommend installing [`Ninja`](https://ninja-build.org/) to make compilation faster."
    assert _read(line) == [("ninja", "", False)]
    # a tool named without an install word states nothing
    assert _read("This is a CMake-based build that requires a compiler") == []


def test_a_list_of_images_per_architecture_glued_to_chinese_is_a_support_list() -> None:
    # Ascend/AscendNPU-IR@52f96a13 docs/source/zh_cn/introduction/quick_start/
    # installing_guide.md:176-179
    text = (
        "不同架构下的基础镜像信息为：\n\n"
        "- x86_64镜像：基于`ubuntu:22.04`\n"
        "- aarch64镜像：基于`openeuler/openeuler:24.03`\n"
    )
    assert ("arch", "x86_64,aarch64", 3, True, "") in _docs("docs/installing_guide.md", text)


def test_another_devices_driver_is_not_the_accelerators() -> None:
    # kvcache-ai/Mooncake@3b5a5941 docs/source/getting_started/quick-start.md:42 and :9
    assert _read("- The EFA variants require the AWS EFA driver and libfabric at runtime.") == []
    line = "- RDMA driver and SDK (for example, Mellanox OFED), if you plan to use RDMA"
    assert not any(s.endswith("driver") for s, _, _ in _read(line))
    assert _read("requires the NVIDIA driver 535 or later") == [("nvidia_driver", ">=535", True)]


def test_a_news_section_under_an_html_heading_is_skipped() -> None:
    # kvcache-ai/Mooncake@3b5a5941 README.md:35 and :64 (a news item naming H100 GPUs)
    text = (
        '<h2 id="updates">🔄 Updates</h2>\n\n'
        " - **May 5, 2025**: Supported by Mooncake Team, SGLang release guidance to deploy "
        "DeepSeek with PD Disaggregation on 96 H100 GPUs.\n"
    )
    assert _docs("README.md", text) == []


def test_a_security_policy_states_no_requirement() -> None:
    # Ascend/MindIE-SD@30661895 SECURITY.md, Ascend/MindSpeed-MM@57069cd5 SECURITYNOTE.md: which
    # versions carry a known vulnerability, not what the repo needs
    scopes = Scopes(["README.md", "SECURITY.md", "SECURITYNOTE.md"], {})
    assert scopes.of("SECURITY.md") != REPO
    assert scopes.of("SECURITYNOTE.md") != REPO


def test_a_python_version_inside_a_path_is_no_requirement() -> None:
    # hicann/hixl@9ed283b2 docs/en/build.md:296
    line = (
        "    - If not selected, `.whl` is installed in the local python path, for example, "
        "`/usr/local/python3.7.5/lib/python3.7/site-packages`."
    )
    assert _read(line) == []


def test_a_check_that_refuses_other_architectures_lists_the_supported_ones() -> None:
    # Ascend/MindIE-SD@30661895 build/build.sh:55-58 checks the architecture
    text = (
        "ARCH=$(uname -m)\n"
        'if [[ "${ARCH}" != "aarch64" && "${ARCH}" != "x86_64" ]]; then\n'
        '    echo "It is not system of aarch64 or x86_64"\n'
        "    exit 1\n"
        "fi\n"
    )
    found = arch_branches(_file("build/build.sh", text), cmake=False)
    assert [(r.spec, r.source.line, r.hard) for r in found] == [("aarch64,x86_64", 2, True)]
    # where the script asks the machine is cited beside the branch
    assert [s.line for s in found[0].also_at] == [1]


def test_the_oses_a_packages_classifiers_name_are_a_soft_support_list() -> None:
    # Dao-AILab/causal-conv1d@0d2252d1 setup.py:367-372
    text = (
        "    classifiers=[\n"
        '        "Programming Language :: Python :: 3",\n'
        '        "License :: OSI Approved :: BSD License",\n'
        '        "Operating System :: Unix",\n'
        "    ],\n"
    )
    found = os_classifiers(_file("setup.py", text))
    assert [(r.subject, r.spec, r.source.line, r.hard) for r in found] == [
        ("os", "linux", 4, False)
    ]
    assert os_classifiers(_file("setup.py", '"Operating System :: OS Independent",\n')) == []


def test_unquoted_classifiers_are_read_in_linear_time() -> None:
    """20,000 unquoted OS names (no classifier) once took minutes: each ran to the file's end."""
    text = "Operating System :: MacOS " * 20_000 + ';\n"Operating System :: Unix",\n'
    assert [r.spec for r in os_classifiers(_file("setup.cfg", text))] == ["linux"]


def test_a_cmake_build_that_imports_python_modules_needs_them() -> None:
    # sglang-npu/DeepGEMM_Ascend@958e1766 deep_gemm_ascend/framework/CMakeLists.txt:50-52, :77
    text = (
        'execute_process(COMMAND python3 -c "import os; import torch; '
        'print(os.path.dirname(torch.__file__))"\n'
        "  OUTPUT_STRIP_TRAILING_WHITESPACE\n  OUTPUT_VARIABLE TORCH_PATH\n)\n"
        "execute_process(COMMAND python3 -m pybind11 --includes\n"
        "  OUTPUT_STRIP_TRAILING_WHITESPACE\n  OUTPUT_VARIABLE PYBIND11_INC\n)\n"
    )
    found = extract_cmake(_file("framework/CMakeLists.txt", text)).requirements
    assert {(r.subject, r.source.line) for r in found} >= {
        ("python", 1),
        ("torch", 1),
        ("pypi:pybind11", 5),
    }
    assert not any(r.subject == "pypi:os" for r in found)


def test_an_unversioned_mention_is_cited_beside_the_versioned_need() -> None:
    # hicann/hixl@9ed283b2 docs/zh/build.md:61 ("1. 安装固件和驱动：请参考…") and the driver
    # version its table states further down (:306)
    versioned = _file("docs/zh/build.md", "").requirement(
        "ascend_driver", ">=25.5.T2", 306, text="driver"
    )
    mention = _file("docs/zh/build.md", "").requirement("ascend_driver", "", 61, text="安装驱动")
    [cited] = cite_beside([versioned], {"ascend_driver": [mention]})
    assert [s.line for s in cited.also_at] == [61]
    # a soft version is no need to cite it beside
    soft = msgspec.structs.replace(versioned, hard=False)
    assert cite_beside([soft], {"ascend_driver": [mention]}) == [soft]
    # but a host tool a route runs is cited beside the version shown in use where none is hard
    # (Ascend/MindInferenceService@a9419463 docs/zh/installation_guide.md:40 "Python|3.10或3.11"
    # and compile.sh:54 ``python3 compile.py``)
    table = _file("docs/zh/installation_guide.md", "").requirement(
        "python", "==3.10.* || ==3.11.*", 40, text="Python", hard=False
    )
    run = _file("compile.sh", "").requirement("python", "", 54, text="python3 compile.py")
    [cited] = cite_beside([table], {"python": [run]}, shown={"python"})
    assert [(s.ref, s.line) for s in cited.also_at] == [("compile.sh", 54)]


def test_a_file_directly_in_a_collection_is_the_collections() -> None:
    # hicann/hixl@9ed283b2 benchmarks/README.md (how to run the benchmarks) and
    # examples/README.md:63 ("at least one NPU" for the examples)
    rels = ["README.md", "benchmarks/README.md", "examples/README.md", "examples/a/run.sh"]
    scopes = Scopes(rels, {})
    assert [scopes.of(r) for r in rels[1:]] == ["benchmarks", "examples", "examples/a"]
