"""Snapshots from pasted text instead of a live machine: whatever users paste into an issue --
the backends' own tools' output (their ``SectionReader``: a vendor tool's device table or
query dump, version files...), PyTorch's and vLLM's ``collect_env`` (even collapsed onto one line),
sglang's ``check_env``, ``llamafactory-cli env``, ``pip list`` / ``pip freeze`` / ``pip show``
/ ``conda list``, ``dpkg -l`` rows, ``uname -a`` / ``uname -r``, interpreter sessions
(``torch.__version__``), versions packed in package file names and image tags, and free-form
template lines in English and Chinese -- alone or mixed in a whole issue body. What the
generic reports call each backend's facts is its ``ReportTerms`` (``terms``).

Each reader is pure (text -> facts, each citing the line it came from). Tables and files are
found first (``sections``) and their lines set aside; the line readers read the rest; facts
that several parts state merge with the more specific winning (``merge``). Nothing that states
a version is rejected: what was read is returned, and the lines that looked like facts but
were not understood are listed as ``report.unread`` facts."""

from __future__ import annotations

import datetime

from bringup import backends, lazyre, subjects
from bringup.model import Fact, Package, PythonInstall, Snapshot, Source, Toolkit, keys
from bringup.model.snapshot import REPORTED_PATH
from bringup.parsing import describe_bad_text, looks_binary, numbered_lines
from bringup.probe.importers.builtwith import set_aside_builds
from bringup.probe.importers.collect_env import expand_collapsed, read_collect_env
from bringup.probe.importers.dsreport import ds_report
from bringup.probe.importers.free_form import looks_like_fact, read_form_fields, read_free_form
from bringup.probe.importers.merge import merge_facts
from bringup.probe.importers.packages import listings, package_facts, read_packages
from bringup.probe.importers.packed import read_packed
from bringup.probe.importers.parts import split_parts
from bringup.probe.importers.platform import os_facts, read_platform
from bringup.probe.importers.reading import PACKAGE_PREFIX
from bringup.probe.importers.samedevice import same_devices
from bringup.probe.importers.sections import find_sections
from bringup.probe.importers.tabulated import tabulated
from bringup.probe.importers.terms import report_backend, report_terms
from bringup.probe.importers.transcripts import read_transcripts
from bringup.probe.importers.vocabulary import Vocabulary, load_vocabulary
from bringup.probe.parsing import merge

__all__ = ["UNREAD", "import_report"]

UNREAD = "report.unread"
"""Key of the facts that list the lines which looked like facts but were not read."""

MAX_UNREAD = 40


def import_report(text: str, path: str, *, taken_at: str | None = None) -> Snapshot:
    """Every section and line of ``text`` (the contents of ``path``) that bringup can read, as
    one snapshot of origin ``report``. Text with nothing readable gives a snapshot whose
    ``report`` fact is ``unparsed`` and says what was expected."""
    source = Source(kind="report", ref=path)
    vocabulary = load_vocabulary()
    sections, rest = find_sections(text, source)
    lines = set_aside_builds(ds_report(tabulated(expand_collapsed(list(numbered_lines(rest))))))
    parts = split_parts(rest.splitlines())
    about = report_backend(text)
    found = merge(*sections, read_collect_env(lines, source))
    rows = package_facts(read_packages(lines, listings(rest, parts)), source, _fact_of(vocabulary))
    read_by_tools = {f.source.line for f in found.facts} | {n for _, n in rows}
    rest_lines = [(n, line) for n, line in lines if n not in read_by_tools]
    free = read_free_form(rest_lines, source, vocabulary, about)
    forms = read_form_fields(rest_lines, parts, source, vocabulary, about)
    host = read_platform(rest_lines, source, vocabulary)
    packed = read_packed(rest_lines, source, vocabulary)
    stated = [*found.facts, *(f for f, _ in rows), *free.facts, *forms.facts, *host.facts]
    stated += packed.facts + read_transcripts(rest_lines, source, vocabulary).facts
    stated += _toolkit_arch(found.toolkits, text.splitlines(), source)
    facts = list(merge_facts([*stated, *_derived(stated, vocabulary)]))
    toolkits = found.toolkits + _reported_toolkits(facts, found.toolkits)
    pythons = found.pythons + _reported_python(facts)
    cited = read_by_tools | {f.source.line for f in stated}
    cited |= {d.source.line for d in found.accelerators} | {t.source.line for t in toolkits}
    if not (any(f.ok for f in facts) or found.accelerators or toolkits or pythons):
        facts = [
            f for f in facts if f.status != "unparsed"
        ] or [  # what the readers could not use, unless the report said something itself
            Fact(
                key="report",
                source=source,
                status="unparsed",
                reason=_nothing_read(text),
            )
        ]
    facts += _unread(lines, cited, source, vocabulary)
    return Snapshot(
        taken_at=taken_at or _now(),
        origin="report",
        facts=tuple(facts),
        accelerators=same_devices(found.accelerators),
        toolkits=toolkits,
        pythons=pythons,
    )


