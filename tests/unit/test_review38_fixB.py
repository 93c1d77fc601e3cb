"""Review38 findings 4 and 10 (``testdeps``: the CI's tests list read as YAML, only plain
commands, before the first pytest test step), 8 (``folderbuilds``: a folder's build script
over a benchmark that installs first) and 9 (``scriptsteps.shipped``: only CANN's nested
``<pkg>/scripts/`` layout is the installer's), each on the review's input."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.ci import extract_ci
from bringup.scan.commands import pip_install_targets
from bringup.scan.extraction import SourceFile
from bringup.scan.repo import scan_repo
from bringup.scan.scriptsteps import shipped


def _tree(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def _workflow(*steps: str) -> str:
    return "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n" + "".join(
        f"      {step}\n" for step in steps
    )


def _installs(text: str) -> list[tuple[str, tuple[str, ...], int]]:
    """Each list the CI installs for its tests (read with the CI file), its command and line."""
    file = SourceFile(ref="ci.yml", rel=".github/workflows/ci.yml", text=text)
    return [
        (path, step.argv, step.source.line or 0)
        for step in extract_ci(file).test_installs
        for path in (pip_install_targets(step.argv) or ([], []))[1]
    ]


# review38 4: r11/.github/workflows/ci.yml
R11_CI = _workflow(
    "# - run: pip install -r tests/requirements-gpu.txt   # disabled: needs a GPU runner",
    "- run: pip install -r tests/requirements.txt > /dev/null",
    "- run: pytest tests",
)


def test_a_commented_out_ci_line_installs_nothing() -> None:
    assert not any("requirements-gpu" in path for path, _, _ in _installs(R11_CI))


def test_a_ci_install_that_needs_a_shell_is_no_step() -> None:
    # steps run without a shell: pip would get '>' as a package
    assert _installs(R11_CI) == []
    substituted = _workflow(
        "- run: pip install -r tests/requirements.txt $(cat x)", "- run: pytest"
    )
    assert _installs(substituted) == []
    piped = _workflow("- run: pip install -r tests/requirements.txt 2>&1 | tail", "- run: pytest")
    assert _installs(piped) == []


def test_a_plain_ci_install_before_pytest_stays() -> None:
    text = _workflow("- run: pip install -r tests/requirements.txt", "- run: pytest tests")
    assert _installs(text) == [
        ("tests/requirements.txt", ("pip", "install", "-r", "tests/requirements.txt"), 6)
    ]


def test_a_run_block_s_continued_pip_install_is_read() -> None:
    text = _workflow(
        "- run: |",
        "    pip install \\",
        "      -r tests/requirements.txt",
        "    pytest tests",
    )
    assert _installs(text) == [
        ("tests/requirements.txt", ("pip", "install", "-r", "tests/requirements.txt"), 7)
    ]


def test_r11_plans_no_commented_or_shell_install(tmp_path: Path) -> None:
    _tree(
        tmp_path,
        {
            "README.md": "```bash\npip install -e .\npytest tests\n```\n",
            "setup.py": "from setuptools import setup\nsetup(name='r11')\n",
            ".github/workflows/ci.yml": R11_CI,
            "tests/requirements.txt": "pytest\n",
            "tests/requirements-gpu.txt": "cupy\n",
        },
    )
    steps = scan_repo(tmp_path, ".", name="r11").component.steps
    assert not any("requirements" in " ".join(step.argv) for step in steps)


def test_a_pip_install_of_pytest_does_not_block_the_tests_list(tmp_path: Path) -> None:
    # review38 10: the first step naming pytest was `pip install pytest`, no test
    _tree(
        tmp_path,
        {
            "README.md": "```bash\npip install -e .\npip install pytest\npytest tests\n```\n",
            "setup.py": "from setuptools import setup\nsetup(name='r10')\n",
            ".github/workflows/ci.yml": _workflow(
                "- run: pip install -r tests/requirements.txt", "- run: pytest tests"
            ),
            "tests/requirements.txt": "pytest\ntransformers\n",
        },
    )
    names = [s.name for s in scan_repo(tmp_path, ".", name="r10").component.steps]
    assert "pip install -r tests/requirements.txt" in names
    assert names.index("pip install pytest") < names.index("pip install -r tests/requirements.txt")
    assert names.index("pip install -r tests/requirements.txt") < names.index("pytest tests")


def test_a_folder_s_build_script_wins_over_a_benchmark_that_installs(tmp_path: Path) -> None:
    # review38 8: ext_op/benchmark.sh sorts before ext_op/build.sh
    _tree(
        tmp_path,
        {
            "README.md": "# ext_op\n",
            "ext_op/setup.py": "from setuptools import setup\nsetup(name='ext_op')\n",
            "ext_op/benchmark.sh": (
                "#!/bin/bash\nset -e\npip install .\npython bench.py --iters 1000\nrm -rf build\n"
            ),
            "ext_op/build.sh": "#!/bin/bash\npython setup.py build install\n",
        },
    )
    steps = scan_repo(tmp_path, ".", name="ext_op").component.steps
    installs = [s for s in steps if s.kind == "install"]
    assert [(s.name, s.cwd, s.source.line) for s in installs] == [("bash build.sh", "ext_op", 2)]
    assert installs[0].source.ref.endswith("ext_op/build.sh")


def test_a_script_that_only_installs_wins_over_one_that_does_more(tmp_path: Path) -> None:
    _tree(
        tmp_path,
        {
            "README.md": "# ext_op\n",
            "ext_op/setup.py": "from setuptools import setup\nsetup(name='ext_op')\n",
            "ext_op/benchmark.sh": "#!/bin/bash\npip install .\npython bench.py --iters 1000\n",
            "ext_op/quick.sh": (
                "#!/bin/bash\nset -e\npip install -r requirements.txt\npip install .\n"
            ),
        },
    )
    installs = [
        s for s in scan_repo(tmp_path, ".", name="ext_op").component.steps if s.kind == "install"
    ]
    assert [s.name for s in installs] == ["bash quick.sh"]


def test_the_repo_s_own_packaging_script_is_not_shipped() -> None:
    # review38 9; CANN's nested layout stays shipped (outsider18 D15)
    assert not shipped("scripts/packaging/build_wheel.sh")
    assert not shipped("scripts/package/build.sh")
    assert shipped("scripts/package/ops_transformer/scripts/ver_check.sh")
    assert shipped("scripts/package/ops_transformer/scripts/install.sh")


def test_a_packaging_build_script_is_a_step(tmp_path: Path) -> None:
    _tree(
        tmp_path,
        {
            "README.md": "# r9\n",
            "setup.py": "from setuptools import setup\nsetup(name='r9')\n",
            "scripts/packaging/build_wheel.sh": "python setup.py bdist_wheel\n",
        },
    )
    steps = scan_repo(tmp_path, ".", name="r9").component.steps
    found = [(s.kind, s.name, s.source.line) for s in steps]
    assert ("build", "bash scripts/packaging/build_wheel.sh", 1) in found
