"""What a shell build script stops without, besides versions:

- ``env_var``: ``${X:?message}``, or an emptiness test (``[ -z "$X" ]``, ``test -z``,
  ``[ "${X}" == "" ]``) with an ``exit``/``die`` in the same branch, on that line or the next
  three, where the script does not assign ``X`` itself before the test (nor from an option,
  anywhere: ``COMPILED_OPS=${OPTARG#*=}``); or a stopping
  branch's message telling the user to set one the script reads ("Can not find toolkit path,
  please set ASCEND_TOOLKIT_HOME", MindIE-SD build/build_ops.sh:29). A variable the script
  reads with a default (``[ -z $X ]`` then ``X=/usr/local/...``, ``${X:-/usr/local/...}``,
  hccl-competition scripts/run_hccl_vm_broadcast_perf.sh:6-7) is no need: the script goes on
  without it (the truth briefs, scan29: "A read with a default or a fallback ... is NOT an
  env_var"); nor is one of a chain of tests that falls back to a default directory before
  its stopping ``else`` (``_chain_need``). A
  tested variable the script copied from the environment (``ASCEND_HOME="${ASCEND_HOME_PATH:-
  ${ASCEND_TOOLKIT_HOME}}"`` then ``[ -z "${ASCEND_HOME}" ]`` and ``exit 1``, hicann/ops-blas
  build.sh:219-225) tests the variable it was copied from, cited at the test and the copy, as
  a CMake variable ``set`` from ``$ENV{X}`` carries what a fatal chain tests (``cmake_vocab``).
  A check of a variable that is no toolkit's home (``unrun.drop_helper_checks``) is no need
  in a helper script another script sources or runs and no guide runs: its caller hands it
  the variable;
- ``system_package``: a probe of a tool (``probewords.PROBED``: ``command -v tool``, ``which``,
  ``type``, ``hash``) negated or followed by ``||``, with an ``exit``/``die`` in the same
  branch, on that line or the next three (not in a test script: what it checks for is what
  it tests).
"""

from __future__ import annotations

import re

import msgspec

from bringup import lazyre
from bringup.kb.system_packages import system_package
from bringup.model import Requirement
from bringup.scan.commands import LogicalLine
from bringup.scan.extraction import SourceFile
from bringup.scan.outcomes import shell_branch, shell_stops
from bringup.scan.probeloops import looped_probes
from bringup.scan.probewords import PROBED, TOOL
from bringup.scan.shellmacos import CLOSED, ELSE, FI, IF, macos_branch
from bringup.scan.sysdeps import tool_subject
from bringup.subjects import subject as known_subject

