"""A release a guide of the repo pins that the repo's own manifest does not accept.

shangxt10/verl_mindspeedmm@da9e8534's Ascend guide installs vLLM from its ``v0.13.0`` tag
(docs/ascend_tutorial/quick_start/ascend_quick_start.rst:101-103) while setup.py:52 declares
its ``vllm`` extra as ``vllm>=0.8.5,<=0.12.0``: the guide and the package disagree, whichever
scope each belongs to, and the user who follows one breaks the other (outsider19 D12). The
contradiction finding (``contradictions``) compares statements of one scope only; this one
compares a guide's exact pins with the ranges the repo's own top-level manifest declares for
the same Python package, its extras included, and cites both. A guide for an older release
(``DocContext.older_release``: docs/README_vllm0.7.md pinning ``vllm==0.7.3`` beside the same
``vllm>=0.8.5``) is that release's own page, scoped apart by ``docscopes``, not a disagreement
(review39).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.docscopes import doc_context, prose_file
from bringup.scan.extraction import Finding
from bringup.scan.scopedirs import PACKAGE_FILES
from bringup.scan.walk import RepoFile
from bringup.subjects import canonical_subject, scheme_for, scope_of
from bringup.versions import InvalidSpecifier, InvalidVersion, SpecifierSet

_EXACT = lazyre.compile(r"^==\s*(\d[\w.+-]*)$")
"""One release, as a guide pins it (``==0.13.0``); a series (``==0.7.*``) or a range is not."""


def outside_declared(
    requirements: Sequence[Requirement],
    others: Mapping[str, Sequence[Requirement]],
    texts: Mapping[str, tuple[RepoFile, str]],
) -> list[Finding]:
    """One finding per release a guide pins outside the range the repo's top-level
    ``setup.py`` or ``pyproject.toml`` declares for that package (``texts``: each file read,
    by citation), citing the guide's line and the manifest's."""
    rels = {ref: entry.rel for ref, (entry, _) in texts.items()}
    context = doc_context({entry.rel: text for entry, text in texts.values()})
    stated = [*requirements, *(r for found in others.values() for r in found)]
    declared: dict[str, Requirement] = {}
    for req in sorted(stated, key=lambda r: bool(r.feature)):
        subject = canonical_subject(req.subject)
        rel = rels.get(req.source.ref, "")
        if rel.lower() in PACKAGE_FILES and req.spec and _its_own(req, subject):
            declared.setdefault(subject, req)
    findings: dict[tuple[str, str], Finding] = {}
    for req in stated:
        subject = canonical_subject(req.subject)
        pinned = _EXACT.match(req.spec.strip())
        manifest = declared.get(subject)
        rel = rels.get(req.source.ref, "")
        if not pinned or manifest is None or not prose_file(rel):
            continue
        if context.older_release(rel.rsplit("/", 1)[-1].rsplit(".", 1)[0]):
            continue
        try:
            accepted = SpecifierSet(manifest.spec, scheme_for(subject)).contains(pinned.group(1))
        except (InvalidSpecifier, InvalidVersion):
            continue
        if not accepted:
            findings.setdefault(
                (subject, pinned.group(1)),
                Finding(
                    kind="contradiction",
                    message=f"{subject} =={pinned.group(1)}, which a guide installs "
                    f"({req.source}), is outside {manifest.spec}, the range the repo's own "
                    f"{rels.get(manifest.source.ref, 'manifest')}:{manifest.source.line} declares",
                    sources=(req.source, manifest.source),
                    subject=subject,
                ),
            )
    return list(findings.values())


def _its_own(req: Requirement, subject: str) -> bool:
    """Whether a manifest's line declares the range of the package itself: a requirement of
    the package (no feature) or of the extra named for it (``vllm`` in ``extras_require``'s
    ``"vllm": VLLM_REQUIRES``); a pin another extra carries (``sglang``'s ``torch==2.9.1``)
    holds where that feature is installed only."""
    if scope_of(req.subject) != "python_package":
        return False
    return not req.feature or req.feature == f"extra:{subject.rsplit(':', maxsplit=1)[-1]}"
