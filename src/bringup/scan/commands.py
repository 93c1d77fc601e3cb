"""Shell command lines read as data, never run: from README code blocks, build scripts,
Makefile recipes, Dockerfile ``RUN`` and CI ``run:`` lines.

A line becomes ``Command``s (split at ``&&``, ``;``, ``||``), each an argv list with its
leading ``VAR=value`` assignments apart. A command with pipes, redirections or substitutions
is kept for what it says but is never offered as a step: a step is an argv list, and we do
not build shell strings. So is the last line of a guide's code block (``pasted``: typed into
a shell, not run as a file) when its backslash continues past the end of the block: a
fragment to edit into a command ("simply change line 1 to line 2 and leave everything else
the same", karpathy/llm.c@f1e2ace scripts/README.md:21-33), whose joined lines would be two
alternatives run as one argv.
"""

from __future__ import annotations

import contextlib
import functools
import math
from bisect import bisect_right
from collections.abc import Iterator
from typing import NamedTuple

from bringup import lazyre
from bringup.scan.fillins import PLACEHOLDER_VARIABLE
from bringup.scan.shwords import shell_words

_ASSIGNMENT = lazyre.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_SEPARATORS = frozenset({"&&", "||", ";", ";;"})
_SHELL_ONLY = lazyre.compile(r"^(?:\||\|\||>|>>|<|<<|&|>&|<&|\(|\)|\d?>.*)$")
_SHELL_FIRST = frozenset("|><&()")


class Command(NamedTuple):
    """One simple command: ``plain`` is false when it needs a shell to mean anything."""

    argv: tuple[str, ...]
    env: tuple[tuple[str, str], ...]
    line: int
    text: str
    plain: bool
    lines: tuple[int, ...] = ()
    """The physical line of each word of ``argv`` (a continued ``docker run \\`` names its
    mounts lines below its first)."""


class LogicalLine(NamedTuple):
    """Physical lines joined at backslash continuations; ``starts`` maps offsets in
    ``text`` back to physical line numbers."""

    line: int
    text: str
    starts: tuple[tuple[int, int], ...]

    def line_at(self, offset: int) -> int:
        if len(self.starts) == 1:  # one physical line, as most are
            start, number = self.starts[0]
            return number if start <= offset else self.line
        # the last piece starting at or before ``offset``: a search, not a scan from the end
        # (a command continued over 16,000 lines took 2 s, each word scanning the pieces)
        found = bisect_right(self.starts, (offset, math.inf))
        return self.starts[found - 1][1] if found else self.line


_line = tuple.__new__
"""A ``LogicalLine`` made from its fields as one tuple, as its own ``__new__`` (a Python function
the class generates) makes it, at half the cost: a repo's scripts and blocks are ~10^5 lines."""


def joined_lines(text: str, first_line: int = 1) -> list[LogicalLine]:
    """Every logical line of ``text``, numbered by its first physical line."""
    if "\\" not in text:  # no continuation anywhere (most code blocks): a line is one
        numbered = enumerate(text.splitlines(), start=first_line)
        return [
            _line(LogicalLine, (number, raw.strip(), ((0, number),))) for number, raw in numbered
        ]
    out: list[LogicalLine] = []
    parts: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=first_line):
        trimmed = raw.rstrip()
        if trimmed.endswith("\\"):
            parts.append((number, trimmed[:-1]))
            continue
        if parts:
            parts.append((number, raw))
            out.append(_join(parts))
            parts = []
        else:
            out.append(_line(LogicalLine, (number, raw.strip(), ((0, number),))))
    if parts:
        out.append(_join(parts))
    return out


def _join(parts: list[tuple[int, str]]) -> LogicalLine:
    starts: list[tuple[int, int]] = []
    pieces: list[str] = []
    offset = 0
    for number, raw in parts:
        piece = raw.strip()
        starts.append((offset, number))
        pieces.append(piece)
        offset += len(piece) + 1
    return LogicalLine(parts[0][0], " ".join(pieces), tuple(starts))


def logical_lines(text: str, first_line: int = 1) -> list[tuple[int, str]]:
    """Lines with backslash continuations joined, numbered by their first physical line."""
    return [(joined.line, joined.text) for joined in joined_lines(text, first_line)]