_REQUIRED_EXPANSION = lazyre.compile(r"\$\{([A-Za-z_]\w*):?\?")
_EMPTY_TEST = lazyre.compile(
    r"(?:\[\[?|\btest)\s+(?:-z\s+\"?\$\{?([A-Za-z_]\w*)\}?\"?|"
    r"\"\$\{?([A-Za-z_]\w*)\}?\"\s*==?\s*\"\"\s*\]|!\s+-n\s+\"?\$\{?([A-Za-z_]\w*)\}?\"?)"
)
_MESSAGE = lazyre.compile(r"^(?:echo|printf|die|fatal|error|log_error)\b(.*)$")
ASKS_TO_SET = lazyre.compile(  # "please set X", "X is null", "X is not defined"
    r"\b(?:set|export|define|source)\b|\bnot\s+(?:set|defined|found)\b|\bnull\b|"
    r"\bempty\b|设置|为空",
    re.IGNORECASE,
)
_NAMED = lazyre.compile(r"\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b")
SHELL_OWN = frozenset(
    {"HOME", "USER", "PWD", "OLDPWD", "PATH", "SHELL", "UID", "EUID", "HOSTNAME", "TMPDIR",
     "LANG", "TERM", "OSTYPE", "HOSTTYPE", "MACHTYPE", "RANDOM", "LINENO", "IFS",
     "OPTARG", "OPTIND", "REPLY"}
)  # fmt: skip
"""Variables the shell or the login sets itself: testing one checks the shell, not the
machine's setup (AscendNPU-IR build-tools/build.sh:48 ``[ -z "${BASH_VERSINFO:-}" ]``), and
a CMake configure reading one (``$ENV{HOME}/Ascend/latest`` in the chain that stops without
the toolkit, hicann/cann-samples cmake/ascend.cmake:31-42, hixl cmake/variables.cmake) reads
what every login has: neither is a need."""
SCHEDULER_SET = lazyre.compile(
    r"^(?:VC|MA|SLURM|PMIX?|OMPI_COMM_WORLD|KUBERNETES)_\w+$|^(?:\w+_)?POD_(?:IP|NAME)$|"
    r"^(?:LOCAL_|GROUP_|NODE_)?RANK$|^(?:LOCAL_)?WORLD_SIZE$|^MASTER_(?:ADDR|PORT)$"
)
"""Variables a cluster's job scheduler or a distributed launcher sets for each task it starts:
Volcano's ``VC_*``, ModelArts' ``MA_*``, Slurm's, PMI's and Open MPI's, a Kubernetes pod's
own address (``THIS_POD_IP``), torch's ``RANK``/``WORLD_SIZE``/``MASTER_ADDR``. A launch
script stopping without them (``if [ -z "$VC_WORKER_HOSTS" ] || [ -z "$MA_CURRENT_IP" ] ||
[ -z "$VC_TASK_INDEX" ]; then``, Ascend/ascend-agentsdk@76c518e8
run_start_in_cluster_with_ROMA.sh:40) checks that the platform started it, never what the
machine or the build needs (the truth conventions, C2)."""
LOCATION = (
    r"(?![A-Za-z_]*(?:OUTPUT|OUT_|INSTALL_PREFIX|BUILD_DIR|LOG|CACHE|WORK|TMP|TEMP|DATA|MODEL|"
    r"CKPT|CHECKPOINT|SAVE))(?!INSTALL_(?:PATH|DIR|ROOT)\b)[A-Za-z_]\w*_(?:HOME|ROOT|PATH|DIR)"
)
"""A variable naming where a dependency is installed (``ATB_BUILD_DEPENDENCY_PATH``); not
where the script writes or keeps its working data (``OUTPUT_PATH``, ``BUILD_DIR``,
``MODEL_PATH``): those are the run's own choices; nor a bare ``INSTALL_PATH`` (no product
named before it), where the script installs to (hicann/ge scripts/init_env.sh:21
``INSTALL_PATH="${INSTALL_PATH:-/usr/local/Ascend}"``, the prefix of the CANN it installs;
``ASCEND_INSTALL_PATH`` names the toolkit's place)."""
_TOOL_TEST = lazyre.compile(
    rf"(?:!\s{{0,4}}(?:{PROBED}|-[efx]\s{{1,4}}[\"']?/(?:usr/)?(?:local/)?s?bin/)"
    rf"({TOOL})|{PROBED}({TOOL})[^|\n]{{0,400}}\|\|)"
)
"""A tool tested for and missing: ``! command -v X``, ``! which X``, ``command -v X ... ||``, or
its program file absent (``[ ! -e "/usr/bin/sha256sum" ]``, MindInferenceService
script/run/install.sh:162)."""
_EITHER = lazyre.compile(rf"\]\s{{0,4}}&&\s{{0,4}}\[|\|\|\s{{0,4}}{PROBED}")
"""Two tests that stop only when both fail (``[ ! -e /usr/bin/sha256sum ] && [ ! -e
/usr/bin/shasum ]``; ``which glibtoolize || which libtoolize || {``, fribidi@5889567
autogen.sh:17, the Homebrew name and the GNU one): the tools are alternatives, one need."""
NOT_INSTALLING = lazyre.compile(
    r"(?<!la)(?<!con)(?<!pro)(?<!at)test|bench|lint|format|doc(?!ker|tor)|example|demo|"
    r"(?:^|[-_])ci(?=[-_.])",
    re.IGNORECASE,
)
"""A script named for testing, benchmarking, linting or CI: the tools it checks for are the
ones it tests (Mooncake scripts/test_installation.sh checks the repo's own
``mooncake_master``), the packages it installs its own (sgl-kernel-npu
scripts/npu_ci_install_dependency.sh prepares the CI runner). Not the words that only contain
one (``install_latest.sh``, ``build_docker.sh``)."""
LAUNCHERS = frozenset({"ccache", "sccache"})
"""Compiler caches a build runs its compiler through when they are there: a check for one
that goes on without it (``if ! command -v ccache ...; then ... build_ccache_build="OFF"``,
AscendNPU-IR build-tools/build.sh:569-572; ``command -v ccache &> /dev/null; then`` adding
``-DCMAKE_CXX_COMPILER_LAUNCHER=ccache``, MindIE-LLM build.sh:44) states a soft need, as
CMake's ``find_program(CCACHE ccache)`` for a launcher does (``cmake_vocab``). A check
whose branch only reads the cache's statistics (``-x "$(command -v sccache)"`` then ``sccache
-s``, rapidsai/raft build.sh:454-455) uses no launcher: only a found one the branch makes the
compiler's launcher (``_LAUNCHED``) is read."""
_LAUNCHED = lazyre.compile(r"COMPILER_LAUNCHER|RULE_LAUNCH_|\bC(?:C|XX)=[\"']?(?:s?ccache)\b")
_LAUNCHER_TEST = lazyre.compile(
    rf"{PROBED}(" + "|".join(sorted(LAUNCHERS)) + r")\b", prefilter=True
)
_ASSIGNED = lazyre.compile(
    r"^(?:export\s+|local\s+|readonly\s+|declare\s+(?:-\w+\s+)?)?([A-Za-z_]\w*)="
)
"""A variable the script sets (``readonly DEFAULT_ASCEND_ROOT=/usr/local/...``, sgl-kernel-npu
build.sh:7, is the script's own constant too)."""
_COPIED = lazyre.compile(
    r"^(?:export\s+|local\s+)?([A-Za-z_]\w*)=\"?\$\{?([A-Z][A-Z0-9_]*)(?::-\$\{?([A-Z][A-Z0-9_]*)\}?)?\}?\"?$"
)
"""``X="${A:-${B}}"``, ``X=$A``: a variable holding nothing but an environment variable's
value (upper case, as the environment's are; or, when that is unset, another's)."""
_BOUND = lazyre.compile(
    r"^(?:for\s+([A-Za-z_]\w*)\s+in\b|"
    r"(?:while\s+)?(?:IFS=\S{0,8}\s+)?read\s+(?:-[a-z]+\s+(?:\S+\s+)?){0,4}([A-Za-z_]\w*))"
)
"""A loop's variable (``for PKG in ...``) or what ``read`` fills: the script sets them."""
_WHOLE_BRANCH = 8
"""Lines of a copied variable's test read for its ``exit``: the branch explains first (four
``echo`` lines before ``exit 1``, hicann/ops-blas build.sh:220-225)."""


