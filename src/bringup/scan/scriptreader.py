"""One build script read, never run: the directories it enters and builds there (``routedirs``)."""

from __future__ import annotations

import re
from collections.abc import Collection
from fnmatch import fnmatchcase
from posixpath import commonpath, dirname, normpath

from bringup import lazyre
from bringup.scan.buildtargets import REPO_PATH, built_targets
from bringup.scan.commands import joined_lines, parse_commands, program_name
from bringup.scan.shlayout import script_layout, substitutions_joined
from bringup.scan.shwords import shell_words

_UNKNOWN = "\x03"
"""What an expansion the reader cannot resolve leaves: no path holding it is placed."""

_ASSIGNMENT = lazyre.compile(
    r"^(?:(?:export|local|readonly|declare(?:\s+-\w+)*)\s+)?([A-Za-z_]\w*)=(?=\S|$)"
)
_PARAMETER = lazyre.compile(
    r"^([A-Za-z_]\w*|BASH_SOURCE\[0\]|\d)(?:(:?[-=])(.*)|(%%?|##?)(.*))?$", re.DOTALL
)
_NAME = lazyre.compile(r"[A-Za-z_]\w*|\d")
_POSITIONAL = tuple(str(n) for n in range(1, 10))
"""A function's positional parameters, ``$1`` to ``$9``."""
_LEADING = frozenset({"then", "do", "else", "{", "(", "!", "time", "sudo", "exec", "command"})
_CALLS = 8
"""How deep calls of the script's functions are followed."""
_NESTED = 8
"""How deep expansions inside expansions are read (``$(cd $(dirname $0); pwd)``: 2)."""
_LONGEST = 4096
"""The longest value a variable is given."""
_EXPANDED = 16 * _LONGEST
"""The most a line's expansions may put in it; a line growing longer is unknown (``$X`` written
200 000 times, X a path of 4000 characters, would be 800 MB)."""
_WORK = 4_000_000
"""How much one script's reading may do, in steps of a microsecond or so: a line run costs
``_LINE`` (each call of a function runs its body again: functions calling the next ones 30
times each, eight deep, would run 30**8 lines), a cut a ``${X%pattern}`` strip tries one, a
file a ``find`` looks at ``_FILE``; past it the rest of the script is not read."""
_LINE = 16
_FILE = 8
"""A file a ``find`` looks at: its name matched against the pattern (``fnmatchcase``, several
microseconds) and its place against the roots. Counted as one step, 20 000 finds over 3000
files took 23 s on a loaded machine before the budget ran out."""


