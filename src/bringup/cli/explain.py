"""``bringup explain LOG``: the most likely causes of a failure log, with layer, fix and source.

Signatures come from the knowledge base's ``failures/`` directories: the built-in ones, then
the overlays (``--kb``, ``--kb-extra``, ``BRINGUP_KB_DIR``, ``BRINGUP_KB_EXTRA_DIR``, the user
config dir), as for ``bringup kb``. A broken overlay file is left out with a warning (file,
line, record, field); the built-in signatures still work. ``BRINGUP_DEBUG=1`` prints which
matching engine ran and why.

``--lang zh`` prints causes and fixes in Chinese where a bilingual catalogue has them, each
field falling back to English.

``--list`` prints every cause explain can name instead: the signatures, then the fallback's
class and generic rules (with ``--json``: id, title, layer, cause and fix templates, source,
tier, and the file and line that define each), so a user or a labeller can see what explain
knows, and an overlay author can check that theirs loaded; ``--codes`` adds every exact code
of the error-code catalogues (ACL, CANN, CUDA, NCCL, DCGM, DCMI...) under the id explain
reports it with.

Exit codes: 0 a known cause was found (or the list was printed), 1 nothing matched, 2 bad input
(no log, missing log, unreadable or malformed snapshot, missing overlay directory).
"""

from __future__ import annotations

import logging
import os
import stat
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any, Optional

import click
import msgspec

from bringup.cli.debug import debug_lines
from bringup.cli.options import FORMAT, JSON, KB_DIR, KB_EXTRA, warn_overlay_problems
from bringup.errors import ExitCode, InputError
from bringup.inputs import open_input, read_snapshot
from bringup.kb.schema import Problem
from bringup.model.diagnosis import Diagnosis
from bringup.report.console import write
from bringup.report.envelope import render_json
from bringup.textbytes import SNIFF_BYTES, not_text
from bringup.triage.explain import overlaid_matcher, scan_log
from bringup.triage.localise import LANGUAGES, localise
from bringup.triage.parallel import PARALLEL_MIN_BYTES, scan_file
from bringup.triage.prefilter import PAYS_OFF_BYTES
from bringup.triage.ranking import rank
from bringup.triage.scanner import Matcher
from bringup.triage.scanresult import ScanResult
from bringup.triage.signatures import SignatureSet
from bringup.triage.tiers import confidence_grounds


def scan(log: str, matcher: Matcher) -> ScanResult:
    """Scan stdin (``-``) as a stream, a regular file by ranges over several processes when
    it is large, anything else (a pipe, a device) as a stream."""
    if log == "-":
        _refuse_binary(sys.stdin.buffer, "<stdin>")
        return scan_log(sys.stdin.buffer, matcher=matcher)
    path = Path(log)
    if path.is_dir():
        raise InputError("is a directory, not a log file", path=log)
    stream: IO[bytes] = open_input(log, "log")
    with stream:
        _refuse_binary(stream, log)
        if path.is_file() and path.stat().st_size >= PARALLEL_MIN_BYTES:
            return scan_file(path, matcher=matcher)
        return scan_log(stream, matcher=matcher)


def _refuse_binary(stream: IO[bytes], shown: str) -> None:
    """Bad input when the start of ``stream`` is not text (an executable, a compressed or
    random file), read without consuming it: a buffered stream is peeked, a seekable one
    rewound; a stream that allows neither is scanned as it is."""
    peek = getattr(stream, "peek", None)
    if peek is not None:
        head = peek(SNIFF_BYTES)[:SNIFF_BYTES]
    elif stream.seekable():
        head = stream.read(SNIFF_BYTES)
        stream.seek(0)
    else:
        return
    reason = not_text(head)
    if reason is not None:
        raise InputError(
            f"not a text log: {reason}",
            path=shown,
            hint="give the log as text (a compressed one: zcat LOG | bringup explain -)",
        )


