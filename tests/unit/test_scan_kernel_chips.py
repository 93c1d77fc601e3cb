"""The chip a CANN operator package's file name is built for (issue 11): the kernels a guide
installs must be the device's. Real lines, each with its repository, commit, file and line."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.pkgtags import _KERNELS, KernelChips
from cpuclock import cpu_seconds

IMAGES = "Ascend/ascend-docker-image@3b95fce62e1f38ca36ba27901255f05d69bcb11f"
ORANGE = "mindspore-courses/orange-pi-mindspore@a3afde60ef555fb94604738d1483e0e9c50d0a6f"

ROWS = (
    "| 软件包 | 获取链接 |\n"
    "| :--: | :--: |\n"
    "|         Ascend-cann-kernels-910_7.0.RC1_linux.run          |              [获取链接]"
    "(https://ascend-repo.obs.cn-east-2.myhuaweicloud.com/CANN/CANN%207.0.RC1/"
    "Ascend-cann-kernels-910_7.0.RC1_linux.run)              |\n"
    "|         Ascend-cann-kernels-910b_7.0.RC1_linux.run         |             [获取链接]"
    "(https://ascend-repo.obs.cn-east-2.myhuaweicloud.com/CANN/CANN%207.0.RC1/"
    "Ascend-cann-kernels-910b_7.0.RC1_linux.run)              |\n"
)
"""IMAGES README.md:21-22 (under a header row written here)."""
CHMOD = (
    "(base) root@orangepiaipro: /home/HwHiAiUser/Downloads# chmod +x "
    "./Ascend-cann-kernels-310b_8.0.RC3.alpha002_linux.run"
)
"""ORANGE Online/inference/README.md:260."""


def chips(text: str) -> list[tuple[str, int, tuple[int, ...]]]:
    found = extract_docs(SourceFile(ref="README.md", rel="README.md", text=text)).requirements
    return [
        (r.spec, r.source.line or 0, tuple(a.line or 0 for a in r.also_at))
        for r in found
        if r.subject == "chip"
    ]


def test_kernels_packages_for_two_chips_are_any_of_them() -> None:
    assert chips(ROWS) == [("910,910B", 3, (4,))]


def test_the_kernels_package_a_guide_installs_names_the_boards_chip() -> None:
    text = "步骤5 给kernels包添加执行权限。\n\n```bash\n" + CHMOD + "\n```\n"
    assert chips(text) == [("310B", 4, ())]


def test_a_placeholder_or_the_toolkit_names_no_chip() -> None:
    kernels = KernelChips()
    kernels.line("./Ascend-cann-kernels-{soc_version}_${VERSION}_linux.run --install", 1)
    kernels.line("./Ascend-cann-toolkit_8.0.RC3.alpha002_linux-aarch64.run --install", 2)
    assert kernels.lines == {}


def test_the_package_pattern_is_linear_on_a_hostile_line() -> None:
    start = cpu_seconds()
    _KERNELS.findall("Ascend-cann-kernels-" + "9" * 50_000)
    _KERNELS.findall("Atlas-A3-cann-" * 4_000)
    assert cpu_seconds() - start < 2
