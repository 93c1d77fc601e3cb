"""The build scripts in a CI directory that only the CI runs (``scopes``).

``ci/build*.sh`` is read as the repo's own build despite its directory: torch_npu's and
op-plugin's install guides run ``bash ci/build.sh --python=3.9``, CV-CUDA's README.md and
DrivingSDK's docs/zh/installation/compile.md name theirs. Where no file outside the CI names
the script, only a CI job runs it: cuvs ``ci/build_standalone_c.sh``, which its
.github/workflows/build.yaml:83 runs (``script: "ci/build_standalone_c.sh"``) and whose
``dnf install -y patch tar unzip wget`` (:15) sets up the CI's image, not the build
machine. A script another such script runs is on the route only where that one is: MindIE-
Motor ``ci/build_3rdparty.sh``, run by its ``ci/build.sh`` (:89), which no guide, build file
or other script of the repo runs (its route is ``build/build.sh``); only a test harness does
(tests/sys_perf_test/compile_utils.py:89 ``bash ci/build.sh 3rdparty-download``), and the
tests are the CI's to run.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from bringup import lazyre

_CI_SCRIPT = lazyre.compile(r"^ci/[^/]+\.sh$", re.IGNORECASE)


def ci_only_scripts(texts: Mapping[str, str], ci: Callable[[str], bool]) -> frozenset[str]:
    """The scripts directly in ``ci/`` that ``ci(rel)`` does not already make the CI's, and
    that no file outside the CI and the tests (``ci``) names, directly or through another such
    script on the route (``rel`` -> text of every file read)."""
    scripts = [rel for rel in texts if _CI_SCRIPT.match(rel) and not ci(rel)]
    if not scripts:
        return frozenset()
    # the files naming a CI directory's script at all: most of a repo's files name none
    naming = {rel: text for rel, text in texts.items() if "ci/" in text}
    namers = {
        script: {other for other, text in naming.items() if other != script and script in text}
        for script in scripts
    }
    routed: set[str] = set()
    changed = True
    while changed:
        changed = False
        for script in scripts:
            if script in routed:
                continue
            outside = (n for n in namers[script] if n not in namers and not ci(n))
            if any(outside) or namers[script] & routed:
                routed.add(script)
                changed = True
    return frozenset(scripts) - routed
