"""What an extractor returns for one file, and the findings a scan reports.

Extractors are pure: they get a ``SourceFile`` (the text, where it is) and return an
``Extraction``. Requirements come back with an empty ``component``; the repo scan stamps it.
"""

from __future__ import annotations

from typing import Literal, Optional

import msgspec

from bringup.errors import InputError
from bringup.model import Confidence, Fact, FactStatus, Requirement, Source, Step, file_source

FindingKind = Literal[
    "unreadable",
    "binary",
    "truncated",
    "decoded",
    "invalid",
    "unversioned",
    "contradiction",
    "overridden",
    "note",
    "supports",
]
"""``unreadable``/``binary``/``truncated``/``decoded``/``invalid``: a file the scan could not
read whole, and why. ``unversioned``: something required with no version. ``contradiction``:
two places in one repo disagree. ``overridden``: the manifest replaced what was inferred.
``note``: worth knowing (an index URL, a value computed at run time the scan cannot see).
``supports``: a kind of device the repo's code runs on too (its subject: the backend's torch
adapter it imports, ``scan.devicesupport``), read by ``solve.kinds``."""

_STATUS: dict[str, FactStatus] = {
    "unreadable": "failed",
    "binary": "unparsed",
    "invalid": "unparsed",
}


class Finding(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """Something the scan noticed that is not a requirement, citing every place involved
    (a contradiction cites both statements, the winner first)."""

    kind: FindingKind
    message: str
    sources: tuple[Source, ...]
    component: Optional[str] = None
    subject: Optional[str] = None

    def as_fact(self) -> Fact:
        """The finding as a component fact (``scan.<kind>[.<subject>]``), for consumers that
        read ``Component.findings``; the other sources are named in ``reason``."""
        key = f"scan.{self.kind}" + (f".{self.subject}" if self.subject else "")
        others = "; ".join(str(source) for source in self.sources[1:])
        reason = f"{self.message} (also {others})" if others else self.message
        return Fact(
            key=key,
            value=self.subject,
            source=self.sources[0],
            status=_STATUS.get(self.kind, "ok"),
            reason=reason,
        )


class SourceFile(msgspec.Struct, frozen=True, kw_only=True):
    """One file handed to an extractor: ``ref`` is what citations show (the path as the user
    gave it, joined with ``rel``), ``rel`` the path inside the repo (POSIX separators);
    ``run_by_build``: a script the repo's own build script runs (``scan.shellruns``)."""

    ref: str
    rel: str
    text: str
    run_by_build: bool = False

    def source(self, line: Optional[int] = None) -> Source:
        return file_source(self.ref, line)

    def finding(self, kind: FindingKind, message: str, line: Optional[int] = None) -> Finding:
        return Finding(kind=kind, message=message, sources=(self.source(line),))

    def unparsed(self, error: InputError) -> Finding:
        """The ``invalid`` finding of a file its parser refused, at the line and column where
        the parser stopped (``bringup.parseerrors``)."""
        source = Source(kind="file", ref=self.ref, line=error.line, column=error.column)
        return Finding(kind="invalid", message=error.message, sources=(source,))

    def requirement(
        self,
        subject: str,
        spec: str,
        line: Optional[int],
        *,
        text: str,
        confidence: Confidence = "high",
        hard: bool = True,
    ) -> Requirement:
        """A requirement stated at ``line`` of this file (its component is stamped later)."""
        return Requirement(
            subject=subject,
            spec=spec,
            component="",
            source=self.source(line),
            confidence=confidence,
            hard=hard,
            text=text,
        )


class Extraction(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """What one file says. ``default_steps`` are guesses from the mere presence of a build
    system (``cmake -S . -B build``), used only when nothing states a step of that kind.
    ``provides`` names what the repo offers others (``pypi:foo-comm``,
    ``cmake:FooOps``), so dependencies between repos can be found. ``includes`` are
    repo-relative files this one pulls in (``-r base.txt``) that must be read as well."""

    requirements: tuple[Requirement, ...] = ()
    steps: tuple[Step, ...] = ()
    default_steps: tuple[Step, ...] = ()
    findings: tuple[Finding, ...] = ()
    provides: tuple[str, ...] = ()
    includes: tuple[str, ...] = ()
    include_places: tuple[tuple[str, int], ...] = ()
    """``(path, line)`` of each file this one pulls in, included or not (``cmakeincludes``)."""
    runs: tuple[str, ...] = ()
    """Where the repo's scripts a repo-level shell script runs may lie (``scriptsteps``)."""
    test_installs: tuple[Step, ...] = ()
    """What a CI workflow installs for its tests before its pytest run (``testdeps``)."""
    makes: tuple[Step, ...] = ()
    """A CI workflow's plain ``make`` and ``make check`` runs (``autotoolsteps``)."""
    checkout_installs: tuple[Step, ...] = ()
    """A CI workflow's or a Dockerfile's install of the checkout (``ownbuildstep``)."""
