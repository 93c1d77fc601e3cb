"""The independently collected triage corpora are well-formed and stay apart.

``tests/data/triage_heldout``, ``tests/data/triage_fresh`` and the later ones were each
collected without reading the signatures, so that accuracy measured on them says how well
the signatures generalise (``bench/triage_eval.py --corpus DIR``). This checks the corpora,
not accuracy: every case names a log that exists, a public thread, a valid area and layer,
and only signature ids that exist; no thread or log is shared with the signature samples or
with a corpus collected before it. ``expected`` may be absent while a corpus waits to be
labelled; ``label_note`` says why a label was a judgement call."""

from __future__ import annotations

import hashlib
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlsplit

import pytest

from bringup.triage import load_signatures
from bringup.triage.faq import faq_signatures
from bringup.triage.faultdiag import faultdiag_signatures
from bringup.triage.listing import entries
from bringup.triage.retired import retired

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib

DATA = Path(__file__).parent.parent / "data"
SAMPLES = Path(__file__).parent.parent / "fixtures" / "logs"
SOURCES = Path(__file__).resolve().parents[2] / "src" / "bringup"
UNIT_TESTS = Path(__file__).parent
"""From the eighth corpus on, its threads must be cited nowhere in the code, its data or the unit
tests either: a signature or rule written from a corpus thread would make its blind score a
tuning figure."""
AREAS = {"ascend", "cuda", "toolchain"}
LAYERS = {"install", "build", "device_init", "operator_execution", "communication", "memory"}
REQUIRED = {"file", "area", "source", "established_cause", "layer"}
OPTIONAL = {"expected", "label_note"}
URL = re.compile(r"https?://[^\s)\"'>`]+")


class Corpus(NamedTuple):
    directory: Path
    earlier: tuple[Path, ...]
    """What existed when it was collected: its threads and logs must not be reused."""
    size: int = 40
    """The fewest cases it must hold: 40 was asked of every collection; the tenth's collectors
    stopped at 29 and one of its logs copies an earlier corpus's (its cases.toml header says so)."""
    areas: frozenset[str] = frozenset()
    """The areas it holds when not all of them: the thirtieth's one CUDA log was a copy."""


