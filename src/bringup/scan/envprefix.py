"""What a command line's environment prefix sets for its one command, said beside the step.

A guide writes ``MAX_JOBS=4 pip install flash-attn --no-build-isolation`` "to limit the number
of parallel compilation jobs" (Dao-AILab/flash-attention@0251105a README.md:127-131) or
``CUDA_VISIBLE_DEVICES=0 python simple_viewer_3dgut.py ...`` to pick a GPU
(nerfstudio-project/gsplat@90d7b4b3 docs/3dgut.md:30). A step is an argv list, never a shell
string, run in its environment's variables (``run.execute``): the ``Step`` type keeps no
variables of its own, so bringup runs the argv without the prefix. It says so in the step's
note (``Step.notes``, shown wherever the command is), naming what the line set, rather than
dropping it unseen (fixA39): the user knows the command is not run as written. A value is
shown as read, a secret in it redacted (``redaction``).
"""

from __future__ import annotations

from bringup.redaction import redact_secrets


def prefix_notes(env: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    """The note a step keeps of the ``VAR=value`` words its command line set before it
    (``Command.env``); ``()`` for none (the literal, which msgspec omits)."""
    if not env:
        return ()
    shown = redact_secrets(" ".join(f"{name}={value}" for name, value in env))
    return (
        f"the command line sets {shown} before the command; bringup runs the command without it",
    )
