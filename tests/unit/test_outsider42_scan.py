"""Outsider 23's scan defects (tests/data/outsider42/REPORT.md): each case keeps only the real
lines it needs, with its repository, commit and path:line beside them."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile


def _found(text: str, rel: str = "README.md") -> dict[str, tuple[str, int | None]]:
    file = SourceFile(ref=rel, rel=rel, text=text)
    return {r.subject: (r.spec, r.source.line) for r in extract_docs(file).requirements}


def test_a_row_of_the_driver_and_firmware_states_the_drivers_version() -> None:
    # D1: Ascend/Megatron-LM@57f9d1c README.md:41-51 (the table's header cells shortened); the
    # row's first cell names both, as hicann/shmem's column "驱动固件" does
    text = (
        "## 准备环境\n\n"
        "- 推荐使用的版本\n\n"
        "  | 配套        | 版本 |\n"
        "  | ---------- | ---- |\n"
        "  | 固件与驱动   | [22.0.RC3](https://www.hiascend.com/hardware/firmware-drivers?tag=commercial) |\n"
        "  | CANN       | [6.1.RC1](https://www.hiascend.com/software/cann/commercial?version=6.1.RC1) |\n"
        "  | PyTorch    | [1.8.1](https://gitee.com/ascend/pytorch/tree/master/)|\n"
    )
    found = _found(text)
    assert found["ascend_driver"] == (">=22.0.RC3", 7)
    # released with that driver; the firmware's own numbering is another, unstated
    assert found["ascend_firmware"] == ("", 7)
    assert found["cann"] == ("==6.1.RC1", 8)
    # a row naming neither states no driver
    assert "ascend_driver" not in _found(text.replace("固件与驱动", "文档"))