def _read(text: str) -> set[str]:
    """The variables a script expands anywhere (``$X``, ``${X}``, ``${X:-...}``)."""
    return set(_READS.findall(text))


_READS = lazyre.compile(r"\$\{?([A-Za-z_]\w*)")


def shell_vocabulary(file: SourceFile, lines: list[LogicalLine]) -> list[Requirement]:
    """The ``env_var`` and ``system_package`` requirements of one script."""
    found: list[Requirement] = []
    assigned: set[str] = set()
    copied: dict[str, tuple[str, str, int]] = {}  # X -> (A, "A or B" text, line of the copy)
    seen: set[tuple[str, str]] = set()
    texts = [line.text for line in lines]
    read, options = _read(file.text), _options(texts)
    # a test script checks for what it tests (``NOT_INSTALLING``): its name, read once
    testing = NOT_INSTALLING.search(file.rel.rsplit("/", 1)[-1]) is not None

    def add(subject: str, name: str, line: int, text: str, hard: bool = True) -> bool:
        """Whether a requirement was added (a name is added once)."""
        # a name in lower case is the script's own variable (environment variables are
        # written in capitals): "packages", which a function sets by name for its caller
        # (graph-autofusion scripts/package/latest_manager/scripts/manager_func.sh:332-333)
        if subject == "env_var" and (
            name in SHELL_OWN
            or name.startswith("BASH")
            or name.lower() == name
            or SCHEDULER_SET.match(name)
        ):
            return False
        tool = tool_subject(name) if subject == "system_package" else None
        if subject == "system_package" and (known_subject(name) is not None or tool):
            # cmake, ninja, g++: a subject of its own, here unversioned
            subject, name = tool or name, ""
        if (subject, name) not in seen:
            seen.add((subject, name))
            found.append(file.requirement(subject, name, line, text=text.strip()[:200], hard=hard))
            return True
        return False

    branches: list[bool] = []
    chains = _stopping_chains(texts)
    for index, joined in enumerate(lines):
        text = joined.text.strip()
        if text.startswith("#") or macos_branch(text, branches):
            continue
        chained = _chain_need(file, lines, chains.get(index), (assigned, options))
        if chained is not None and add("env_var", chained.spec, joined.line, ""):
            found[-1] = chained
        for name in _REQUIRED_EXPANSION.findall(text) if "${" in text else ():
            if name not in assigned:
                add("env_var", name, joined.line, text)
        tested = (
            [next(n for n in names if n) for names in _EMPTY_TEST.findall(text)]
            if "[" in text or "test" in text
            else []
        )
        for name in (n for n in tested if n in copied):
            if shell_stops(shell_branch(texts, index, reach=_WHOLE_BRANCH)):
                source, said, at = copied[name]
                need = f"{said} (copied to {name}): {text}"
                if add("env_var", source, joined.line, need):
                    found[-1] = _beside(file, found[-1], at)
        message = _MESSAGE.match(text)
        # every ``_TOOL_TEST`` holds a "!" or a "||": a line with neither tests no tool
        tools = (
            [] if testing or ("!" not in text and "||" not in text) else _TOOL_TEST.findall(text)
        )
        if tools or (not testing and "$" in text and ("!" in text or "||" in text)):
            tools += [(name, "") for name in looped_probes(texts, index, file.text)]
        # only a line that tests, asks or checks can state a need: the branch is read for it
        if (tested or message or tools) and (
            shell_stops(shell_branch(texts, index)) or bool(tested and _advised(texts, index))
        ):
            for name in tested:
                if name not in assigned and name not in options:
                    add("env_var", name, joined.line, text)
            if message is not None and ASKS_TO_SET.search(message.group(1)):
                for name in _NAMED.findall(message.group(1)):
                    if name in read and name not in assigned:
                        add("env_var", name, joined.line, text)
            for negated, alternative in _one_of(tools) if _EITHER.search(text) else tools:
                tool = negated or alternative
                if not tool.startswith(("python", "pip", "$")):
                    add("system_package", tool, joined.line, text)
        else:
            for tool in _launchers(testing, tools, texts, index):
                add("system_package", tool, joined.line, text, False)
        _note_assignment(text, joined.line, assigned, copied)
    return found


