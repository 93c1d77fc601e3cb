"""Host tools a repo's own build runs: a build, install or fetch script that calls ``git``,
``patch``, ``unzip`` or ``dos2unix`` stops on a machine without it (issue 11 M16),
and so does a ``setup.py`` that runs one through ``subprocess``/``os.system``, and a CMake
configure or build that runs one (``execute_process(COMMAND ...)``, ``add_custom_command``, an
``ExternalProject_Add`` step).

Cloning a repo (``git clone``, ascend-transformer-boost scripts/build.sh:162; op-plugin
ci/build.sh:110; from Python, MindSpeed-Core-MS auto_convert_llm.sh:5 as an f-string command
line), applying a patch (apex scripts/gen.sh:29: ``patch -p1 <npu.patch``) or converting
line ends before a test build (memfabric_hybrid script/build.sh:29: ``dos2unix``) each needs
the tool itself, besides the network the clone needs (``fetches``), and so does a build that
fetches its submodules itself (``git submodule update``); so does a build that runs ``make``
after its configure (amct build.sh:165 ``make all ${VERBOSE} -j${THREAD_NUM}``, shmem
setup.py:84 ``check_call(["make", "install", "-j17"])``, MindIE-LLM
cmake/open_source_build/openssl.cmake:37 ``execute_process(COMMAND make -j${THREAD_NUM})``).
CMake's own generator is no such run: ``cmake --build`` and ExternalProject's ``$(MAKE)`` use
whatever generator the configure chose; a configure that chooses the Makefile one
(``-G "Unix Makefiles"``) runs make. One ``system_package`` per tool and file, cited where
the file first runs it, the later places in ``also_at``.

Only tools a minimal system may lack are named: the shell's own utilities (``sed``, ``tar``,
``cp``) are there wherever a script runs, and compilers, CMake, Python and pip are subjects
of their own (those a route runs: ``routeneeds``).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.cmakelex import CMakeCommand, line_of
from bringup.scan.commands import Command, option_value, run_program
from bringup.scan.extraction import SourceFile
from bringup.scan.routeneeds import cited_once, route_needs
from bringup.scan.runners import run_through
from bringup.subjects import subject as known_subject

RUN_TOOLS = frozenset(
    {"git", "git-lfs", "patch", "unzip", "dos2unix", "makeself", "pigz", "swig", "bison",
     "flex", "rsync", "make", "gawk", "ninja"}
)  # fmt: skip
"""Programs a build script runs to get, prepare or build sources that a minimal system may
lack. A coverage report's ``lcov`` and a wheel's ``patchelf`` finish a test run or a package,
not the build (shmem scripts/run.sh:144, Mooncake scripts/build_wheel.sh:551). ``gawk`` is
GNU awk, whose extensions a minimal system's awk (Debian's mawk) lacks: atvoss build.sh:499
pipes the build's log through ``gawk '{print strftime(...), $0}'``. ``ninja`` run by name
(``subprocess.check_call(["ninja"], cwd=str(build_dir))``, perplexityai/pplx-kernels setup.py:50;
``["ninja", "-f", build_ninja_file[0], "-t", "compdb"]``, DeepLink-org/DeepLinkExt
setup.py:31) is the ``ninja`` subject (a script's ``cmake -G Ninja`` is ``routeneeds``');
torch's ``BuildExtension``, which goes on without it, is not read as running it."""
_GIT_FETCHES = frozenset({"clone", "fetch", "pull", "lfs", "submodule"})
"""What ``git`` does in a build that needs git on the machine: getting sources from elsewhere,
another repo's clone (ascend-transformer-boost scripts/build.sh:162; op-plugin ci/build.sh:110)
or the submodules ``.gitmodules`` declares (torchair build.sh:61, FlashMLA setup.py:52,
TransformerEngine setup.py:334 ``git submodule update --init``): a build that fetches them
itself runs git, whatever the user cloned with. A command on the checkout itself runs where
the repo was cloned, so git is there: resetting or checking out its tree (AscendNPU-IR
build-tools/apply_patches.sh:79 ``git reset --hard HEAD``), applying a patch to it
(omni-infer build/build.sh:53 ``git apply``), asking its commit for a version string, which
falls back when it fails (DrivingSDK setup.py:188 ``git rev-parse HEAD``)."""
_SUBMODULE_FETCHES = frozenset({"update", "add", "foreach"})
"""What ``git submodule`` does that fetches: ``update``, ``add`` and a ``foreach`` running
another git command in each; ``status``, ``summary``, ``init``, ``sync`` (and ``git submodule``
alone, a status) only read or write the checkout's own records (Fuser
cmake/deps/handle_git_submodules.cmake:24 ``COMMAND "${GIT_EXECUTABLE}" submodule status``,
which then only tells the user to run the update)."""
_PROBES = frozenset({"--version", "-v", "-V", "version"})
"""A run that only asks the version probes whether the tool is there (``lcov --version >
/dev/null 2>&1; lcov_not_found=$?``, shmem scripts/run.sh:17-18): no need stated."""


