"""Whether a sentence forbids the command it quotes ("Do not run `pip install vllm` in the
msModeling virtual environment", "**DO NOT:** `pip install pynvml`"): what that command would
install is no need and it is no step. Kept apart from the readers of quoted commands
(``docinline``, ``sysdeps``) so that each reads the same words."""

from __future__ import annotations

import re

from bringup import lazyre

_FORBIDDEN = lazyre.compile(
    r"\b(?:do\s+not|don'?t|never)\s+(?:run|use|execute|install)\b|(?:不要|请勿|切勿|禁止)(?!忘)",
    re.IGNORECASE,
)
"""Words forbidding the install quoted after them in the same clause ("Do not run `pip install
vllm` in the msModeling virtual environment"): what it would install is no need. Not "don't
forget to run", "不要忘记"."""
_CLAUSE_END = ".;:!?。；：！？,，"
CLAUSE_CHARS = 1000
"""How far back a clause's start is looked for: a line with no clause mark was searched from
its start again for each quote in it."""
_FORBIDDING_LABEL = lazyre.compile(
    r"(?:\b(?:do\s+not|don'?t|never|avoid|instead\s+of|rather\s+than)|不要|请勿|切勿|禁止)"
    r"[\s:：*_>!-]{0,8}$",
    re.IGNORECASE,
)
"""A forbidding word right before the quote, the command its object ("**DO NOT:** `pip install
pynvml`", wookayin/gpustat@7a3b9644 README.md:40; "instead of `pip install x`"): its colon
or emphasis ends no clause."""


def forbidden(text: str, at: int) -> bool:
    """Whether ``text`` forbids the command quoted at ``at``: the clause ending there forbids
    what follows (``_FORBIDDEN``), or a forbidding label stands right before it
    (``_FORBIDDING_LABEL``). "If you don't have it, run `pip install x`" keeps the install,
    its clause being "run"."""
    if _FORBIDDING_LABEL.search(text, max(0, at - 40), at) is not None:
        return True
    floor = max(0, at - CLAUSE_CHARS)
    start = max(floor, max(text.rfind(mark, floor, at) for mark in _CLAUSE_END) + 1)
    return _FORBIDDEN.search(text, start, at) is not None