def _nothing_read(text: str) -> str:
    """Why nothing was read. A report is a whole issue body, which opens with prose or a
    link as often as not: its first line is no sign of what went wrong (outsider23b D11:
    "first line was '**ds_report output**'"), so the lines are counted instead."""
    if not text.strip() or looks_binary(text):
        return describe_bad_text(text, _expected())
    count = sum(1 for line in text.splitlines() if line.strip())
    lines = "its one line is not" if count == 1 else f"none of its {count} lines is"
    failure = next((n for n, line in numbered_lines(text) if _FAILURE.search(line)), 0)
    if failure:  # a failure log given for a report (outsider24 D13): say where it goes
        return (
            f"{lines} a report line, and line {failure} is a failure: this is a log, not a "
            "report: use `bringup explain FILE`"
        )
    return f"expected {_expected()}; {lines} one of these"


_FAILURE = lazyre.compile(
    r"(?i:traceback \(most recent call last\))|^\s*(?:[A-Za-z_][\w.]*)?(?:Error|Exception):"
    r"|^\s*\[?(?:ERROR|FATAL)\b|\berror:|^E[A-Z0-9]\d{4}:|\b(?:Segmentation fault|core dumped)\b"
)
"""A line a failing run prints and no host report states: a Python exception or its traceback,
a logger's ERROR/FATAL, a compiler's ``error:``, a CANN error code (``EL0002:``, ``EH9999:``),
a crash (outsider24's L1-L6 logs each hold one)."""


def _expected() -> str:
    """What a report is expected to hold: the backends' tools' output, or the generic ones."""
    tools = [tool for item in backends.registered() for tool in item.vocabulary.tools]
    return ", ".join([*tools, "collect_env", "pip list or environment lines"])


def _fact_of(vocabulary: Vocabulary) -> dict[str, str]:
    """Package-list names that are really subjects: a toolkit's name with a version
    (``<TOOLKIT>==8.5.0``) is the toolkit's fact, ``pytorch 2.1.0`` the ``torch`` package."""
    from bringup.probe.importers.packages import normalise

    mapping: dict[str, str] = {}
    for subject in vocabulary.subjects:
        for alias in (subject.name, *subject.aliases):
            if " " in alias or not alias.isascii():
                continue
            if subject.package is not None:
                mapping.setdefault(normalise(alias), PACKAGE_PREFIX + subject.package)
            elif subject.fact is not None and subject.kind == "version":
                mapping.setdefault(normalise(alias), subject.fact)
    return mapping