def tool_needed(argv: Iterable[str]) -> str:
    """The tool a command needs, past ``sudo``, a branch's ``then`` and the like; empty when
    it runs none of ``RUN_TOOLS`` or only queries or probes one. A configure for the Makefile
    generator (``cmake -S . -B build -G "Unix Makefiles"``, msmonitor plugin/cmake/
    Findglog.cmake:17) needs ``make``, which the build it sets up runs."""
    program, args = run_program(tuple(argv))
    if program == "cmake" and option_value(args, "-G").strip("\"'").lower() == "unix makefiles":
        return "make"  # the configure writes Makefiles, which the build then runs
    rest = [w for w in args if not w.startswith("-") or w in _PROBES]
    if program not in RUN_TOOLS or (rest[:1] and rest[0] in _PROBES):
        return ""
    if program == "git" and not (rest and rest[0] in _GIT_FETCHES):
        return ""
    if program == "git" and rest[0] == "submodule" and not _SUBMODULE_FETCHES & set(rest[1:2]):
        return ""
    return program


_COMPRESSORS = frozenset({"pigz", "pbzip2", "zstd", "lz4"})
"""Compressors a minimal system lacks that a packing command's option runs: makeself's
``--pigz`` (``${makeselfTool} --header ... --pigz``, Ascend/msopprof@d6c29dfa
cmake/CMakeLists.txt:112; ``${CREATE_RUN_SCRIPT} ... --pigz \\``, Ascend/mspti@a3891605
scripts/make_run.sh:138), GNU tar's ``--zstd``, ``-I pigz``, ``--use-compress-program=pigz``:
the packing stops without the compressor, as it would run by name."""
_COMPRESS_PROGRAM = frozenset({"-I", "--use-compress-program"})
_PACKER = lazyre.compile(
    r"^(?:g?tar|bsdtar|makeself(?:\.sh)?)$|^\$\{?\w*(?:makeself|make_?run|create_?run)\w*\}?$",
    re.IGNORECASE,
)
"""A packing program: tar, makeself, or the variable or script that holds makeself
(``${makeselfTool}``, ``${CREATE_RUN_SCRIPT}``, the lines cited at ``_COMPRESSORS``). Only
these read ``-I`` as a compressor: a compiler's ``-I third_party/zstd`` is an include path."""


def _compressor(argv: Sequence[str]) -> tuple[str, str]:
    """``(compressor, the word naming it)`` a packing command's (``_PACKER``) option runs
    (``_COMPRESSORS``); empty strings when it names none or the command packs nothing. A
    CMake ``COMMAND`` may chain commands (``cd ${...} && ${makeselfTool} ... --pigz``): each
    is read on its own."""
    start = 0
    for end in [*(i for i, w in enumerate(argv) if w in _CHAINS), len(argv)]:
        found = _packing(argv[start:end])
        if found[0]:
            return found
        start = end + 1
    return "", ""


_CHAINS = frozenset({"&&", "||", ";", "|", "|&"})


