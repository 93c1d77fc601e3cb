"""An unversioned need is cited beside the place that shows a version of it in use.

Source: Ascend/MindSpeed-MM (the scan8 tuning checkout) docs/zh/release_notes_mm.md:45 (the
master row's "在研版本" Triton-Ascend cell) and docs/zh/pytorch/install_guide.md:272
(``pip install triton-ascend==3.2.1``, an example pin).
"""

from __future__ import annotations

from bringup.model import Requirement, file_source
from bringup.scan.anyof import beside_in_use

_MATRIX = Requirement(
    subject="triton_ascend",
    spec="",
    component="MindSpeed-MM",
    source=file_source("docs/zh/release_notes_mm.md", 45),
)
_PIN = Requirement(
    subject="triton_ascend",
    spec="==3.2.1",
    component="MindSpeed-MM",
    source=file_source("docs/zh/pytorch/install_guide.md", 272),
    hard=False,
)


def test_the_pin_in_use_is_cited_beside_the_unversioned_need() -> None:
    cited = beside_in_use(_MATRIX, {"triton_ascend": _PIN})
    assert (cited.spec, cited.source, cited.also_at) == ("", _MATRIX.source, (_PIN.source,))
    assert beside_in_use(cited, {"triton_ascend": _PIN}) == cited


def test_a_versioned_need_or_another_subject_is_left_alone() -> None:
    assert beside_in_use(_PIN, {"triton_ascend": _PIN}) == _PIN
    assert beside_in_use(_MATRIX, {"torch_npu": _PIN}) == _MATRIX
