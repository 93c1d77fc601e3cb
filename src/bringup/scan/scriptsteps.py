"""Which of a repo's own scripts is a step of its bring-up here, read from its name and what
it runs.

A script is a step when a word of its name says it builds, tests, installs or converts: a
whole word, or one made of such a word behind a prefix that keeps its sense (``run_tests.sh``,
``rebuild.sh``, ``unittest.sh``, ``pretest.sh``) — not a word that merely starts alike
(``checksum.sh`` and ``checkpoint.sh`` check nothing; ebiggers/libdeflate@28e88e9
scripts/checksum.sh:1-10 benchmarks a checksum) nor one that merely ends alike (``latest``,
``contest``, ``bookmaker``; ``uninstall`` undoes the install). A script for another platform is no
step on the Linux machines bringup plans for: its name says so (``android_build.sh``, "Build
libdeflate for Android", scripts/android_build.sh:19, configures ``build/`` with the NDK's
toolchain file at :113) or it drives one (``adb``, ``xcodebuild``: scripts/android_tests.sh:49
``adb push``). A script another of the repo's scripts runs is that script's helper, run
through it (scripts/cmake-helper.sh, run by checksum.sh:8 and run_tests.sh:116;
scripts/exec_tests.sh:3-4 "Helper script used by run_tests.sh and android_tests.sh, not
intended to be run directly"): a step of its own would run it bare.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Sequence

from bringup import lazyre
from bringup.model import Step
from bringup.scan.commands import Command, program_name
from bringup.scan.extraction import Extraction

_STEP_STEMS = ("build", "compil", "mak", "cmak", "test", "check", "install", "convert")
_ENDINGS = ("", "e", "s", "es", "ing", "er", "ers", "ed")
"""A step word's stem and the endings it takes (``make``, ``making``, ``compiled``, ``tests``)."""
_PREFIXES = ("", "re", "pre", "post", "unit", "self", "smoke", "auto", "full", "quick")
"""What may stand before a step word inside one word of a name and keep it a step
(``rebuild``, ``unittest``, ``selftest``); any other start makes another word (``latest``)."""
_OTHER_PLATFORMS = frozenset(
    {"android", "ndk", "ios", "iphone", "ipados", "tvos", "watchos", "xcode", "macos", "osx"}
    | {"darwin", "mac", "windows", "win", "win32", "win64", "mingw", "msvc", "msys", "cygwin"}
    | {"wasm", "emscripten", "cross"}
)
"""Words of a script's name that say it builds or tests for another platform than this
Linux machine (``cross``: with a cross toolchain, ``cross_compile.sh``)."""
_OTHER_PLATFORM_TOOLS = frozenset({"adb", "xcodebuild", "ndk-build", "xcrun", "emcmake", "emmake"})
"""Programs that build or run for another platform: Android's device bridge and NDK build,
Apple's Xcode tools, Emscripten's wrappers."""
_WORDS = lazyre.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_SHELL_SUFFIXES = (".sh", ".bash")


def _words(stem: str) -> list[str]:
    """The words of a file name's stem, split at ``-_.``, digits and camel case."""
    return [w.lower() for w in _WORDS.findall(stem)]


_STEP_WORDS = frozenset(
    prefix + stem + ending for prefix in _PREFIXES for stem in _STEP_STEMS for ending in _ENDINGS
)
"""Every step word (a prefix, a stem, an ending), looked up whole: trying the 640 ways to
split each word of each script's name cost flashinfer's scan ~28,000 comparisons."""


def _step_word(word: str) -> bool:
    return word in _STEP_WORDS


def other_platform(name: str, commands: Iterable[Command] = ()) -> bool:
    """Whether the script ``name`` (its file name) builds or runs for another platform, by
    a word of its name or a program it runs."""
    if any(w in _OTHER_PLATFORMS for w in _words(name.rsplit(".", 1)[0])):
        return True
    return any(program_name(c.argv) in _OTHER_PLATFORM_TOOLS for c in commands if c.argv)


def step_script(name: str, commands: Iterable[Command] = ()) -> bool:
    """Whether the repo-level script ``name`` is a step here: named for a build, test,
    install or conversion, and not for another platform."""
    stem = name.rsplit(".", 1)[0]
    return any(_step_word(w) for w in _words(stem)) and not other_platform(name, commands)


def alone(extractions: Sequence[Extraction]) -> list[Step]:
    """The default steps of ``extractions`` less each script's own step (``bash rel`` from
    its line 1) where another of the repo's scripts runs it (their ``runs``): a helper,
    run through that script."""
    helpers = {posixpath.normpath(rel) for e in extractions for rel in e.runs}
    return [
        step
        for e in extractions
        for step in e.default_steps
        if not (
            step.source.line == 1
            and step.argv[:1] == ("bash",)
            and len(step.argv) == 2
            and step.argv[1] in helpers
            and step.source.ref.endswith(step.argv[1])
        )
    ]


_SCRIPT_DIRS = frozenset(
    {"scripts", "script", "tools", "ci", ".ci", "build", "build-tools", "build_tools", "install"}
    | {"buildtools", "build_script", "build_scripts", "build-scripts"}
)
"""Top-level directories that hold a repo's own build, install and CI scripts."""


_PACKAGE_DIRS = frozenset({"package", "packaging", "pkg"})
"""Folders under a script directory that hold what goes into the repo's installer: CANN's
operator libraries keep ``scripts/package/<pkg>/scripts/{install,uninstall,ver_check}.sh``
(repo-mirror-test/ops-transformer@bfbbec83, a mirror of hicann/ops-transformer), which the
built ``.run`` runs on the machine it installs on (scripts/package/ops_transformer/scripts/
install.sh:39 ``VERCHECK_FILE="${CURR_PATH}/ver_check.sh"``)."""


def shipped(rel: str) -> bool:
    """Whether the script at ``rel`` is one the repo's installer ships and runs where it
    installs (a ``<pkg>/scripts/`` folder in ``_PACKAGE_DIRS`` below a script directory): no
    step of the checkout's own bring-up (outsider18 D15: ``bash scripts/package/
    ops_transformer/scripts/ver_check.sh``). A script straight under such a folder is the
    repo's own packaging build (``scripts/packaging/build_wheel.sh``, review38 9)."""
    parts = rel.split("/")
    if parts[0] not in _SCRIPT_DIRS:
        return False
    folders = parts[1:-1]
    return any(
        name in _PACKAGE_DIRS and index + 2 < len(folders) and folders[index + 2] == "scripts"
        for index, name in enumerate(folders)
    )


def repo_level(rel: str) -> bool:
    """A script of the repo itself (top level, ``scripts/``, ``tools/``, ``ci/``), not of a
    sub-project or a test deeper in the tree."""
    return rel.count("/") == 0 or rel.split("/", 1)[0] in _SCRIPT_DIRS
