"""What the ``setup(...)`` keywords of a ``setup.py`` require (``install_requires``,
``python_requires``, extras, the wheel's limited API), read with ``setup_values``' bounded
static evaluator; what it cannot evaluate is said computed, and a requirements file it names
is read. Kept apart from what ``setup_py`` reads with it (guards, messages, links,
architectures)."""

from __future__ import annotations

import ast
import posixpath

from bringup import lazyre
from bringup.model import Confidence, Requirement
from bringup.redaction import shortened
from bringup.scan import scopes
from bringup.scan.extraction import Finding, SourceFile
from bringup.scan.pydeps import add_python_requirement
from bringup.scan.setup_values import ValueReader
from bringup.subjects import python_subject

_REQUIREMENTS_FILE = lazyre.compile(r"[\w./-]*requirements[\w.-]*\.txt")
_LIMITED_API = lazyre.compile(r"cp(\d)(\d{1,2})")
_KEYWORDS = {
    "install_requires": (True, None),
    "setup_requires": (True, "build"),
    "tests_require": (False, "test"),
}


class Reader(ValueReader):
    def __init__(self, file: SourceFile, tree: ast.Module) -> None:
        super().__init__(tree)
        self.file = file
        self.requirements: list[Requirement] = []
        self.findings: list[Finding] = []
        self.includes: list[str] = []
        self.installs: list[tuple[str, int]] = []
        """The requirements files ``install_requires`` reads, each with the line that reads
        it: the package's own requirements, wherever the file lies."""
        self.provides: list[str] = []

    def computed(self, keyword: str, node: ast.expr) -> None:
        """A value the scan cannot see without running the script: say so, and read the
        requirements file it names, if it names one."""
        shown = shortened(ast.unparse(node), 60)
        self.findings.append(
            self.file.finding(
                "note",
                f"{keyword} is computed when setup.py runs ({shown}); not executed, not read",
                node.lineno,
            )
        )
        scope: list[ast.AST] = [node]
        opened: list[tuple[str, int]] = []
        for call in self.calls(node):
            function = self.functions.get(call.func.id) if isinstance(call.func, ast.Name) else None
            if function is not None:
                scope.append(function)
                opened += [
                    (path, call.lineno) for path in _opened(function, self.bound(function, call))
                ]
        base = self.file.rel.rpartition("/")[0]
        named = [
            (inner.value, getattr(inner, "lineno", node.lineno))
            for part in scope
            for inner in ast.walk(part)
            if isinstance(inner, ast.Constant) and isinstance(inner.value, str)
        ]
        for value, line in opened or named:
            if _REQUIREMENTS_FILE.fullmatch(value):
                path = posixpath.normpath(f"{base}/{value}" if base else value)
                self.includes.append(path)
                if keyword == "install_requires":
                    self.installs.append((path, line))

    def dependency_list(
        self, keyword: str, node: ast.expr, hard: bool, why: str | None, feature: str = ""
    ) -> None:
        self.unpacked = []
        values = self.strings(node)
        for unknown in [node] if values is None else self.unpacked:
            self.computed(keyword, unknown)
        for value, line in values or []:
            source = self.file.source(line)
            branch = line in self.partial
            add_python_requirement(
                self.requirements,
                self.findings,
                value,
                source,
                hard=hard and not branch,
                why=", ".join(w for w in (why, "in one branch" if branch else None) if w) or None,
                feature=feature,
            )

    def setup_call(self, call: ast.Call) -> None:
        for keyword in call.keywords:
            name, value = keyword.arg, keyword.value
            if name == "name":
                found = self.strings(value)
                if found:
                    self.provides.append(python_subject(found[0][0]))
            elif name == "python_requires":
                found = self.strings(value)
                if found is None:
                    self.computed(name, value)
                else:
                    spec, line = found[0]
                    self.add("python", spec.strip(), line, f"python_requires {spec}")
            elif name in _KEYWORDS:
                hard, why = _KEYWORDS[name]
                # what ``tests_require`` lists runs the tests (pytest>=3, Algebraic-Programming/
                # pytorch-hccl-tests setup.py:18-20 and :50): the tests feature's
                feature = scopes.TESTS if name == "tests_require" else ""
                self.dependency_list(name, value, hard, why, feature)
            elif name == "extras_require":
                self.extras(value)
            elif name == "options":
                self.limited_api(value)

    def limited_api(self, node: ast.expr) -> None:
        """``options={"bdist_wheel": {"py_limited_api": "cp310"}}`` (pytorch/ao setup.py:788):
        the wheel uses the stable ABI of CPython 3.10 and later, so the build needs Python 3.10
        or newer (ao's other side, a free-threaded Python, is newer still). Only the wheel
        command's options say what the wheel is: ``build_ext``'s ``py_limited_api`` names how
        extensions are compiled, no floor of the build. The options may be chosen by an
        expression (``{...} if USE else {}``, ``USE and {...}``): each dict it can give is read."""
        if isinstance(node, ast.IfExp):
            self.limited_api(node.body)
            self.limited_api(node.orelse)
        elif isinstance(node, ast.BoolOp):
            for value in node.values:
                self.limited_api(value)
        if not isinstance(node, ast.Dict):
            return
        for command, options in zip(node.keys, node.values):
            if not (isinstance(command, ast.Constant) and command.value == "bdist_wheel"):
                continue
            # the options as written or chosen by an expression (ao: ``{...} if ... else {}``)
            for inner in ast.walk(options):
                if not isinstance(inner, ast.Dict):
                    continue
                for key, value in zip(inner.keys, inner.values):
                    tag = value.value if isinstance(value, ast.Constant) else None
                    found = _LIMITED_API.fullmatch(tag) if isinstance(tag, str) else None
                    if isinstance(key, ast.Constant) and key.value == "py_limited_api" and found:
                        spec = f">={found.group(1)}.{found.group(2)}"
                        why = f"py_limited_api {found.group(0)}"
                        self.add("python", spec, value.lineno, why)

    def extras(self, node: ast.expr) -> None:
        if isinstance(node, ast.Name) and len(self.env.get(node.id, ())) == 1:
            node = self.env[node.id][0]
        if not isinstance(node, ast.Dict):
            self.computed("extras_require", node)
            return
        for key, value in zip(node.keys, node.values):
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                self.dependency_list(
                    "extras_require",
                    value,
                    False,
                    f"optional [{key.value}]",
                    scopes.extra_feature(key.value),
                )

    def add(
        self, subject: str, spec: str, line: int, text: str, *, confidence: Confidence = "high"
    ) -> None:
        self.requirements.append(
            self.file.requirement(subject, spec, line, text=text, confidence=confidence)
        )


def _opened(function: ast.FunctionDef, held: dict[str, str]) -> list[str]:
    """The paths ``function`` opens (``open(os.path.join(folder, filename))``), its
    parameters holding ``held``; none where a part is unknown."""
    found = []
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and _called(node.func) == "open" and node.args:
            path = _path(node.args[0], held)
            if path:
                found.append(path)
    return found


def _called(func: ast.expr) -> str:
    """The name a call calls: ``open``, ``join`` of ``os.path.join``."""
    return (
        func.id
        if isinstance(func, ast.Name)
        else func.attr
        if isinstance(func, ast.Attribute)
        else ""
    )


def _path(node: ast.expr, held: dict[str, str]) -> str:
    """The path ``node`` spells: a string, a parameter held, or ``os.path.join`` of those."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return held.get(node.id, "")
    if isinstance(node, ast.Call) and _called(node.func) == "join" and node.args:
        parts = [_path(a, held) for a in node.args]
        return posixpath.join(*parts) if all(parts) else ""
    return ""
