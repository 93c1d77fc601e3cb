"""Support lists are one requirement with alternatives.

Docs name chips, architectures and OSes in many places: a README table of supported
products, an install guide per product, a build script's case per SOC. Each says "this one
works", so within one scope they unite into one requirement whose spec lists every value
(``910B,910_93,950``: the ``name`` scheme reads a list as any of), each value keeping where it
was read. Only what a machine checks (a ``setup.py`` arch check, the manifest) narrows:
those stay separate requirements, which the solver ANDs. A build's default chip (a CMake
``SOC_VERSION`` default) is read as a soft one-chip list (``kernelchips``): one more chip
that works, which the caller overrides. A repeated statement is one too
(``bringup.scan.repeats``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

import msgspec

from bringup.model import Alternative, Requirement, Source
from bringup.scan.placesbeside import with_places_of
from bringup.scan.registry import DECLARED, PROSE

ANY_OF_SUBJECTS = frozenset({"chip", "arch", "os", "distro", "device_kind"})
"""Subjects whose mentions name alternatives (all in the unordered ``name`` scheme)."""


def unite(requirements: list[Requirement], authority: Mapping[str, int]) -> list[Requirement]:
    """``requirements`` with every non-narrowing mention of an any-of subject merged into one
    requirement per subject and hardness. ``authority`` ranks each source ref (``registry``):
    a machine-read file narrows; the merged requirement is cited where the least
    machine-like file (the support list in the docs) names its first value."""
    groups: dict[tuple[str, bool], list[Requirement]] = {}
    for requirement in requirements:
        if _unites(requirement, authority):
            groups.setdefault((requirement.subject, requirement.hard), []).append(requirement)
    united = {
        key: _united(sorted(group, key=lambda r: authority.get(r.source.ref or "", PROSE)))
        for key, group in groups.items()
    }
    _fold_soft(united)
    folded = _fold_unversioned(requirements, united)
    out: list[Requirement] = []
    for requirement in requirements:
        if not _unites(requirement, authority):
            if requirement not in folded:
                out.append(requirement)
            continue
        done = united.pop((requirement.subject, requirement.hard), None)
        if done is not None:
            out.append(done)
    return out


def _values(requirement: Requirement) -> set[str]:
    return {v.strip().lstrip("=").strip().lower() for v in requirement.spec.split(",")} - {""}


def _fold_unversioned(
    requirements: list[Requirement], united: dict[tuple[str, bool], Requirement]
) -> list[Requirement]:
    """Soft mentions naming no value of a subject a list states ("in Ascend platform", a
    README's opening, beside the chips a build targets): places of that list. Returns them."""
    folded = []
    for loose in requirements:
        if loose.hard or loose.spec.strip() or loose.subject not in ANY_OF_SUBJECTS:
            continue
        key = next(
            (k for k in ((loose.subject, True), (loose.subject, False)) if k in united), None
        )
        if key is None:
            continue
        into = united[key]
        cited = {into.source, *(a.source for a in into.any_of)}
        places = (loose.source, *loose.also_at)
        also = tuple(dict.fromkeys(s for s in (*into.also_at, *places) if s not in cited))
        united[key] = msgspec.structs.replace(into, also_at=also)
        folded.append(loose)
    return folded


_LINUX_DISTROS = frozenset(
    {
        *("ubuntu", "debian", "centos", "rhel", "openeuler", "euleros", "kylin", "fedora"),
        *("rocky", "sles", "sle", "leap", "almalinux"),
    }
)


def _with_linux(values: set[str]) -> set[str]:
    """``values`` and Linux where they name a Linux distribution: "a package built for
    linux-${arch}" (Mooncake pyproject.toml:35's classifier) says no more than "OS: Ubuntu
    22.04 LTS+" (docs/source/getting_started/build.md:8), Ubuntu being a Linux."""
    return values | {"linux"} if values & _LINUX_DISTROS else values


def _fold_soft(united: dict[tuple[str, bool], Requirement]) -> None:
    """A soft list every value of which the hard list of the same subject names (a Linux
    package in one guide, "OS: Linux" in another: MindIE-SD docs/en/installing_guide.md:135
    and docs/zh/installation.md:9; ``_with_linux``) says nothing more: its places join the
    hard one's. So does a soft list sharing a value with the hard one (the chips a build
    script compiles kernels for, "910_93,910B,310P", ops-sparse build.sh:46, beside its guide's
    "仅适用于Atlas A2系列产品", docs/zh/install/quick_install.md:17): the hard list still
    decides, the soft one's values are named in its text ("also stated: ..."); lists with no
    value in common stay two, their disagreement shown. A soft list of Linux distributions
    beside a hard "linux" shares Linux ("supported on a Linux environment only. It is tested on
    Ubuntu (22.04/24.04) and Fedora.", ai-dynamo/nixl@8770b655 README.md:32)."""
    for subject, hard in list(united):
        strong = united.get((subject, True))
        soft = united[(subject, hard)]
        named = _with_linux(_values(strong)) if strong is not None else set()
        if hard or strong is None or not _with_linux(_values(soft)) & named:
            continue
        places = (soft.source, *soft.also_at, *(a.source for a in soft.any_of))
        also = tuple(dict.fromkeys(s for s in (*strong.also_at, *places) if s != strong.source))
        text = strong.text
        if not _values(soft) <= named:
            text = f"{strong.text or strong.spec}; also stated: {soft.spec} ({soft.source})"
        united[(subject, True)] = msgspec.structs.replace(strong, also_at=also, text=text)
        del united[(subject, hard)]


def _unites(requirement: Requirement, authority: Mapping[str, int]) -> bool:
    """Whether ``requirement`` is a mention that joins the support list: any of a document's,
    and a machine-read file's soft list of alternatives (the chips one CMake file builds
    kernels for, ``kernelchips``: another file's kernels add chips, they do not narrow). A
    machine-read file (ranked ``DECLARED`` or above) narrows; a file not ranked does not."""
    soft_list = not requirement.hard and bool(requirement.any_of)
    return (
        requirement.subject in ANY_OF_SUBJECTS
        and bool(requirement.spec.strip())
        and not requirement.spec.lstrip().startswith("!")
        and (soft_list or authority.get(requirement.source.ref or "", PROSE) < DECLARED)
    )


def _united(group: list[Requirement]) -> Requirement:
    """One requirement naming every value of ``group`` once, cited where the first of them
    is; ``any_of`` keeps each value with every place it was read, and ``also_at`` every
    member's repeats (hixl docs/zh/build.md:207, the Linux package a translation's
    statement at :67 is repeated at, beside the English guide's)."""
    first = group[0]
    if len(group) == 1:
        return first
    alternatives: dict[tuple[str, Source], Alternative] = {}
    values: dict[str, str] = {}
    for requirement in group:
        for value in requirement.spec.split(","):
            name = value.strip().lstrip("=").strip()
            if name:
                values.setdefault(name.lower(), name)
                key = (name.lower(), requirement.source)
                alternatives.setdefault(key, Alternative(value=name, source=requirement.source))
    cited = {first.source, *(a.source for a in alternatives.values())}
    also = tuple(dict.fromkeys(s for r in group for s in r.also_at if s not in cited))
    return msgspec.structs.replace(
        first, spec=",".join(values.values()), any_of=tuple(alternatives.values()), also_at=also
    )


def cite_beside(
    kept: list[Requirement],
    beside: Mapping[str, list[Requirement]],
    shown: Collection[str] = (),
) -> list[Requirement]:
    """``kept`` with the unversioned mentions of a subject (``beside``) that has a versioned
    need cited beside the first such need ("1. install the firmware and the driver: see the
    guide" before the driver version a later table states, hixl docs/zh/build.md:61 and
    :305): the same need said again, each place kept. A subject of ``shown`` (a host tool a
    route runs, ``routeneeds``) with no hard version is cited beside the version shown in use
    (an install guide's "Python | 3.10或3.11" beside compile.sh's ``python3``,
    MindInferenceService docs/zh/installation_guide.md:40 and compile.sh:54)."""
    waiting = dict(beside)
    hard = {r.subject for r in kept if r.spec and r.hard}
    out = []
    for requirement in kept:
        # beside a hard version, or for ``shown`` subjects one in use where none is hard
        in_use = requirement.subject in shown and not requirement.feature
        versioned = bool(requirement.spec) and (
            requirement.hard or (in_use and requirement.subject not in hard)
        )
        found = waiting.pop(requirement.subject, None) if versioned else None
        out.append(with_places_of(requirement, found or ()))
    return out


def beside_in_use(requirement: Requirement, in_use: Mapping[str, Requirement]) -> Requirement:
    """An unversioned need cited beside the place that shows a version of it in use (a
    release matrix's "在研版本" cell beside the install guide's ``pip install
    triton-ascend==3.2.1``, MindSpeed-MM release_notes_mm.md:45 and install_guide.md:272):
    one need stated twice, its version still unsettled."""
    shown = in_use.get(requirement.subject)
    if requirement.spec or shown is None or shown.source in requirement.also_at:
        return requirement
    return msgspec.structs.replace(requirement, also_at=(*requirement.also_at, shown.source))
