"""What a guide's code block says of a command beside it: that it fails, or that it launches
a script the block already runs, another way. Neither is one more step of the route.

(A comment starting "# Or" is no such sign: "# Recommended: Install from PyPI" / "pip install
onecite" / "# Or, install from source" / ... "pip install -e ." (HzaCode/OneCite README.md)
offers the checkout's install second, and the index's install of the repo's own release is
dropped later, ``steps_found.without_own_release``: keeping the first would keep neither.)"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bringup import lazyre
from bringup.model import Step
from bringup.scan.commands import Command, python_module, run_program
from bringup.scan.extraction import SourceFile

_FAILS = lazyre.compile(
    r"\bshould\s+(?:give|print|show|raise|throw|produce)\s+(?:you\s+)?(?:an?\s+)?"
    r"(?:error|exception|traceback)|\b(?:should|will|is\s+expected\s+to|expected\s+to)\s+fail\b|"
    r"(?:应|会|将)(?:该)?(?:报错|失败)",
    re.IGNORECASE,
)
"""A comment saying the command below fails: a check that shows the problem the next lines
fix ("# Confirm the problem. This should give you an error message", montehoover/verl@9c46ae8
README.md:26-27 over ``python -c "import flash_attn"``), never a step to run."""


def said_to_fail(file: SourceFile, line: int) -> bool:
    """Whether the comment lines right above ``line`` of ``file`` say its command fails."""
    return _comment_says(file, line, _FAILS)


def _comment_says(file: SourceFile, line: int, pattern: re.Pattern[str]) -> bool:
    """Whether one of the comment lines right above ``line`` (1-based) matches ``pattern``."""
    lines = file.text.splitlines()
    above = line - 2
    while 0 <= above < len(lines) and lines[above].lstrip().startswith("#"):
        if pattern.search(lines[above]):
            return True
        above -= 1
    return False


_LAUNCH_MODULES = frozenset({"torch.distributed.launch", "torch.distributed.run"})


def _launch(argv: Sequence[str]) -> tuple[str, tuple[str, ...]] | None:
    """The launcher of a run and what it runs: the Python script with its arguments
    (``("torchrun", ("train.py", "--config", "a.yaml"))``)."""
    at = next((n for n, a in enumerate(argv) if n and a.endswith(".py") and a[:1] != "-"), 0)
    if not at:
        return None
    module = python_module(tuple(argv))
    program = run_program(tuple(argv))[0]  # past ``nohup``, ``env A=1``
    if module in _LAUNCH_MODULES:
        return module or "", tuple(argv[at:])
    return ("python" if program.startswith("python") else program), tuple(argv[at:])


def another_launch(argv: Sequence[str], before: Sequence[Step]) -> int | None:
    """The index of the step ``before`` it in its block that runs the same script, with the
    same arguments, by another launcher, None for none: ``torchrun --nproc_per_node=4
    train.py`` under ``python train.py`` (amithogadi/trm@170ce06 README.md:26-29, "# Multi-GPU
    (same node)") is the same run on more devices, a choice, of which the plan keeps the one
    on fewer devices (review24 L2). The same launcher twice (``python train.py --stage 1``,
    ``--stage 2``), or other arguments (a training, then its evaluation), are two runs."""
    launch = _launch(argv)
    if launch is None:
        return None
    return next(
        (
            index
            for index, other in enumerate(_launch(step.argv) for step in before)
            if other is not None and other[1] == launch[1] and other[0] != launch[0]
        ),
        None,
    )


_OR = lazyre.compile(r"(?:or|alternatively|otherwise|或者|或)[:,\uff1a\uff0c]?", re.IGNORECASE)
"""A block's line that is only the word "or" ("bash ci/build.sh --python=3.8" / "或者" /
"python3.8 setup.py bdist_wheel", Ascend/DrivingSDK@e667017e
docs/zh/installation/compile.md:146-148): the commands around it are two ways to one end."""


def second_ways(commands: Sequence[Command]) -> set[int]:
    """The lines of the commands after an "or" line that follows a command: the second of
    two alternatives, which the route leaves for the first (outsider16 D7)."""
    return {
        after.line
        for before, said, after in zip(commands, commands[1:], commands[2:])
        if len(said.argv) == 1 and _OR.fullmatch(said.argv[0]) and before.argv
    }


class BlockWays:
    """The blocks of a document offered as another way to the block before: a paragraph
    that is only "or" ("或者") between two blocks, nothing else between them
    (oceanbase/miniob@1d1608ff docs/docs/how_to_run.md:42-50, ``cmake -DCONCURRENCY=ON ..``,
    "或者", ``bash build.sh -DCONCURRENCY=ON``), as ``second_ways`` finds inside one block.
    The route takes the first; a third block after another "or" is another way too."""

    def __init__(self) -> None:
        self.steps = 0  # the document's steps when the last block that was a way opened
        self.paragraphs = 0  # paragraphs since the last block; a heading counts as two

    def paragraph(self, count: int = 1) -> None:
        self.paragraphs += count

    def second(self, intro: str, steps: int) -> bool:
        """Whether the block opening now, after ``intro``, is another way to the one before
        it (which gave some of the ``steps`` the document has now)."""
        other = steps > self.steps and self.paragraphs == 1 and bool(_OR.fullmatch(intro))
        if not other:
            self.steps = steps
        self.paragraphs = 0
        return other
