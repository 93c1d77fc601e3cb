"""A build script in ``ci/`` is the repo's own build only where something outside the CI and
the tests runs it (issue 11; ``ciscripts``). Every case is a real line, quoted with its
repository, file and commit."""

from __future__ import annotations

from bringup.scan.scopes import REPO, Scopes

CUVS = "rapidsai/cuvs (ff0c8076)"
MOTOR = "Ascend/MindIE-Motor (5dfb024e)"
CVCUDA = "CVCUDA/CV-CUDA (da51fc96)"


def test_a_ci_build_script_only_a_workflow_runs_is_the_cis() -> None:
    # cuvs .github/workflows/build.yaml:83 runs ci/build_standalone_c.sh, whose :15
    # `dnf install -y \` (patch tar unzip wget) sets up the CI's image; no guide names it.
    texts = {
        ".github/workflows/build.yaml": '      script: "ci/build_standalone_c.sh"\n',
        "ci/build_standalone_c.sh": "dnf install -y \\\n      patch \\\n",
        "README.md": "./build.sh libcuvs\n",
    }
    scopes = Scopes(texts, {}, texts=texts)
    assert scopes.of("ci/build_standalone_c.sh") == "ci", CUVS


def test_a_script_only_a_ci_script_and_a_test_harness_run_is_the_cis() -> None:
    # MindIE-Motor ci/build.sh:89 runs ci/build_3rdparty.sh; only the test harness
    # tests/sys_perf_test/compile_utils.py:89 runs ci/build.sh (the route is build/build.sh).
    texts = {
        "ci/build.sh": '    bash "$MINDIE_SERVICE_SRC_DIR"/ci/build_3rdparty.sh "$@"\n',
        "ci/build_3rdparty.sh": "    make -j${NUM_PROC}\n",
        "tests/sys_perf_test/compile_utils.py": (
            "        compiler_id, 'bash ci/build.sh 3rdparty-download', wait_time=10)\n"
        ),
    }
    scopes = Scopes(texts, {}, texts=texts)
    assert scopes.of("ci/build.sh") == scopes.of("ci/build_3rdparty.sh") == "ci", MOTOR


def test_a_ci_build_script_a_guide_runs_is_the_repos_and_so_is_what_it_runs() -> None:
    # CV-CUDA README.md:180 documents `ci/build.sh [release|debug] [output build tree path]
    # ...`; a script ci/build.sh ran would be on the route with it (the MindIE-Motor line).
    texts = {
        "README.md": "ci/build.sh [release|debug] [output build tree path] [-DBUILD_TESTS=1|0]\n",
        "ci/build.sh": '    bash "$MINDIE_SERVICE_SRC_DIR"/ci/build_3rdparty.sh "$@"\n',
        "ci/build_3rdparty.sh": "    make -j${NUM_PROC}\n",
    }
    scopes = Scopes(texts, {}, texts=texts)
    assert scopes.of("ci/build.sh") == scopes.of("ci/build_3rdparty.sh") == REPO, CVCUDA
