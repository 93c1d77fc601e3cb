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
