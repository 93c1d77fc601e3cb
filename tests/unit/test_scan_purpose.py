"""Sentences that open with a purpose state one feature's needs, on lines of real repos.

Sources: Ascend/msmodelslim 3de0a3c4e96577644289563b0d3c4dccfa552c1b
docs/en/getting_started/install_guide.md:37, docs/zh/install_guide/install_guide.md:44, and the
ONNX note of its Python guide ("若需使用 ONNX 量化功能，请确保所用 Python 版本低于 3.12");
Ascend/apex 8b8bd43f01d7c3b8497dd39eecdbc0cc7127660f README (the main install's purpose).
Building the tests or examples is a purpose of its own: hicann/catlass
0dfcf9df304f297361edab86448ac5ea6aed1647 README.md:115, README_en.md:112; hicann/hixl
9ed283b27309463ed0faa490b79c0dc9ddef6377 docs/zh/build.md:189; Ascend/AscendNPU-IR
52f96a130b52fa3d10a236aaa2e1f868f1578b88 bishengir/triton/third_party/f2reduce/README.md:59;
NVIDIA/gdrcopy fcec3ce0bb40a97a6cc45dd4afeec4bccb509712 README.md:51-52 (the library too: none).
"""

from __future__ import annotations

from bringup.model import Requirement, file_source
from bringup.scan.docfeatures import featured
from bringup.scan.docs import extract_docs
from bringup.scan.doctables import paragraph
from bringup.scan.extraction import SourceFile
from bringup.scan.purpose import OPTIONAL_WORDS, purpose_at, sentence_ends
from cpuclock import cpu_seconds

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


_TILE = "tests/unittest/catlass/gemm/tile/README.md"
_UNIT_TESTS_ZH = f"  （如需编译[单元测试]({_TILE}#环境要求)，需 `gcc` <= 12.0）"
_UNIT_TESTS_EN = f"  (The [unittest]({_TILE}) requires `gcc` <= 12.0 to compile.)"


def test_building_the_tests_or_examples_is_a_purpose_of_its_own() -> None:
    assert purpose_at(_UNIT_TESTS_ZH, _UNIT_TESTS_ZH.index("gcc")) == "编译单元测试"
    assert purpose_at(_UNIT_TESTS_EN, _UNIT_TESTS_EN.index("gcc")) == "unittest"
    hixl = '  # 若需要同时编译C++样例或基准测试benchmarks，需要额外指定"--examples"参数'
    assert purpose_at(hixl, hixl.index("需要额外")) == "要同时编译C++样例或基准测试benchmarks"
    suite = "To build the test suite, you need to manually append `add_subdirectory(test)`"
    assert purpose_at(suite, suite.index("add_")) == "build the test suite"
    # the repo's own library beside its tests is the main build
    both = "on other platforms. The library and tests require CUDA >= 6.0."
    assert purpose_at(both, both.index("CUDA")) == ""
    assert purpose_at("如需编译本项目，请安装CANN 8.2", 12) == ""


def test_a_code_span_need_under_a_purpose_is_that_feature_s() -> None:
    # the code-span reader, not the paragraph one, reads "`gcc` <= 12.0" (catlass README.md:115)
    stated = Requirement(
        subject="gcc", spec="<12.1", component="catlass",
        source=file_source("README.md", 2), text="gcc <= 12.0",
    )  # fmt: skip
    text = "  - `gcc` >= 7.5, < 13.0\n" + _UNIT_TESTS_ZH + "\n"
    (moved,) = featured("README.md", text, [stated])
    assert moved.feature == "option:编译单元测试"


def test_a_side_subject_is_read_in_bounded_steps_on_a_long_run_of_spaces() -> None:
    # "The unittest requires" (catlass README_en.md:112) read its subject and then ``\s+`` to
    # the sentence's end from each of its 40 lengths: 200 KB of blanks took over a second
    # per mention; the gap before "requires" is bounded now, and the answer is unchanged.
    blanks = " " * 400_000
    started = cpu_seconds()
    assert purpose_at(blanks + "x", len(blanks)) == ""
    assert cpu_seconds() - started < 1.0
    spaced = "The unittest  requires gcc"
    assert purpose_at(spaced, spaced.index("gcc")) == "unittest"


