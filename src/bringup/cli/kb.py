"""``bringup kb``: show a topic's table, say why two pins go together (or not), validate an
overlay directory.

Exit codes: ``show`` 0 (2 for an unknown topic); ``why`` 0 compatible, 1 incompatible or
unknown, 2 bad input; ``validate`` 0 when the directory has no problem, 2 otherwise (a directory
with no knowledge-base file is bad input: a mistyped path must not pass).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Optional

import click

from bringup.cli.options import FORMAT, JSON, KB_DIR, KB_EXTRA, load_kb
from bringup.errors import ExitCode, InputError, InputErrors
from bringup.kb import KnowledgeBase, parse_subject_version
from bringup.kb.loader import check_dir, compile_dirs
from bringup.kb.paths import builtin_dir
from bringup.kb.query import ChipRows, SubjectVersion, parse_version, unknown_chip
from bringup.kb.unlistedgap import unlisted_gap
from bringup.report.console import print_document, write
from bringup.report.document import Document
from bringup.report.envelope import render_json
from bringup.report.kb_text import (
    chip_line,
    entries_document,
    implications_document,
    render_problems,
    topics_document,
    verdict_document,
)


@click.group(name="kb")
def command() -> None:
    """The knowledge base: sourced compatibility tables (toolkits, drivers, frameworks,
    compilers...)."""


@command.command(name="show")
@click.argument("topic", required=False)
@KB_DIR
@KB_EXTRA
@JSON
@FORMAT
def show(
    *,
    topic: Optional[str],
    kb_dir: Optional[Path],
    extra_dirs: tuple[Path, ...],
    as_json: bool,
    output_format: str,
) -> int:
    """Print TOPIC's records as a table (no TOPIC: list the topics)."""
    kb = load_kb(kb_dir, extra_dirs, quiet=as_json)
    counts = {t.name: len(kb.entries(t.name)) for t in kb.topics}
    if topic is None:
        if as_json:
            data: dict[str, Any] = {
                "topics": [{"topic": t, "records": counts[t.name]} for t in kb.topics]
            }
            write(render_json("kb show", ExitCode.OK, _with_warnings(kb, data)))
        else:
            print_document(topics_document(kb.topics, counts), output_format)
        return int(ExitCode.OK)
    found = kb.topic(topic)
    if found is None:
        raise InputError(
            f"unknown topic {topic!r}", hint="topics: " + ", ".join(t.name for t in kb.topics)
        )
    entries = kb.entries(topic)
    if as_json:
        data = {"topic": found, "records": entries}
        write(render_json("kb show", ExitCode.OK, _with_warnings(kb, data)))
        return int(ExitCode.OK)
    print_document(entries_document(found, entries), output_format)
    return int(ExitCode.OK)


@command.command(name="why")
@click.argument("first")
@click.argument("second", required=False)
@click.option("--chip", help="The chip family (910B, 910_93, 310P...) for chip-specific rows.")
@KB_DIR
@KB_EXTRA
@JSON
@FORMAT
def why(
    *,
    first: str,
    second: Optional[str],
    chip: Optional[str],
    kb_dir: Optional[Path],
    extra_dirs: tuple[Path, ...],
    as_json: bool,
    output_format: str,
) -> int:
    """Whether FIRST and SECOND (SUBJECT==VERSION) go together, with the rows and sources that
    decide it; with FIRST alone, what it implies for other subjects."""
    a = parse_subject_version(first)
    if second is not None and parse_subject_version(second).subject == a.subject:
        b = parse_subject_version(second)
        if parse_version(b.version, b.subject) != parse_version(a.version, a.subject):
            raise InputError(
                f"{first} and {second} are two versions of {a.subject}: one environment holds one",
                hint=f"ask about one, or pair {a.subject} with another subject",
            )
        second = None  # the same pin twice: what it implies
    if chip is not None:
        if not chip.strip():
            raise InputError("--chip: an empty chip family", hint="e.g. --chip 910B")
        parse_subject_version(f"chip=={chip}")
        first, second, chip = _as_gpu(first, second, chip)
    kb = load_kb(kb_dir, extra_dirs, quiet=as_json)
    unknown = unknown_chip(chip, kb.chip_families()) if chip is not None else None
    if unknown is not None:
        raise InputError(f"--chip: {unknown}")
    pins = [a] if second is None else [a, parse_subject_version(second)]
    rows = kb.chip_rows(pins, chip) if chip is not None else None
    if second is None:
        found = kb.implications(a.subject, a.version, chip=chip)
        code = ExitCode.OK if found else ExitCode.PROBLEMS
        if as_json:
            data: dict[str, Any] = {"pin": a, "chip": chip, "implications": found}
            write(render_json("kb why", code, _with_warnings(kb, {**data, "chip_rows": rows})))
        else:
            document = implications_document(a.subject, a.version, found)
            print_document(_with_chip(document, rows, pins), output_format)
        return int(code)
    verdict = unlisted_gap(kb.compatible(a, pins[1], chip=chip), kb.releases)
    code = ExitCode.OK if verdict.status == "compatible" else ExitCode.PROBLEMS
    if as_json:
        data = {"verdict": verdict, "chip": chip, "chip_rows": rows}
        write(render_json("kb why", code, _with_warnings(kb, data)))
    else:
        print_document(_with_chip(verdict_document(verdict), rows, pins), output_format)
    return int(code)


