"""Outsider 18's `up` defects (tests/data/outsider37/REPORT.md) on hpcaitech/TensorNVMe@6403388:
the real lines each test needs, with the file and line they come from."""

from __future__ import annotations

from pathlib import Path

from bringup.model import Step, file_source
from bringup.model.plan import PlanStep
from bringup.model.requirements import Component
from bringup.plan.isolation import without_build_isolation
from bringup.run.consent import commands_needing_consent

# hpcaitech/TensorNVMe@6403388 setup.py:8-9 (packaging is imported when setup.py starts)
SETUP_IMPORTS = "from packaging import version\nfrom setuptools import find_packages, setup\n"
README_33 = ("pip", "install", "-v", "--no-cache-dir", ".")  # README.md:33


def test_the_install_run_without_isolation_says_so_and_is_named_as_it_runs(
    tmp_path: Path,
) -> None:
    # outsider 18's D13: `up` ran "pip install --no-build-isolation -v --no-cache-dir ." but said
    # nothing of it, and the blocked steps named "step 2 (pip install -v --no-cache-dir .)"
    (tmp_path / "setup.py").write_text(SETUP_IMPORTS)
    step = Step(
        name=" ".join(README_33),
        kind="install",
        argv=README_33,
        source=file_source("README.md", 33),
    )
    repo = Component(name="TensorNVMe", path=str(tmp_path), role="ops", steps=(step,))
    [changed] = without_build_isolation(repo).steps
    assert changed.argv == ("pip", "install", "--no-build-isolation", "-v", "--no-cache-dir", ".")
    assert changed.name == " ".join(changed.argv)
    assert changed.changed.startswith("bringup added --no-build-isolation: ")
    assert "setup.py imports packaging" in changed.changed
    planned = PlanStep(
        order=2,
        component="TensorNVMe",
        name=changed.name,
        kind="install",
        argv=changed.argv,
        status="run",
        source=changed.source,
        changed=changed.changed,
    )
    [line] = commands_needing_consent([repo], [planned], [])["TensorNVMe"]
    assert line == (
        "pip install --no-build-isolation -v --no-cache-dir .  # " + changed.changed
    )
