"""Two OS statements the platform readers leave (``osforms``), on real lines."""

from __future__ import annotations

from bringup.scan.osforms import bare_os_list, base_image_os
from bringup.scan.prose import read_line

# Ascend/msopprof@d6c29dfa docs/zh/install_guide/msopprof_install_guide.md:32 (the same line is
# Ascend/mssanitizer docs/zh/install_guide/mssanitizer_install_guide.md:32 and
# Ascend/msprof-analyze docs/zh/install_guide/msprof-analyze_install_guide.md:80)
MSOPPROF = (
    "- 需要从基础操作系统复现环境、执行源码构建验证或单元测试验证时，必须参考《[MindStudio统一构建"
    "镜像制作指南](https://gitcode.com/Ascend/msot/blob/master/docs/zh/common/docker_image_build_"
    "guide.md)》，从openEuler基础镜像现场构建环境镜像。"
)
# its line before, :31: the published image is offered, no base image named
MSOPPROF_OPTION = (
    "- 日常开发或使用已发布镜像，请参考《[MindStudio工具开发环境安装指导](https://gitcode.com/"
    "Ascend/msot/blob/master/docs/zh/common/dev_env_setup.md)》。"
)


def test_the_base_image_the_build_must_be_made_in_gives_its_os_soft() -> None:
    assert [(s, spec) for s, spec, _, _ in base_image_os(MSOPPROF)] == [("os", "openeuler")]
    found = [(m.subject, m.spec, m.hard) for m in read_line(MSOPPROF) if m.subject == "os"]
    assert found == [("os", "openeuler", False)]
    assert base_image_os(MSOPPROF_OPTION) == []


def test_a_base_image_offered_without_a_must_states_no_os() -> None:
    # constructed: the msopprof line with its "必须参考…" clause taken out
    assert base_image_os("- 可以从openEuler基础镜像现场构建环境镜像。") == []


def test_a_needed_clause_that_only_lists_oses_is_an_any_of() -> None:
    # facebookresearch/pytorch3d@9381c401 INSTALL.md:10, an item under "## Requirements"
    line = "- Linux or macOS or Windows"
    assert [(s, spec) for s, spec, _, _ in bare_os_list(line)] == [("os", "linux,macos,windows")]
    assert [(m.subject, m.spec) for m in read_line(line, required=True)] == [
        ("os", "linux,macos,windows")
    ]
    # a clause with other words is the platform readers' (pytorch3d INSTALL.md:83 names Linux
    # as where wheels are provided); one OS alone is no list
    assert bare_os_list("We have prebuilt wheels with CUDA for Linux for PyTorch 1.11.0") == []
    assert bare_os_list("- Linux") == []
