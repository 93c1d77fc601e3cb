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
        "baseline",
        "baselines",
        "tools",
        "contrib",
        "experimental",
        "recipes",
        "cookbook",
        "tutorials",
    }
)
"""Directories whose children are each a project of their own (``baselines/``: the methods a
paper's code is compared with, each built on its own: pytorch-tcuscan
scripts/baselines/CSR5_cuda/Makefile)."""
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


PER_VENDOR_PARENTS = frozenset({"vendor", "vendors", "backends"})
"""Directories whose children are each one vendor's or backend's (FlagOpen/FlagPerf@1b5a0303
``operation/vendors/kunlunxin/``, ``base/vendors/ascend/``)."""
ACCELERATOR_VENDORS = frozenset(
    {"nvidia", "amd", "ascend", "huawei", "kunlunxin", "kunlun", "cambricon", "iluvatar",
     "metax", "mthreads", "moore_threads", "dcu", "hygon", "enflame", "tsingmicro", "biren",
     "habana", "intel"}
)  # fmt: skip
"""Accelerator makers a folder may be named for: FlagPerf's ``training/`` holds ``ascend``,
``cambricon``, ``dcu``, ``iluvatar``, ``kunlunxin``, ``metax``, ``mthreads``, ``nvidia``."""
_VENDOR_OWNED = lazyre.compile(
    r"^(?:.*\.(?:sh|bash|md|rst|env)|readme.*|.*requirements.*\.txt)$", re.IGNORECASE
)
"""The files a vendor folder speaks for itself in: its install scripts, pip lists and guides.
The sources and build files there (a CMake file the build adds for one device) stay the
build's."""


def vendor_folder(parts: list[str], siblings: frozenset[str]) -> str:
    """The per-vendor folder holding the script, pip list or guide ``parts`` (a path split at
    ``/``), or ``""``: one under ``vendors/`` or ``backends/``, or one named for an accelerator
    maker beside a folder named for another (``siblings``: the lower-cased paths of such
    folders). FlagPerf's ``operation/vendors/kunlunxin/xpytorch029/xpytorch029_install.sh``
    installs Kunlunxin's own torch build: that vendor's need, not the repo's."""
    if not _VENDOR_OWNED.match(parts[-1]):
        return ""
    dirs = [p.lower() for p in parts[:-1]]
    for index in range(1, len(dirs)):
        folder = "/".join(dirs[: index + 1])
        if dirs[index - 1] in PER_VENDOR_PARENTS or folder in siblings:
            return "/".join(parts[: index + 1])
    return ""


def vendor_siblings(rels: list[str]) -> frozenset[str]:
    """The folders (lower case) named for an accelerator maker whose parent holds a folder
    named for another one: a layout by vendor, not one vendor's repo."""
    makers: dict[str, set[str]] = {}
    for rel in rels:
        dirs = rel.lower().split("/")[:-1]
        for index, name in enumerate(dirs[1:], 1):
            if name in ACCELERATOR_VENDORS:
                makers.setdefault("/".join(dirs[:index]), set()).add(name)
    return frozenset(
        f"{parent}/{name}" for parent, names in makers.items() if len(names) > 1 for name in names
    )