_MAX_COMMAND_CHARS = 1 << 16
"""A longer physical line is data (minified, base64), not a command a reader would run. A
command continued over many lines of its own (``pip install \\`` and a package a line) is
read whatever its length: 4,300 packages of one such command were once left out unseen."""


def _data(joined: LogicalLine) -> bool:
    """Whether a physical line of ``joined`` is longer than a command's (``_MAX_COMMAND_CHARS``)."""
    ends = [start for start, _ in joined.starts[1:]] + [len(joined.text)]
    return any(end - start > _MAX_COMMAND_CHARS for (start, _), end in zip(joined.starts, ends))


_CASE_PATTERN = lazyre.compile(
    r"^[^\s()|;&<>$`]{1,80}(?: ?\| ?[^\s()|;&<>$`]{1,80}){0,20} ?\)(?=\s|$)"
)
"""A ``case`` branch's pattern (``pigz)``, ``gcc|g++)``, ``*)``): no command, though the words
look like one (ops-nn install_deps.sh:472 ``pigz)`` then ``curr_ver=$(pigz --version ...)``:
the script asks a version, it does not run pigz)."""
BRANCH_WORDS = frozenset({"then", "else", "do"})
"""Words that open a branch or a loop's body: the command after them is the one run
(vllm-ascend Dockerfile:56 ``else git clone ...``, a script's ``then pip install ...``), so
they are no part of its argv; ``if``/``while`` stay, their command is a condition."""
_FILL_IN = lazyre.compile(r"<([^<>\s|;&()]+)>")
"""A placeholder a guide asks the reader to fill in ("source <CANN软件安装目录>/<CANN软件路径>/
set_env.sh", op-plugin docs/en/install.md:51; "pip install torch_npu-<version>.whl"): a word
of the command, not two redirections: its brackets are masked (same length) while the words
are cut."""


def parse_commands(text: str, first_line: int = 1, *, pasted: bool = False) -> list[Command]:
    """Every simple command in ``text`` (a script, a code block, a recipe), each numbered by
    the physical line its first word is on. ``pasted``: a guide's block, where a
    continuation into nothing leaves the shell waiting for more (a script's last line runs)."""
    lines = joined_lines(text, first_line)
    physical = text.splitlines()
    if pasted and physical and physical[-1].rstrip().endswith("\\"):
        fragment = [c._replace(plain=False) for c in commands_of(lines[-1:])]
        return commands_of(lines[:-1]) + fragment
    return commands_of(lines)


def commands_of(lines: list[LogicalLine]) -> list[Command]:
    """Every simple command of lines already joined (a reader that also wants the lines)."""
    return [command for joined in lines for command in _line_commands(joined)]


def _line_commands(joined: LogicalLine) -> tuple[Command, ...]:
    """``_parsed``, kept for a line of a command's length: a longer one (data, ``_data``, or
    a command continued over thousands of lines) is not worth its room among the kept lines."""
    if len(joined.text) > _MAX_COMMAND_CHARS:
        return _parsed.__wrapped__(joined)
    return _parsed(joined)


@contextlib.contextmanager
def kept() -> Iterator[None]:
    """The parsed lines (``_parsed``) kept while a stack is scanned, dropped however it ends."""
    try:
        yield
    finally:
        _parsed.cache_clear()