def test_an_optional_word_that_is_negated_marks_nothing_optional() -> None:
    # "(not optional)" is how real docs insist on a step ("Must use NODE_OPTIONS flag (not
    # optional)", "## What to Edit (not optional)"); 非可选/不可选 say the same in Chinese.
    # One pattern now serves the quoted installs (sysdeps) and the tables (doctables).
    for marked in ("Optional: `apt install x`", "(可选) `yum install y`", "optionally install"):
        assert OPTIONAL_WORDS.search(marked)
    for required in ("x (not optional)", "a non-optional step", "非可选", "不可选"):
        assert OPTIONAL_WORDS.search(required) is None


def test_a_build_that_leaves_the_tests_out_is_the_main_build() -> None:
    # "To build without tests" recurs in READMEs (nats-io/nats.java "Or to build without
    # tests", a cmake one's "To build without tests: `cmake -S . -B build
    # -DUSH_BUILD_TESTS=OFF`."): the words name the tests only to leave them out, so the
    # build is the main one and its needs no feature's (the side target reading of 4b1a926
    # took "build without tests" for a build of the tests).
    for sentence in (
        "To build without tests, CMake 3.18 or later is required.",
        "To compile the library without the examples, you need CUDA 11.",
        "如需编译不含测试用例的版本，需 gcc 9",
    ):
        assert purpose_at(sentence, len(sentence) - 3) == "", sentence
    kept = "To build the tests and examples, CMake 3.18 is required."
    assert purpose_at(kept, len(kept) - 3) == "build the tests and examples"


def test_the_sentence_marks_found_once_give_every_offset_the_same_purpose() -> None:
    """A paragraph read at many offsets (a table's rows joined: fuzz's 3,000-row README took
    13 s) is searched for its sentence marks once; each offset's purpose is what a search from
    the text's start gives, a CJK mark that the offset cuts short ("。" of "。 ") included."""
    texts = [
        "Install it. To run the tests, install pytest>=7 and numpy.",
        "安装依赖。 运行测试需要 pytest>=7。",
        "- The unittest requires gcc <= 12.0; the library needs cmake>=3.18",
        "To build the examples install cmake>=3.18 " * 40,
    ]
    for text in texts:
        ends = sentence_ends(text)
        for offset in range(len(text)):
            assert purpose_at(text, offset, ends) == purpose_at(text, offset)


# mit-han-lab/qserve de6a2ec6b5248ce71f3d738c6c41c45195b2fb4e README.md:121
_MODEL_ZOO = "4. If you want to clone our model zoo, please make sure that `git-lfs` is installed."


def test_a_wish_the_reader_may_have_is_a_purpose_as_its_chinese_twin_is() -> None:
    # "如果想…，" is read as a purpose already; "If you want to …," says the same
    assert purpose_at(_MODEL_ZOO, _MODEL_ZOO.index("git-lfs")) == "clone our model zoo"
    # the main install wished for is still the repo's
    text = "If you want to install from source, you need CUDA 11.0 or later."
    assert purpose_at(text, text.index("CUDA")) == ""
    text = "If you would like to use this library, install torch 2.1."
    assert purpose_at(text, text.index("torch")) == ""


def test_a_system_package_under_a_purpose_is_that_feature_s_as_a_version_is() -> None:
    # the sentence names the package by its spec ("git-lfs"), not by its subject
    def read(text: str) -> list[tuple[str, str, str]]:
        file = SourceFile(ref="README.md", rel="README.md", text=f"## Installation\n\n{text}\n")
        return [(r.subject, r.spec, r.feature) for r in extract_docs(file).requirements]

    assert read(_MODEL_ZOO) == [("system_package", "git-lfs", "option:clone our model zoo")]
    plain = "4. Please make sure that `git-lfs` is installed."
    assert read(plain) == [("system_package", "git-lfs", "")]
