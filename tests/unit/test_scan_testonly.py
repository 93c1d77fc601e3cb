"""A dependency list item noted as needed only by the tests is the tests' need, on real lines.

Sources: hicann/ops-nn e5c3fa9327ea95ba26d06227e746923580d10921
docs/zh/install/quick_install.md:136-147 (the base list: cmake, dos2unix, make, patch, then
googletest "only for UT");
hicann/ops-blas 35101c89511ec94cc2d9a359b611f1995d873b8d docs/zh/install/quick_install.md:141
("only for ST"); hicann/ops-sparse ae60d05a7224158e854d1a33b483f85c132f345a
docs/zh/install/quick_install.md:141 ("only for tests"); hicann/opbase
aa3cd74b7f6d772acd64ff48292a7e65a9bc8142 docs/en/install/quick_install.md:121, and its
pigz line (optional, not the tests').
"""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.testonly import only_for_tests

_RELEASE = "[release-1.11.0](https://github.com/google/googletest/releases/tag/release-1.11.0)"
_UT = f"- googletest（仅执行UT时依赖，建议版本 {_RELEASE}）"
_ST = f"- googletest（仅执行ST时依赖，建议版本 {_RELEASE}）"
_TESTS = f"- googletest（仅执行测试时依赖，建议版本 {_RELEASE}）"
_UT_EN = (
    "- GoogleTest (It is required only when UT is executed. The recommended version is "
    f"{_RELEASE}.)"
)
_PIGZ = "- pigz（可选，安装后可提升打包速度，建议版本 >= 2.4）"


def test_a_list_item_only_the_tests_need_says_so_in_brackets() -> None:
    assert all(only_for_tests(line) for line in (_UT, _ST, _TESTS, _UT_EN))
    assert not only_for_tests(_PIGZ)
    assert not only_for_tests("- cmake >= 3.16.0")


def test_the_item_is_the_tests_need_and_the_rest_of_the_list_the_repo_s() -> None:
    heading = "#### 安装依赖\n\n本项目基础依赖如下，注意满足版本号要求。\n\n"
    text = f"{heading}- cmake >= 3.16.0\n- dos2unix\n- make\n- patch\n{_UT}\n"
    rel = "docs/zh/install/quick_install.md"
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    features = {(r.subject, r.spec.split()[0] if r.spec else ""): r.feature for r in found}
    assert features[("cmake", ">=3.16.0")] == ""
    assert features[("system_package", "googletest")] == "tests"
