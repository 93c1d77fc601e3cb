"""Sentences that open with a purpose state one feature's needs, on lines of real repos.

Sources: Ascend/msmodelslim 3de0a3c4e96577644289563b0d3c4dccfa552c1b
docs/en/getting_started/install_guide.md:37, docs/zh/install_guide/install_guide.md:44, and the
ONNX note of its Python guide ("若需使用 ONNX 量化功能，请确保所用 Python 版本低于 3.12");
Ascend/apex 8b8bd43f01d7c3b8497dd39eecdbc0cc7127660f README (the main install's purpose).
"""

from __future__ import annotations

from bringup.scan.doctables import paragraph
from bringup.scan.extraction import SourceFile
from bringup.scan.purpose import purpose_at

_SPARSE = "2. To perform sparse quantization and compression, install CANN 8.2.RC1 or later."
_SPARSE_ZH = (
    "若需进行稀疏量化和压缩，请安装CANN 8.2.RC1及以上版本，完成源码构建安装后，请继续以下操作："
)


def _features(text: str) -> list[tuple[str, str]]:
    file = SourceFile(ref="install_guide.md", rel="install_guide.md", text=text)
    return [
        (r.subject, r.feature) for r in paragraph(file, [(1, text)], required=True, vendor=None)
    ]


def test_a_purpose_clause_makes_its_needs_that_feature_s() -> None:
    feature = "option:perform sparse quantization and compression"
    assert _features(_SPARSE) == [("cann", feature)]
    assert _features(_SPARSE_ZH) == [("cann", "option:进行稀疏量化和压缩")]


def test_the_main_install_s_purpose_is_no_feature() -> None:
    text = "To install Apex from source, you need CUDA 11.0 or later."
    assert purpose_at(text, text.index("CUDA")) == ""
    assert _features("CANN 8.2.RC1 or later is required.") == [("cann", "")]


def test_the_purpose_of_one_sentence_ends_with_it() -> None:
    text = "To use FP8, set the flag. Python 3.9 or later is required."
    assert purpose_at(text, text.index("Python")) == ""
    assert purpose_at(text, text.index("flag")) == "use FP8"
