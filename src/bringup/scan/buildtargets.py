"""The directories a build command builds, as its arguments name them (``routedirs``):
``make -C DIR``, ``cmake -S DIR``, ``go build ./cmd/x``, ``cargo build --manifest-path``,
``python DIR/setup.py``, ``pip install DIR`` (or ``pip wheel DIR``: rapidsai/rmm README.md:130
builds ``./python/librmm``'s wheel first), a build script run by its path."""

from __future__ import annotations

import re
from posixpath import dirname

from bringup import lazyre
from bringup.scan.commands import option_value, program_name

REPO_PATH = "\x04"
"""Marks a path the script reader resolved relative to the repo's root (``\\x04cli/src``; the
root is ``\\x04.``): a build command's argument holding one names a directory."""
_BUILD_SCRIPT = lazyre.compile(r"(?:^|[/_-])(?:build|compile)[\w.-]*\.sh$", re.IGNORECASE)
_GO_VALUED = frozenset(
    {"-o", "-ldflags", "-gcflags", "-asmflags", "-tags", "-mod", "-p", "-buildmode", "-pkgdir"}
    | {"-toolexec", "-exec", "-modfile", "-overlay", "-pgo", "-C", "-compiler", "-gccgoflags"}
)
_CMAKE_VALUED = frozenset({"-B", "-G", "-T", "-A", "-C", "-D", "-U", "-W", "--preset"})


def built_targets(argv: tuple[str, ...]) -> list[str]:
    """The directories (as written, ``.`` for the one it runs in) a build command builds:
    ``make [-C DIR]``, ``cmake -S DIR`` or ``cmake DIR`` (not ``cmake --build``, a build
    tree), ``go build|install [PATH]``, ``cargo build|install [--manifest-path FILE]``,
    ``python DIR/setup.py``, ``pip install|wheel DIR``, a build script run (``bash DIR/build.sh``);
    none for any other command."""
    program, args = program_name(argv), argv[1:]
    if program in ("make", "gmake"):
        return [option_value(args, "-C") or "."]
    if program == "cmake":
        if any(a in ("--build", "--install", "-E", "-P") for a in args):
            return []
        source = option_value(args, "-S")
        return [source] if source else _positional(args, _CMAKE_VALUED)[:1]
    if program == "go" and args[:1] in (("build",), ("install",)):
        paths = [
            dirname(a) or "." if a.endswith(".go") else a.replace("/...", "") or "."
            for a in _positional(args[1:], _GO_VALUED)
            if a.startswith((".", REPO_PATH)) or a.endswith(".go")
        ]
        return paths or ["."]
    if program == "cargo" and args[:1] in (("build",), ("install",)):
        manifest = option_value(args, "--manifest-path")
        return [dirname(manifest) or "."] if manifest else ["."]
    if program.startswith("python") and args[:1] and args[0].endswith("setup.py"):
        return [dirname(args[0]) or "."]
    if program.startswith("python") and args[:2] == ("-m", "pip"):
        program, args = "pip", args[2:]
    if program in ("pip", "pip3") and args[:1] in (("install",), ("wheel",)):
        return [a for a in args[1:] if a == "." or a.startswith(("./", "../", REPO_PATH))]
    if program in ("bash", "sh") and args:
        script = args[0]
    else:  # a script run by its path (``./build.sh``), not a program on PATH
        script = argv[0] if argv and "/" in argv[0] else ""
    return [dirname(script) or "."] if _BUILD_SCRIPT.search(script) else []


def _positional(args: tuple[str, ...], valued: frozenset[str]) -> list[str]:
    """The arguments that are no option nor an option's value."""
    found: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg.startswith("-"):
            skip = arg in valued
        else:
            found.append(arg)
    return found