CORPORA = {
    "heldout": Corpus(DATA / "triage_heldout", (SAMPLES, DATA / "triage")),
    "fresh": Corpus(DATA / "triage_fresh", (SAMPLES, DATA / "triage", DATA / "triage_heldout")),
    "third": Corpus(
        DATA / "triage_third",
        (SAMPLES, DATA / "triage", DATA / "triage_heldout", DATA / "triage_fresh"),
    ),
    "fourth": Corpus(
        DATA / "triage_fourth",
        (
            SAMPLES,
            DATA / "triage",
            DATA / "triage_heldout",
            DATA / "triage_fresh",
            DATA / "triage_third",
        ),
    ),
    "sixth": Corpus(
        DATA / "triage_sixth",
        (
            SAMPLES,
            DATA / "triage",
            DATA / "triage_heldout",
            DATA / "triage_fresh",
            DATA / "triage_third",
            DATA / "triage_fourth",
        ),
    ),
    "seventh": Corpus(
        DATA / "triage_seventh",
        (
            SAMPLES,
            DATA / "triage",
            DATA / "triage_heldout",
            DATA / "triage_fresh",
            DATA / "triage_third",
            DATA / "triage_fourth",
            DATA / "triage_sixth",
        ),
    ),
    "eighth": Corpus(
        DATA / "triage_eighth",
        (
            SAMPLES,
            DATA / "triage",
            DATA / "triage_heldout",
            DATA / "triage_fresh",
            DATA / "triage_third",
            DATA / "triage_fourth",
            DATA / "triage_sixth",
            DATA / "triage_seventh",
            SOURCES,
            UNIT_TESTS,
        ),
    ),
}
# The tenth was collected after the eighth (the ninth was committed later): all of the above.
CORPORA["tenth"] = Corpus(
    DATA / "triage_tenth",
    (*CORPORA["eighth"].earlier, DATA / "triage_eighth"),
    size=28,
)
# The ninth was collected alongside the tenth, after the eighth: all of the above, the tenth too.
CORPORA["ninth"] = Corpus(
    DATA / "triage_ninth",
    (*CORPORA["tenth"].earlier, DATA / "triage_tenth"),
    size=42,
)
# The eleventh was collected after the ninth and tenth: all of the above, the ninth too.
CORPORA["eleventh"] = Corpus(
    DATA / "triage_eleventh",
    (*CORPORA["ninth"].earlier, DATA / "triage_ninth"),
    size=44,
)
# The twelfth was collected after the eleventh: all of the above, the eleventh too.
CORPORA["twelfth"] = Corpus(
    DATA / "triage_twelfth",
    (*CORPORA["eleventh"].earlier, DATA / "triage_eleventh"),
    size=42,
)
# The thirteenth was collected after the twelfth; its collectors stopped at 29 (the search index
# held few unused Ascend threads with both a log and a stated cause: its cases.toml header says so).
CORPORA["thirteenth"] = Corpus(
    DATA / "triage_thirteenth",
    (*CORPORA["twelfth"].earlier, DATA / "triage_twelfth"),
    size=29,
)
# The fourteenth was collected after the thirteenth, from repositories' FAQ and troubleshooting
# pages (one case per file): all of the above, the thirteenth too.
CORPORA["fourteenth"] = Corpus(
    DATA / "triage_fourteenth",
    (*CORPORA["thirteenth"].earlier, DATA / "triage_thirteenth"),
    size=48,
)
# The fifteenth was collected after the fourteenth, from FAQ pages and issue threads with richer
# logs (at most a third one line): all of the above, the fourteenth too. cases.toml is labelled
# with the catalogue at the session's start; cases-end-catalogue.toml, by other labellers, with
# the catalogue at its end (new class entries can be named there).
CORPORA["fifteenth"] = Corpus(
    DATA / "triage_fifteenth",
    (*CORPORA["fourteenth"].earlier, DATA / "triage_fourteenth"),
    size=44,
)
# The sixteenth was collected after the fifteenth (three collectors, FAQ pages and issue threads,
# richer logs): all of the above, the fifteenth too.
CORPORA["sixteenth"] = Corpus(
    DATA / "triage_sixteenth",
    (*CORPORA["fifteenth"].earlier, DATA / "triage_fifteenth"),
    size=44,
)
# The seventeenth was collected after the sixteenth (four collectors, mostly issue threads, some
# vendor troubleshooting pages), labelled with the whole catalogue of 138b2cf (error codes and FAQ
# entries included): all of the above, the sixteenth too.
CORPORA["seventeenth"] = Corpus(
    DATA / "triage_seventeenth",
    (*CORPORA["sixteenth"].earlier, DATA / "triage_sixteenth"),
    size=44,
)
# The eighteenth was collected after the seventeenth was labelled (two collectors, issue threads
# and merged fix PRs only), labelled with the catalogue of f9012f6: all of the above, the
# seventeenth too.
CORPORA["eighteenth"] = Corpus(
    DATA / "triage_eighteenth",
    (*CORPORA["seventeenth"].earlier, DATA / "triage_seventeenth"),
    size=24,
)
# The nineteenth was collected after the eighteenth (six collectors, issue threads and FAQ pages
# read from fetched repositories), labelled with the catalogue of 475da86: all of the above, the
# eighteenth too.
CORPORA["nineteenth"] = Corpus(
    DATA / "triage_nineteenth",
    (*CORPORA["eighteenth"].earlier, DATA / "triage_eighteenth"),
    size=45,
)
# The twentieth was collected after the nineteenth (seven collectors, issue threads, merged fix
# PRs and a few docs pages), labelled with the catalogue of 7089b95: all of the above, the
# nineteenth too.
CORPORA["twentieth"] = Corpus(
    DATA / "triage_twentieth",
    (*CORPORA["nineteenth"].earlier, DATA / "triage_nineteenth"),
    size=40,
)
# The twenty-first was collected after the twentieth (issue threads, merged fix PRs and merged fix
# commits read from fetched repositories' histories), labelled with the catalogue of 25f28b5.
CORPORA["twentyfirst"] = Corpus(
    DATA / "triage_twentyfirst",
    (*CORPORA["twentieth"].earlier, DATA / "triage_twentieth"),
    size=48,
)
# The twenty-second was collected after the twenty-first (merged fix commits read from fetched
# repositories' histories, a few issue threads), labelled with the catalogue of beffeda.
CORPORA["twentysecond"] = Corpus(
    DATA / "triage_twentysecond",
    (*CORPORA["twentyfirst"].earlier, DATA / "triage_twentyfirst"),
    size=50,
)
CORPORA["twentythird"] = Corpus(
    DATA / "triage_twentythird",
    (*CORPORA["twentysecond"].earlier, DATA / "triage_twentysecond"),
)
# The twenty-fourth was collected after the twenty-third (issue threads, merged fix PRs and
# commits), labelled with the catalogues of a450f31 (a, b cases) and 0706913 (c cases); 39 cases:
# one of the 40 was the twenty-third's c04 read from its fix commit instead of its pull request.
CORPORA["twentyfourth"] = Corpus(
    DATA / "triage_twentyfourth",
    (*CORPORA["twentythird"].earlier, DATA / "triage_twentythird"),
    size=39,
)
# The twenty-fifth was collected after the twenty-fourth (merged fix PRs and commits, Huawei's
# troubleshooting pages), labelled with the catalogue of decf6c0; 42 cases, 27 Ascend (a 43rd,
# b11, was the twenty-third's b06 log from another repo's fix commit).
CORPORA["twentyfifth"] = Corpus(
    DATA / "triage_twentyfifth",
    (*CORPORA["twentyfourth"].earlier, DATA / "triage_twentyfourth"),
    size=42,
)
# The twenty-sixth was collected after the twenty-fifth (merged fix PRs and commits of
# repositories not mined before, a few Huawei pages and FAQ docs), labelled with the catalogue of
# 0ef7c400; 33 cases, 18 Ascend (four more were copies of earlier corpora's logs or sources).
CORPORA["twentysixth"] = Corpus(
    DATA / "triage_twentysixth",
    (*CORPORA["twentyfifth"].earlier, DATA / "triage_twentyfifth"),
    size=33,
)
# The twenty-seventh was collected after the twenty-sixth (merged fix commits and PRs of
# repositories not mined before), labelled with the catalogue of 9ab6f47e; 25 cases, 6 Ascend
# (a 26th, a11, was the fix and log triage_twentyfourth a03 cites).
CORPORA["twentyseventh"] = Corpus(
    DATA / "triage_twentyseventh",
    (*CORPORA["twentysixth"].earlier, DATA / "triage_twentysixth"),
    size=25,
)
# The twenty-eighth was collected after the twenty-seventh (resolved issue threads of small
# repositories, FAQ and troubleshooting documents inside Ascend repositories: three collectors, the
# free Ascend text logs nearly gone), labelled with the catalogue of 108c2a13; 28 cases, 13 Ascend.
CORPORA["twentyeighth"] = Corpus(
    DATA / "triage_twentyeighth",
    (*CORPORA["twentyseventh"].earlier, DATA / "triage_twentyseventh"),
    size=28,
)
# The twenty-ninth was collected after the twenty-eighth (FAQ and troubleshooting documents inside
# Ascend repositories, older revisions of deleted ones; resolved issue threads), labelled with the
# catalogue of 39c63843; 24 cases, 16 Ascend (a 25th, a14, was a copy of a fixture log).
CORPORA["twentyninth"] = Corpus(
    DATA / "triage_twentyninth",
    (*CORPORA["twentyeighth"].earlier, DATA / "triage_twentyeighth"),
    size=24,
)
# The thirtieth was collected after the twenty-ninth (resolved issue threads; FAQ and
# troubleshooting documents inside Ascend repositories), labelled with the catalogue of bda17464;
# 7 cases, 4 Ascend (an eighth was a copy).
CORPORA["thirtieth"] = Corpus(
    DATA / "triage_thirtieth",
    (*CORPORA["twentyninth"].earlier, DATA / "triage_twentyninth"),
    size=6,
    areas=frozenset({"ascend", "toolchain"}),
)
# The thirty-first was collected after the thirtieth (older revisions of deleted FAQ pages
# inside Ascend repositories; resolved threads), labelled with the catalogue of 657486d2;
# 10 cases, 7 Ascend.
CORPORA["thirtyfirst"] = Corpus(
    DATA / "triage_thirtyfirst",
    (*CORPORA["thirtieth"].earlier, DATA / "triage_thirtieth"),
    size=10,
)
# The thirty-second: one collector, search budget spent at 7 cases (two resolved threads, five
# older revisions of FAQ pages in Ascend repositories), labelled with the catalogue of 7e19937d.
CORPORA["thirtysecond"] = Corpus(
    DATA / "triage_thirtysecond",
    (*CORPORA["thirtyfirst"].earlier, DATA / "triage_thirtyfirst"),
    size=6,
)
# The thirty-third: one collector, search budget spent at 12 cases (resolved threads of CUDA and
# toolchain projects, three FAQ / troubleshooting pages in Ascend repositories), labelled with
# the catalogue of fe4008c8.
CORPORA["thirtythird"] = Corpus(
    DATA / "triage_thirtythird",
    (*CORPORA["thirtysecond"].earlier, DATA / "triage_thirtysecond"),
    size=12,
)
# The thirty-fourth: two collectors (resolved threads of CUDA and toolchain projects; one Ascend
# blog post, one older revision of an Ascend FAQ), labelled with the catalogue of ba636631.
CORPORA["thirtyfourth"] = Corpus(
    DATA / "triage_thirtyfourth",
    (*CORPORA["thirtythird"].earlier, DATA / "triage_thirtythird"),
    size=12,
)
# The thirty-fifth: two collectors; resolved threads were nearly all used (3 cases), so the second
# read FAQ / troubleshooting sections of Ascend, MindSpore and NVIDIA repositories' documents (up
# to 3 cases a document), labelled with the catalogue of 8efe9be7 (codes included).
CORPORA["thirtyfifth"] = Corpus(
    DATA / "triage_thirtyfifth",
    (*CORPORA["thirtyfourth"].earlier, DATA / "triage_thirtyfourth"),
    size=19,
)


