"""An install of the repo's folder that another install with the extras covers is listed, not
run (outsider 23 D10, tests/data/outsider42/REPORT.md: ``up`` built dfm/extending-jax twice,
104 s + 108 s)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.model.requirements import Step
from bringup.model.source import file_source
from bringup.plan.covered import covered_installs
from bringup.report.reason_wording import reason_text

HOST = "tests/fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver"

# dfm/extending-jax@371dca9 README.md:316 and .github/workflows/tests.yml:31
README = "## Install\n\n```bash\npip install .\n```\n"
WORKFLOW = """\
name: Tests
on: [push]
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - name: Install
        run: |
          python -m pip install -v .[test]
      - name: Test
        run: python -m pytest tests
"""


def _step(text: str, line: int, kind: str = "install", cwd: str = ".") -> Step:
    return Step(
        name=text,
        kind=kind,  # type: ignore[arg-type]
        argv=tuple(text.split()),
        source=file_source("README.md", line),
        cwd=cwd,
    )


PLAIN = _step("pip install .", 316)  # extending-jax README.md:316
FULL = _step("python -m pip install -v .[test]", 31)  # extending-jax tests.yml:31


def test_the_plain_install_is_covered_by_the_one_with_extras() -> None:
    covered = covered_installs([PLAIN, FULL], [True, True], first=4)
    assert list(covered) == [0]
    reason = covered[0]
    assert (reason.kind, reason.subject, reason.need) == ("covered", "5", FULL.name)
    assert "covered by step 5 (python -m pip install -v .[test])" in reason_text(reason)
    # in either order: the one with the extras is kept
    assert list(covered_installs([FULL, PLAIN], [True, True])) == [1]


def test_a_repeat_is_covered_by_the_first() -> None:
    again = _step("pip install -v .", 40)
    assert list(covered_installs([PLAIN, again], [True, True])) == [1]


@pytest.mark.parametrize(
    "full",
    [
        "pip install -e .[test]",  # editable links the checkout; the plain one copies it
        "pip install --no-deps .[test]",  # another install: no dependencies
        "pip install ./python[test]",  # another folder
    ],
)
def test_what_is_another_install_is_not_covered(full: str) -> None:
    assert covered_installs([PLAIN, _step(full, 31)], [True, True]) == {}


def test_a_plain_install_of_more_than_the_folder_is_not_covered() -> None:
    both = _step("pip install . numpy", 316)
    assert covered_installs([both, FULL], [True, True]) == {}


def test_a_skipped_install_covers_nothing_and_a_step_between_keeps_both() -> None:
    assert covered_installs([PLAIN, FULL], [True, False]) == {}
    build = _step("cmake -B build", 20, kind="build")
    assert covered_installs([PLAIN, build, FULL], [True, True, True]) == {}


def test_a_folder_below_compares_by_its_path() -> None:
    below = _step("pip install -e .", 9, cwd="python")
    full = _step("pip install -e ./python[dev]", 12)  # pip reads ``python[dev]`` as a name
    assert list(covered_installs([below, full], [True, True])) == [0]


def test_check_lists_the_plain_install_as_covered(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "extjax"
    (repo / ".github" / "workflows").mkdir(parents=True)
    (repo / "README.md").write_text(README)
    (repo / ".github" / "workflows" / "tests.yml").write_text(WORKFLOW)
    # extending-jax pyproject.toml:13 (the test extra), trimmed
    (repo / "pyproject.toml").write_text(
        '[project]\nname = "kepler_jax"\ndependencies = ["jax"]\n'
        '[project.optional-dependencies]\ntest = ["pytest"]\n'
    )
    (repo / "tests").mkdir()
    (repo / "tests" / "test_kepler_jax.py").write_text("import kepler_jax\n")
    main(["check", str(repo), "--details", "--snapshot", HOST])
    out = " ".join(capsys.readouterr().out.split())
    assert "skip pip install . (README.md:4)" in out
    assert "covered by step 2 (python -m pip install -v '.[test]')" in out
    assert main(["up", str(repo), "--state", str(tmp_path / "state")]) == 1
    asked = capsys.readouterr().out
    assert "python -m pip install -v '.[test]'" in asked
    assert "pip install .\n" not in asked
