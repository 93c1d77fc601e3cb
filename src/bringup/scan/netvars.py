"""Downloads a script makes from an address it holds in a variable.

A build or install script often writes the address once and downloads it later: hicann/pyasc
torch_npu_install.sh:68 ``TORCH_URL="https://download.pytorch.org/whl/cpu/torch-…whl"`` then
:77 ``wget -q --show-progress "$TORCH_URL"``; or hands it to a function of its own that
downloads what it is given (MultimodalSDK build_script/fetch_deps.sh:111 ``local repo="${
MAKESELF_REPO:-https://gitcode.com/gh_mirrors/ma/makeself.git}"``, :119 ``clone_repo
"${repo}" …``, :86-92 ``clone_repo() { local repo=$1 … git clone … "${repo}" …}``). Each is a
download the script makes (``fetches``), cited where the address is written and where it is
fetched. The script is read, never run: a variable's value is the one its own function gives
it above the use, else the one the script's top level gives it; a function's argument is what
its calls in the same script pass; ``${X:-address}`` downloads the address unless the script
sets X itself. An address the script never writes (read from a file, the user's environment
alone) names nothing to cite.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.commands import Command, LogicalLine
from bringup.scan.extraction import SourceFile
from bringup.scan.fetches import WORDS, fetched, listed_downloads, signing_key
from bringup.scan.runners import run_through, runner_functions
from bringup.scan.shlayout import script_layout

_DECLARES = frozenset({"local", "export", "readonly", "declare", "typeset"})
_NAMED = lazyre.compile(r"^([A-Za-z_]\w*)=(.*)$", re.DOTALL)
_EXPANSION = lazyre.compile(r"^\$(?:\{([A-Za-z_]\w*|\d)(?:(:?-)([^{}]*))?\}|([A-Za-z_]\w*|\d))")
"""A word's leading expansion: ``$X``, ``${X}``, ``$1``, ``${X:-default}`` (group 3)."""
_ADDRESS = lazyre.compile(r"^(?:git\+)?(?:https?|ftp)://[^\s$]|^git@[\w.-]+:")
_DEPTH = 4
"""How many variables and calls one address is followed through."""

Place = tuple[str, int]
"""What a word resolves to: its text and the line the text was written on."""


class _Script:
    """A script's assignments and function calls, by the function each lies in."""

    def __init__(self, joined: list[LogicalLine], commands: Iterable[Command]) -> None:
        bodies, _ = script_layout(joined)
        self._owner: dict[int, str] = {}
        for name, indexes in bodies.items():
            for index in indexes:
                end = joined[index + 1].line if index + 1 < len(joined) else joined[index].line + 1
                for line in range(joined[index].line, end):
                    self._owner[line] = name
        self.assigned: dict[tuple[str, str], list[tuple[int, str]]] = {}
        self.calls: dict[str, list[tuple[int, tuple[str, ...]]]] = {}
        for command in commands:
            pairs = list(command.env) if not command.argv else []
            if command.argv[:1] and command.argv[0] in _DECLARES:
                named = (_NAMED.match(word) for word in command.argv[1:])
                pairs = [(m.group(1), m.group(2)) for m in named if m]
            owner = self.owner(command.line)
            for name, value in pairs:
                self.assigned.setdefault((owner, name), []).append((command.line, value))
            if command.argv and command.argv[0] in bodies and command.argv[0]:
                self.calls.setdefault(command.argv[0], []).append((command.line, command.argv))

    def owner(self, line: int) -> str:
        """The function the line lies in (``""``: the top level)."""
        return self._owner.get(line, "")

    def resolve(self, word: str, line: int, depth: int = 0) -> list[Place]:
        """The texts ``word`` may stand for at ``line``, each with the line it was written
        on: its leading expansion replaced by each value found (the rest as written)."""
        expansion = _EXPANSION.match(word)
        if expansion is None:
            return [(word, line)]
        if depth >= _DEPTH:
            return []
        name = expansion.group(1) or expansion.group(4)
        rest = word[expansion.end() :]
        values = self._values(name, line, depth)
        if expansion.group(2) and not values:  # ``${X:-default}``, X set nowhere here
            values = self.resolve(expansion.group(3) or "", line, depth + 1)
        return [(value + rest, at) for value, at in values]

    def _values(self, name: str, line: int, depth: int) -> list[Place]:
        owner = self.owner(line)
        if name.isdigit():  # a function's argument: what its calls pass
            calls = self.calls.get(owner, []) if owner else []
            index = int(name)
            return [
                place
                for at, argv in calls
                if index < len(argv)
                for place in self.resolve(argv[index], at, depth + 1)
            ]
        own = [(at, v) for at, v in self.assigned.get((owner, name), []) if at < line]
        sets = own or (self.assigned.get(("", name), []) if owner else [])
        if not owner:
            sets = [(at, v) for at, v in sets if at < line]
        return [place for at, value in sets for place in self.resolve(value, at, depth + 1)]


def _download_words(argv: tuple[str, ...]) -> tuple[str, ...]:
    """The words of a download command that may hold what it downloads."""
    program = argv[0].rsplit("/", 1)[-1] if argv else ""
    if program in ("wget", "curl"):
        return argv[1:]
    if program == "git" and (argv[1:2] == ("clone",) or argv[1:3] == ("submodule", "add")):
        return argv[2:]
    return ()


def variable_downloads(
    file: SourceFile,
    joined: list[LogicalLine],
    commands: list[Command],
    runners: frozenset[str],
) -> list[Requirement]:
    """The downloads of the script ``file`` whose address a variable or a function's
    argument holds, each cited where the address is written and where it is fetched."""
    downloading = [
        (command, words)
        for command in commands
        for argv in [run_through(command, runners)]
        for words in [_download_words(argv)]
        if words and fetched(command._replace(argv=argv)) is None
    ]
    if not downloading:
        return []
    script = _Script(joined, commands)
    found: dict[str, Requirement] = {}
    for command, words in downloading:
        resolved = (p for w in words if "$" in w for p in script.resolve(w, command.line))
        for text, at in resolved:
            if text in found or not _ADDRESS.match(text) or signing_key(text, command.text):
                continue
            need = file.requirement("network", text, at, text=WORDS + text, confidence="medium")
            also = () if at == command.line else (file.source(command.line),)
            found[text] = msgspec.structs.replace(need, also_at=also)
    return list(found.values())


def script_downloads(
    file: SourceFile, joined: list[LogicalLine], commands: list[Command]
) -> list[Requirement]:
    """Every download of the script ``file``: each URL it fetches as written, through a
    runner function of its own (``run_command wget -q "https://github.com/google/googletest/
    …"``, hicann/ops-blas install_deps.sh:491), from an array it loops over
    (``fetches.listed_downloads``) or from an address a variable holds."""
    runners = runner_functions(joined)
    urls = ((c, fetched(c._replace(argv=run_through(c, runners)))) for c in commands)
    return (
        [
            file.requirement("network", url, c.line, text=WORDS + url, confidence="medium")
            for c, url in urls
            if url is not None
        ]
        + listed_downloads(file, commands)
        + variable_downloads(file, joined, commands, runners)
    )
