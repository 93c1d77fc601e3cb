"""A change to the first answer's layer or rank, scored on both halves before it is written.

A layer rule costs a module, a test and a held-out run to learn that it does not generalise;
most do not (sessions 37-41). This applies a candidate as a transform of ``explain_text``'s
ranked list and scores it as ``heldout.py`` does (cause, layer, wrong, layer wrong), per half,
beside the list as it is: the held-out half as totals only, the tuning half with the cases it
moved. Transforms (``--what``, repeatable):

- ``earliest``: a place-only first answer (``triage_eval.names_a_cause`` false) gives way to
  the place-only answer of another layer found on an earlier line (the first failure in time
  over its echoes, issue 15's ranking item);
- ``words[:LAYER]``: a place-only first answer that is no ``evidence.*`` reading itself takes
  the layer of the first fallback ``[[evidence]]`` rule (``kb/data/fallback/rules.toml``, in
  its order, the two operator catch-all readings left out) whose words its evidence lines hold
  (a component word decides the layer); with ``:LAYER`` only the rules of that layer;
- ``class-words[:LAYER]``: the same for a class rule's answer (``class.*``: its layer is the
  class's, say ``class.code.project-bug``'s operator execution).

Session 41 (main 9169aadb, the gate's labels), held-out / tuning layer right (layer wrong),
against 304 (98) / 402 (35) as it is: ``earliest`` 304 (98) / 402 (35), nothing moves (the
ranking already gives the first failure in time its bonus, and lists are short); ``words``
296 (106) / 394 (43), held-out 1 fixed and 9 broken ("moved": the logs whose score changed);
``words:communication`` 301 (101) / 400 (37); ``words:device_init`` 304 (98, none moved) / 399
(38); ``words:install`` 296 (106) / 400 (37); ``class-words`` 304 (98: 1 fixed, 1 broken) / 390
(47: 12 broken). Cause and wrong unchanged. A line
rule's, a code's or a catch-all's own layer is better than the component words on its line.

Beside the figures, ``vocabulary`` counts each half's logs by whether their first answer's layer
is the label's (right, or wrong: another layer or none), whether the text holds the words of the
label's layer (the evidence rules above) and of another layer than the label's and the one
answered: how many misses a words rule could reach and how many right answers it could break.
Session 41, held-out / tuning: of the 109 / 38 wrong, 15 / 8 hold the label's layer's words
anywhere (94 / 30 none), while 61 / 104 right answers hold another layer's: the held-out
misses are logs without that vocabulary, which no re-weighing of it reaches.

``--unsigned`` scores the lists told with every specific signature left out (``triage_loo.py
--unsigned``): the regime of a log no signature names, where the tuning half's layer misses
were classified (session 41). There, held-out / tuning against 295 (106) / 393 (44): ``earliest``
moves nothing; ``words`` 289 (112) / 384 (53): of the tuning half's 44, the component words fix 1
and break 10; each layer alone loses on both halves or, device_init, on tuning only.

    PYTHONPATH=WORKTREE/src python bench/triage_whatif.py [--data DATA] [--unsigned]
        --what earliest --what words --what words:install
"""

from __future__ import annotations

import argparse
import functools
import re
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Callable

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bringup.model.diagnosis import Diagnosis
from bringup.triage import explain_text
from bringup.triage.fallbackrules import builtin_rules
from bringup.triage.retired import current_id
from heldout import DATA, load_split, triage_half
from triage_eval import explain_unsigned, judge, names_a_cause

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib

Transform = Callable[[list[Diagnosis]], list[Diagnosis]]
CATCH_ALL_WORDS = frozenset({"evidence.operator.unnamed", "evidence.operator.operation"})
"""The evidence rules that place any operation's words: no component's."""


def as_is(diagnoses: list[Diagnosis]) -> list[Diagnosis]:
    """The ranked list as ``explain_text`` gives it."""
    return diagnoses


def _line(diagnosis: Diagnosis) -> int:
    return diagnosis.evidence[0].line if diagnosis.evidence else sys.maxsize


def earliest(diagnoses: list[Diagnosis]) -> list[Diagnosis]:
    """The place-only answer of another layer on an earlier line first, over a place-only one."""
    if not diagnoses or names_a_cause(diagnoses[0]):
        return diagnoses
    first = min((d for d in diagnoses if not names_a_cause(d)), key=_line)
    if _line(first) >= _line(diagnoses[0]) or first.layer == diagnoses[0].layer:
        return diagnoses
    return [first, *(d for d in diagnoses if d is not first)]


