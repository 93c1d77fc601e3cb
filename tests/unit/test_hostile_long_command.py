"""A command continued over thousands of lines (``pip install \\`` then a package a line) was
left out whole and unseen once its joined text passed 64 KiB, the length past which a line is
taken for data (minified, base64): a script installing 4,300 packages so read as installing
none, "0 requirements", no finding. Only a physical line that long is data now; a command of
many ordinary lines is read, each word numbered by a search among its lines rather than a scan
of them (which made such a command quadratic: 16,000 lines 2 s)."""

from __future__ import annotations

from bringup.scan.commands import commands_of, joined_lines
from cpuclock import cpu_seconds

PACKAGES = 20_000


def test_a_command_continued_over_thousands_of_lines_is_read() -> None:
    text = "pip install \\\n" + "".join(f"  pkg{n}==1.{n} \\\n" for n in range(PACKAGES))
    started = cpu_seconds()
    (command,) = commands_of(joined_lines(text + "  torch\n"))
    assert cpu_seconds() - started < 1.0
    assert len(text) > 1 << 18
    assert command.argv[:3] == ("pip", "install", "pkg0==1.0")
    assert command.argv[-1] == "torch"
    assert len(command.argv) == PACKAGES + 3
    assert command.lines[2] == 2  # each word at its own physical line
    assert command.lines[-1] == PACKAGES + 2


def test_one_physical_line_longer_than_a_command_is_still_data() -> None:
    minified = "pip install " + "a" * (1 << 17)
    assert commands_of(joined_lines(minified + "\n")) == []
    assert commands_of(joined_lines("echo \\\n" + minified + "\n")) == []
