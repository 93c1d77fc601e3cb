from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bringup.subjects import scheme_for
from bringup.versions import InvalidSpecifier, InvalidVersion, SpecifierSet, Version, is_version

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ORDERS = tomllib.loads(
    (Path(__file__).parents[1] / "fixtures/versions/release_order.toml").read_text()
)


@pytest.mark.parametrize("name", sorted(ORDERS))
def test_vendor_release_order_is_kept(name: str) -> None:
    table = ORDERS[name]
    versions = [Version(raw, table["scheme"]) for raw in table["order"]]
    assert sorted(versions) == versions
    assert all(a < b for a, b in zip(versions, versions[1:])), name


@pytest.mark.parametrize(
    ("raw", "scheme"),
    [
        ("6.3.RC2", "ascend"),
        ("7.0.0", "ascend"),
        ("8.0.RC1", "ascend"),
        ("8.0.RC2.alpha003", "ascend"),
        ("8.1.RC1.beta1", "ascend"),
        ("23.0.0", "ascend"),
        ("24.1.rc2", "ascend"),
        ("25.0.RC1.1", "ascend"),
        ("7.1.0.9.220", "numeric"),
        ("535.104.05", "numeric"),
        ("12.4", "numeric"),
        ("13.0.88", "numeric"),
        ("12.2.0", "numeric"),
        ("2.1.0.post3", "pep440"),
        ("910B", "name"),
    ],
)
def test_raw_spelling_is_kept(raw: str, scheme: str) -> None:
    assert str(Version(raw, scheme)) == raw


def test_equal_spellings() -> None:
    assert Version("535.104.05", "numeric") == Version("535.104.5", "numeric")
    assert Version("12.4", "numeric") == Version("12.4.0", "numeric")
    assert Version("24.1.rc2", "ascend") == Version("24.1.RC2", "ascend")
    assert hash(Version("24.1.rc2", "ascend")) == hash(Version("24.1.RC2", "ascend"))


@pytest.mark.parametrize(
    ("raw", "scheme"),
    [
        ("", "ascend"),
        ("hello", "ascend"),
        ("8", "ascend"),
        ("8.0.XX1", "ascend"),
        ("8.0.RC1.b1.2", "ascend"),
        ("12.4a", "numeric"),
        ("1..2", "numeric"),
        ("not a version", "pep440"),
        ("", "name"),
        ("8.0.0", "martian"),
    ],
)
def test_not_a_version(raw: str, scheme: str) -> None:
    with pytest.raises(InvalidVersion) as caught:
        Version(raw, scheme)
    assert repr(raw) in str(caught.value)
    assert not is_version(raw, scheme)


def test_numbers_are_rejected() -> None:
    with pytest.raises(InvalidVersion, match="a string"):
        Version(12.1, "numeric")  # type: ignore[arg-type]


def test_cross_scheme_comparison_is_an_error() -> None:
    with pytest.raises(TypeError):
        assert Version("8.0.0", "ascend") < Version("8.0.0", "numeric")
    assert Version("8.0.0", "ascend") != Version("8.0.0", "numeric")


@pytest.mark.parametrize(
    ("spec", "scheme", "inside", "outside"),
    [
        (
            ">=8.0.RC1,<8.2",
            "ascend",
            ["8.0.RC1", "8.0.0", "8.1.RC1", "8.1.RC1.alpha001"],
            ["7.0.0", "8.2.RC1", "8.2.0", "8.0.T6"],
        ),
        ("8.0.*", "ascend", ["8.0.RC1", "8.0.RC3", "8.0.0", "8.0.1"], ["8.1.RC1", "7.0.0"]),
        ("~=7.0", "ascend", ["7.0.RC1", "7.0.0", "7.5.0"], ["6.3.RC2", "8.0.RC1"]),
        (">=6.3,<7.0", "ascend", ["6.3.RC1", "6.3.RC3.1"], ["7.0.RC1", "7.0.0", "6.0.1"]),
        (">=7.0", "ascend", ["7.0.RC1", "9.1.0"], ["6.3.RC3"]),
        ("!=8.0.RC2", "ascend", ["8.0.RC1", "8.0.RC2.1"], ["8.0.RC2"]),
        (">=7.5", "numeric", ["7.5.0", "12.2.0"], ["7.4.0"]),
        ("<13", "numeric", ["12.9.1"], ["13.0", "13.0.88"]),
        ("==12.*", "numeric", ["12.0", "12.9.1"], ["13.0", "11.8"]),
        (">=3.8,<3.11", "pep440", ["3.8", "3.10.14"], ["3.11.7", "3.7"]),
        ("==2.1.0.post3", "pep440", ["2.1.0.post3"], ["2.1.0"]),
        ("910B,910_93", "name", ["910B", "910b", "910_93"], ["310P"]),
        ("!310P", "name", ["910B"], ["310P"]),
        ("", "ascend", ["8.0.RC1"], []),
    ],
)
def test_specifiers(spec: str, scheme: str, inside: list[str], outside: list[str]) -> None:
    specifier = SpecifierSet(spec, scheme)
    for raw in inside:
        assert specifier.contains(raw), raw
    for raw in outside:
        assert not specifier.contains(raw), raw
    assert str(specifier) == spec


@pytest.mark.parametrize(
    ("spec", "scheme"),
    [
        (">=8.0.RC1,<<", "ascend"),
        (">=8.*", "ascend"),
        ("~=8", "numeric"),
        (">=x", "numeric"),
        ("=>1.0", "pep440"),
        ("a b", "name"),
    ],
)
def test_bad_specifiers(spec: str, scheme: str) -> None:
    with pytest.raises(InvalidSpecifier) as caught:
        SpecifierSet(spec, scheme)
    assert scheme in str(caught.value)


def test_subject_schemes() -> None:
    assert scheme_for("cann") == "ascend"
    assert scheme_for("gcc") == "numeric"
    assert scheme_for("chip") == "name"
    assert scheme_for("pypi:torch") == "pep440"
    assert scheme_for("torch_npu") == "pep440"


def test_alternatives() -> None:
    specifier = SpecifierSet("==7.0.0 || >=8.0.RC1,<8.1", "ascend")
    assert specifier.contains("7.0.0")
    assert specifier.contains("8.0.RC3")
    assert not specifier.contains("7.0.1")
    assert not specifier.contains("8.1.RC1")
    assert len(specifier.alternatives) == 2
    assert SpecifierSet(">=3.8,<3.9 || >=3.10", "pep440").contains("3.11")
    assert not SpecifierSet(">=3.8,<3.9 || >=3.10", "pep440").contains("3.9.1")
    assert SpecifierSet("910B || 310P", "name").contains("310P")
    with pytest.raises(InvalidSpecifier, match="empty alternative"):
        SpecifierSet(">=1.0 ||", "numeric")


def test_error_column_counts_from_the_whole_text() -> None:
    with pytest.raises(InvalidSpecifier) as caught:
        SpecifierSet("==7.0.0 || >=8.x", "ascend")
    assert caught.value.position == 10
