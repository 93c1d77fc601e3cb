"""The one-pass shell word reader gives what ``shlex`` gives (the reader it replaced for
speed), on real lines and on any mix of the characters where the two could part."""

from __future__ import annotations

import shlex

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bringup.scan.shwords import shell_words

_INNER = "\ue000"
"""Stands in for a ``#`` inside a word while ``shlex`` reads the line: POSIX starts a comment
only where a word starts, ``shlex`` at any ``#`` outside quotes."""


def _word_start(line: str, at: int) -> bool:
    """Whether ``line[at]`` would start a word: the line's start, or after unescaped blank
    space or punctuation (a ``#`` in quotes is no comment to ``shlex`` either)."""
    before = line[at - 1] if at else " "
    if before not in " \t\r\n;&|<>()":
        return False
    slashes = len(line[: at - 1]) - len(line[: at - 1].rstrip("\\")) if at else 0
    return slashes % 2 == 0


def _shlex_words(line: str) -> list[str] | None:
    posix = "".join(
        _INNER if c == "#" and not _word_start(line, i) else c for i, c in enumerate(line)
    )
    lexer = shlex.shlex(posix, posix=True, punctuation_chars=";&|<>()")
    lexer.whitespace_split = True
    lexer.commenters = "#"
    try:
        return [word.replace(_INNER, "#") for word in lexer]
    except ValueError:
        return None


REAL_LINES = [
    # Ascend/MindSpeed-LLM @ c77308a1,
    # examples/mcore/deepseek3/pretrain_deepseek3_671b_4k_A3_ptd.sh:205
    "--distributed-backend nccl | tee logs/pretrain_deepseek3_671b_4k_A3_ptd.log",
    # NVIDIA/TransformerEngine @ d0067d0d, qa/L0_pytorch_unittest/test.sh:83
    "PYTORCH_JIT=0 NVTE_TORCH_COMPILE=0 python3 -m pytest --tb=auto "
    "--junitxml=$XML_LOG_DIR/pytest_test_grouped_linear.xml "
    '$TE_PATH/tests/pytorch/test_grouped_linear.py || test_fail "test_grouped_linear.py"',
    # a README code block with a comment after the command and an escaped quote
    'pip install -e . # editable, "dev" extras',
    # ashawkey/torch-ngp @ b6e08046, readme.md:45: the fragment is part of the word
    "pip install git+https://github.com/NVlabs/tiny-cuda-nn/#subdirectory=bindings/torch",
    'echo "a \\"quoted\\" word \\$HOME" \'single $x\' esc\\ aped 2>&1',
    "case $x in a) echo y;; esac",
    "echo 'unclosed",
    "trailing\\",
    "a''b \"\" ''",
]


@pytest.mark.parametrize("line", REAL_LINES)
def test_real_lines_read_as_shlex_reads_them(line: str) -> None:
    assert shell_words(line) == _shlex_words(line)


_ALPHABET = st.sampled_from([*"ab =$#;&|<>()'\"\\\t-.", "中", "\u3000"])


@settings(max_examples=500, deadline=None)
@given(st.lists(_ALPHABET, max_size=24).map("".join))
def test_any_line_reads_as_shlex_reads_it(line: str) -> None:
    assert shell_words(line) == _shlex_words(line)