def _cases(corpus: Corpus) -> list[dict[str, Any]]:
    text = (corpus.directory / "cases.toml").read_text(encoding="utf-8")
    cases: list[dict[str, Any]] = tomllib.loads(text)["case"]
    return cases


def _thread(url: str) -> str:
    """A URL reduced to its thread: no scheme, query, fragment or trailing slash ("" for text
    that only looks like a URL, such as a pattern's ``http://[``)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return ""
    return (parts.netloc + parts.path).rstrip("/").lower()


def _digest(text: str) -> str:
    """A log's content, blank lines, trailing spaces and ``# source:`` headers aside."""
    body = "\n".join(
        line.rstrip()
        for line in text.splitlines()
        if line.strip() and not line.startswith("# source:")
    )
    return hashlib.sha256(body.encode()).hexdigest()


def _unknown_expected(cases: Iterable[dict[str, Any]], known: set[str]) -> set[str]:
    """Signature ids named in ``expected`` that the signature set does not have."""
    return {item for case in cases for item in case.get("expected", [])} - known


@pytest.fixture(params=sorted(CORPORA))
def corpus(request: pytest.FixtureRequest) -> Corpus:
    return CORPORA[str(request.param)]


def _all_cases() -> list[tuple[str, dict[str, Any]]]:
    return [(name, case) for name, corpus in CORPORA.items() for case in _cases(corpus)]