class ScriptReader:
    """One script read top to bottom: its variables, the directory it is in, what it built."""

    def __init__(self, rel: str, text: str, rels: Collection[str]) -> None:
        self._script = REPO_PATH + rel
        self._rels = rels
        self._lines = substitutions_joined(joined_lines(text))
        self._env: dict[str, str] = {}
        # a script at the root runs there (``./build.sh``); one in a directory may be run
        # from the root (``bash ci/build.sh``) or from beside it (``cd build && bash
        # build.sh``): only its own ``cd`` says where it is
        self._cwd: str | None = None if "/" in rel else REPO_PATH + "."
        self._stack: list[str | None] = []  # pushd's
        self._subshells: list[str | None] = []
        self._built: dict[str, int] = {}  # directory -> the line building it
        self.builders: dict[tuple[str, str], int] = {}  # (directory, program) -> first line
        self._line = 0
        self._bodies, self._conditional = script_layout(self._lines)
        self._calling: list[str] = []
        self._nested = 0
        self._work = _WORK

    def read(self) -> dict[str, int]:
        self._run("")
        return self._built

    def _run(self, function: str) -> None:
        for index in self._bodies.get(function, ()):
            if not self._spent(_LINE):
                return
            line = self._lines[index].text
            if not self._calling:
                self._line = self._lines[index].line
            conditional = self._conditional[index]
            assigned = _ASSIGNMENT.match(line)
            if assigned is not None:
                end = _word_end(line, assigned.end())
                if not line[end:].strip(" \t;") or line[end:].lstrip().startswith("#"):
                    name = assigned.group(1)
                    if not conditional or name not in self._env:
                        self._env[name] = self._value(line[assigned.end() : end])
                    continue
            if conditional:
                continue
            for command in parse_commands(self._expand(line, self._cwd)):
                if command.argv[:1] == ("(",):  # a subshell: its cd ends with it
                    self._subshells.append(self._cwd)
                argv = _bare_argv(command.argv)
                called = argv[0] if argv else ""
                if called in self._bodies and called and called not in self._calling:
                    if len(self._calling) < _CALLS:
                        self._call(called, argv[1:])
                else:
                    self._command(argv)
                if command.argv[-1:] == (")",) and self._subshells:
                    self._cwd = self._subshells.pop()

    def _call(self, function: str, args: tuple[str, ...]) -> None:
        """Run ``function``'s body with ``args`` as its positional parameters (VisionSDK
        build_all.sh:58-68 ``run_script() { local script_path="$1"; shift; (cd "$(dirname
        "${script_path}")" && bash "$(basename "${script_path}")" "$@") }``, called as
        ``run_script "${ROOT_DIR}/mxBase/build/build.sh" ...`` at :106); the caller's come
        back after it."""
        saved = {name: self._env.pop(name) for name in _POSITIONAL if name in self._env}
        self._env.update(zip(_POSITIONAL, args))
        self._calling.append(function)
        self._run(function)
        self._calling.pop()
        for name in _POSITIONAL:
            self._env.pop(name, None)
        self._env.update(saved)

    def _shift(self) -> None:
        """``shift``: each positional parameter takes the next one's value."""
        values = [self._env.get(name) for name in _POSITIONAL]
        for name, value in zip(_POSITIONAL, [*values[1:], None]):
            if value is None:
                self._env.pop(name, None)
            else:
                self._env[name] = value

    def _spent(self, steps: int) -> bool:
        """Whether ``steps`` more of the reading's work (``_WORK``) are left, taking them."""
        self._work -= steps
        return self._work >= 0

    def _command(self, argv: tuple[str, ...]) -> None:
        program = program_name(argv)
        if program == "cd":
            self._cwd = self._place(argv[1], self._cwd) if len(argv) > 1 else None
        elif program == "pushd":
            self._stack.append(self._cwd)
            self._cwd = self._place(argv[1], self._cwd) if len(argv) > 1 else None
        elif program == "popd":
            self._cwd = self._stack.pop() if self._stack else None
        elif program == "shift":
            self._shift()
        else:
            for target in built_targets(argv):
                place = self._place(target, self._cwd)
                if place is not None:
                    self._built.setdefault(_relative(place), self._line)
                    self.builders.setdefault((_relative(place), program), self._line)

    def _place(self, word: str, cwd: str | None) -> str | None:
        """``word`` as a marked repo path (``\\x04cli/src``), None outside the repo or unknown."""
        if not word or _UNKNOWN in word or word.startswith(("/", "~", "-")):
            return None
        if word.startswith(REPO_PATH):
            path = word[1:]
        elif cwd is None:
            return None
        else:
            path = cwd[1:] + "/" + word
        path = normpath(path)
        outside = path == ".." or path.startswith("../") or len(path) > _LONGEST
        return None if outside else REPO_PATH + path

    def _value(self, word: str) -> str:
        """An assignment's value: ``word`` expanded, its quotes taken off; unknown when
        longer than a path (``X=$X$X`` doubling)."""
        words = shell_words(self._expand(word, self._cwd))
        value = _UNKNOWN if words is None else " ".join(words)
        return value if len(value) <= _LONGEST else _UNKNOWN

    def _expand(self, text: str, cwd: str | None) -> str:
        """``text`` with its expansions replaced by their values (``\\x03`` where unknown);
        single-quoted text is kept as written. Expansions nested deeper than ``_NESTED``
        are unknown."""
        if self._nested >= _NESTED:
            return _UNKNOWN
        self._nested += 1
        try:
            return self._expanded(text, cwd)
        finally:
            self._nested -= 1

    def _expanded(self, text: str, cwd: str | None) -> str:
        out: list[str] = []
        index, double = 0, False
        expanded = 0  # the length of the values put in
        while index < len(text):
            char = text[index]
            if char == "'" and not double:
                end = text.find("'", index + 1)
                end = len(text) if end < 0 else end + 1
                out.append(text[index:end])
                index = end
                continue
            if char == "\\":
                out.append(text[index : index + 2])
                index += 2
                continue
            if char == '"':
                double = not double
            if char == "`":
                end = text.find("`", index + 1)
                end = len(text) if end < 0 else end
                value = self._substitute(text[index + 1 : end], cwd)
                index = end + 1
            elif char != "$":
                out.append(char)
                index += 1
                continue
            else:
                value, index = self._dollar(text, index, cwd)
            expanded += len(value)
            if expanded > _EXPANDED:
                return _UNKNOWN
            out.append(value)
        return "".join(out)

    def _dollar(self, text: str, at: int, cwd: str | None) -> tuple[str, int]:
        """The value of the expansion at ``text[at] == "$"`` and where it ends."""
        following = text[at + 1 : at + 2]
        if following in ("(", "{"):
            end = _closing(text, at + 1)
            inner = text[at + 2 : end]
            if following == "{":
                return self._parameter(inner, cwd), end + 1
            if inner.startswith("("):  # $(( arithmetic ))
                return _UNKNOWN, end + 1
            return self._substitute(inner, cwd), end + 1
        named = _NAME.match(text, at + 1)
        if named is not None:
            return self._variable(named.group(0), cwd), named.end()
        if not following or following.isspace() or following == '"':
            return "$", at + 1
        return _UNKNOWN, at + 2  # $@, $#, $?, $$

    def _variable(self, name: str, cwd: str | None) -> str:
        if name in ("0", "BASH_SOURCE", "BASH_SOURCE[0]"):
            return self._script
        if name == "PWD":
            return cwd or _UNKNOWN
        return self._env.get(name, _UNKNOWN)

    def _parameter(self, inner: str, cwd: str | None) -> str:
        """``${NAME}``, ``${NAME:-word}``, ``${NAME:=word}``, ``${NAME%pattern}`` and the other
        strips; anything else is unknown."""
        matched = _PARAMETER.match(inner)
        if matched is None:
            return _UNKNOWN
        name, default, word, strip, pattern = matched.groups()
        value = self._variable(name, cwd)
        unset = value == _UNKNOWN or (value == "" and default and default.startswith(":"))
        if default:
            if not unset:
                return value
            value = self._value(word)
            if default.endswith("="):
                self._env[name] = value
            return value
        if strip and _UNKNOWN not in value:
            # a strip tries each cut of the value against the pattern
            if not self._spent(len(value) + 1):
                return _UNKNOWN
            return _stripped(value, strip, self._value(pattern))
        return value

    def _substitute(self, inner: str, cwd: str | None) -> str:
        """What ``$(inner)`` prints, for the commands that print a place: ``pwd`` after a
        ``cd``, ``dirname``, ``realpath``/``readlink -f``, ``find DIR -name NAME``, ``echo``."""
        printed = _UNKNOWN
        for command in parse_commands(self._expand(inner, cwd)):
            argv = command.argv
            program = program_name(argv)
            if program == "cd":
                cwd = self._place(argv[1], cwd) if len(argv) > 1 else None
                continue
            printed = _UNKNOWN
            if program == "pwd":
                printed = cwd or _UNKNOWN
            elif program == "basename" and len(argv) > 1:
                printed = argv[1].rstrip("/").rsplit("/", 1)[-1] or _UNKNOWN
            elif program in ("dirname", "realpath", "readlink") and len(argv) > 1:
                place = self._place(argv[-1], cwd)
                if place is not None:
                    printed = (
                        REPO_PATH + (dirname(place[1:]) or ".") if program == "dirname" else place
                    )
            elif program == "find":
                printed = self._find(argv[1:], cwd)
            elif program == "echo":
                printed = " ".join(argv[1:])
        return printed

    def _find(self, args: tuple[str, ...], cwd: str | None) -> str:
        """The repo file ``find DIR -name NAME`` prints; the directory its matches share when
        several do; DIR itself when none of the files the walk lists (those of a kind it
        reads, not ``main.c``) matches."""
        roots = []
        for arg in args:
            if arg.startswith(("-", "(", "!")):
                break
            roots.append(arg)
        name = next(
            (args[i + 1] for i, a in enumerate(args[:-1]) if a in ("-name", "-iname")), None
        )
        places = [self._place(root, cwd) for root in roots or ["."]]
        # the walk looks at each of the repo's files
        if (
            name is None
            or any(p is None for p in places)
            or not self._spent(_FILE * len(self._rels))
        ):
            return _UNKNOWN
        tops = [_relative(p) for p in places if p is not None]
        matches = [
            rel
            for rel in self._rels
            if fnmatchcase(rel.rsplit("/", 1)[-1], name)
            and any(not top or rel.startswith(top + "/") for top in tops)
        ]
        if not matches:  # a file of no kind the walk lists (``main.c``): somewhere in DIR
            return places[0] if len(places) == 1 and places[0] is not None else _UNKNOWN
        return REPO_PATH + (matches[0] if len(matches) == 1 else commonpath(matches) or ".")


