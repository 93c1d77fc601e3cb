"""A branch's or a loop's opening word (``then``, ``else``, ``do``) is no part of the command
after it: every reader sees the program run, not the keyword, in a guide or a script as in a
Dockerfile (whose reader had a local workaround for ``else git clone``)."""

from __future__ import annotations

from bringup.scan.commands import parse_commands

# vllm-project/vllm-ascend@5e3907448c53a8d48a89b06635427b83ccfc7756
# docs/source/developer_guide/contribution/index.md:55-56 (a guide's block, not a Dockerfile)
CONTRIBUTION = (
    "cat requirements-dev.txt | grep -Ev '^#|^--|^$|^-r' | while read PACKAGE; do pip install"
    ' "$PACKAGE"; done\n'
    "cat requirements.txt | grep -Ev '^#|^--|^$|^-r' | while read PACKAGE; do pip install"
    ' "$PACKAGE"; done\n'
)

# the same commit, Dockerfile:52-58 without its RUN word (the body a RUN line hands the reader)
BRANCHES = """if [ -n "$VLLM_COMMIT" ]; then \\
      git init /vllm-workspace/vllm && \\
      git -C /vllm-workspace/vllm fetch --depth 1 $VLLM_REPO "$VLLM_COMMIT" && \\
      git -C /vllm-workspace/vllm checkout FETCH_HEAD; \\
    else \\
      git clone --depth 1 -b $VLLM_TAG $VLLM_REPO /vllm-workspace/vllm; \\
    fi
"""


def test_a_loop_body_is_the_program_it_runs() -> None:
    installs = [c for c in parse_commands(CONTRIBUTION, pasted=True) if c.argv[:1] == ("pip",)]
    assert [(c.argv, c.line) for c in installs] == [
        (("pip", "install", "$PACKAGE"), 1),
        (("pip", "install", "$PACKAGE"), 2),
    ]
    assert not any(c.argv[:1] == ("do",) for c in parse_commands(CONTRIBUTION))


def test_a_branch_word_leaves_its_command_and_alone_is_none() -> None:
    commands = parse_commands(BRANCHES)
    programs = [c.argv[:2] for c in commands]
    assert ("git", "init") in programs
    assert ("git", "clone") in programs
    assert not any(c.argv[:1] in (("then",), ("else",)) for c in commands)
    clone = next(c for c in commands if c.argv[:2] == ("git", "clone"))
    assert clone.line == 6  # its own line (Dockerfile:57), not the ``else`` line before it
    # ``if`` stays: its command is a condition, not one the script runs for its effect
    assert commands[0].argv[:2] == ("if", "[")
