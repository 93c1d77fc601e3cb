"""Code written for a newer Python than the one that runs it fails on the interpreter's own type
checks (issue 15): a PEP 604 union `str | None` before 3.10, a PEP 585 `list[str]` before 3.9.
The failure is placed at the install (the interpreter is older than the code requires), whoever
raised it; the same operator on values is the code's own defect."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text


def _layer(log: str) -> str:
    return explain_text(log)[0].layer


@pytest.mark.parametrize(
    "log",
    [
        # tronikos/opower issue 38 ("str | None syntax is only supported in 3.10 or later").
        "TypeError: unsupported operand type(s) for |: 'type' and 'NoneType'\n",
        # signalbot-org/signalbot pull 52 (Python 3.9).
        "TypeError: unsupported operand type(s) for |: 'types.GenericAlias' and 'type'\n",
        # Jeffchen54/KMP-Kemono-Downloader issue 9, with its frames.
        "Traceback (most recent call last):\n"
        '  File "KMPDownloader.py", line 17, in <module>\n'
        "    from DiscordtoJson import DiscordToJson\n"
        '  File "D:\\code\\kemono\\DiscordtoJson.py", line 50, in DiscordToJson\n'
        "    def discord_lookup_all(self, channelID:str|None, scraper:CloudflareScraper)"
        "->dict|list:\n"
        "TypeError: unsupported operand type(s) for |: 'type' and 'NoneType'\n",
        # Ajatt-Tools/AnkiNoteTypes issue 1 ("list[str]-style type hints ... added in 3.9").
        "Traceback (most recent call last):\n"
        '  File "/home/cyphar/src/AnkiNoteTypes/antp/common.py", line 23, in <module>\n'
        "    def select(items: list[str]) -> Optional[str]:\n"
        "TypeError: 'type' object is not subscriptable\n",
        # vllm-project/aibrix issue 207, raised in an installed package's frame.
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.8/dist-packages/aibrix/envs.py", line 27, in <module>\n'
        '    def _parse_list_str(value: Optional[str], sep: str = ",") -> '
        "Optional[list[str]]:\n"
        "TypeError: 'type' object is not subscriptable\n",
    ],
)
def test_syntax_newer_than_the_interpreter_is_the_install(log: str) -> None:
    assert _layer(log) == "install"


def test_the_operator_on_values_is_not_the_interpreters_version() -> None:
    # Constructed: the same check on two values (no type on either side) is the code's own
    # mistake, not syntax the interpreter lacks.
    assert _layer("TypeError: unsupported operand type(s) for |: 'int' and 'str'\n") != "install"
