"""Shell functions that run the command they are given, and the commands run through them.

A build script often runs its steps through a function of its own that stops the build when
one fails: hicann/ge build.sh:411-418 defines ``execute_command() { local cmd=$1; eval
${cmd}; ... exit 1; }`` and builds with ``execute_command "make ${component} ${VERBOSE}
-j${THREAD_NUM}"`` (:467); hicann/metadef build.sh:206-208 runs ``${cmd}`` itself; an
install script's ``run_command() { ... output=$("$@" 2>&1) ...}`` (hicann/ops-cv
install_deps.sh:14-18) is called as ``run_command sudo make -C ...``. The program such a call
runs is the one its arguments name. A function only passing its arguments on (``checkopts
"$@"``), looping over them (``for arg in "$@"``) or keeping them (``local args=("$@")``) runs
nothing it is given.
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.scan.commands import Command, LogicalLine
from bringup.scan.shlayout import script_layout

_ARGUMENT = r"\$\{?(?:@|\*|1)\}?"
_GIVEN = lazyre.compile(_ARGUMENT)
_ARGUMENTS = ("$1", "${1", "$@", "${@", "$*", "${*")
"""What every ``_ARGUMENT`` starts with: a body holding none reads no argument, nor keeps one
in a variable (``_TAKEN``) to run."""
_TAKEN = lazyre.compile(rf"\b([A-Za-z_]\w*)=\"?{_ARGUMENT}\"?(?:\s|$|;)")
"""A variable that holds what the function was given (``local cmd=$1``, ``cmd="$*"``)."""
_AT_COMMAND = r"(?:^|[;&|]\s|`|\$\(|(?:^|\s)(?:then|do|else|eval|exec|sudo|if|!))\s*\"?"
"""Where a word is the command run: first on the line, after a separator and a blank (a
quoted ``";$1"`` appends to a list), in a command substitution, after ``eval``, ``sudo`` or a
branch's keyword."""


_RUN = lazyre.compile(
    rf"(?={_AT_COMMAND}\$\{{?(@|\*|1|[A-Za-z_]\w*)\}}?\"?(?=\s|$|[;)]))", re.MULTILINE
)
"""A word run as the command that is a variable (group 1: ``@``, ``*``, ``1`` or its name),
tried at every place (a look-ahead: the matches may overlap). From one place the variable is
always the same one: the ways a command starts begin with different characters, and a name
is taken whole (a shorter one is followed by a word character, not the blank or end a run
word ends at), so looking up the name found is searching for each name the function holds."""


def _runs(body: list[str]) -> bool:
    """Whether a function ``body`` runs its arguments as a command: what it was given
    (``$1``, ``$@``) or a variable holding it (``_TAKEN``). A body that never reads an
    argument (``_ARGUMENTS``) runs none. One pattern for every function (``_RUN``), not one
    compiled for each function's variables: ops-transformer's 247 functions of scripts that
    read an argument, 25-28 ms with a pattern each, 11-14 ms with this one."""
    text = "\n".join(body)
    if not any(argument in text for argument in _ARGUMENTS):
        return False
    held = {"@", "*", "1", *_TAKEN.findall(text)}
    return any(
        run.group(1) in held for line in body if "$" in line for run in _RUN.finditer(line.strip())
    )


def runner_functions(lines: list[LogicalLine]) -> frozenset[str]:
    """The functions a script (its ``joined_lines``) defines that run the command they are
    given. A script that never reads its arguments (``$1``, ``$@``) has none: its layout is
    not worked out (most of a repo's scripts)."""
    if not any(_GIVEN.search(line.text) for line in lines):
        return frozenset()
    bodies, _ = script_layout(lines)
    return frozenset(
        name for name, body in bodies.items() if name and _runs([lines[i].text for i in body])
    )


def run_through(command: Command, runners: frozenset[str]) -> tuple[str, ...]:
    """The argv ``command`` runs: through a runner function, the words it is given (one
    quoted command line split at its blanks); otherwise its own."""
    if not command.argv or command.argv[0] not in runners:
        return command.argv
    given = command.argv[1:]
    return tuple(given[0].split()) if len(given) == 1 else given


_TESTING = lazyre.compile(
    r"(?:^|[_-])(?:ut|st|llt|unittests?|tests?)(?:[_-]|\s{0,4}\(|$)", re.IGNORECASE
)
"""A function named for building or running the tests (``build_ut``, hicann/atvoss
build.sh:389; ``run_test``, ``build_tests``), as its definition (``build_ut() {``) or its
name alone writes it."""


def testing_lines(lines: list[LogicalLine]) -> frozenset[int]:
    """The line numbers of the script's (its ``joined_lines``) functions named for the tests:
    what runs only there is the tests' (``runtools.script_tools``). A script defining no
    such function is not laid out."""
    if not any("(" in line.text and _TESTING.search(line.text) for line in lines):
        return frozenset()
    bodies, _ = script_layout(lines)
    return frozenset(
        lines[i].line
        for name, body in bodies.items()
        if name and _TESTING.search(name)
        for i in body
    )