def _launchers(
    testing: bool, tools: list[tuple[str, str]], texts: list[str], index: int
) -> list[str]:
    """The compiler caches the line at ``index`` checks for without stopping: one it tests
    as ``_TOOL_TEST`` does (``tools``), or one found that its branch makes the compiler's
    launcher (``_LAUNCHED``); none in a test script (``testing``, ``NOT_INSTALLING``)."""
    tested = [n or a for n, a in tools if (n or a) in LAUNCHERS]
    if tested or tools or testing:
        return tested
    found = _LAUNCHER_TEST.findall(texts[index])
    return found if found and _LAUNCHED.search(shell_branch(texts, index)) else []


_SET_TEST = lazyre.compile(
    r"^(?:el)?if\s+(?:\[\[?|test)\s+-n\s+\"?\$\{?([A-Za-z_]\w*)\}?\"?\s*(?:\]\]?)?\s*(?:;\s*then)?\s*$"
)
"""A branch taken when the variable is set, on that test alone (``if [ -n "$X" ]; then``; not
``[[ -f /usr/include/x.h ]] || [[ -n "${HOMEBREW_PREFIX:-}" && ... ]]``, ops-blas
install_deps.sh:505, which looks for a file)."""
_ADVICE = lazyre.compile(
    r"^(?:(?:echo|printf|log\w*|\w+_(?:log|error|warn\w*|info))\b|#|$)", re.IGNORECASE
)
"""A line of a branch that only tells the user something (``echo``, ``log_error``)."""
_CHAIN_LINES = 60


