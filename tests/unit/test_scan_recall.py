"""Classes of statements the blind evaluation (tests/data/scan_eval, issue 11) showed misread,
each tested on the real lines of the tuned-on repos, quoted with repository, file, line and
commit (the commits are those of tests/data/scan_eval/README.md)."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile

SGL = "sgl-project/sgl-kernel-npu@f425bdf1"


def found(text: str, rel: str = "README.md") -> list[tuple[str, str, int | None, bool]]:
    file = SourceFile(ref=rel, rel=rel, text=text)
    return [(r.subject, r.spec, r.source.line, r.hard) for r in extract_docs(file).requirements]


def test_releases_named_in_one_clause_are_alternatives_and_only_tested() -> None:
    # SGL python/deep_ep/README.md:28-30: two CANN releases in one sentence are any of them
    # (not two pins no CANN meets at once), and "support" says what works, not a need.
    text = (
        "### Software and Hardware\n\n"
        "Supported Hardware Models: Atlas A2, A3 (support CANN 8.5 and CANN 9.0), and Atlas A5 "
        "(supports CANN 9.0).\n"
    )
    assert ("cann", "==8.5.* || ==9.0.*", 3, False) in found(text)
    # the same sentence in Chinese, python/deep_ep/README.md:310-312
    text = (
        "### 软硬件配套说明\n\n"
        "硬件型号支持：Atlas A2、A3 系列产品能适配 CANN 8.5 和 CANN 9.0，Atlas A5 适配 CANN 9.0。\n"
    )
    assert ("cann", "==8.5.* || ==9.0.*", 3, False) in found(text)


def test_an_edition_name_between_toolkit_and_version() -> None:
    # SGL python/deep_ep/README.md:35 and its Chinese twin :317 (the links' words kept, their
    # targets cut).
    english = (
        "- Driver Ascend HDK 25.1.RC1.1, CANN Community Edition 8.5.0 and later versions (refer "
        "to the CANN Software Installation Guide to install the CANN development kit package, "
        "as well as the supporting firmware and drivers)\n"
    )
    chinese = (
        "- 驱动 Ascend HDK 25.1.RC1.1、CANN社区版 8.5.0 及之后版本（参考《CANN软件安装指南》"
        "安装 CANN 开发套件包以及配套固件和驱动）\n"
    )
    for text in (english, chinese):
        assert ("cann", ">=8.5.0", 1, True) in found(text)
        assert ("ascend_driver", ">=25.1.RC1.1", 1, True) in found(text)


def test_a_stated_need_stays_hard_beside_support_words() -> None:
    # SGL python/sgl_kernel_npu/README.md:12: "supporting firmware" and "install" make it a need.
    line = (
        '- Driver Ascend HDK 25.0.RC1.1, CANN 8.3.RC1 or later versions (refer to the "[CANN '
        "Software Installation Guide](https://www.hiascend.com/document/detail/zh/canncommercial/"
        '83RC1/softwareinst/instg/instg_quick.html)" to install the CANN development kit package, '
        "as well as the supporting firmware and drivers)\n"
    )
    assert ("cann", ">=8.3.RC1", 1, True) in found(line)
