"""A release range that is the condition of another need is no need (outsider22 D3):
"CUDA 9.1 and below will need gcc5, while CUDA 9.2 and 10.0 will need gcc7" says which GCC
goes with each CUDA; read as ``cuda <9.2`` and ``cuda ==9.2.*||==10.0.*`` it blocked the repo
on a host with CUDA 13.0."""

from __future__ import annotations

from bringup.scan.prose import read_line

# ClementPinard/Pytorch-Correlation-extension@f00f0cd README.md:42
CORRELATION = "Namely, CUDA 9.1 and below will need gcc5, while CUDA 9.2 and 10.0 will need gcc7"
# traveller59/spconv@263d6b4 README.md:121 (quoted in scan/versionedneeds.py)
SPCONV = "You need at least CUDA 11.0 to build"


def test_the_ranges_that_choose_a_gcc_are_no_cuda_need() -> None:
    assert not [m for m in read_line(CORRELATION) if m.subject == "cuda"]


def test_a_release_that_is_the_object_of_need_stays_a_need() -> None:
    assert [(m.subject, m.spec) for m in read_line(SPCONV)] == [("cuda", ">=11.0")]


def test_a_long_run_of_spaces_after_a_release_is_read_in_linear_time() -> None:
    """reread42: the verb after a release was looked for past three adjacent optional runs of
    spaces (``\\s*,?\\s*(?:will|...)?\\s*``), each split of a run tried against the next: a line
    with 800 spaces after "CUDA 11.8" took 3.8 s of CPU, 1,600 about 30 s (cubic; before
    conditionals, 1 ms). The spaces are a padded table cell's or a line's trailing ones."""
    from cpuclock import cpu_seconds

    line = "Requires CUDA 11.8" + " " * 1_600 + "and more."
    start = cpu_seconds()
    assert [(m.subject, m.spec) for m in read_line(line)] == [("cuda", "==11.8.*")]
    padded = CORRELATION.replace(" will", " " * 1_600 + "will")
    assert not [m for m in read_line(padded) if m.subject == "cuda"]
    assert cpu_seconds() - start < 1.0
