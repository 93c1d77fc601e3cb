"""A log that opens with a byte-order mark is read in the encoding the mark names. PowerShell's
``>`` writes UTF-16 LE with a BOM, whose every other byte is NUL: no signature matched it and
``bringup explain`` gave no diagnosis. It is decoded as it streams (cut anywhere, even inside a
code unit), also when a large file would be split over processes."""

from __future__ import annotations

import codecs
import io
from pathlib import Path

import pytest

from bringup.triage import scan_file, scan_log
from bringup.triage.blocks import iter_blocks

NOISE = "2024-05-21 11:57:54 INFO step 12 loss 0.731 lr 3e-4 tokens/s 51234 — 训练"
OOM = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB"
TEXT = "\r\n".join([NOISE] * 40 + [OOM] + [NOISE] * 40) + "\r\n"

ENCODED = {
    "utf-16-le": codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le"),
    "utf-16-be": codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"),
    "utf-8-sig": codecs.BOM_UTF8 + TEXT.encode("utf-8"),
}


@pytest.mark.parametrize("encoding", sorted(ENCODED))
@pytest.mark.parametrize("block_bytes", [7, 1 << 10, 128 << 10])
def test_a_marked_log_reads_as_its_utf8_text(encoding: str, block_bytes: int) -> None:
    plain = scan_log(TEXT.encode("utf-8"))
    assert plain.hits  # the OOM line is found in the UTF-8 log
    assert scan_log(ENCODED[encoding], block_bytes=block_bytes) == plain


def test_the_blocks_of_a_utf16_log_are_its_utf8_lines() -> None:
    blocks = iter_blocks(io.BytesIO(ENCODED["utf-16-le"]), block_bytes=5)
    assert b"".join(blocks) == TEXT.encode("utf-8")


def test_a_utf16_file_over_processes_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "powershell.log"
    path.write_bytes(ENCODED["utf-16-le"])
    assert scan_file(path, processes=3, parallel_min_bytes=0) == scan_log(TEXT.encode("utf-8"))