def _derived(facts: list[Fact], vocabulary: Vocabulary) -> list[Fact]:
    """Facts one statement implies: what a backend's terms say a fact implies (a tool's
    version that is its driver's); an OS name gives the os-release ID and version."""
    implied: dict[str, str] = {}
    for item in report_terms():
        for key, other in item.terms.implied.items():
            implied.setdefault(key, other)
    derived: list[Fact] = []
    for found in facts:
        if not found.ok:
            continue
        if found.key in implied:
            derived.append(Fact(key=implied[found.key], value=found.value, source=found.source))
        elif found.key == keys.OS_PRETTY_NAME:
            derived += os_facts(str(found.value), found.source, vocabulary, found.confidence)
    return derived


def _toolkit_arch(
    toolkits: tuple[Toolkit, ...], text_lines: list[str], source: Source
) -> list[Fact]:
    """A toolkit package is built for the host's architecture: its install-info ``arch=``
    line (near the package's ``version=`` line, as a backend's install-info file has it)
    states the host's arch too."""
    from bringup.parsing import at_line

    found = []
    for toolkit in toolkits:
        line = toolkit.source.line
        if not toolkit.arch or line is None:
            continue
        near = range(max(line - 8, 1), min(line + 8, len(text_lines)) + 1)
        where = next((n for n in near if text_lines[n - 1].strip() == f"arch={toolkit.arch}"), None)
        if where is not None:
            arch_source = at_line(Source(kind=source.kind, ref=source.ref), where)
            found.append(
                Fact(key=keys.ARCH, value=toolkit.arch, source=arch_source, confidence="medium")
            )
    return found


def _reported_toolkits(facts: list[Fact], known: tuple[Toolkit, ...]) -> tuple[Toolkit, ...]:
    """A backend's toolkit a report names by version only (no install-info
    pasted): its toolkit subject's fact, as the subject's first toolkit kind."""
    added = []
    for item in backends.registered():
        toolkit = subjects.subject(item.vocabulary.toolkit_subject or "")
        if toolkit is None or toolkit.fact_key is None or not toolkit.toolkit_kinds:
            continue
        stated = next((f for f in facts if f.key == toolkit.fact_key and f.ok), None)
        if stated is None or any(t.kind.startswith(item.toolkit_prefixes) for t in known):
            continue
        added.append(
            Toolkit(
                kind=toolkit.toolkit_kinds[0],
                version=str(stated.value),
                path=REPORTED_PATH,
                source=stated.source,
                active=True,
            )
        )
    return tuple(added)


def _reported_python(facts: list[Fact]) -> tuple[PythonInstall, ...]:
    """One interpreter (origin ``report``) holding every package the report lists."""
    listed = [f for f in facts if f.key.startswith(PACKAGE_PREFIX) and f.ok and not f.reason]
    if not listed:
        return ()
    python = next((f for f in facts if f.key == keys.PYTHON_DEFAULT and f.ok), None)
    packages = {f.key[len(PACKAGE_PREFIX) :]: str(f.value) for f in listed}
    first = min(listed, key=lambda f: f.source.line or 0)
    return (
        PythonInstall(
            path=REPORTED_PATH,
            version=str(python.value) if python is not None else "unknown",
            origin="report",
            source=first.source,
            packages=tuple(Package(name=n, version=v) for n, v in sorted(packages.items())),
        ),
    )


def _unread(
    lines: list[tuple[int, str]], cited: set[int | None], source: Source, vocabulary: Vocabulary
) -> list[Fact]:
    """The lines that look like a stated version but that no reader used (at most
    ``MAX_UNREAD``, in order): what the user should check by eye."""
    from bringup.parsing import at_line

    unread = []
    seen: set[int] = set()
    for number, line in lines:
        if number in cited or number in seen or not looks_like_fact(line, vocabulary):
            continue
        seen.add(number)
        unread.append(
            Fact(
                key=UNREAD,
                source=at_line(source, number),
                status="unparsed",
                reason=line.strip()[:160],
            )
        )
        if len(unread) == MAX_UNREAD:
            break
    return unread


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
