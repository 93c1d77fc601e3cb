"""Hostile shapes of input the scan once read in super-linear time (``tests/hostile_inputs.py``
builds them at any size; ``bench/hostile.py`` times the large ones). Each read now asks less,
and these tests hold that what it answers is exactly what asking everything answered:

- a range statement is held only against the specs inside its hull (``implied._Spans``):
  every spec it says no more than is among them;
- a wide spec of thousands of ``==`` alternatives (a table's version column) looks a pin up
  among them before asking each: the same answer, a local label still admitted;
- a clause naming a release thousands of times groups them once (``alternatives``);
- a deep tree's pip list is found where a guide names its path (``guided_lists``), and each
  folder's scope is read from its parent's (``Scopes``)."""

from __future__ import annotations

import random

import pytest

from bringup.model import Requirement, file_source
from bringup.scan import implied
from bringup.scan.implied import _Spans
from bringup.scan.mention import Mention
from bringup.scan.pipscopes import guided_lists
from bringup.scan.prose_alternatives import alternatives
from bringup.scan.registry import PROSE
from bringup.scan.scopedirs import ci_file
from bringup.scan.scopes import REPO, Scopes
from bringup.scan.specranges import point_keys, ranges, says_no_more


def _specs(pick: random.Random, count: int) -> list[str]:
    """Range specs of every shape ``ranges`` reads: bounds in or out, open ends, series,
    unions, pins, local pins."""
    found = []
    for _ in range(count):
        low, high = pick.randint(0, 6), pick.randint(0, 6)
        shape = pick.randrange(8)
        found.append(
            [
                f">=2.{low}",
                f">2.{low},<=2.{low + high}",
                f">=2.{low},<2.{low + high}",
                f"<2.{high}",
                f"==2.{low}.*",
                f">=2.{low},<2.{low + 1} || >=2.{low + high},<2.{low + high + 2}",
                f"==2.{low}.{high}",
                f"==2.{low}.{high}+cpu || ==2.{high}.0",
            ][shape]
        )
    return [spec for spec in dict.fromkeys(found) if ranges(spec, "torch")]


def _stated(pick: random.Random, specs: list[str], count: int) -> list[Requirement]:
    return [
        Requirement(
            subject="torch",
            spec=pick.choice(specs),
            component="x",
            source=file_source("README.md", line),
            hard=pick.random() < 0.5,
        )
        for line in range(1, count + 1)
    ]


def _standing(requirement: Requirement) -> tuple[tuple[int, bool], int]:
    return (PROSE, requirement.hard), -(requirement.source.line or 0)


@pytest.mark.parametrize("window", [0, 8, 100_000])
@pytest.mark.parametrize("seed", range(4))
def test_a_range_is_held_against_every_spec_it_says_no_more_than(
    seed: int, window: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the window (a few ranges) or the walk in order of standing (many)."""
    monkeypatch.setattr(implied, "_WINDOW", window)
    pick = random.Random(seed)
    specs = _specs(pick, 120)
    firsts: dict[str, dict[bool, Requirement]] = {}
    for stated in sorted(_stated(pick, specs, 400), key=_standing, reverse=True):
        firsts.setdefault(stated.spec, {}).setdefault(False, stated)
        if stated.hard:
            firsts[stated.spec].setdefault(True, stated)
    spans = _Spans(firsts, "torch", _standing)
    for wide in _stated(pick, specs, 60):
        if point_keys(wide.spec, "torch") is not None:
            continue  # pins are asked of pins of their releases (test_hostile_pins)
        offered = list(spans.likeliest(wide))
        assert offered == sorted(offered, key=_standing, reverse=True)
        expected = {
            ones[wide.hard].spec
            for spec, ones in firsts.items()
            if wide.hard in ones and says_no_more(wide.spec, spec, "torch")
        }
        assert expected <= {r.spec for r in offered}


@pytest.mark.parametrize("seed", range(3))
def test_the_fold_of_ranges_is_the_fold_against_every_spec(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    pick = random.Random(seed)
    found = _stated(pick, _specs(pick, 80), 300)
    folded = implied.fold_implied(found, {"README.md": PROSE})

    def every(self: _Spans, wide: Requirement) -> list[Requirement]:
        return implied._likeliest(self.specs, list(self.specs), wide.hard, self.standing)

    monkeypatch.setattr(implied._Spans, "likeliest", every)
    assert implied.fold_implied(found, {"README.md": PROSE}) == folded
    assert len(folded) < len(found)


_TABLE = " || ".join(f"==2.{n % 9}.{n % 5}.post{n}" for n in range(600))


@pytest.mark.parametrize(
    ("narrow", "expected"),
    [
        (_TABLE, True),
        ("==2.3.3.post3 || ==2.0.0.post0", True),
        ("==2.0.0.post0+cpu", True),  # a local label: no alternative of its key, asked of each
        (_TABLE + " || ==9.9", False),
        ("==2.0.0", False),
    ],
)
def test_a_pin_is_looked_up_among_thousands_of_alternatives(narrow: str, expected: bool) -> None:
    assert says_no_more(_TABLE, narrow, "torch_npu") is expected


def test_equal_keys_of_a_numeric_scheme_are_one_pin() -> None:
    assert says_no_more("==12.4 || ==12.6", "==12.4.0", "cuda")
    assert not says_no_more("==12.4 || ==12.6", "==12.5", "cuda")


def test_thousands_of_pins_of_one_clause_are_one_mention() -> None:
    mentions = [Mention("torch", f"==2.{n % 500}.0", f"torch 2.{n}", "high") for n in range(1500)]
    mentions.append(Mention("gcc", ">=9", "gcc 9+", "high"))
    grouped, gcc = alternatives(mentions)
    assert grouped.spec == " || ".join(f"==2.{n}.0" for n in range(500))
    assert grouped.text.startswith("torch 2.0 torch 2.1 ")
    assert gcc.spec == ">=9"


def test_a_deep_list_is_found_where_a_guide_names_its_path() -> None:
    deep = "/".join(["src"] * 600)
    texts = {
        f"{deep}/requirements.txt": "numpy\n",
        f"{deep}/a/requirements.txt": "torch\n",
        "docs/install.md": f"pip install -r {deep}/requirements.txt\n",
    }
    assert guided_lists(texts, ci_file) == {f"{deep}/requirements.txt": ["docs/install.md"]}


def test_a_deep_tree_takes_each_folders_innermost_option() -> None:
    """Deeper than the recursion limit: each folder's option is its parent's answer unless it
    has its own (``Scopes._option`` keeps each folder's)."""
    folders = ["lib"] * 1100
    rels = ["/".join([*folders[:depth], "x.py"]) for depth in range(1100, 0, -1)]
    options = {"lib/lib": "option:A", "/".join(folders[:600]): "option:B"}
    scopes = Scopes(rels, {}, options)
    found = {rel.count("/"): scopes.of(rel) for rel in rels}
    assert found[1] == REPO
    assert {found[depth] for depth in range(2, 600)} == {"option:A"}
    assert {found[depth] for depth in range(600, 1101)} == {"option:B"}
