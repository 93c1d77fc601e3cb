"""Scripts and CMake files named for the tests (``scopes``): what they state is the ``tests``
feature's wherever they lie, as files under a test directory are; a script named for the
documentation builds or publishes the docs (``development``)."""

from __future__ import annotations

from bringup import lazyre

_TEST_WORDS = frozenset(
    {
        "test",
        "tests",
        "unittest",
        "unittests",
        "ut",
        "utest",
        "st",
        "llt",
        "fuzz",
        "smoke",
        "presmoke",
        "e2e",
        "cov",
        "coverage",
        "gcov",
        "lcov",
    }
)
"""Words of a script's or CMake file's name that say it builds or runs the tests; LLT is
Huawei's "low level test" (its unit and fuzz tests); ``e2e`` the end-to-end tests
(Triton-distributed scripts/build_e2e_env.sh sets up the end-to-end model tests docs/e2e.md:6
runs; mat-chem-sim-pred tests/run_e2e.sh); a coverage script measures what the
tests run (hicann/ops-cv scripts/util/generate_cpp_cov.sh stops without ``ASCEND_HOME_PATH``
to collect the unit tests' coverage)."""
_SCRIPT_SUFFIXES = frozenset({"sh", "bash", "cmake"})
_WORD_BREAK = lazyre.compile(r"[-_.]")


def for_tests(name: str) -> bool:
    """Whether the script or CMake file ``name`` (lower case) is named for the tests by one
    word of its name: memfabric_hybrid ``script/run_fuzz.sh`` (clones googletest for the fuzz
    build), IndexSDK ``build/run_presmoke.sh`` (``FAISS_HOME``, ``GTEST_HOME`` of the smoke
    tests' build), MindIE-LLM ``src/kernels/mie_ops/csrc/cmake/config_utest.cmake`` (the unit
    tests' CPU simulator library)."""
    stem, _, suffix = name.rpartition(".")
    if suffix not in _SCRIPT_SUFFIXES:
        return False
    return any(word in _TEST_WORDS for word in _WORD_BREAK.split(stem))


_DOC_WORDS = frozenset({"doc", "docs", "website", "sphinx", "doxygen", "mkdocs", "javadoc"})
"""Words of a script's name that say it builds or publishes the documentation: pytorch3d's
``scripts/publish_website.sh`` creates a conda env with ``python=3.7`` and installs nbconvert
for the site's tutorials (facebookresearch/pytorch3d scripts/publish_website.sh:29-35), not
what the library needs."""


def for_docs(name: str) -> bool:
    """Whether the script ``name`` (lower case) is named for the documentation by one word of
    its name (``publish_website.sh``, ``build_docs.sh``)."""
    stem, _, suffix = name.rpartition(".")
    if suffix not in ("sh", "bash"):
        return False
    return any(word in _DOC_WORDS for word in _WORD_BREAK.split(stem))
