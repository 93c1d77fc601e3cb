"""The headings the section walkers read (scan.diagnosed, scan.sectionpurpose), on real lines:
hiyouga/LLaMA-Factory@ff6d4d12 docker/docker-cuda/README.md:83 "## Troubleshooting" and
README.md:624 "#### Install BitsAndBytes"; a fenced shell comment is no heading."""

from __future__ import annotations

from bringup.scan.mdheadings import Heading, headings
from cpuclock import cpu_seconds

LINES = [
    "## Troubleshooting",
    "```bash",
    "# Verify your NVIDIA drivers are properly installed",
    "nvidia-smi",
    "```",
    "#### Install BitsAndBytes ####",
    "####### seven is no heading",
    "#hashtag",
    "##",
]


def test_headings_outside_fences_with_their_level_and_words() -> None:
    assert list(headings(LINES)) == [
        Heading(0, 2, "Troubleshooting"),
        Heading(5, 4, "Install BitsAndBytes"),
    ]


def test_a_line_of_hashes_is_read_in_linear_time() -> None:
    hostile = "# " + " #" * 25_000 + "x"
    started = cpu_seconds()
    assert [h.level for h in headings([hostile] * 20)] == [1] * 20
    assert cpu_seconds() - started < 2.0