def _packing(argv: Sequence[str]) -> tuple[str, str]:
    """``_compressor`` of one command."""
    program, args = run_program(tuple(argv))
    if program in ("sh", "bash") and args:
        program = args[0].rsplit("/", 1)[-1]
    if not _PACKER.match(program):
        return "", ""
    for index, word in enumerate(argv):
        option, _, value = word.partition("=")
        if option in _COMPRESS_PROGRAM:
            value = value or (argv[index + 1] if index + 1 < len(argv) else "")
            named = value.strip("'\"").split(" ")[0].rsplit("/", 1)[-1]
            if named in _COMPRESSORS:
                return named, word
        elif word.startswith("--") and word[2:] in _COMPRESSORS:
            return word[2:], word
    return "", ""


def cited_tools(
    file: SourceFile, places: list[tuple[str, int, str]], testing: Collection[int] = ()
) -> list[Requirement]:
    """One ``system_package`` requirement per tool (``cited_once``)."""

    def need(tool: str, line: int, text: str) -> Requirement:
        said = f"{file.rel} runs {tool}: {text.strip()[:160]}"
        known = known_subject(tool)  # ninja: a subject of its own
        subject = known.name if known is not None else None
        return file.requirement(
            subject or "system_package",
            "" if subject else tool,
            line,
            text=said,
            confidence="medium",
        )

    return cited_once(file, places, testing, need)


TOLERATED = lazyre.compile(r"\|\|\s{0,4}(?:true|:)\s{0,4}(?:;|$)")
"""A run whose failure the script ignores (``patch -p1 -f < .../update.patch || true``,
MindIE-Motor build/third_party/build.sh:344): the build goes on without the tool."""


def script_tools(
    file: SourceFile,
    commands: list[Command],
    runners: frozenset[str] = frozenset(),
    testing: Collection[int] = (),
) -> list[Requirement]:
    """The tools a build or install script runs (``commands``: the script's own; the
    interpreter and build tools among them, ``route_needs``), also
    through a function of its own that runs what it is given (``runners``: their names);
    one run only on ``testing`` lines (a function building the tests: ``build_ut()``'s
    ``git submodule init && git submodule update``, hicann/atvoss build.sh:389-394) is the
    tests' need."""
    runs = [
        (command, argv)
        for command in commands
        if not TOLERATED.search(command.text)
        for argv in _piped(run_through(command, runners))
    ]
    places = []
    lines = file.text.split("\n")
    for command, argv in runs:
        program = tool_needed(argv)
        # a build tool with a subject of its own (ninja) is ``route_needs``'s, below
        if program and known_subject(program) is None:
            places.append((program, command.line, command.text))
        manager = _env_manager(argv)
        if manager:  # FlagScale install/install-requirements.sh:69 ``conda create``
            places.append((manager, command.line, command.text))
        packer, word = _compressor(argv)
        if packer:
            places.append((packer, line_of(lines, word, command.line), command.text))
    return cited_tools(file, places, testing) + route_needs(file, runs, testing)


GUIDE_TOOLS = frozenset({"make"})
"""The build tool a guide's build steps run: ``make -j$(nproc)`` after ``cmake ..`` (mscclpp
docs/quickstart.md:77), ``make -C build -j faiss`` (faiss INSTALL.md:173), ``make prefix=...
all install`` (gdrcopy README.md:183): the build needs make, as a script running it does.
The other tools a guide runs are the reader's own steps, not the build's: ``git clone`` is how
the reader gets the repo, ``unzip`` opens what the reader downloaded. Nor does building the
documentation (``cd docs; make html``, torch-harmonics docs/install.md:132) build the repo."""
_DOC_TARGETS = frozenset({"html", "latexpdf", "pdf", "doc", "docs", "man", "linkcheck", "help"})
ENV_MANAGERS = frozenset({"conda", "mamba", "micromamba"})
_ENV_ACTIONS = frozenset({"create", "install", "activate", "env"})
"""A guide's steps that make or enter a conda environment (``conda create -n QServe
python=3.10 -y``, mit-han-lab/qserve README.md:65; ``conda activate base``,
mediapipe-hand-ascend310b README.md:52; ``conda install -c rapidsai -c conda-forge rmm``,
rapidsai/rmm README.md:39): the route needs the environment manager, which no system has by
default."""