def test_corpus_has_enough_cases_in_every_area(corpus: Corpus) -> None:
    cases = _cases(corpus)
    assert len(cases) >= corpus.size
    assert {case["area"] for case in cases} == (corpus.areas or AREAS)


@pytest.mark.parametrize(
    ("name", "case"),
    _all_cases(),
    ids=lambda item: str(item["file"]) if isinstance(item, dict) else item,
)
def test_case_is_well_formed(name: str, case: dict[str, Any]) -> None:
    assert REQUIRED <= set(case) <= REQUIRED | OPTIONAL
    log = CORPORA[name].directory / case["file"]
    assert log.suffix == ".log"
    assert log.is_file()
    assert log.read_bytes().strip()
    assert case["area"] in AREAS
    assert case["layer"] in LAYERS
    assert len(case["established_cause"].split()) >= 8
    source = urlsplit(case["source"])
    assert source.scheme in {"http", "https"}
    assert source.netloc
    assert source.path.strip("/")
    if "expected" in case:
        assert isinstance(case["expected"], list)
        assert all(isinstance(item, str) and item for item in case["expected"])
        assert len(case["expected"]) == len(set(case["expected"]))
    if "label_note" in case:
        assert isinstance(case["label_note"], str)
        assert case["label_note"].strip()


def test_expected_ids_exist_in_the_signature_set(corpus: Corpus) -> None:
    """Own signatures, the vendor fault knowledge and FAQs, the fallback's rules and the
    catalogues' exact codes: ``explain --list --codes`` names all of them as causes; a retired
    id still names the live entry that carries its cause."""
    own = {signature.id for signature in load_signatures().signatures}
    known = own | {signature.id for signature in faultdiag_signatures()}
    known |= {signature.id for signature in faq_signatures()}
    known |= {entry.id for entry in entries(load_signatures(), codes=True)}
    known |= {old for old, new in retired().items() if new in known}
    assert own, "no signatures loaded: the check would be vacuous"
    assert _unknown_expected(_cases(corpus), known) == set()