def _advised(texts: list[str], start: int) -> list[int]:
    """The lines (indices) of the branch opened at ``texts[start]`` when it stops after
    lines that only advise, the stop's included (hicann/ops-tensor build.sh:128-135:
    ``log_error`` and five ``echo`` lines telling the user to source the toolkit's script,
    then ``exit 1``); empty when it does not."""
    for at in range(start + 1, min(len(texts), start + 1 + _WHOLE_BRANCH)):
        if shell_stops(texts[at]):
            return list(range(start + 1, at + 1))
        if not _ADVICE.match(texts[at].strip()):
            return []
    return []


def _stopping_chains(texts: list[str]) -> dict[int, tuple[list[int], list[int]]]:
    """The ``if``/``elif`` chains whose ``else`` stops after advice, by their ``if`` line:
    the lines of the chain's tests and of its ``else``. A chain that tests whether each of
    several variables is set and stops when none is (asc-tools build.sh:274-287:
    ``cann_path``, then ``ASCEND_HOME_PATH``, ``ASCEND_OPP_PATH``, two default directories,
    else ``exit 1``; hicann/ge build.sh:295-300: ``if [ -n "$ASCEND_HOME_PATH" ]`` else
    ``exit 1``) needs one of them set."""
    chains: dict[int, tuple[list[int], list[int]]] = {}
    for start, text in enumerate(texts):
        if not IF.match(text.strip()) or CLOSED.search(text):
            continue
        heads, depth = [start], 0
        for at in range(start + 1, min(len(texts), start + _CHAIN_LINES)):
            line = texts[at].strip()
            if IF.match(line) and not CLOSED.search(line):
                depth += 1
            elif FI.match(line):
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and line.startswith("elif"):
                heads.append(at)
            elif depth == 0 and ELSE.match(line):
                advice = _advised(texts, at)
                if advice:
                    chains[start] = (heads, advice)
                break
    return chains


def _chain_need(
    file: SourceFile,
    lines: list[LogicalLine],
    chain: tuple[list[int], list[int]] | None,
    own: tuple[set[str], set[str]],
) -> Requirement | None:
    """The need a stopping chain (``_stopping_chains``: the indices of its tests and of its
    ``else``) states: the first variable it tests is set, the others its alternatives, cited
    at their tests and at the ``else`` that advises and stops; none without such a test of a
    variable in capitals the script does not set itself (in one of ``own``'s sets: looked up
    in each, not joined into one at every line)."""
    if chain is None:
        return None
    heads = [
        (at, name)
        for at in chain[0]
        for name in _SET_TEST.findall(lines[at].text.strip())
        if not any(name in names for names in own) and name.upper() == name
    ]
    if not heads or _falls_back(lines, chain, {n for _, n in heads}):
        return None
    first, name = heads[0]
    names = " or ".join(dict.fromkeys(n for _, n in heads))
    text = f"{names}, else the script stops: {lines[first].text.strip()}"[:200]
    need = file.requirement("env_var", name, lines[first].line, text=text)
    cited = [at for at, _ in heads if at != first] + chain[1]
    also = tuple(dict.fromkeys(file.source(lines[at].line) for at in cited))
    return msgspec.structs.replace(need, also_at=also) if also else need


