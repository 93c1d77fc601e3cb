"""A device need read from conditional or capability prose is no need (/work/notes/
outsider22b.md, item 3): with ``--target 910B:8`` torchtune, which supports Ascend NPUs, was
ruled out as "needs a GPU" on its install guide's example "if you are running CUDA 12, your
index url would be ...", and InternEvo on its README's "fine-tuning on a single GPU"."""

from __future__ import annotations

from bringup.scan.prose import read_line

# pytorch/torchtune@bd2a0fc7 docs/source/install.rst:91
TORCHTUNE_91 = (
    'For example, if you are running CUDA 12, your index url would be "https://download.pytorch'
    '.org/whl/nightly/cu126", and if'
)
# InternEvo's README.md:43 (InternLM/InternEvo@c628a8c8), the clause with the count
INTERNEVO_43 = (
    "With a single codebase, it supports pre-training on large-scale clusters with thousands of "
    "GPUs, and fine-tuning on a single GPU while achieving remarkable performance optimizations."
)


def test_what_the_reader_runs_is_their_state_not_a_need() -> None:
    assert read_line(TORCHTUNE_91, required=True) == []


def test_a_need_beside_the_condition_is_still_read() -> None:
    """The other side (constructed, in the shape of the line above): an instruction that
    names the toolkit with no condition on it is a need."""
    (mention,) = read_line("You need CUDA 12 to build the kernels.", required=True)
    assert (mention.subject, mention.spec, mention.hard) == ("cuda", "==12.*", True)


def test_what_a_repo_supports_on_a_single_gpu_is_no_floor() -> None:
    counts = [m for m in read_line(INTERNEVO_43) if m.subject == "gpu_count"]
    assert counts
    assert not any(m.hard for m in counts)
