"""A need repeated on many lines is cited to its first few places and a count, so a conflict
stays readable (outsider 22, item 16)."""

from bringup.model import Source
from bringup.report.wording import cite


def _at(line: int) -> Source:
    return Source(kind="file", ref="INSTALL.md", line=line)


def test_a_need_said_on_twenty_lines_is_cited_to_four_and_a_count() -> None:
    # facebookresearch/sam2@2b90b9f: the CUDA need is read from INSTALL.md:7, :15, :20, :24,
    # ... (17 lines), README.md:49, :50 and setup.py:103; these are its first lines
    lines = (7, 15, 20, 24, 26, 28, 35, 37, 97, 99, 107, 109, 122, 131, 135, 141, 170)
    said = cite(_at(lines[0]), tuple(_at(n) for n in lines[1:]))
    assert said == "(INSTALL.md:7; also INSTALL.md:15, INSTALL.md:20, INSTALL.md:24 +13 more)"


def test_a_few_places_are_all_named() -> None:
    said = cite(_at(7), (_at(15), _at(20), _at(24)))
    assert said == "(INSTALL.md:7; also INSTALL.md:15, INSTALL.md:20, INSTALL.md:24)"
    assert cite(_at(7)) == "(INSTALL.md:7)"


def test_one_place_more_is_named_rather_than_counted() -> None:
    said = cite(_at(7), (_at(15), _at(20), _at(24), _at(26)))
    assert said == "(INSTALL.md:7; also INSTALL.md:15, INSTALL.md:20, INSTALL.md:24, INSTALL.md:26)"