def test_an_unknown_expected_id_is_reported() -> None:
    known = {signature.id for signature in load_signatures().signatures}
    some = sorted(known)[0]
    labelled: list[dict[str, Any]] = [
        {"expected": [some, "no.such-signature"]},
        {"expected": []},
        {},
    ]
    assert _unknown_expected(labelled, known) == {"no.such-signature"}


def test_every_log_is_listed_once_and_every_thread_once(corpus: Corpus) -> None:
    cases = _cases(corpus)
    files = [case["file"] for case in cases]
    assert len(files) == len(set(files))
    assert set(files) == {path.name for path in corpus.directory.glob("*.log")}
    # a document's entries are cases of their own (the twenty-eighth took up to three entries of
    # one FAQ document, each at its line); a thread's comments are not (review25 L8)
    threads = [
        (_thread(url), urlsplit(url).fragment if "/blob/" in url else "")
        for url in (case["source"] for case in cases)
    ]
    assert len(threads) == len(set(threads))


def test_no_thread_is_shared_with_what_came_before(corpus: Corpus) -> None:
    used = {
        _thread(url)
        for directory in corpus.earlier
        for path in directory.rglob("*")
        if path.is_file()
        for url in URL.findall(path.read_text(encoding="utf-8", errors="replace"))
    }
    assert used, "no sources found: the check would be vacuous"
    shared = {_thread(case["source"]) for case in _cases(corpus)} & used
    assert shared == set()


def test_no_log_is_a_copy_of_one_that_came_before(corpus: Corpus) -> None:
    known = {
        _digest(path.read_text(encoding="utf-8", errors="replace"))
        for directory in corpus.earlier
        for path in directory.rglob("*.log")
    }
    assert known, "no logs found: the check would be vacuous"
    logs = [
        _digest(path.read_text(encoding="utf-8", errors="replace"))
        for path in corpus.directory.glob("*.log")
    ]
    assert len(logs) == len(set(logs))
    assert known.isdisjoint(logs)