_PATH_TEST = lazyre.compile(r"(?:\[\[?|\btest)\s+-[def]\s")


def _falls_back(
    lines: list[LogicalLine], chain: tuple[list[int], list[int]], names: set[str]
) -> bool:
    """Whether a stopping chain tries a default directory after the variables (``elif [ -d
    "${DEFAULT_TOOLKIT_INSTALL_DIR}" ]``) and its ``else`` asks for none of them: it stops
    for want of an install the user points at otherwise (cann-ops build.sh:393-405, whose
    message asks for ``-p|--package-path``), and each variable is read with a fallback. A
    message naming one asks the user to set it (MindIE-SD build/build_ops.sh:19-31)."""
    tried = any(_PATH_TEST.search(lines[at].text) for at in chain[0])
    advice = " ".join(lines[at].text for at in chain[1])
    return tried and not any(re.search(rf"\b{name}\b", advice) for name in names)


_OPTION_VALUE = lazyre.compile(
    r"(?:^|[;)]\s{0,8})([A-Za-z_]\w*)=[\"']?(?:\$\(\w+\s+)?\$\{?(?:OPTARG\b|1#|2\b)"
)
"""An option's value taken into a variable, also in a one-line case arm (``COMPILED_OPS=
${OPTARG#*=}``, ``j) THREAD_NUM=$OPTARG ;;``, ``--ops=*) OPS="${1#*=}" ;;``, ``-p) PKG="$2";
shift ;;``, ``X="$(realpath ${OPTARG#*=})"``, hicann/ops-nn build.sh:851, 882)."""


def _options(texts: list[str]) -> set[str]:
    """The variables the script's option parsing sets, wherever that is: a test of one
    (``[[ -z "${COMPILED_OPS}" ]]`` then ``exit 1``, hicann/ops-nn build.sh:551, above the
    parsing at 865) checks the command line the user gave, not the environment."""
    return {
        m.group(1)
        for text in texts
        if "=" in text and "$" in text  # what every match holds: most lines hold neither
        for m in _OPTION_VALUE.finditer(text.strip())
    }


def _note_assignment(
    text: str, line: int, assigned: set[str], copied: dict[str, tuple[str, str, int]]
) -> None:
    """What the script sets on this line: a loop's or ``read``'s variable, an assignment (and
    whether it only copies an environment variable, ``_note_copy``)."""
    bound = _BOUND.match(text)
    if bound is not None:
        assigned.add(next(n for n in bound.groups() if n))
    assignment = _ASSIGNED.match(text)
    if assignment is not None:
        _note_copy(assignment.group(1), text, line, assigned, copied)
        assigned.add(assignment.group(1))


def _note_copy(
    name: str, text: str, line: int, assigned: set[str], copied: dict[str, tuple[str, str, int]]
) -> None:
    """Keep ``name`` in ``copied`` while it holds only the environment's value (``text`` is
    its assignment: ``X="${A:-${B}}"`` keeps ``A``, "A or B" and ``line``; ``assigned``: what
    the script set itself before)."""
    copy = _COPIED.match(text)
    sources = [n for n in copy.groups()[1:] if n] if copy is not None else []
    if sources and not assigned.intersection(sources):
        copied[name] = (sources[0], " or ".join(sources), line)
    else:
        copied.pop(name, None)


def _beside(file: SourceFile, need: Requirement, line: int) -> Requirement:
    """``need`` with ``line`` (where the tested variable was copied) cited beside it."""
    if need.source.line == line or file.source(line) in need.also_at:
        return need
    return msgspec.structs.replace(need, also_at=(*need.also_at, file.source(line)))


def _one_of(tools: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """One of alternative ``tools``: the first a distribution packages (``libtoolize``, in
    libtool; ``glibtoolize`` is macOS's name), so the need names what can be installed."""
    known = [t for t in tools if system_package(t[0] or t[1]) is not None]
    return (known or tools)[:1]
