"""What every member of a collection built alike states is the repo's (``members``), on real
lines.

Sources (public, at the commits the scan_eval29 truth was written for):
- linnlh/ascendc-competition-s3 04c0c97dc5623053fefc585786697a8c19b9504a
  basic/asinh/README.md:1-9, basic/asinh/asinh/CMakeLists.txt:1-6 (basic/div/div/CMakeLists.txt
  is the same text), basic/asinh/asinh/cmake/intf.cmake:1-10
- ghhufue/HCCL-Competition f88d382c Hccl_Broadcast_Final/CMakeLists.txt:11-19
- hansheng1001/AscendCContest 4904517 10ScatterSub/KernelLaunch/MseLossKernelInvocation/
  CMakeLists.txt:1-10 (the same text under 10ScatterSub/FrameworkLaunch/ScatterSub_v1/
  KernelLaunch/, beside ScatterSub_v1/README.md), 10ScatterSub/FrameworkLaunch/ScatterSub/
  CMakeLists.txt:1-2
"""

from __future__ import annotations

from pathlib import Path

from bringup.model import Requirement, file_source
from bringup.scan.members import _alike, families, shared_by_members
from bringup.scan.repo import scan_repo

# ascendc-competition-s3 basic/asinh/asinh/CMakeLists.txt:1-6 (msopgen's template)
_OP_CMAKE = (
    "cmake_minimum_required(VERSION 3.16.0)\n"
    "project(opp)\n"
    "\n"
    "include(cmake/config.cmake)\n"
    "include(cmake/func.cmake)\n"
    "include(cmake/intf.cmake)\n"
)
# basic/asinh/asinh/cmake/intf.cmake:1-10
_OP_INTF = (
    "\n"
    "add_library(intf_pub INTERFACE)\n"
    "target_compile_options(intf_pub INTERFACE\n"
    "    -fPIC\n"
    "    -fvisibility=hidden\n"
    "    -fvisibility-inlines-hidden\n"
    "    $<$<CONFIG:Release>:-O2>\n"
    "    $<$<CONFIG:Debug>:-O0 -g>\n"
    "    $<$<COMPILE_LANGUAGE:CXX>:-std=c++11>\n"
    ")\n"
)
# basic/asinh/README.md:1-9
_OP_README = (
    "# Asinh\n"
    "\n"
    "## 生成工程\n"
    "\n"
    "```bash\n"
    "msopgen gen -i asinh.json -f pytorch -c ai_core-ascend310B -lan cpp -out asinh/\n"
    "```\n"
    "\n"
    "修改 `CMakePresets.json` 下 `ASCEND_CANN_PACKAGE_PATH` 为 `CANN` 的实际安装路径\n"
)
# HCCL-Competition Hccl_Broadcast_Final/CMakeLists.txt:11-19: another project's build
_HCCL_CMAKE = (
    "cmake_minimum_required(VERSION 3.16.0)\n"
    "project(hccl_broadcast)\n"
    "\n"
    'message(STATUS "CMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}")\n'
    'message(STATUS "ASCEND_CANN_PACKAGE_PATH=${ASCEND_CANN_PACKAGE_PATH}")\n'
    "\n"
    "# 编译 Host 侧链接库\n"
    "add_subdirectory(op_host)\n"
    "add_subdirectory(op_kernel_ccu)\n"
)


def _member(root: Path, folder: str, op: str, cmake: str = _OP_CMAKE) -> None:
    (root / folder / op / "cmake").mkdir(parents=True)
    (root / folder / "README.md").write_text(_OP_README, encoding="utf-8")
    (root / folder / op / "CMakeLists.txt").write_text(cmake, encoding="utf-8")
    (root / folder / op / "cmake" / "intf.cmake").write_text(_OP_INTF, encoding="utf-8")


def _own(root: Path) -> dict[str, list[str]]:
    component = scan_repo(root, "ascendc-competition-s3").component
    return {
        r.subject: sorted(s.ref or "" for s in (r.source, *r.also_at))
        for r in component.requirements
    }


def test_what_every_operator_built_from_one_template_states_is_the_repo_s(tmp_path: Path) -> None:
    # the layout of ascendc-competition-s3: no build at the top, one project per operator
    (tmp_path / "README.md").write_text("# ascendc-competition-s3\n", encoding="utf-8")
    _member(tmp_path, "basic/asinh", "asinh")
    _member(tmp_path, "basic/div", "div")
    own = _own(tmp_path)
    assert own["cmake"] == [
        "ascendc-competition-s3/basic/asinh/asinh/CMakeLists.txt",
        "ascendc-competition-s3/basic/div/div/CMakeLists.txt",
    ]
    assert len(own["cxx_standard"]) == 2
    assert "cann" in own


def test_members_built_otherwise_keep_what_they_share(tmp_path: Path) -> None:
    # constructed pairing of the two real builds: both need CMake 3.16.0, but they are two
    # projects, not one template (two lines of nine alike); and a member alone is no family
    (tmp_path / "README.md").write_text("# ascendc-competition-s3\n", encoding="utf-8")
    _member(tmp_path, "basic/asinh", "asinh")
    _member(tmp_path, "basic/broadcast", "broadcast", _HCCL_CMAKE)
    assert "cmake" not in _own(tmp_path)


