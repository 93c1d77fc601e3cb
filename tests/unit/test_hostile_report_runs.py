"""``probe --from`` on thousands of ``key=value`` lines no reader knows (an ``env`` dump, a
config file) was quadratic: the run was judged again from each of its lines, every time to
its end (6,000 lines took half a minute). A run no reader claims is judged once; a known run
after it is still read."""

from __future__ import annotations

import pytest

from bringup.model import Source
from bringup.probe.importers import sections

INSTALL_INFO = "package_name=Ascend-cann-toolkit\nversion=8.3.RC2\narch=x86_64\n"


def test_an_unclaimed_run_of_key_values_is_judged_once(monkeypatch: pytest.MonkeyPatch) -> None:
    judged: list[int] = []
    judge = sections._key_value_parser

    def counting(readers, block, context):  # type: ignore[no-untyped-def]
        judged.append(len(block))
        return judge(readers, block, context)

    monkeypatch.setattr(sections, "_key_value_parser", counting)
    lines = 3000
    text = "".join(f"key_{i}=value{i}\n" for i in range(lines)) + "\n" + INSTALL_INFO
    found, rest = sections.find_sections(text, Source(kind="report", ref="env.txt"))
    assert sum(judged) <= lines + 3  # each line judged once, not ~lines²/2 times
    assert len(found) == 1  # the install-info run after it
    assert "key_2999=value2999" in rest
    assert "package_name" not in rest
