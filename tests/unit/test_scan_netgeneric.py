"""A guide's generic "the build downloads" beside the downloads the build files name
(``netgeneric``)."""

from __future__ import annotations

import msgspec
import pytest

from bringup.model import Requirement, Source
from bringup.scan.extraction import SourceFile
from bringup.scan.netgeneric import fold_generic_network
from bringup.scan.netprose import network_stated

# rapidsai/raft@2141422b1a5e3121611888cb64a0bf8254bc3a67 docs/source/build.md:111
_GUIDE = (
    "`build.sh` uses [rapids-cmake](https://github.com/rapidsai/rapids-cmake), which will "
    "automatically download any dependencies which are not already installed.\n"
)


def _download(spec: str, ref: str, line: int, feature: str = "") -> Requirement:
    source = Source(kind="file", ref=ref, line=line)
    return Requirement(
        subject="network", spec=spec, component="raft", source=source, feature=feature
    )


def test_the_guide_s_words_are_cited_beside_the_first_named_download() -> None:
    (words,) = network_stated(
        SourceFile(ref="docs/source/build.md", rel="docs/source/build.md", text=_GUIDE),
        [(1, _GUIDE.strip())],
    )
    words = msgspec.structs.replace(words, component="raft")
    # the same repo's cmake/RAPIDS.cmake:35 and cpp/cmake/thirdparty/get_rmm.cmake:10
    rapids = _download("rapids-cmake from GitHub", "cmake/RAPIDS.cmake", 35)
    rmm = _download("rmm from GitHub", "cpp/cmake/thirdparty/get_rmm.cmake", 10)
    folded = fold_generic_network([words, rapids, rmm])
    assert [r.spec for r in folded] == ["rapids-cmake from GitHub", "rmm from GitHub"]
    assert [s.ref for s in folded[0].also_at] == ["docs/source/build.md"]


def test_the_words_stand_alone_where_no_download_of_their_scope_is_named() -> None:
    words = _download("internet", "docs/source/build.md", 111)
    tests_only = _download("gtest from GitHub", "cpp/CMakeLists.txt", 173, feature="tests")
    assert fold_generic_network([words, tests_only]) == [words, tests_only]


@pytest.mark.parametrize(
    ("text", "needed"),
    [
        # Review 1, finding 4: a negation of something else earlier in the clause (its
        # "to download weights" now "to download dependencies": a run's weights are no
        # download of the build: the align-anything case below).
        (
            "This step does not require a GPU but requires network access to download"
            " dependencies.",
            True,
        ),
        # NVIDIA/MatX README.md:57: the offline steps are for a machine lacking what the build
        # fetches from the internet.
        ("If you are on a machine without internet access, follow the offline steps.", True),
        ("无需root权限，但需要联网下载依赖。", True),
        # The negation right before the words (msprobe
        # docs/zh/quick_start/pytorch_quick_start.md:492).
        ("无需再次执行联网安装命令", False),
        ("The wheel does not require network access.", False),
        # Ascend/msopprof@d6c29dfa6a2e60053fb1efc8a3f1f5c62232fa3a
        # docs/zh/install_guide/msopprof_install_guide.md:17 (its first sentence): the user's
        # online install of the tool, no download of the build (truth conventions C4)
        ("若您的设备具备互联网访问能力，可通过一条命令自动完成工具的下载与安装。", False),
        # the same guide, :21 (its first sentence): the user's download of the offline package
        (
            "对处于企业内网等无外网环境的设备，请先在可联网的机器上下载完整的离线安装包，"
            "再将其传输至目标设备进行安装。",
            False,
        ),
        # the same guide, :123: the user's download of the uninstall script, done elsewhere
        (
            "- 需要联网环境才能下载，若环境不允许联网或处于离线状态，"
            "请先在可联网的环境下载该脚本后拷贝到目标设备。",
            False,
        ),
        # PKU-Alignment/align-anything@3f9decc2 README.md:241 (its second sentence): a run's data
        (
            "These scripts would automatically download the model and dataset, and run the"
            " training or evaluation.",
            False,
        ),
        # hicann/hixl@9ed283b2 docs/en/build.md:179 (abridged): the build downloads
        (
            "If your build environment can access the Internet, the compilation process will"
            " automatically download the required third-party open-source software listed above.",
            True,
        ),
    ],
)
def test_only_words_right_before_the_network_say_it_is_not_needed(text: str, needed: bool) -> None:
    file = SourceFile(ref="r/README.md", rel="README.md", text=text + "\n")
    assert bool(network_stated(file, [(1, text)])) is needed
