"""The programs a Python build script runs (``setup.py``, ``build.py``): its calls of
``subprocess``/``os`` however the file imports them, and of its own functions that run what
they are given. Apart from ``bringup.scan.runtools`` (which tools count, and shell and CMake
runs) because ``gitversion`` reads the same calls for the versions they ask."""

from __future__ import annotations

import ast

from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.outcomes import dotted
from bringup.scan.pynodes import nodes
from bringup.scan.runtools import cited_tools, tool_needed
from bringup.scan.statuscheck import status_commands

SUBPROCESS_CALLS = frozenset(
    {"run", "call", "check_call", "check_output", "Popen", "system", "getoutput",
     "getstatusoutput"}
)  # fmt: skip


def command_words(node: ast.expr) -> list[str]:
    """The first words of a command given to ``subprocess``: an argv list's leading strings,
    a command line's words (an f-string's up to its first substitution)."""
    if isinstance(node, (ast.List, ast.Tuple)):
        words: list[str] = []
        for element in node.elts[:4]:
            if not (isinstance(element, ast.Constant) and isinstance(element.value, str)):
                break
            words.append(element.value)
        return words
    if isinstance(node, ast.JoinedStr) and node.values:
        node = node.values[0]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.split()[:4]
    return []


def _named_at(command: ast.expr) -> int:
    """The line naming the program: an argv written over several lines is cited at its first
    word (TransformerEngine setup.py:313-314 ``check_output(`` then ``["git", ...``; apex
    setup.py:715-716 ``[`` then ``"git",``)."""
    if isinstance(command, (ast.List, ast.Tuple)) and command.elts:
        return command.elts[0].lineno
    return command.lineno


def imported_names(tree: ast.Module) -> dict[str, str]:
    """The names the file imports, each with what it stands for (``from subprocess import
    check_output``: ``check_output`` is ``subprocess.check_output``; ``import subprocess as
    sp``: ``sp`` is ``subprocess``)."""
    names: dict[str, str] = {}
    for node in nodes(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.update((a.asname or a.name, f"{node.module}.{a.name}") for a in node.names)
        elif isinstance(node, ast.Import):
            names.update((a.asname, a.name) for a in node.names if a.asname)
    return names


def called_name(call: ast.Call, names: dict[str, str]) -> str:
    """The dotted name ``call`` calls, its first part read through the file's imports."""
    head, _, rest = dotted(call.func).partition(".")
    whole = names.get(head, head)
    return f"{whole}.{rest}" if rest else whole


def runs_program(call: ast.Call, names: dict[str, str]) -> bool:
    """Whether ``call`` runs a program through ``subprocess`` or ``os``, however the file
    imports them (``subprocess.run``, ``sp.run``, ``check_output`` from ``subprocess``)."""
    name = called_name(call, names)
    return name.startswith(("subprocess.", "os.")) and name.rsplit(".", 1)[-1] in SUBPROCESS_CALLS


def _runners(tree: ast.Module, names: dict[str, str]) -> frozenset[str]:
    """The functions and methods that run the command they are given: a ``subprocess`` call
    of one of their parameters (Ascend msopprof download_dependencies.py:51-55
    ``def _exec_shell_cmd(self, cmd, ...)`` ... ``subprocess.run(cmd, cwd=cwd, check=True)``)."""
    found = set()
    for node in nodes(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        given = {a.arg for a in (*node.args.args, *node.args.kwonlyargs)}
        for call in nodes(node):
            if isinstance(call, ast.Call) and call.args and runs_program(call, names):
                first = call.args[0]
                if isinstance(first, ast.Name) and first.id in given:
                    found.add(node.name)
    return frozenset(found)


def _argv(node: ast.expr, lists: dict[str, ast.expr]) -> ast.expr:
    """The written command, also a list the file binds to a name and extends (msopprof
    download_dependencies.py:79-83 ``base = ["git", "submodule", "update", ...]`` then
    ``base + ["--recursive"] + third``): its ``command_words`` are the command's, and the line
    naming the program is the list's."""
    while isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        node = node.left
    if isinstance(node, ast.Name) and node.id in lists:
        node = lists[node.id]
    return node


def build_script_tools(file: SourceFile, tree: ast.Module) -> list[Requirement]:
    """The tools a Python build script runs (``setup.py``; ``build.py``,
    ``download_dependencies.py``: the route of Ascend's MindStudio tools, msopprof
    build.py:141 ``self._execute_command(["make", "-j", str(self.build_jobs)])``; FlashMLA
    setup.py:52 ``subprocess.run(["git", "submodule", "update", ...])``), through
    ``subprocess`` or a function of its own that runs what it is given (``_runners``)."""
    names = imported_names(tree)
    runners = _runners(tree, names)
    lists: dict[str, ast.expr] = {}
    for node in nodes(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, (ast.List, ast.Tuple)):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    lists.setdefault(target.id, node.value)
    places = []
    for node in nodes(tree):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        callee = dotted(node.func).rsplit(".", 1)[-1]
        if callee in runners or runs_program(node, names):
            written = _argv(node.args[0], lists)
            program = tool_needed(command_words(written))
            if program:
                places.append((program, _named_at(written), ast.unparse(node)))
    return cited_tools(file, sorted(places, key=lambda place: place[1]))


def device_probes(file: SourceFile, tree: ast.Module) -> list[Requirement]:
    """The drivers whose status program ``setup.py`` runs or looks for to detect the devices
    it builds for (``subprocess.check_output(["nvidia-smi", "--query-gpu=compute_cap", ...])``,
    ``shutil.which("npu-smi")``): the program ships with the driver, so the build's probe
    needs it. Soft: a build that finds no device may fall back to a default target."""
    programs = {command[0]: subject for command, subject in status_commands()}
    names = imported_names(tree)
    found: dict[str, Requirement] = {}
    for node in nodes(tree):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        runs = runs_program(node, names)
        words = (
            command_words(node.args[0])
            if runs or called_name(node, names) == "shutil.which"
            else []
        )
        subject = programs.get(words[0].rsplit("/", 1)[-1]) if words else None
        if subject is not None and subject not in found:
            does = f"runs {' '.join(words)}" if runs else f"looks for {words[0]}"
            found[subject] = file.requirement(
                subject,
                "",
                _named_at(node.args[0]),
                text=f"setup.py {does}: detects the devices through the driver",
                confidence="medium",
                hard=False,
            )
    return list(found.values())
