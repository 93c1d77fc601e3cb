"""outsider19 D19 (tests/data/outsider38/REPORT.md): a Latin-1 README whose ``é`` (0xE9) joins
the ASCII letter after it into one GBK character was "decoded as GBK/GB18030". GB18030 decodes
such bytes only into characters outside GB2312, among ASCII words; a Chinese file's are GB2312's.
Measured on the 32 non-UTF-8 text files of the tuning repos (scan_eval*, tuning half) and the
fixtures: the 13 Chinese GBK files stay GBK; of the UTF-8 files with broken sequences (a lossy
"?" in place of a byte), 7 now read as UTF-8 (their Chinese comments legible), 4 as cp1252 or
Latin-1 instead of GBK (garbled either way), the rest as before."""

from __future__ import annotations

from bringup.scan.reading import decode

# outsider19's odd/nonutf/README.md, byte for byte
LATIN1_README = b"# R\xe9quirements\nCANN 8.0.RC1 or newer\n"
# Ascend/msadvisor (tests/data/scan_eval17, tuning) ecosystem/tf_training_script_optimization/
# src/work/log.py:7, saved as GBK
GBK_LINE = "        # EVENT级别的plog中不包含“Use fusion library value”\n".encode("gb18030")
# llm4ascendc (tests/data/scan_eval30, tuning) CANN_skills/teams/ascendc-kernel-dev-team/asc-devkit/
# impl/adv_api/detail/conv/conv3d/dav_m220/conv3d_mte1_pointwise_sub_api.h:82, byte for byte: a
# UTF-8 comment whose last "。" lost its third byte to a "?"
CUT_UTF8 = (
    b"        // currentKAL1\xe9\x9c\x80\xe8\xa6\x81\xe5\xaf\xb9\xe9\xbd\x90\xe5\x88\xb0k0_, "
    b"kAL1Tail\xe5\x9c\xa8InitKDirectionBaseValue\xe4\xb8\xad\xe5\xb7\xb2\xe7\xbb\x8f\xe5\xaf"
    b"\xb9\xe9\xbd\x90\xe8\xbf\x87\xe3\x80?\n"
)


def _said(data: bytes) -> tuple[str, str]:
    text, findings = decode(data, "README.md")
    return text, findings[0].message


def test_a_latin1_accent_is_no_gbk() -> None:
    text, said = _said(LATIN1_README)
    assert text.startswith("# Réquirements")
    assert "cp1252" in said
    assert "GBK" not in said.split(";")[1].split("(")[0]


def test_chinese_text_stays_gbk() -> None:
    text, said = _said(GBK_LINE)
    assert "级别的plog中不包含" in text
    assert "decoded as GBK/GB18030" in said


def test_utf8_with_a_cut_sequence_stays_utf8() -> None:
    text, said = _said(CUT_UTF8)
    assert "currentKAL1需要对齐到k0_" in text
    assert "UTF-8 but for a stray byte" in said
