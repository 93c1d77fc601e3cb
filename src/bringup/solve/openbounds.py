"""The bounds the knowledge base's rows put on an open subject, beside the repos' own: an
open subject's candidates are regions cut at the versions its specs name
(``candidates.region_points``), so a row's bound must cut them too. "CXX_STANDARD 17: new in
CMake 3.8" (kb cxx_standard/cxx17-cmake) on a repo that runs a bare ``cmake ..``
(zhaojiqiao/tilelang-npu@1bc99fd install_ascend.sh:116) left CMake one region, "any version",
which no row admits: a false conflict "no C++ standard and CMake satisfies all of
tilelang-npu's lines" while ``kb why cxx_standard==17 cmake==3.26`` said compatible
(outsider22 D2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bringup.model.rules import Rule
from bringup.solve.catalogue import Catalogue
from bringup.subjects import canonical_subject, from_index


def with_row_bounds(
    specs: Mapping[str, set[str]], rules: Sequence[Rule], catalogue: Catalogue
) -> dict[str, set[str]]:
    """``specs`` (per subject) with each row's spec on a subject the package index provides
    and the knowledge base lists no release of (its candidates are regions)."""
    found = {subject: set(texts) for subject, texts in specs.items()}
    open_here: dict[str, bool] = {}
    for rule in rules:
        for subject, spec in ((rule.subject, rule.spec), (rule.then_subject, rule.then_spec)):
            name = canonical_subject(subject)
            if name not in open_here:
                open_here[name] = from_index(name) and not catalogue.releases(name)
            if open_here[name]:
                found.setdefault(name, set()).add(spec.strip())
    return found
