"""Parsers take text: importing one must not import the probe or the process runner (the
probe imports the backends, so the reverse would be a loop, and a parser would drag in
what touches the machine)."""

from __future__ import annotations

import subprocess
import sys

import pytest

PARSERS = (
    "bringup.backends.ascend.parse",
    "bringup.backends.cuda.parse",
    "bringup.backends.cpu.parse",
    "bringup.parsing",
)


@pytest.mark.parametrize("module", PARSERS)
def test_a_parser_imports_neither_the_probe_nor_the_runner(module: str) -> None:
    script = (
        f"import sys, {module}\n"
        "print(' '.join(sorted(name for name in sys.modules\n"
        "    if name.startswith(('bringup.probe', 'bringup.process')))))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout.split()
    assert loaded == []
