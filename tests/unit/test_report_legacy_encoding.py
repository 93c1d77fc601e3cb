"""A report saved in a legacy CJK encoding is read, and says so (outsider 13, D16): a Chinese
report saved as GBK (Windows' code page 936) was refused as "binary data (16% of it is not
text)", though the same text in UTF-8 was read whole."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.textbytes import decode_report

# hiyouga/LlamaFactory#4159 (issue body), as tests/data/reports_blind/05 keeps it
REPORT = Path(__file__).resolve().parents[1] / "data" / "reports_blind"
CHINESE = REPORT / "05-llamafactory-4159-chinese-sysinfo.txt"


def _probe(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(["probe", "--from", str(path), "--json"]) == 0
    facts = json.loads(capsys.readouterr().out)["data"]["facts"]
    return {f["key"]: f.get("value") for f in facts}


def test_a_gbk_report_reads_as_its_utf8_text_and_names_the_encoding(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gbk = tmp_path / "gbk.txt"
    gbk.write_bytes(CHINESE.read_text(encoding="utf-8").encode("gbk"))
    read = _probe(gbk, capsys)
    assert read.pop("report.encoding") == "GB18030"
    assert read == _probe(CHINESE, capsys)
    assert read["ascend.npu_count"] == 8  # "8卡 Ascend 910b": the Chinese words were decoded


def test_utf8_and_binary_are_what_they_were() -> None:
    text = CHINESE.read_text(encoding="utf-8")
    assert decode_report(text.encode("utf-8")) == (text, None)
    assert decode_report(text.encode("gbk")) == (text, "GB18030")
    # bytes no CJK encoding decodes stay undecodable: the binary check refuses them
    assert "\ufffd" in decode_report(b"\x80\xff\xfe\x80 ELF")[0]


def test_utf8_with_a_stray_byte_stays_utf8() -> None:
    # a Latin-1 "é" in a path (one bad byte) read the whole Chinese report as GB18030
    # mojibake, and an ASCII one as Big5; a character cut at the end is one bad byte too
    text = CHINESE.read_text(encoding="utf-8")
    stray = text.encode("utf-8") + b"PATH: /home/Ren\xe9e/miniconda3/bin\n"
    read, encoding = decode_report(stray)
    assert encoding is None
    assert read.startswith(text)
    assert decode_report(b"GCC: 9.4.0\nPATH: /home/Ren\xe9e/bin\n")[1] is None
    assert decode_report(text.encode("utf-8")[:-1] + "驱".encode()[:2])[1] is None