@click.command("explain")
@click.argument("log", required=False)
@click.option(
    "--snapshot",
    "snapshot_path",
    metavar="FILE|DIR",
    type=click.Path(exists=True, path_type=Path),
    help="Confirm or rule out causes against this snapshot (bringup probe --json) or recorded "
    "host (bringup probe --record).",
)
@JSON
@click.option("--top", type=click.IntRange(min=1), default=5, show_default=True)
@click.option(
    "--list",
    "list_signatures",
    is_flag=True,
    help="Print every cause explain can name instead: the failure signatures (built-in and "
    "overlays) and the fallback's class and generic rules.",
)
@click.option(
    "--codes",
    "list_codes",
    is_flag=True,
    help="With --list: also every exact code of the error-code catalogues (ACL, CANN, CUDA, "
    "NCCL, DCGM, DCMI...), as code.<catalogue>.<key>.",
)
@click.option(
    "--lang",
    type=click.Choice(LANGUAGES),
    default="en",
    show_default=True,
    help="Language of causes and fixes: zh takes them from the bilingual catalogues "
    "(FaultDiag, DCMI); a field with no Chinese source stays in English.",
)
@KB_DIR
@KB_EXTRA
@FORMAT
def command(
    *,
    log: Optional[str],
    lang: str,
    list_signatures: bool,
    list_codes: bool,
    snapshot_path: Optional[Path],
    as_json: bool,
    top: int,
    kb_dir: Optional[Path],
    extra_dirs: tuple[Path, ...],
    output_format: str,
) -> int:
    """Explain a failure LOG (a file, or - for stdin): likely causes, fixes and sources."""
    with debug_lines(bool(os.environ.get("BRINGUP_DEBUG"))):
        snapshot = read_snapshot(snapshot_path) if snapshot_path is not None else None
        matcher, problems = overlaid_matcher(kb_dir, extra_dirs, small=_small(log))
        if not as_json:
            warn_overlay_problems(problems)
        if list_signatures:
            return _list(matcher.catalogue, problems, as_json, output_format, list_codes)
        if log is None:
            raise click.UsageError("give a LOG (a file, or - for stdin), or --list")
        logging.getLogger(__name__).debug("matching engine: %s", matcher.engine)
        result = scan(log, matcher)
        shown = "<stdin>" if log == "-" else log
        if result.lines == 0:
            raise InputError("empty: no log lines to explain", path=shown)
        diagnoses = localise(rank(result, matcher.catalogue, snapshot, top), lang)
        code = ExitCode.OK if diagnoses else ExitCode.PROBLEMS
        if as_json:
            data: dict[str, Any] = {
                "log": log,
                "lines": result.lines,
                "engine": matcher.engine,
                "diagnoses": [_as_json(d) for d in diagnoses],
                "warnings": list(problems),
                "cut_lines": [{"line": c.line, "skipped_bytes": c.skipped} for c in result.cut],
            }
            if snapshot_path is not None:
                data["snapshot"] = _bearing(diagnoses, str(snapshot_path))
            write(render_json("explain", code, data))
        else:
            from bringup.report.console import print_document
            from bringup.report.explain_text import diagnoses_document

            given = None if snapshot_path is None else str(snapshot_path)
            document = diagnoses_document(diagnoses, shown, result.lines, given, result.cut)
            print_document(document, output_format)
        return int(code)


def _list(
    catalogue: SignatureSet,
    problems: Sequence[Problem],
    as_json: bool,
    output_format: str,
    codes: bool = False,
) -> int:
    """Every cause explain can name, in load order: what ``--list`` prints."""
    from bringup.triage.listing import entries

    listed = entries(catalogue, codes)
    if as_json:
        data = {"signatures": listed, "warnings": list(problems)}
        write(render_json("explain", ExitCode.OK, data))
    else:
        from bringup.report.console import print_document
        from bringup.report.explain_text import signatures_document

        print_document(signatures_document(listed), output_format)
    return int(ExitCode.OK)


def _as_json(diagnosis: Diagnosis) -> dict[str, Any]:
    """A diagnosis as JSON with ``confidence`` (and what it rests on, ``confidence_grounds``)
    as the text says it, and ``confirmation``, always written: the struct leaves out fields at
    their defaults ("high", "unknown") and holds the confidence before its score caps it, so a
    script that ranks or filters causes by them read another answer than the text (outsider10
    D17: no ``confidence`` for a signature match the text called "high")."""
    entry: dict[str, Any] = msgspec.to_builtins(diagnosis)
    word, grounds = confidence_grounds(
        diagnosis.confidence, diagnosis.score, diagnosis.confirmation
    )
    entry.update(confidence=word, confidence_grounds=grounds, confirmation=diagnosis.confirmation)
    return entry


def _bearing(diagnoses: Sequence[Diagnosis], path: str) -> dict[str, Any]:
    """What the snapshot at ``path`` did, by diagnosis id: those it confirms and those it
    rules out (both empty: it bore on none of them)."""
    return {
        "path": path,
        "confirms": [d.signature_id for d in diagnoses if d.confirmation == "confirmed"],
        "rules_out": [d.signature_id for d in diagnoses if d.confirmation == "contradicted"],
    }


def _small(log: Optional[str]) -> bool:
    """Whether LOG is a file too small to pay for compiling the Hyperscan database on a cold
    cache. The size of stdin, a pipe or a device is not known (``explain <(zcat log.gz)``
    reads /dev/fd/N, size 0): it may be a large log."""
    if log is None or log == "-":
        return False
    try:
        info = os.stat(log)
    except OSError:
        return False
    return stat.S_ISREG(info.st_mode) and info.st_size < PAYS_OFF_BYTES