@functools.lru_cache(maxsize=1 << 16)
def _parsed(joined: LogicalLine) -> tuple[Command, ...]:
    """The commands of one logical line. Kept: several readers parse the same script (the
    shell reader, the recipe reader once per step that runs it, the folders its steps run
    in): in ops-transformer half the parsing was of lines parsed before."""
    commands: list[Command] = []
    stripped = joined.text.strip()
    skip = len(joined.text) - len(joined.text.lstrip())
    prompt = (
        _PROMPT.match(stripped)
        if "$" in stripped[:1] or "➜" in stripped or "@" in stripped
        else None
    )
    if prompt is not None:
        stripped, skip = stripped[prompt.end() :], skip + prompt.end()
    if ")" in stripped:
        pattern = _CASE_PATTERN.match(stripped)
        if pattern is not None:  # ``pigz)``: the rest of the line is the branch's command
            rest = stripped[pattern.end() :]
            skip += pattern.end() + len(rest) - len(rest.lstrip())
            stripped = rest.lstrip()
    if not stripped or stripped.startswith("#") or _data(joined):
        return ()
    masked = "<" in stripped or "\x01" in stripped or "\x02" in stripped
    tokens = shell_words(_FILL_IN.sub("\x01\\1\x02", stripped) if masked else stripped)
    if tokens is None:
        return ()
    if masked:  # most lines hold no placeholder: nothing to mask or give back
        tokens = [t.replace("\x01", "<").replace("\x02", ">") for t in tokens]
    segment: list[str] = []
    lines: list[int] = []
    cursor = start = 0
    for token in [*tokens, ";"]:
        # each word is looked for past the one before it, so that a word met earlier in
        # another's text (``git`` in ``https://github.com/...``) does not number the next
        found = stripped.find(token, cursor)
        at, cursor = (found, found + len(token)) if found >= 0 else (cursor, cursor)
        if token not in _SEPARATORS:
            if not segment and token in BRANCH_WORDS:
                continue
            start = at if not segment else start
            segment.append(token)
            lines.append(joined.line_at(skip + at))
            continue
        if segment:
            commands.append(_command(segment, lines, stripped))
        segment, lines = [], []
    return tuple(commands)


_PROMPT = lazyre.compile(
    r"\$\s+|(?:\([\w.-]{1,64}\)\s*){0,3}(?:➜\s+\S{1,200}(?:\s+(?:git|hg|svn):\([^)\s]{1,200}\))?"
    r"(?:\s+✗)?\s+|[\w.-]{1,64}@[\w.-]{1,64}:[^\s$#]{0,300}[$#]\s+)"
)
"""A shell's prompt pasted before the command: ``$ ``, oh-my-zsh's default theme (``➜
gym-server git:(master) ✗ pip install -r requirements.txt``: the arrow, the folder, the
branch, the dirty mark; review32 LOW, the arrow read as a note left an empty command) and
bash's ``user@host:~/dir$ ``, either after a ``(venv)`` or conda ``(base)``."""

_ARROWS = frozenset({"→", "⇒", "⟶", "➜", "➔"})
"""A word no shell reads as one: an arrow, after which a guide says what the command does or
prints (``make clean && make run → 两行 demo 输出。``, "prints two demo lines",
bigorange1024/ascendc@541ca73c docs/engineering/环境复现与开发指南.md:706, outsider13 D9): the
command ends before it."""


def _command(tokens: list[str], lines: list[int], text: str) -> Command:
    first = lines[0]
    arrow = next((i for i, token in enumerate(tokens) if token in _ARROWS), None)
    if arrow is not None:
        tokens, lines = tokens[:arrow], lines[:arrow]
    env: list[tuple[str, str]] = []
    index = 0
    while index < len(tokens) and _ASSIGNMENT.match(tokens[index]):
        name, _, value = tokens[index].partition("=")
        env.append((name, value))
        index += 1
    argv = tuple(tokens[index:])
    plain = bool(argv) and not any(
        # a shell-only word starts with one of its characters or a digit (``2>&1``)
        ((token[:1] in _SHELL_FIRST or token[:1].isdecimal()) and _SHELL_ONLY.match(token))
        or "$" in (PLACEHOLDER_VARIABLE.sub("", token) if "${" in token else token)
        or "`" in token
        for token in argv
    )
    return Command(argv, tuple(env), first, text, plain, tuple(lines[index:]))


PREFIXES = frozenset(
    {"sudo", "then", "do", "else", "time", "exec", "nohup", "env", "if", "elif", "while",
     "until", "!", "{", "("}
)  # fmt: skip
"""Words before a program that leave it the program run (``if ! git diff``, ``then git``)."""