def words(layer: str = "", classes: bool = False) -> Transform:
    """The layer of the first evidence rule (of ``layer`` only, when given) whose words the
    first answer's evidence lines hold, for a place-only first answer not read by words (with
    ``classes``, for a class rule's answer instead: a cause whose layer is its class's)."""
    rules = [(named, pattern) for named, pattern in _vocabulary() if layer in ("", named)]

    def transform(diagnoses: list[Diagnosis]) -> list[Diagnosis]:
        if not diagnoses:
            return diagnoses
        first = diagnoses[0]
        if classes != first.signature_id.startswith("class."):
            return diagnoses
        if not classes and (names_a_cause(first) or first.signature_id.startswith("evidence.")):
            return diagnoses
        text = "\n".join(item.text for item in first.evidence)
        found = next((named for named, pattern in rules if pattern.search(text)), first.layer)
        if found == first.layer:
            return diagnoses
        return [msgspec.structs.replace(first, layer=found), *diagnoses[1:]]

    return transform


def vocabulary(layer: str, text: str, got: str | None) -> str:
    """Whether a log's text holds the evidence rules' words of its label's ``layer`` and of a
    layer other than the label's and the one answered (``got``): a words rule's reach."""
    found = {named for named, pattern in _vocabulary() if pattern.search(text)}
    own = "label's layer words" if layer in found else "no label's layer words"
    other = ", other layer words" if found - {layer, got} else ""
    return f"{'right' if got == layer else 'wrong'}: {own}{other}"


@functools.cache
def _vocabulary() -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple(
        (rule.layer, re.compile(rule.words))
        for rule in builtin_rules().evidence
        if rule.words and rule.id not in CATCH_ALL_WORDS
    )


def transform_named(name: str) -> Transform:
    """``earliest``, ``words[:LAYER]`` or ``class-words[:LAYER]``."""
    if name == "earliest":
        return earliest
    kind, _, layer = name.partition(":")
    if kind in ("words", "class-words"):
        return words(layer, classes=kind == "class-words")
    raise ValueError(f"unknown transform {name!r}")


def score(
    data: Path, names: Iterable[str], moved: list[str] | None = None, unsigned: bool = False
) -> dict[tuple[str, str], Counter[str]]:
    """Each (transform, half)'s counts, ``as is`` included; the tuning cases a transform moved
    appended to ``moved``; with ``unsigned``, of the list told with every specific signature
    left out (``triage_eval.explain_unsigned``: the logs no signature names)."""
    explain = explain_unsigned if unsigned else explain_text
    transforms: dict[str, Transform] = {"as is": as_is}
    transforms.update({name: transform_named(name) for name in names})
    counts: dict[tuple[str, str], Counter[str]] = {}
    for corpus in load_split(data / "heldout.toml")["triage"]["corpora"]:
        folder = data / corpus["name"]
        if not (folder / "cases.toml").is_file():
            continue
        for case in tomllib.loads((folder / "cases.toml").read_text(encoding="utf-8"))["case"]:
            half = triage_half(case["file"])
            expected = {current_id(item) for item in case["expected"]}
            log = (folder / case["file"]).read_bytes()
            diagnoses = explain(log)
            before = judge(expected, case["layer"], diagnoses)
            got = diagnoses[0].layer if diagnoses else None
            text = log.decode("utf-8", errors="replace")
            words_of = vocabulary(case["layer"], text, got)
            counts.setdefault(("vocabulary", half), Counter())[words_of] += 1
            for name, transform in transforms.items():
                after = judge(expected, case["layer"], transform(list(diagnoses)))
                tally = counts.setdefault((name, half), Counter())
                tally.update(after._asdict())
                tally["moved"] += after != before
                if moved is not None and half == "tuning" and after != before:
                    moved.append(
                        f"  {name} {corpus['name']}/{case['file']}: layer {before.layer}->"
                        f"{after.layer}, cause {before.cause}->{after.cause}"
                    )
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA, help="the tests/data to read")
    parser.add_argument("--what", action="append", default=[], help="a transform (repeatable)")
    parser.add_argument(
        "--unsigned", action="store_true", help="every specific signature left out (triage_loo)"
    )
    args = parser.parse_args()
    moved: list[str] = []
    counts = score(args.data, args.what, moved, args.unsigned)
    if moved:
        print("\n".join(moved))
    for (name, half), tally in sorted(counts.items()):
        if name == "vocabulary":
            print("\n".join(f"{half:8} {key}: {n}" for key, n in sorted(tally.items())))
            continue
        figures = ", ".join(f"{key} {tally[key]}" for key in ("cause", "layer", "wrong"))
        print(
            f"{half:8} {name:24} {figures}, layer wrong {tally['layer_wrong']},"
            f" moved {tally['moved']}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