def _with_chip(
    document: Document, rows: Optional[ChipRows], pins: Sequence[SubjectVersion]
) -> Document:
    """The answer with what ``--chip`` changed in it, when one was given."""
    if rows is not None:
        document.add(chip_line(rows, " or ".join(str(pin) for pin in pins)))
    return document


@command.command(name="validate")
@click.argument("directory", type=click.Path(path_type=Path))
@click.option(
    "--standalone",
    is_flag=True,
    help="Check DIRECTORY as a whole knowledge base (for --kb / BRINGUP_KB_DIR), not as an "
    "overlay on the built-in one.",
)
@JSON
def validate(*, directory: Path, standalone: bool, as_json: bool) -> int:
    """Check every file of DIRECTORY (its tables and its failures/ signatures) and report
    every problem at once: file, line, record id and field."""
    from bringup.triage.loader import failure_dirs, read_signatures

    if not directory.is_dir():
        raise InputError("no such directory", path=str(directory))
    results = check_dir(directory)
    builtin = directory.resolve() == builtin_dir().resolve()
    dirs = [directory] if standalone or builtin else [builtin_dir(), directory]
    compiled = compile_dirs(dirs)
    signatures = read_signatures(failure_dirs(dirs))
    problems = sorted(
        (*compiled.problems, *signatures.problems), key=lambda p: (p.path, p.line or 0)
    )
    own = directory / "failures"
    records = sum(len(result.records) for result in results) + sum(
        Path(signature.path).parent == own for signature in signatures.catalogue.signatures
    )
    files = len(results) + (len(list(own.glob("*.toml"))) if own.is_dir() else 0)
    if not files:
        raise InputError(
            "no knowledge-base file to validate",
            path=str(directory),
            hint="an overlay holds TOML tables (<topic>.toml) and failure signatures "
            "(failures/*.toml); check the directory's name",
        )
    code = ExitCode.BAD_INPUT if problems else ExitCode.OK
    if as_json and problems:
        # the envelope's rule for exit 2: data null, every problem under ``error``
        raise InputErrors([problem.error() for problem in problems])
    if as_json:
        data = {
            "directory": str(directory),
            "files": files,
            "records": records,
            "problems": problems,
        }
        write(render_json("kb validate", code, data))
        return int(code)
    lines = render_problems(problems)
    broken = len({problem.path for problem in problems})
    summary = (
        f"{len(problems)} problem(s) in {broken} file(s) of {directory}"
        if problems
        else f"{directory}: {files} file(s), {records} record(s), no problems"
    )
    stream = sys.stderr if problems else sys.stdout
    write("\n".join([*lines, summary]) + "\n", stream)
    return int(code)


def _with_warnings(kb: KnowledgeBase, data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "warnings": list(kb.problems)}


def _as_gpu(
    first: str, second: Optional[str], chip: str
) -> tuple[str, Optional[str], Optional[str]]:
    """A GPU named as the chip (``--chip H100``, as ``--target H100:8`` takes it) is its
    compute capability, which the GPU rows are keyed by (no row is limited to a GPU chip):
    FIRST alone is asked with it (outsider23c D17: "unknown chip family 'H100'")."""
    from bringup.solve.target import gpu_capability

    capability = gpu_capability(chip)
    if capability is None:
        return first, second, chip
    pair = f"compute_capability=={capability}"
    if second is not None:
        raise InputError(
            f"--chip {chip} is a GPU of compute capability {capability}: its rows pair it with"
            " one subject at a time",
            hint=f"ask `bringup kb why {first} {pair}`",
        )
    return first, pair, None
