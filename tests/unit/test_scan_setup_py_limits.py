"""setup.py is untrusted input: its reader's work stays bounded however the file nests its
names and calls (found by review: a 60-line file took minutes)."""

from __future__ import annotations

import pytest

from bringup.scan import setup_reader
from bringup.scan.extraction import SourceFile
from bringup.scan.setup_py import extract_setup_py
from bringup.scan.setup_values import MAX_EVALUATIONS

RETURNS = (
    "def f():\n"
    + "".join(f"    if a{i}:\n        return f() + ['x']\n" for i in range(12))
    + "    return ['y']\n"
)
REBINDS = "x = ['y']\n" + "".join(f"if a{i}:\n    x = x + ['a']\n" for i in range(12))


@pytest.mark.parametrize(
    ("head", "value"), [(RETURNS, "f()"), (REBINDS, "x")], ids=["returns", "rebinds"]
)
def test_the_reader_evaluates_a_bounded_number_of_expressions(
    head: str, value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = 0
    strings = setup_reader.Reader.strings

    def counted(self: setup_reader.Reader, *args: object, **kwargs: object) -> object:
        nonlocal calls
        calls += 1
        return strings(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(setup_reader.Reader, "strings", counted)
    text = f"from setuptools import setup\n{head}setup(name='x', install_requires={value})\n"
    extract_setup_py(SourceFile(ref="setup.py", rel="setup.py", text=text))
    assert 0 < calls <= MAX_EVALUATIONS + 100
