"""A shell prompt pasted before a guide's command is no part of it (review32 LOW: oh-my-zsh's
arrow was read as a note's arrow, and the command before it, none, was kept)."""

from __future__ import annotations

import pytest

from bringup.scan.commands import parse_commands

# flaviotruzzi/gym-server@2588ba7c2ee2735bc429d047803eaa6bbd738ca8 README.md:13-14
GYM_SERVER = (
    "➜  gym-server git:(master) ✗ pip install -r requirements.txt\n"
    "➜  gym-server git:(master) ✗ ./start.sh\n"
)


def _argvs(text: str) -> list[tuple[str, ...]]:
    return [c.argv for c in parse_commands(text)]


def test_oh_my_zsh_prompts_leave_the_commands() -> None:
    assert _argvs(GYM_SERVER) == [("pip", "install", "-r", "requirements.txt"), ("./start.sh",)]
    [command] = parse_commands(GYM_SERVER.splitlines()[0])
    assert command.lines == (1, 1, 1, 1)


@pytest.mark.parametrize(
    ("line", "argv"),
    [
        # esacteksab/fabric4pelican@0aa3061a09b6a6e53e0595eb9dbac0b9cfc1ba06 README.rst:16,21
        # (a clean tree has no dirty mark; a virtualenv's name before the arrow)
        ("➜  fabric4pelican git:(master) virtualenv venv", ("virtualenv", "venv")),
        ("(venv)➜  fabric4pelican git:(master) ✗ pip install -Ur requirements.txt",
         ("pip", "install", "-Ur", "requirements.txt")),
        # paninski-lab/lightning-pose@0ad2f16c07b7f4adf7c40dee5af70bd70b270ebd README.md:42,49
        ("foo@bar:~$ pip install -e .", ("pip", "install", "-e", ".")),
        ("foo@bar:~$ pytest", ("pytest",)),
    ],
)  # fmt: skip
def test_other_prompts(line: str, argv: tuple[str, ...]) -> None:
    assert _argvs(line) == [argv]


def test_an_address_or_a_note_arrow_is_no_prompt() -> None:
    assert _argvs("git clone git@github.com:org/repo.git") == [
        ("git", "clone", "git@github.com:org/repo.git")
    ]
    assert _argvs("scp model.bin user@host:/tmp/") == [("scp", "model.bin", "user@host:/tmp/")]
    note = "make clean && make run → 两行 demo 输出。"  # outsider13 D9's arrow, a note's
    assert _argvs(note) == [("make", "clean"), ("make", "run")]
