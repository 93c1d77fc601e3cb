"""The names of directories and files that decide a file's scope by its path alone.

CI, container, test, collection and script directories, the maintainers' guides, the build
files that make a directory a project. Kept apart from ``scopes`` (which weighs these against
the repo's build files) so the layout readers share one list.
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.scan.testscripts import for_tests

CI_DIRS = frozenset({".github", ".gitee", ".gitlab", ".circleci", "ci", ".ci", "jenkins"})
_CI_FILES = frozenset({".gitlab-ci.yml", ".travis.yml", "jenkinsfile", "azure-pipelines.yml"})
_CI_BUILD = lazyre.compile(r"^ci/build[\w.-]*\.sh$", re.IGNORECASE)
"""``ci/build.sh``: the Ascend PyTorch repos' build script (torch_npu's and op-plugin's install
guides run ``bash ci/build.sh --python=3.9``), the repo's own build despite its directory."""
DOCKER_DIRS = frozenset({"docker", "dockerfiles", ".devcontainer", "container", "containers"})
TEST_DIRS = frozenset(
    {"test", "tests", "testing", "unittest", "unittests", "ut", "st", "tests_extend", "qa"}
)
COLLECTIONS = frozenset(
    {
        "example",
        "examples",
        "sample",
        "samples",
        "demo",
        "demos",
        "benchmark",
        "benchmarks",
        "bench",
        "tools",
        "contrib",
        "experimental",
        "recipes",
        "cookbook",
        "tutorials",
    }
)
"""Directories whose children are each a project of their own."""
SCRIPT_DIRS = frozenset(
    {"script", "scripts", "build", "build-tools", "build_tools", "buildtools", "install"}
)
"""Top-level directories of the repo's own build and install scripts: ``script/build.sh``
beside a ``script/README.md`` (memfabric_hybrid, whose doc/installation.md builds with ``bash
script/build.sh``) builds the repo, ``install/install-requirements.sh`` beside an
``install/README.md`` (FlagScale README.md:64) installs its needs; neither is a sub-project."""
DEVELOPER_GUIDE = lazyre.compile(
    r"^(?:contribut(?:ing|ion)|development|developer|hacking|agents|claude|security|code_of_conduct)"
    r"|^releas(?:e|ing)\.|^安全声明",
    re.I,
)
"""Guides for the maintainers: contributing (``CONTRIBUTION.md`` of cann-recipes-train, its
pre-commit set-up), agents, the security policy (``SECURITY.md``,
MindSpeed-MM ``SECURITYNOTE.md``: which versions carry a known CVE, not what the repo needs),
and how a release is cut (``RELEASE.md``
of triton-ascend is upstream Triton's "Releasing Triton" with Triton's own matrix), not the
release notes (``release_notes.md``), which say what a release needs."""
PACKAGE_FILES = frozenset({"setup.py", "pyproject.toml"})
BENCHMARK_PACKAGE = lazyre.compile(r"[-_](?:bench|benchs|benchmark|benchmarks)$", re.IGNORECASE)
"""A package folder (its own setup.py or pyproject.toml) named as the benchmark of the package
beside it (``<name>_bench`` beside ``<name>``): rapidsai/cuvs python/cuvs_bench (its
pyproject.toml asks for pandas, matplotlib, scikit-learn to run and plot the benchmarks) beside
python/cuvs, the library. A
sub-project, as a ``benchmarks/`` member is (``COLLECTIONS``); ``cann_bench_utils`` (the
cann-bench repo's own helpers) is named for no benchmark of its own."""
PROJECT_FILES = frozenset({"setup.py", "pyproject.toml", "cmakelists.txt", "build.sh", "makefile"})


def ci_file(rel: str) -> bool:
    """Whether ``rel`` is a CI file (``.github/``, ``.gitlab-ci.yml``), not ``ci/build.sh``."""
    parts = rel.lower().split("/")
    return parts[-1] in _CI_FILES or (
        any(d in CI_DIRS for d in parts[:-1][:2]) and not _CI_BUILD.match(rel)
    )


def ci_or_test(rel: str) -> bool:
    """Whether ``rel`` is a CI file or one of the repo's tests, which the CI runs: what only
    they run is no step of the repo's own route (``ci_only_scripts``)."""
    dirs = rel.lower().split("/")[:-1]
    return ci_file(rel) or for_tests(rel.rsplit("/", 1)[-1]) or any(d in TEST_DIRS for d in dirs)
