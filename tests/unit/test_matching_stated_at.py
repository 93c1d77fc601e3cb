"""A row of ``check --details`` cites its first places and counts the rest (outsider23c D15:
torch-ngp's Python was cited at 55 places, a wall of text)."""

from __future__ import annotations

from bringup.model.source import file_source
from bringup.report.matching_text import _places

# ashawkey/torch-ngp@b6e08046: environment.yml:6 `- python=3.9`, then a `python main_*.py`
# line of readme.md at each of these
LINES = (107, 108, 109, 110, 113, 116, 119, 122, 125, 128, 132, 135, 141)
PLACES = (
    file_source("torch-ngp/environment.yml", 6),
    *(file_source("torch-ngp/readme.md", n) for n in LINES),
)


def test_a_long_list_of_places_is_cut_and_counted() -> None:
    said = _places(PLACES, "torch-ngp")
    assert said.startswith("environment.yml:6, readme.md:107, ")
    assert said.endswith("readme.md:125 +4 more (bringup scan --details lists them)")


def test_a_list_one_past_the_cut_is_shown_whole() -> None:
    said = _places(PLACES[:11], "torch-ngp")
    assert said.endswith("readme.md:125, readme.md:128")
