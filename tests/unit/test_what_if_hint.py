"""An unknown --what-if subject is answered with the few subjects the verdict turns on and a
count of the rest, not every package a conda export pins (outsider 22, item 16)."""

from bringup.solve.whatifnames import what_if_hint


def test_a_conda_export_is_counted_and_the_toolkit_named() -> None:
    # IDEA-Research/GroundingDINO@856dde2: environment.yaml:8-9 (conda: addict=2.4.0,
    # aiohttp=3.8.5), :188 python=3.9.18, :194 cudatoolkit 11.8; README.md:138 CUDA_HOME
    mentioned = {"conda:addict", "conda:aiohttp", "python", "cuda", "supervision"}
    hint = what_if_hint("cdua", mentioned, {"torch", "cuda"})
    assert hint.startswith("did you mean cuda? the repos' verdicts turn on cuda, python;")
    assert "conda:" not in hint
    # conda:addict, conda:aiohttp, supervision and the rule's torch
    assert "; 4 more the repos or rules name" in hint


def test_no_guess_when_nothing_is_close() -> None:
    hint = what_if_hint("foo", {"python"}, set())
    assert hint.startswith("the repos' verdicts turn on python; the host's: arch,")
