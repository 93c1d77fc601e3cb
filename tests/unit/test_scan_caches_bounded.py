"""The scan's kept answers do not outlive it nor keep what they never needed (review 25b L1,
L2): parsed shell lines are dropped when the stack is read and a line too long to parse is
never kept; a test file's device is kept by the digest of its text, not the text. Every
input here is constructed."""

from __future__ import annotations

from pathlib import Path

from bringup.scan import commands, scan_stack, testfiledevices


def test_parsed_lines_are_dropped_when_the_stack_is_read(tmp_path: Path) -> None:
    (tmp_path / "build.sh").write_text("#!/bin/bash\npip install torch==2.1.0\n", encoding="utf-8")
    (tmp_path / "README.md").write_text("# constructed\n", encoding="utf-8")
    scan_stack([str(tmp_path)])
    assert commands._parsed.cache_info().currsize == 0


def test_a_line_too_long_to_parse_is_not_kept() -> None:
    commands._parsed.cache_clear()
    data = "echo " + "a" * (commands._MAX_COMMAND_CHARS + 1)
    assert commands.parse_commands(f"{data}\npip install torch\n")[0].argv[:2] == ("pip", "install")
    assert commands._parsed.cache_info().currsize == 1
    commands._parsed.cache_clear()


def test_a_test_files_device_is_kept_by_digest_not_text() -> None:
    text = "import torch\nx = torch.ones(2).cuda()\n" + "y = 1\n" * 1000
    assert testfiledevices._used_device(text) == ("gpu", 2)
    assert testfiledevices._used_device(text) == ("gpu", 2)
    kept = testfiledevices._devices_kept()
    assert all(len(key) == 16 for key in kept)
    for i in range(testfiledevices._KEPT_DEVICES + 5):
        testfiledevices._used_device(f"# {i}\n")
    assert len(kept) == testfiledevices._KEPT_DEVICES
