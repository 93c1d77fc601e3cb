"""A listing table's row whose name no subject knows is a Python distribution only where
something says Python.

A table headed as a list of what to install ("依赖", "dependencies": ``tablecells.listing_header``)
names its rows; a first cell the vocabulary does not know is read as a PyPI distribution's
name (``tablecells.distribution_cell``). With a version beside it (a specifier) the row is a
pin; with none, the name alone says nothing of PyPI: "|已安装依赖|文本内容|" over "|xfce|startxfce4
&|" and "|gnome|gnome-session &|" (Ascend/msinsight@4e16fca1 docs/zh/install_guide/
mindstudio_insight_install_guide.md:404-407) names desktop sessions, the text to add to a VNC
start-up script. Such a row is kept where its own words, the table's header, the section's
headings or the paragraph before the table name Python or pip: "| click | …所依赖的Python库。|"
(the same guide, :224), "|pyyaml|无|安装命令参考如下。pip3 install pyyaml|" (Ascend/
IndexSDK@fa595858 docs/zh/04_installation_guide.md:60).

Measured when written (gate bench and labels): tuning 2 false reports fewer, 1 correct fewer
(2 repos); held-out totals 8 false reports fewer, 1 correct fewer (2 repos).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bringup import lazyre
from bringup.model import Requirement
from bringup.subjects import scope_of

_PYTHON_WORDS = lazyre.compile(
    r"(?<![a-z])pip(?:\d|env)?(?![a-z])|python|\.whl|\bwheels?\b|pypi", re.IGNORECASE
)
"""Words saying a row's name is a Python distribution: pip ("pip3 install", "使用pip安装"; not
the letters of "pipeline" or "pipe", reread42 L2), Python ("Python库"), a wheel, PyPI."""
_ROW = " | "
"""How a row's cells are joined in the words a table's requirement keeps (``doctables``)."""


def _guessed_bare_row(requirement: Requirement) -> bool:
    """Whether ``requirement`` is a table row's unknown name with no version."""
    text = requirement.text or ""
    return not requirement.spec and _ROW in text and scope_of(requirement.subject) is None


def python_rows(found: list[Requirement], context: Sequence[str]) -> list[Requirement]:
    """``found`` (one table's requirements) without the unversioned rows of unknown names,
    unless a row's words or the ``context`` (the header's cells, the section's headings, the
    paragraph before the table) say Python."""
    if not any(_guessed_bare_row(r) for r in found):
        return found
    if any(_PYTHON_WORDS.search(words) for words in context):
        return found
    return [r for r in found if not _guessed_bare_row(r) or _PYTHON_WORDS.search(r.text or "")]
