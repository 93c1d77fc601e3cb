"""A name in braces with a space inside is a word to fill in (outsider22 D14): the guide's
``./Ascend-cann-toolkit_{ascend-cann-toolkit version}_linux-aarch64.run --install`` was a step
that "needs nothing"; split as a shell splits it, neither half was seen as a template."""

from __future__ import annotations

from bringup.scan.commands import parse_commands
from bringup.scan.fillins import fill_ins

# zhaojiqiao/tilelang-npu@1bc99fd README.md:73
INSTALL = "./Ascend-cann-toolkit_{ascend-cann-toolkit version}_linux-aarch64.run --install"


def test_the_split_placeholder_is_left_to_the_reader() -> None:
    (command,) = parse_commands(INSTALL, first_line=73)
    assert fill_ins(command.argv) == ("version}_linux-aarch64.run",)