def test_a_build_at_the_top_makes_the_members_parts(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("# ascendc-competition-s3\n", encoding="utf-8")
    _member(tmp_path, "basic/asinh", "asinh")
    _member(tmp_path, "basic/div", "div")
    (tmp_path / "build.sh").write_text("#!/bin/bash\n", encoding="utf-8")
    assert "cmake" not in _own(tmp_path)


def test_a_family_is_built_alike_in_one_folder() -> None:
    op = {line.strip() for line in (_OP_CMAKE + _OP_INTF).splitlines() if line.strip()}
    hccl = {line.strip() for line in _HCCL_CMAKE.splitlines() if line.strip()}
    assert _alike(op, op)
    assert not _alike(op, hccl)
    texts = {
        "basic/asinh/asinh/CMakeLists.txt": _OP_CMAKE,
        "basic/div/div/CMakeLists.txt": _OP_CMAKE,
        "perf/nll_loss/nll_loss/CMakeLists.txt": _OP_CMAKE,
        "basic/div/tests/DivCase1/src/CMakeLists.txt": _HCCL_CMAKE,
    }
    members = ["basic/asinh", "basic/div", "perf/nll_loss"]
    # perf/nll_loss is built alike but alone in its folder; a member's tests are aside
    assert families(members, texts) == [["basic/asinh", "basic/div"]]


def _stated(member: str, subject: str, spec: str, rel: str) -> Requirement:
    return Requirement(
        subject=subject, spec=spec, component="s3", source=file_source(f"{member}/{rel}", 1)
    )


def test_a_package_every_member_imports_stays_each_member_s() -> None:
    # ascendc-competition-s3 basic/asinh/tests/AsinhCase1/scripts/gen_data.py:1 imports
    # numpy, as every operator's test scripts do (the truth's ``tests`` scope); constructed
    # here as a requirement of each member's scope beside its CMake floor
    stated = _stated
    others = {
        member: [
            stated(member, "cmake", ">=3.16.0", f"{op}/CMakeLists.txt"),
            stated(member, "numpy", "", "scripts/gen_data.py"),
        ]
        for member, op in (("basic/asinh", "asinh"), ("basic/div", "div"))
    }
    texts = {
        "basic/asinh/asinh/CMakeLists.txt": _OP_CMAKE,
        "basic/div/div/CMakeLists.txt": _OP_CMAKE,
    }
    shared = shared_by_members(others, texts)
    assert [(r.subject, r.source.ref) for r in shared] == [
        ("cmake", "basic/asinh/asinh/CMakeLists.txt"),
        ("cmake", "basic/div/div/CMakeLists.txt"),
    ]


def test_a_family_among_other_kinds_of_part_is_not_the_repo() -> None:
    # constructed: two operators built from msopgen's template beside two parts built
    # otherwise (HCCL's CMakeLists.txt): the repo is not one set of siblings
    rels = {"basic/asinh": "asinh", "basic/div": "div", "basic/hccl": "x", "basic/comm": "y"}
    others = {
        m: [_stated(m, "cmake", ">=3.16.0", f"{op}/CMakeLists.txt")] for m, op in rels.items()
    }
    texts = {
        "basic/asinh/asinh/CMakeLists.txt": _OP_CMAKE,
        "basic/div/div/CMakeLists.txt": _OP_CMAKE,
        "basic/hccl/x/CMakeLists.txt": _HCCL_CMAKE,
        "basic/comm/y/CMakeLists.txt": _HCCL_CMAKE + "add_subdirectory(op_kernel_aicpu)\n",
    }
    assert shared_by_members(others, texts) == []
    del others["basic/comm"]
    assert len(shared_by_members(others, texts)) == 2


# AscendCContest 10ScatterSub/KernelLaunch/MseLossKernelInvocation/CMakeLists.txt:1-10
_KERNEL_CMAKE = (
    "cmake_minimum_required(VERSION 3.16)\n"
    "set(CMAKE_SYSTEM_NAME Linux)\n"
    "set(CMAKE_CXX_STANDARD 17)\n"
    "\n"
    "set(CCE_CMAKE_PATH ${CMAKE_CURRENT_SOURCE_DIR}/cmake/Modules)\n"
    "list(APPEND CMAKE_MODULE_PATH ${CCE_CMAKE_PATH})\n"
    "project(kernel_samples LANGUAGES CCE CXX)\n"
    "\n"
    "add_subdirectory(cmake/cpu)\n"
    "add_subdirectory(cmake/npu)\n"
)


def test_a_copy_kept_inside_a_part_does_not_make_two_kinds_of_part_alike() -> None:
    # 10ScatterSub's FrameworkLaunch keeps ScatterSub_v1/, a copy of the whole operator folder
    # with its own README: every line of the KernelLaunch beside it is in that copy, and the
    # framework part and the kernel part were read as one family (outsider20 D4)
    kernel = "KernelLaunch/MseLossKernelInvocation/CMakeLists.txt"
    texts = {
        kernel: _KERNEL_CMAKE,
        # 10ScatterSub/FrameworkLaunch/ScatterSub/CMakeLists.txt:1-2
        "FrameworkLaunch/ScatterSub/CMakeLists.txt": "cmake_minimum_required(VERSION 3.16.0)\n"
        "project(opp)\n",
        "FrameworkLaunch/ScatterSub_v1/README.md": "## Addcdiv自定义算子样例说明\n",
        f"FrameworkLaunch/ScatterSub_v1/{kernel}": _KERNEL_CMAKE,
    }
    assert families(["FrameworkLaunch", "KernelLaunch"], texts) == []
    # the same files with no README beside the copy: it is the part's own build
    del texts["FrameworkLaunch/ScatterSub_v1/README.md"]
    assert families(["FrameworkLaunch", "KernelLaunch"], texts) == [
        ["FrameworkLaunch", "KernelLaunch"]
    ]