def _closing(text: str, at: int) -> int:
    """The index of the bracket closing the one at ``text[at]`` (quotes skipped), or the end."""
    opening = text[at]
    closing = ")" if opening == "(" else "}"
    depth, index = 0, at
    while index < len(text):
        char = text[index]
        if char == "'" and opening == "(":
            found = text.find("'", index + 1)
            index = len(text) if found < 0 else found
        elif char == "\\":
            index += 1
        elif char == opening:
            depth += 1
        elif char == closing:
            depth -= 1
            if depth == 0:
                return index
        index += 1
    return len(text)


def _word_end(text: str, at: int) -> int:
    """Where the shell word starting at ``text[at]`` ends (its quotes and expansions whole)."""
    index, double = at, False
    while index < len(text):
        char = text[index]
        if char == '"':
            double = not double
        elif char == "'" and not double:
            found = text.find("'", index + 1)
            index = len(text) - 1 if found < 0 else found
        elif char == "\\":
            index += 1
        elif char == "$" and text[index + 1 : index + 2] in ("(", "{"):
            index = _closing(text, index + 1)
        elif char == "`":
            found = text.find("`", index + 1)
            index = len(text) - 1 if found < 0 else found
        elif not double and (char.isspace() or char in ";&|"):
            return index
        index += 1
    return len(text)


def _stripped(value: str, strip: str, pattern: str) -> str:
    """``value`` less its shortest (``%``, ``#``) or longest (``%%``, ``##``) suffix or prefix
    matching the glob ``pattern``."""
    spans = range(len(value) + 1)
    if strip.startswith("%"):
        for cut in spans if strip == "%%" else reversed(spans):
            if fnmatchcase(value[cut:], pattern):
                return value[:cut]
    else:
        for cut in reversed(spans) if strip == "##" else spans:
            if fnmatchcase(value[:cut], pattern):
                return value[cut:]
    return value


def _bare_argv(argv: tuple[str, ...]) -> tuple[str, ...]:
    """``argv`` without the keywords and prefixes before its program (``then make``)."""
    start = 0
    while start < len(argv) and argv[start] in _LEADING:
        start += 1
    end = len(argv)
    while end > start and argv[end - 1] in (")", "}"):
        end -= 1
    return argv[start:end]


def _relative(place: str) -> str:
    """A marked repo path as the repo-relative path (the root is "")."""
    path = place[1:]
    return "" if path == "." else path