def run_program(argv: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """The program a command runs, past ``sudo``/``env``/``nohup``, a branch's words, their
    options (``sudo -E``) and the variables they set (``env A=1 B=2``), and its arguments;
    ``("", ())`` for a command that runs none."""
    for index, word in enumerate(argv):
        # an option only past a prefix (``sudo -E``): a list's "- python 3.11" runs nothing
        if word in PREFIXES or (index and (word.startswith("-") or _ASSIGNMENT.match(word))):
            continue
        return word.rsplit("/", 1)[-1], argv[index + 1 :]
    return "", ()


def program_name(argv: tuple[str, ...]) -> str:
    return argv[0].rsplit("/", 1)[-1] if argv else ""


def option_value(argv: tuple[str, ...], *flags: str) -> str:
    """The value of the first of ``flags`` a command gives (``-C DIR``, ``-CDIR``,
    ``--flag=VALUE``), "" without one."""
    for index, arg in enumerate(argv):
        for flag in flags:
            if arg == flag and index + 1 < len(argv):
                return argv[index + 1]
            if arg.startswith(flag) and len(arg) > len(flag) and not flag.startswith("--"):
                return arg[len(flag) :]
            if arg.startswith(flag + "="):
                return arg[len(flag) + 1 :]
    return ""


def python_module(argv: tuple[str, ...]) -> str | None:
    if program_name(argv).startswith("python") and len(argv) > 2 and argv[1] == "-m":
        return argv[2]
    return None


PIP_VALUE_OPTIONS = frozenset(
    {
        "-i",
        "--index-url",
        "--extra-index-url",
        "-f",
        "--find-links",
        "--trusted-host",
        "-c",
        "--constraint",
        "-t",
        "--target",
        "--prefix",
        "--root",
        "--platform",
        "--python-version",
        "--implementation",
        "--abi",
        "--src",
        "--upgrade-strategy",
        "--progress-bar",
        "--config-settings",
        "-C",
        "--global-option",
        "--log",
        "--cache-dir",
        "--timeout",
        "--retries",
        "--proxy",
        "--only-binary",
        "--no-binary",
    }
)


_ENDS_ARGUMENTS = frozenset({"|", "|&", "&", "(", ")"})
"""Where a ``pip install``'s words stop being its arguments: the next program of a pipe
(``pip install foo 2>&1 | tee log``), a background or subshell, or a note in brackets a guide
writes after the command ("pip install InternEvo==xxx (xxx is the version you want to
install)", InternLM/InternEvo@c628a8c:doc/en/install.md:30), whose words are prose."""


def _glued_specifiers(args: tuple[str, ...]) -> list[str]:
    """The words with an unquoted comparison a shell splits as a redirection rejoined
    (``pip install torch>=2.0`` is cut into ``torch``, ``>``, ``=2.0``): a reader of a guide
    means the specifier."""
    words: list[str] = []
    index = 0
    while index < len(args):
        arg = args[index]
        following = args[index + 1] if index + 1 < len(args) else ""
        if words and arg in (">", "<") and following[:1] in ("=", *"0123456789"):
            words[-1] += arg + following
            index += 2
            continue
        words.append(arg)
        index += 1
    return words


def pip_install_targets(argv: tuple[str, ...]) -> tuple[list[str], list[str]] | None:
    """``(requirement strings, requirement files)`` of a ``pip install`` command."""
    if program_name(argv) in ("pip", "pip3") or program_name(argv).startswith("pip3."):
        args = argv[1:]
    elif python_module(argv) == "pip":
        args = argv[3:]
    elif program_name(argv) == "uv" and argv[1:2] == ("pip",):
        args = argv[2:]
    else:
        return None
    if not args or args[0] != "install":
        return None
    specs: list[str] = []
    files: list[str] = []
    skip_next = False
    take_file = False
    for arg in _glued_specifiers(args[1:]):
        if arg in _ENDS_ARGUMENTS or arg.startswith("("):
            break  # a pipe's next program, a subshell or a note in brackets: no target
        if _SHELL_ONLY.match(arg):
            skip_next = True  # a redirection's file (``> log.txt``)
            continue
        if skip_next:
            skip_next = False
            continue
        if take_file:
            files.append(arg)
            take_file = False
            continue
        if arg in ("-r", "--requirement"):
            take_file = True
        elif arg.endswith(".txt") and not arg.startswith("-"):
            # a list named without ``-r`` (``pip install requirements.txt``, mindrl
            # README.md:84): a file, no distribution
            files.append(arg)
        elif arg in ("-e", "--editable") or arg in PIP_VALUE_OPTIONS:
            skip_next = True
        elif arg.startswith("-") or "/" in arg or arg in (".", "..") or arg.endswith(".whl"):
            continue
        else:
            specs.append(arg)
    return specs, files
