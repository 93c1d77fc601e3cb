"""A repo's own build and test steps as its guides and CI give them (outsider18 D15, D16;
fixed in session 38). Each test writes the real lines of a public repo (repo@commit
path:line) into a tree and scans it."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo
from bringup.scan.stepkinds import step_kind


def _tree(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


_TENSORNVME = {
    # hpcaitech/TensorNVMe@6403388 README.md:168-173, its python tests
    "README.md": (
        "## How to test\n\n"
        "We also have python unit tests. Make sure you have installed `pytest`. To run:\n\n"
        "```shell\npytest ./tests\n```\n"
    ),
    # .github/workflows/build.yml:17-31
    ".github/workflows/build.yml": (
        "name: Build\n\non:\n  pull_request:\n\njobs:\n  build:\n"
        "    runs-on: ubuntu-latest\n"
        "    steps:\n"
        "      - uses: actions/checkout@v2\n"
        "      - name: Install tensornvme\n"
        "        run: |\n"
        "          pip install -r requirements.txt\n"
        "          pip install -v -e .\n"
        "      - name: Unit Testing\n"
        "        run: |\n"
        "          pip install -r tests/requirements.txt\n"
        "          PYTHONPATH=$PWD pytest tests\n"
    ),
    "tests/requirements.txt": "pytest\ntransformers\n",  # tests/requirements.txt:1-2
    "tests/test_adam.py": "from transformers import LlamaConfig\n",  # tests/test_adam.py:7
}


def test_the_tests_requirements_the_ci_installs_come_before_the_tests(tmp_path: Path) -> None:
    # D16: `pytest ./tests` was planned without tests/requirements.txt (transformers), which
    # build.yml:30 installs right before its pytest run (:31)
    _tree(tmp_path, _TENSORNVME)
    steps = scan_repo(tmp_path, ".", name="TensorNVMe").component.steps
    names = [s.name for s in steps]
    assert "pip install -r tests/requirements.txt" in names
    install = names.index("pip install -r tests/requirements.txt")
    assert install < names.index("pytest ./tests")
    assert steps[install].source.ref.endswith(".github/workflows/build.yml")
    assert steps[install].source.line == 17
    assert steps[install].needs.network


def test_a_ci_list_installed_after_no_pytest_run_is_no_test_step(tmp_path: Path) -> None:
    # the same workflow with its pytest line cut: nothing says the list is for a pytest run
    files = dict(_TENSORNVME)
    files[".github/workflows/build.yml"] = files[".github/workflows/build.yml"].rsplit(
        "          PYTHONPATH", 1
    )[0]
    _tree(tmp_path, files)
    names = [s.name for s in scan_repo(tmp_path, ".", name="TensorNVMe").component.steps]
    assert "pip install -r tests/requirements.txt" not in names
    assert "pytest ./tests" in names


def test_a_usage_request_is_no_build() -> None:
    # D15: repo-mirror-test/ops-transformer@bfbbec83 docs/zh/context/build.md:26 `bash build.sh
    # --help` under "可通过如下命令查看所有功能参数" (see all its options with) was planned as a build
    assert step_kind(("bash", "build.sh", "--help")) is None
    assert step_kind(("./build.sh", "-h")) is None
    assert step_kind(("bash", "build.sh", "-u")) == "build"  # build.md:33 `-u`: builds the UT


def test_a_script_the_installer_ships_is_no_step(tmp_path: Path) -> None:
    # D15: repo-mirror-test/ops-transformer@bfbbec83 scripts/package/ops_transformer/scripts/
    # ver_check.sh, which the built .run's install.sh:39 runs (VERCHECK_FILE=
    # "${CURR_PATH}/ver_check.sh"), was a run step of the checkout
    _tree(
        tmp_path,
        {
            "scripts/package/ops_transformer/scripts/ver_check.sh": (
                "#!/bin/bash\n"
                "req_ver_path=$1\n"  # :12-14
                "_CURR_PATH=$(dirname $(readlink -f $0))\n"
                '_DEFAULT_INSTALL_PATH="/usr/local/Ascend"\n'
            ),
            # a repo-level check script stays a step (libdeflate's scripts/run_tests.sh kind)
            "scripts/check_all.sh": "#!/bin/bash\necho checking\n",
        },
    )
    names = [s.name for s in scan_repo(tmp_path, ".", name="ops-transformer").component.steps]
    assert "bash scripts/package/ops_transformer/scripts/ver_check.sh" not in names
    assert "bash scripts/check_all.sh" in names
