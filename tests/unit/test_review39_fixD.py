"""Review 39's findings 7 and 8 and its minor on the order of the CI's test installs: a CI
command after a ``cd`` runs in that folder (not at the repo's top), ``make`` is not added before
the README's own ``make -j 8``/``make all``, a CI's ``make -j$(nproc)``/``make -j 4`` is a make,
and the CI's installs keep their line order (ci.yml:9 before ci.yml:10)."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo

# review39 r_deps2 (the reviewer's repo, copied whole): .github/workflows/ci.yml:7-10
R_DEPS2_CI = """name: ci
on: [push]
jobs:
  bindings:
    runs-on: ubuntu-latest
    steps:
      - run: |
          cd python
          pip install -e ".[test]"
          pytest
"""
R_DEPS2_README = """# top

```
pip install -e .
pytest tests
```
"""
R_DEPS2_SETUP = """from setuptools import setup
setup(name="top", version="0.1", extras_require={"test": ["pytest"]})
"""
# review39 r_auto2: README.md and configure.ac
R_AUTO2_README = """# foo

## Building

```sh
./autogen.sh
./configure --prefix=/usr
make -j 8
make install
```
"""
CONFIGURE_AC = """AC_INIT([foo],[1.0])
AM_INIT_AUTOMAKE
AC_PROG_CC
AC_OUTPUT
"""


def _repo(tmp_path: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return tmp_path


def _steps(root: Path) -> list[tuple[str, tuple[str, ...], str, str]]:
    steps = scan_repo(root, "r").component.steps
    return [(s.kind, s.argv, s.cwd, str(s.source)) for s in steps]


def _deps2(tmp_path: Path) -> Path:
    files = {"README.md": R_DEPS2_README, "setup.py": R_DEPS2_SETUP}
    files[".github/workflows/ci.yml"] = R_DEPS2_CI
    files["tests/test_a.py"] = "def test_a():\n    pass\n"
    return _repo(tmp_path, files)


def test_a_ci_install_after_cd_is_not_planned_at_the_top(tmp_path: Path) -> None:
    # review39 7: `cd python` / `pip install -e ".[test]"` planned at the top, cited ci.yml:9
    root = _deps2(tmp_path)
    argvs = [argv for _, argv, _, _ in _steps(root)]
    assert argvs == [("pip", "install", "-e", "."), ("pytest", "tests")]


def test_a_ci_install_after_cd_runs_in_that_folder(tmp_path: Path) -> None:
    root = _deps2(tmp_path)
    (root / "python").mkdir()
    (root / "python/setup.py").write_text(R_DEPS2_SETUP)
    planned = _steps(root)
    wanted = (
        "install",
        ("pip", "install", "-e", ".[test]"),
        "python",
        "r/.github/workflows/ci.yml:9",
    )
    assert wanted in planned


def test_a_steps_working_directory_is_its_cd(tmp_path: Path) -> None:
    # the same move as GitHub Actions writes it on the step
    root = _deps2(tmp_path)
    ci = R_DEPS2_CI.replace(
        "      - run: |\n          cd python\n",
        "      - working-directory: python\n        run: |\n",
    )
    (root / ".github/workflows/ci.yml").write_text(ci)
    assert [argv for _, argv, _, _ in _steps(root)] == [
        ("pip", "install", "-e", "."),
        ("pytest", "tests"),
    ]
    (root / "python").mkdir()
    (root / "python/setup.py").write_text(R_DEPS2_SETUP)
    installs = [(argv, cwd) for kind, argv, cwd, _ in _steps(root) if kind == "install"]
    assert installs[-1] == (("pip", "install", "-e", ".[test]"), "python")
    (root / ".github/workflows/ci.yml").write_text(ci.replace(": python", ": ${{ matrix.dir }}"))
    assert ("pip", "install", "-e", ".[test]") not in [argv for _, argv, _, _ in _steps(root)]


def test_a_ci_make_check_after_cd_is_not_the_tops(tmp_path: Path) -> None:
    # review39 7 (r_auto): `cd doc` / `make check` planned as make check at the top
    ci = "on: [push]\njobs:\n  b:\n    steps:\n      - run: ./autogen.sh\n      - run: make\n"
    ci += "      - run: |\n          cd doc\n          make check\n"
    readme = "# foo\n\n```sh\n./autogen.sh\n```\n"
    root = _repo(
        tmp_path,
        {
            "README.md": readme,
            "configure.ac": CONFIGURE_AC,
            "autogen.sh": "#!/bin/sh\nautoreconf -fi\n./configure\n",
            ".github/workflows/ci.yml": ci,
        },
    )
    argvs = [argv for _, argv, _, _ in _steps(root)]
    assert ("make", "check") not in argvs
    assert argvs[-1] == ("make",)


def test_make_is_not_added_before_the_readmes_own_make_j_8(tmp_path: Path) -> None:
    # review39 8: a `make` cited at configure.ac:1 inserted before the README's `make -j 8`
    files = {"README.md": R_AUTO2_README, "configure.ac": CONFIGURE_AC}
    files["autogen.sh"] = "#!/bin/sh\nautoreconf -fi\n"
    root = _repo(tmp_path, files)
    argvs = [argv for _, argv, _, _ in _steps(root)]
    assert argvs[-2:] == [("make", "-j", "8"), ("make", "install")]
    assert ("make",) not in argvs
    (root / "README.md").write_text(R_AUTO2_README.replace("make -j 8", "make all"))
    argvs = [argv for _, argv, _, _ in _steps(root)]
    assert argvs[-2:] == [("make", "all"), ("make", "install")]
    assert ("make",) not in argvs


def test_the_cis_make_j_nproc_and_make_j_4_check_are_makes(tmp_path: Path) -> None:
    # review39 8: `make -j$(nproc)` and `make -j 4` in CI not recognised as make
    ci = "on: [push]\njobs:\n  b:\n    steps:\n      - run: ./configure\n"
    ci += "      - run: make -j$(nproc)\n      - run: make -j 4 check\n"
    readme = "# foo\n\n```sh\n./configure\n```\n"
    root = _repo(
        tmp_path,
        {"README.md": readme, "configure.ac": CONFIGURE_AC, ".github/workflows/ci.yml": ci},
    )
    planned = _steps(root)
    assert [(kind, argv) for kind, argv, _, _ in planned[-2:]] == [
        ("build", ("make",)),
        ("test", ("make", "-j", "4", "check")),
    ]
    assert [source.rpartition(":")[2] for _, _, _, source in planned[-2:]] == ["6", "7"]


def test_the_cis_test_installs_keep_their_line_order(tmp_path: Path) -> None:
    # review39 minor (r_deps): ci.yml:10 planned before ci.yml:9 (sorted by citation text)
    # the reviewer's r_deps: .github/workflows/ci.yml:8-11, README.md, setup.py, tests/
    ci = "name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
    ci += "      - uses: actions/checkout@v4\n"
    ci += "      - run: pip install torch --index-url https://download.pytorch.org/whl/cpu\n"
    ci += '      - run: pip install -e ".[test]"\n'
    ci += "      - run: pip install -r tests/requirements-test.txt\n"
    ci += "      - run: pytest tests\n"
    root = _repo(
        tmp_path,
        {
            "README.md": R_DEPS2_README,
            "setup.py": R_DEPS2_SETUP,
            ".github/workflows/ci.yml": ci,
            "tests/test_a.py": "def test_a(): pass\n",
            "tests/requirements-test.txt": "pytest-xdist\n",
        },
    )
    ci_lines = [s.rpartition(":")[2] for _, _, _, s in _steps(root) if "ci.yml" in s]
    assert ci_lines == ["9", "10"]


# review39 11 (o20b): two compile logs, the reviewer's /work/review39/ce1.log and ce2.log (its
# nvcc error line), the second rewritten as g++ writes it so both get one cause and source
CE1 = """g++ -c src/a.cpp -o a.o
src/a.cpp:12:5: error: 'foo' was not declared in this scope
make: *** [Makefile:5: a.o] Error 1
"""
CE2 = """nvcc -c src/b.cu -o b.o
src/b.cu(99): error: identifier "__half2" is undefined
make: *** [Makefile:9: b.o] Error 1
"""
CE2_GXX = """g++ -c src/b.cpp -o b.o
src/b.cpp:99:5: error: '__half2' was not declared in this scope
make: *** [Makefile:9: b.o] Error 1
"""


def _up_summary(tmp_path: Path, logs: list[str]) -> str:
    import io

    from bringup.report.console import PlainWriter
    from bringup.report.document_text import render_document
    from bringup.report.up_text import summary_document
    from bringup.run.outcome import Failure, RunOutcome, StepOutcome
    from bringup.run.up import diagnose

    steps = []
    for order, log in enumerate(logs, start=1):
        path = tmp_path / f"{order}.log"
        path.write_text(log)
        found = diagnose(path, None, "build")
        assert found is not None
        steps.append(
            StepOutcome(
                order=order,
                component="r",
                name=f"build-{order}",
                kind="build",
                argv=("make",),
                status="failed",
                reason="exit status 2",
                log_path=str(path),
                failure=Failure(
                    phase="build",
                    tail=tuple(log.splitlines()),
                    rerun="make",
                    diagnosis=found[0],
                    fix=found[1],
                    diagnosis_source=found[2],
                ),
            )
        )
    outcome = RunOutcome(run_id=1, state_dir="/state", status="failed", steps=tuple(steps))
    out = io.StringIO()
    render_document(PlainWriter(out, width=100), summary_document(outcome))
    return out.getvalue()


def test_up_keeps_each_failed_steps_own_error_lines_under_a_shared_cause(tmp_path: Path) -> None:
    written = _up_summary(tmp_path, [CE1, CE2_GXX])
    assert "probable cause: the same as step 1 (r: build-1)" in written
    assert written.count("probable cause: The project's source does not compile") == 1
    assert "src/a.cpp:12:5: error: 'foo' was not declared in this scope" in written
    assert "src/b.cpp:99:5: error: '__half2' was not declared in this scope" in written
    written = _up_summary(tmp_path, [CE1, CE2])
    assert 'src/b.cu(99): error: identifier "__half2" is undefined' in written
