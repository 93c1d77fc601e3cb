"""A README's line of badges is no title (reread41 L4): the title is the first line that names
the project in words."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.pkgimports import readme_title

# ClementPinard/Pytorch-Correlation-extension@f00f0cd README.md:1-5, verbatim
README = (
    "\n"
    "[![PyPI](https://img.shields.io/pypi/v/spatial-correlation-sampler.svg)]"
    "(https://pypi.org/project/spatial-correlation-sampler/)\n"
    "\n"
    "\n"
    "# Pytorch Correlation module\n"
)


def test_the_title_after_a_badge_line_is_read(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text(README, encoding="utf-8")
    assert readme_title(tmp_path) == frozenset({"pytorch", "pytorchcorrelationmodule"})


def test_a_title_that_holds_an_image_beside_words_stays_a_title(tmp_path: Path) -> None:
    # a logo and the name on one line is a title: only a line of images alone is skipped
    (tmp_path / "README.md").write_text("# ![logo](logo.png) attorch\n", encoding="utf-8")
    assert "attorch" in "".join(readme_title(tmp_path))