def guide_tools(file: SourceFile, commands: Sequence[Command]) -> list[Requirement]:
    """The build tools (``GUIDE_TOOLS``) and environment managers (``ENV_MANAGERS``) a
    guide's build steps (``commands``) run, one requirement per tool: its first place, the
    others in ``also_at``; and the interpreter and build tools they run (``route_needs``)."""
    runs = [(command, argv) for command in commands for argv in _piped(command.argv)]
    places = []
    for command, argv in runs:
        program = tool_needed(argv)
        targets = {word for word in argv[1:] if not word.startswith("-") and "=" not in word}
        if program in GUIDE_TOOLS and not targets & _DOC_TARGETS:
            places.append((program, command.line, command.text))
        manager = _env_manager(argv)
        if manager:
            places.append((manager, command.line, command.text))
    return cited_tools(file, places) + route_needs(file, runs)


def _env_manager(argv: tuple[str, ...]) -> str:
    """The environment manager (``ENV_MANAGERS``) ``argv`` makes or enters an environment
    with, "" for none."""
    manager, args = run_program(argv)
    return manager if manager in ENV_MANAGERS and args[:1] and args[0] in _ENV_ACTIONS else ""


def _piped(argv: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The commands of a pipeline, each its own program (``main "$@" | gawk '{...}'``)."""
    parts: list[tuple[str, ...]] = [()]
    for word in argv:
        if word in ("|", "|&"):
            parts.append(())
        else:
            parts[-1] = (*parts[-1], word)
    return parts


_CMAKE_RUNNERS = frozenset(
    {"execute_process", "add_custom_command", "add_custom_target", "externalproject_add"}
)


def _cmake_argvs(args: tuple[str, ...]) -> list[list[str]]:
    """The command lines of a CMake command: the words after each ``COMMAND`` (or
    ``BUILD_COMMAND``, ``PATCH_COMMAND``, ...) up to the next upper-case keyword."""
    argvs: list[list[str]] = []
    collecting = False
    for arg in args:
        if arg == "COMMAND" or arg.endswith("_COMMAND"):
            argvs.append([])
            collecting = True
        elif arg.isupper() and arg.replace("_", "").isalpha():
            collecting = False
        elif collecting:
            argvs[-1].append(arg)
    return [argv for argv in argvs if argv]


_FOUND_PROGRAM = lazyre.compile(r"^\$\{([A-Za-z][A-Za-z0-9-]*)_(?:EXECUTABLE|PROGRAM)\}$")
"""The variable a CMake search leaves a program's path in, run as the command: FindGit's
``GIT_EXECUTABLE`` (Fuser cmake/deps/handle_git_submodules.cmake:24 ``COMMAND
"${GIT_EXECUTABLE}" submodule status`` after ``find_package(Git QUIET)``), FindPatch's
``Patch_EXECUTABLE``, a ``find_program(MAKE_PROGRAM make)``: the tool so named."""


def cmake_tools(
    file: SourceFile, commands: Iterable[CMakeCommand], lines: Sequence[str]
) -> list[Requirement]:
    """The tools a CMake file runs (``execute_process(COMMAND patch -p1 ...)``, MindIE-LLM
    cmake/utils.cmake:192; ``execute_process(COMMAND dos2unix config ...)``,
    cmake/open_source_build/openssl.cmake:16; ``COMMAND git fetch origin ...``, ops-nn
    cmake/third_party/ops-tensor.cmake:24), cited at the line running the tool; ``lines``, the
    file split at ``\n`` as ``line_of`` reads it."""
    places = []
    for name, args, line in commands:
        if name not in _CMAKE_RUNNERS:
            continue
        for argv in _cmake_argvs(args):
            found = _FOUND_PROGRAM.match(argv[0])
            program = tool_needed([found.group(1).lower(), *argv[1:]] if found else argv)
            said = f"{name}(... {' '.join(argv)[:120]})"
            if program:
                # a found program's variable is distinctive; a bare name is a word of its own
                where = line_of(lines, argv[0] if found else f" {argv[0]}", line)
                places.append((program, where, said))
            packer, word = _compressor(argv)
            if packer:
                places.append((packer, line_of(lines, word, line), said))
    return cited_tools(file, places)
