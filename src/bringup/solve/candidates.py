"""Candidates per subject: the versions the solver may pick, newest first, each saying where
it comes from (installed here, a knowledge-base release, the host's fixed value), and the
set of candidates each spec admits, computed once with ``bringup.versions``.

A subject the knowledge base knows is an open world too: its releases, what is installed, and,
for a spec no known version meets, the versions it names (``<toolkit> == 9.2.0``), each an
*unverified* candidate ranked after the known ones: pinnable as asked, with no compatibility
row to check it. A local label (``2.7.1+cpu``) is a build of its public version: a release when
the public version is one. A subject the package index provides (a Python distribution, cmake,
ninja) that the knowledge base does not list is open: besides what is installed, *regions*
stand for the releases a package index would offer. A region is a version picked on each side
of every version the repos name (``<2,>=1.21`` gives 1.20.9999, 1.21, 1.21.1, 1.22, 2 ...),
kept only when it meets the repos' specs differently from every other candidate. So "numpy < 2"
and "numpy >= 2" still conflict, and "numpy < 2, >= 1.21" is satisfiable without knowing
numpy's releases; a region is pinned as its range, for the installer to resolve. Under
``--index`` the index's list of such a subject replaces the regions: it is the whole list, so a
version a spec names that is not on it is no candidate at all (no such release); of a long
list, the newest release of each way of meeting the specs is kept.

A Python distribution is installed in an interpreter: it counts as installed only for an
environment on that interpreter, and a version no release lists exists only there (the
regions stand for the index everywhere else).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Optional

from bringup.model.resolution import HostValue
from bringup.model.rules import Rule
from bringup.model.source import Source
from bringup.solve.catalogue import Catalogue, Release
from bringup.solve.host import HostFacts, Installed
from bringup.solve.offer import interpreter_of, picked_last, unpublished
from bringup.solve.specversions import (
    named_versions,
    names_lines,
    public_version,
    region_points,
    specifier_set,
)
from bringup.subjects import from_index, is_fixed, scheme_for, scope_of
from bringup.versions import InvalidSpecifier, InvalidVersion, SpecifierSet, Version

Scope = Literal["local", "fixed", "chosen"]
"""``local``: chosen per environment (a what-if on such a subject adds a host value every
environment must take). ``fixed``: the host's value. ``chosen``: one value for the whole
machine, picked by the solver (a driver the user allows to change)."""


@dataclass(frozen=True)
class Candidate:
    """One version the solver may use for a subject; ``rank`` 0 is the newest. A ``region``
    stands for releases of an open subject between the versions the repos name."""

    id: int
    subject: str
    version: str
    rank: int
    installed: Optional[Installed] = None
    release: Optional[Release] = None
    host: Optional[HostValue] = None
    region: bool = False
    unverified: bool = False
    """A version a repo names that the knowledge base does not list."""
    installed_in: tuple[tuple[int, Installed], ...] = ()
    """A Python distribution installed in interpreters: (the Python candidate that is the
    interpreter, where it was seen). Installed for an environment on one of those only."""

    @property
    def anywhere(self) -> bool:
        """Whether any environment may use it: a version known only from an interpreter's
        packages is not one the knowledge base or the package index vouches for elsewhere
        (an open subject's regions stand for the index there)."""
        return not self.installed_in or any(
            x is not None for x in (self.installed, self.release, self.host)
        )

    def installed_for(self, python: int | None) -> Installed | None:
        """Where it is installed for an environment whose Python is candidate ``python``."""
        if self.installed is not None:
            return self.installed
        return next((where for p, where in self.installed_in if p == python), None)


@dataclass
class _Found:
    """What is known of one version while a subject's candidates are gathered."""

    raw: str
    installed: Optional[Installed] = None
    release: Optional[Release] = None
    installed_in: list[tuple[int, Installed]] = field(default_factory=list)
    unverified: bool = False


class Candidates:
    """Scopes, candidates and admitted sets for one problem. ``specs`` lists, per subject,
    every spec the repos state on it (the regions of open subjects come from these)."""

    def __init__(
        self,
        host: HostFacts,
        catalogue: Catalogue,
        *,
        allow_driver_change: bool,
        specs: Mapping[str, set[str]],
        rows: Sequence[Rule] = (),
    ) -> None:
        self.host = host
        self.catalogue = catalogue
        self.allow_driver_change = allow_driver_change
        self.specs = specs
        self.rows = rows
        self.by_subject: dict[str, tuple[Candidate, ...]] = {}
        self.problems: list[tuple[str, str, ValueError, Release]] = []
        self._next = 0
        self._allowed: dict[tuple[str, str], frozenset[int]] = {}
        self._clauses: dict[tuple[str, str], frozenset[int]] = {}
        self._parsed: dict[str, list[Version]] = {}
        self._scopes: dict[str, Scope] = {}

    def new_id(self) -> int:
        self._next += 1
        return self._next

    def scope(self, subject: str) -> Scope:
        """Drivers the user lets change are chosen once for the machine, where the machine
        has one (with no driver there is no device to run it on), unless a ``--what-if``
        holds it (the question is whether the repos run with that driver). Memoised: the
        rules are walked to a fixpoint and ask this of each of theirs on every pass."""
        found = self._scopes.get(subject)
        if found is None:
            found = self._scopes[subject] = self._scope(subject)
        return found

    def _scope(self, subject: str) -> Scope:
        value = self.host.value(subject)
        present = value is not None and value.status == "ok" and value.source.kind != "user"
        if scope_of(subject) == "driver" and self.allow_driver_change and present:
            return "chosen"
        return "fixed" if is_fixed(subject) else "local"

    def of(self, subject: str) -> tuple[Candidate, ...]:
        """The candidates of ``subject``, built on first use."""
        cached = self.by_subject.get(subject)
        if cached is None:
            cached = self._build(subject)
            self.by_subject[subject] = cached
        return cached

    def _build(self, subject: str) -> tuple[Candidate, ...]:
        scheme = scheme_for(subject)
        value = self.host.value(subject)
        if self.scope(subject) == "fixed":
            if value is None or value.status != "ok":
                return ()
            return tuple(
                Candidate(id=self.new_id(), subject=subject, version=v, rank=n, host=value)
                for n, v in enumerate(value.values)
            )
        found: dict[Version, _Found] = {}
        installed = list(self.host.installed_versions(subject))
        if scope_of(subject) == "driver" and value is not None and value.status == "ok":
            installed += [Installed(subject, v, value.source) for v in value.values]
        interpreters = self._interpreters() if any(i.python for i in installed) else {}
        for item in installed:
            if item.python is None:
                entry = found.setdefault(Version(item.version, scheme), _Found(item.version))
                entry.installed = entry.installed or item
                continue
            # a package in an interpreter no environment may use (the host's 3.11 under
            # ``--what-if python=3.10``) is no version at all: scipy 1.17.1 from 3.11 was
            # pinned as "this machine" for Python 3.10, which it does not support (outsider10 #14)
            python = interpreter_of(interpreters, item.python)
            if python is not None:
                entry = found.setdefault(Version(item.version, scheme), _Found(item.version))
                entry.installed_in.append((python, item))
        releases = self.catalogue.releases(subject)
        for release in releases:
            try:
                version = Version(release.version, scheme)
            except InvalidVersion as error:
                self.problems.append((subject, release.version, error, release))
                continue
            found.setdefault(version, _Found(release.version)).release = release
        if scheme == "pep440":
            self._unpublished(subject, found)
        if self.catalogue.indexed(subject):
            self._distinct(subject, scheme, found)
        elif releases:  # a C++ standard newer than the table is unverified, not "none"
            self._unverified(subject, scheme, found)
        if scope_of(subject) == "setting":
            flag = Source(kind="derived", ref="a compiler flag (nothing to install)")
            for entry in found.values():
                entry.installed = Installed(subject, entry.raw, flag)
        newest_first = scope_of(subject) != "setting"
        order = sorted(found, reverse=newest_first) if scheme != "name" else list(found)
        # stable sort: a known version first, and a release before a pre-release no repo
        # names and this host lacks (CANN 9.1.0-beta.3 above 8.5.1: outsider10 #7)
        named = self._named(subject, scheme)
        order.sort(key=lambda v: (found[v].unverified, self._early(found[v], named, scheme)))
        made = [
            Candidate(
                id=self.new_id(),
                subject=subject,
                version=found[v].raw,
                rank=n,
                installed=found[v].installed,
                release=found[v].release,
                installed_in=tuple(found[v].installed_in),
                unverified=found[v].unverified,
            )
            for n, v in enumerate(order)
        ]
        parsed = list(order)
        if not releases and from_index(subject):
            regions = self._regions(subject, made)
            made += regions
            parsed += [Version(c.version, scheme) for c in regions]
        self._parsed[subject] = parsed
        return tuple(made)

    def _unverified(self, subject: str, scheme: str, found: dict[Version, _Found]) -> None:
        """Add the versions a spec names when no version the knowledge base lists or the host
        has meets it (a spec something known meets needs no unknown one); a version with a
        local label whose public version is a listed release is that release's build."""
        if scheme == "name":
            return
        known = list(found)
        by_raw = {entry.raw: entry for entry in found.values()}
        for text in sorted(self.specs.get(subject, ())):
            try:
                if SpecifierSet(text, scheme).admitted(known):
                    continue
            except InvalidSpecifier:
                continue
            for raw, version in named_versions([text], scheme):
                if version in found:
                    continue
                public = by_raw.get(public_version(raw) or "") if scheme == "pep440" else None
                row = self._row_for(subject, raw)
                if public is not None and public.release is not None:
                    found[version] = _Found(raw, release=public.release)
                elif row is not None:
                    found[version] = _Found(raw, release=row)
                else:
                    found[version] = _Found(raw, unverified=True)

    def _named(self, subject: str, scheme: str) -> set[str]:
        """The versions the repos' specs on ``subject`` name (``==9.1.0-beta.3``)."""
        if scheme == "name":
            return set()
        return {raw for raw, _ in named_versions(self.specs.get(subject, ()), scheme)}

    @staticmethod
    def _early(entry: _Found, named: set[str], scheme: str) -> bool:
        here = entry.installed is not None or bool(entry.installed_in)
        flagged = entry.release is not None and entry.release.prerelease
        return picked_last(entry.raw, flagged, here=here, named=named, scheme=scheme)

    def _unpublished(self, subject: str, found: dict[Version, _Found]) -> None:
        """Leave out a table's local build while a release serves (``offer.unpublished``)."""
        if self.catalogue.indexed(subject):  # the index's whole list, builds and all
            return
        known = {version: (entry.raw, _kb_only(entry)) for version, entry in found.items()}
        for version in unpublished(known, self._named(subject, "pep440")):
            del found[version]

    def _row_for(self, subject: str, raw: str) -> Optional[Release]:
        """``raw`` as a release of the knowledge base's row whose condition names it by a
        range (``mindspore ==1.8.*`` for 1.8.1): a version a row speaks of is not "not in
        the knowledge base" (outsider O8 #9 read both of mindspore 1.8.1); None when no row
        names it. An open range (``>=8.0``) names no release: CANN 9.2.0 stays unverified."""
        for rule in self.rows:
            if rule.subject != subject or not names_lines(rule.spec):
                continue
            try:
                if SpecifierSet(rule.spec, scheme_for(subject)).contains(
                    Version(raw, scheme_for(subject))
                ):
                    record = rule.id.split("/")[0]
                    url = rule.source if rule.source.startswith(("http://", "https://")) else None
                    return Release(raw, Source(kind="kb", ref=f"{rule.topic}/{record}", url=url))
            except (InvalidSpecifier, InvalidVersion):
                continue
        return None

    def _distinct(self, subject: str, scheme: str, found: dict[Version, _Found]) -> None:
        """Keep, of an index's list (setuptools: hundreds of releases), the newest release
        of each way of meeting the repos' specs, and whatever is installed: the solver picks
        the newest it can, so an older release that meets the same specs is never chosen,
        and each one kept costs every conflict search a little."""
        specs = []
        for text in sorted(self.specs.get(subject, ())):
            try:
                specs.append(SpecifierSet(text, scheme))
            except InvalidSpecifier:
                continue
        versions = sorted(found, reverse=True)
        met = [set(spec.admitted(versions)) for spec in specs]
        seen: set[tuple[bool, ...]] = set()
        for n, version in enumerate(versions):
            entry = found[version]
            signature = tuple(n in m for m in met)
            if entry.installed is not None or entry.installed_in:
                continue
            if signature in seen:
                del found[version]
            seen.add(signature)

    def _interpreters(self) -> dict[Version, int]:
        """The Python candidates by version: an interpreter packages were found in is the
        Python candidate of its version."""
        scheme = scheme_for("python")
        return {Version(c.version, scheme): c.id for c in self.of("python")}

    def _regions(self, subject: str, known: list[Candidate]) -> list[Candidate]:
        """Regions of an open subject that meet the repos' specs unlike any candidate every
        environment may use, newest first, ranked after the real candidates (a real one is
        preferred). A version installed in one interpreter only does not stand for the
        index in the others, so a region like it is kept."""
        specs = []
        for text in sorted(self.specs.get(subject, ())):
            try:
                specs.append(SpecifierSet(text, "pep440"))
            except InvalidSpecifier:
                continue
        everywhere = [c for c in known if c.anywhere]
        points = [Version(raw, "pep440") for raw in region_points(s.text for s in specs)]
        points += [Version(c.version, "pep440") for c in everywhere]
        met = [set(spec.admitted(points)) for spec in specs]
        first_known = len(points) - len(everywhere)
        signatures = {tuple(n in m for m in met) for n in range(first_known, len(points))}
        regions: list[Candidate] = []
        for n in reversed(range(first_known)):
            signature = tuple(n in m for m in met)
            if signature in signatures:
                continue
            signatures.add(signature)
            regions.append(
                Candidate(
                    id=self.new_id(),
                    subject=subject,
                    version=points[n].raw,
                    rank=len(known) + len(regions),
                    region=True,
                )
            )
        return regions

    def allowed(self, spec: SpecifierSet, subject: str) -> frozenset[int]:
        """Candidates ``spec`` admits; memoised, since repos repeat specs (``>=3.8``)."""
        key = (subject, spec.text)
        cached = self._allowed.get(key)
        if cached is None:
            cached = self._admitted(spec, subject)
            self._allowed[key] = cached
        return cached

    def _admitted(self, spec: SpecifierSet, subject: str) -> frozenset[int]:
        """A conjunction admits what each of its clauses admits, and alternatives (``||``)
        add up. Clauses repeat far more than whole specs (``>=7.0,<8.1`` and ``>=7.0,<9``
        share ``>=7.0``), so each clause is asked of ``bringup.versions`` once."""
        if spec.scheme == "name":
            return self._clause(subject, spec.text, spec.scheme)
        found: set[int] = set()
        for alternative in spec.text.split("||"):
            clauses = [c.strip() for c in alternative.split(",") if c.strip()]
            if not clauses:
                return frozenset(c.id for c in self.of(subject))
            admitted = self._clause(subject, clauses[0], spec.scheme)
            for clause in clauses[1:]:
                admitted = admitted & self._clause(subject, clause, spec.scheme)
            found.update(admitted)
        return frozenset(found)

    def _clause(self, subject: str, text: str, scheme: str) -> frozenset[int]:
        key = (subject, text)
        cached = self._clauses.get(key)
        if cached is None:
            candidates = self.of(subject)
            versions = self._parsed.get(subject)
            if versions is None:  # the host's values of a fixed subject
                versions = [Version(c.version, scheme) for c in candidates]
                self._parsed[subject] = versions
            admitted = specifier_set(text, scheme).admitted(versions)
            cached = frozenset(candidates[n].id for n in admitted)
            self._clauses[key] = cached
        return cached


def _kb_only(entry: _Found) -> bool:
    here = entry.installed is not None or entry.installed_in
    return not here and entry.release is not None and entry.release.source.kind == "kb"
