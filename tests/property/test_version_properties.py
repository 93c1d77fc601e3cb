"""Property tests: every scheme is a total order, and reading keeps the raw spelling."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bringup.versions import InvalidVersion, SpecifierSet, Version

_num = st.integers(min_value=0, max_value=999).map(str)
ascend_strings = st.builds(
    lambda major, minor, third, patch, pre: ".".join([major, minor, third, *patch]) + pre,
    _num,
    _num,
    st.one_of(
        _num,
        _num.map(lambda n: f"RC{n}"),
        _num.map(lambda n: f"rc{n}"),
        _num.map(lambda n: f"T{n}"),
    ),
    st.lists(_num, max_size=2),
    st.sampled_from(["", ".alpha001", ".beta1", "-beta.2", ".b010"]),
)
numeric_strings = st.lists(_num, min_size=1, max_size=5).map(".".join)


@given(st.lists(ascend_strings, min_size=3, max_size=3))
def test_ascend_total_order(raws: list[str]) -> None:
    a, b, c = (Version(r, "ascend") for r in raws)
    assert (a < b) + (a == b) + (a > b) == 1
    if a <= b <= c:
        assert a <= c


@given(st.lists(numeric_strings, min_size=3, max_size=3))
def test_numeric_total_order(raws: list[str]) -> None:
    a, b, c = (Version(r, "numeric") for r in raws)
    assert (a < b) + (a == b) + (a > b) == 1
    if a <= b <= c:
        assert a <= c


@given(st.one_of(ascend_strings, numeric_strings))
def test_round_trip(raw: str) -> None:
    scheme = "numeric" if raw.replace(".", "").isdigit() else "ascend"
    version = Version(raw, scheme)
    assert str(version) == raw
    assert Version(str(version), scheme) == version


@given(st.text(max_size=40), st.sampled_from(["ascend", "numeric", "pep440", "name"]))
def test_arbitrary_text_parses_or_says_why(raw: str, scheme: str) -> None:
    try:
        Version(raw, scheme)
    except InvalidVersion as error:
        message = str(error)
    else:
        return
    assert scheme in message


@given(ascend_strings, ascend_strings)
def test_specifier_agrees_with_order(low: str, probe: str) -> None:
    floor = Version(low, "ascend")
    version = Version(probe, "ascend")
    assert SpecifierSet(f">={low}", "ascend").contains(version) == (version >= floor)
    assert SpecifierSet(f"<{low}", "ascend").contains(version) == (version < floor)


@given(
    st.lists(st.sampled_from(["1.0", "1.0rc1", "1.0.post1", "1.0+local", "2.0", "2.0rc1"])),
    st.sampled_from([">=1.0", "<2.0", ">1.0", "==1.0.*", "~=1.0", "!=1.0", ">=1.0,<2.0 || ==2.0"]),
)
def test_filter_agrees_with_contains(raws: list[str], text: str) -> None:
    # The bulk path (packaging's filter) must admit exactly what contains() admits.
    spec = SpecifierSet(text, "pep440")
    versions = [Version(raw, "pep440") for raw in raws]
    assert spec.filter(versions) == [v for v in versions if spec.contains(v)]
