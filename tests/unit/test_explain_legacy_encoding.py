"""A log in a legacy CJK encoding is read as the text it is (outsider 13, D16's class for
logs): a Chinese Windows console or a zh_CN.GBK shell saves GBK, whose Chinese words no
pattern matched and whose evidence was quoted as U+FFFD mojibake. The sniff is the one
``probe --from`` uses for reports (``textbytes.legacy_codec``); UTF-8 with a stray byte stays
UTF-8."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.textbytes import SNIFF_BYTES, log_codec, not_text
from bringup.triage import scan_file, scan_log

# https://github.com/gpustack/gpustack/issues/2016 (a MindIE log whose failure line is half Chinese)
LOG = (
    Path(__file__).resolve().parents[1]
    / "fixtures/logs/ascend.install.mindie-model-unsupported/gpustack-2016.log"
)
TEXT = LOG.read_text(encoding="utf-8")
CHINESE = "请确认atb_llm.models路径下是否存在名为minicpmv的文件夹"


@pytest.mark.parametrize("encoding", ["gbk", "gb18030"])
def test_a_gbk_log_is_explained_with_its_chinese_words(
    encoding: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "mindie.log"
    log.write_bytes(TEXT.encode(encoding))
    assert main(["explain", str(log), "--top", "1"]) == 0
    shown = capsys.readouterr().out
    assert "ascend.install.mindie-model-unsupported" in shown
    assert "请确认atb_llm.models" in "".join(shown.split())  # not "\ufffd\ufffd..."


def test_the_scan_of_a_gbk_log_is_that_of_its_utf8_text(tmp_path: Path) -> None:
    utf8 = scan_log(TEXT.encode("utf-8"))
    assert scan_log(TEXT.encode("gbk"), block_bytes=7) == utf8
    log = tmp_path / "big.log"
    log.write_bytes(TEXT.encode("gbk"))
    # a file large enough to split is read as one range, in the codec its start decides
    split = scan_file(log, processes=2, parallel_min_bytes=0)
    assert split.hits.keys() == utf8.hits.keys()


def test_a_mostly_chinese_gbk_start_is_text_not_binary() -> None:
    # the failure line's Chinese words alone: as UTF-8, more than half is undecodable
    head = ((CHINESE.replace("atb_llm.models", "").replace("minicpmv", "") + "。\n") * 200).encode(
        "gbk"
    )[:SNIFF_BYTES]
    assert log_codec(head) == "gb18030"
    assert not_text(head) is None
    assert not_text(b"\x80\xff\xfe\x80" * 1024) is not None  # no CJK encoding decodes these


def test_utf8_with_a_stray_byte_and_a_cut_character_stays_utf8() -> None:
    utf8 = TEXT.encode("utf-8")
    assert log_codec(utf8) is None
    assert log_codec(utf8[: utf8.index("请".encode()) + 1]) is None  # cut inside a character
    stray = b"PATH: /home/Ren\xe9e/bin\n" + utf8
    assert log_codec(stray) is None
    assert scan_log(stray).hits.keys() == scan_log(utf8).hits.keys()


def test_a_latin1_log_is_no_cjk_text() -> None:
    # c3333/cpp-docs.de-de@2a28f160a0bbf4c670a3b54c51b94e99e737be7a
    # docs/error-messages/compiler-errors-1/compiler-error-c2065.md (German MSVC's words, as a
    # German Windows console saves them, cp1252): read as GB18030, "für einen" lost its "r e"
    german = (
        "Der Compiler die Deklaration für einen Bezeichner nicht gefunden werden. Es gibt viele"
        " mögliche Ursachen für diesen Fehler.\n"
    ) * 40
    for encoding in ("cp1252", "latin-1"):
        data = german.encode(encoding)
        assert log_codec(data[:SNIFF_BYTES]) is None
        assert not_text(data) is None
