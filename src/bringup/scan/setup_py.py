"""``setup.py`` read with ``ast``, never executed or imported: a setup script runs arbitrary
code (it may write files, download, build), and reading requirements must not.

Read statically: the ``setup(...)`` keywords (``python_requires``, ``install_requires``,
``extras_require``, ``setup_requires``, ``name``) whether written inline or through module
constants; ``sys.version_info`` guards that raise; messages of ``raise`` statements ("only
supported on 11.6 and above"); extension builders that need a toolkit (a backend's
``Vocabulary.extensions``); libraries it links (``scan.linked``); ``import torch`` at build
time; ``-gencode`` architectures.
What is computed at run time is reported as a finding naming the call, and a requirements
file it names is read instead.
"""

from __future__ import annotations

import ast
import re
from typing import Union

import msgspec

from bringup import backends, lazyre
from bringup.model import Confidence, Requirement
from bringup.scan import scopes
from bringup.scan.architectures import Targets, flagged, listed, targets
from bringup.scan.devices import lowest_architecture
from bringup.scan.extraction import Extraction, Finding, SourceFile
from bringup.scan.linked import linked_in, provider
from bringup.scan.outcomes import python_outcome
from bringup.scan.prose import read_line
from bringup.scan.pydeps import add_python_requirement
from bringup.scan.pyguards import python_vocabulary
from bringup.scan.runtools import setup_tools
from bringup.scan.trove import os_classifiers
from bringup.subjects import frameworks, python_subject

Located = list[tuple[str, int]]
_REQUIREMENTS_FILE = lazyre.compile(r"[\w./-]*requirements[\w.-]*\.txt")
_BUILD_IMPORTS = {
    "torch": "torch",
    "wheel": "pypi:wheel",
    "packaging": "pypi:packaging",
    "setuptools_scm": "pypi:setuptools-scm",
    "pybind11": "pypi:pybind11",
    "numpy": "pypi:numpy",
    "Cython": "pypi:cython",
    "cmake": "pypi:cmake",
    "ninja": "pypi:ninja",
}
"""Modules a setup script imports at build time, so they must be installed before it runs."""
_STD = lazyre.compile(r"-std=(?:c|gnu)\+\+(\d\d)")
_KEYWORDS = {
    "install_requires": (True, None),
    "setup_requires": (True, "build"),
    "tests_require": (False, "test"),
}


MAX_EVALUATIONS = 20_000
"""The most expressions one file's reader evaluates (real setup.py files: a few hundred). A
name or a call is evaluated anew wherever it is used, once per value it may hold or per
``return``, so the work multiplies at each level the depth limit allows: 30 ``if``s each
returning ``f() + [...]`` (or rebinding ``x = x + [...]``) took minutes on a 60-line file."""


class _Reader:
    def __init__(self, file: SourceFile, tree: ast.Module) -> None:
        self.file = file
        self.env: dict[str, list[ast.expr]] = {}
        _bind(tree.body, self.env)
        self.functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
        self.partial: set[int] = set()
        """Lines of values only some branches give (one side of ``if``/``else``): soft."""
        self.requirements: list[Requirement] = []
        self.findings: list[Finding] = []
        self.includes: list[str] = []
        self.provides: list[str] = []
        self.budget = MAX_EVALUATIONS

    def strings(self, node: ast.expr, depth: int = 0) -> Located | None:
        """The strings a static expression evaluates to, each with its line; unknown past
        ``MAX_EVALUATIONS`` for the file."""
        self.budget -= 1
        if depth > 8 or self.budget < 0:
            return None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [(node.value, node.lineno)]
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            out: Located = []
            for element in node.elts:
                inner = self.strings(element, depth + 1)
                if inner is None:
                    return None
                out.extend(inner)
            return out
        if isinstance(node, ast.Name) and node.id in self.env:
            return self.either([self.strings(v, depth + 1) for v in self.env[node.id]])
        if isinstance(node, ast.IfExp):
            return self.either(
                [self.strings(node.body, depth + 1), self.strings(node.orelse, depth + 1)]
            )
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            return self.returned(node.func.id, None, depth)
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name)
            and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, int)
        ):
            return self.returned(node.value.func.id, node.slice.value, depth)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left, right = self.strings(node.left, depth + 1), self.strings(node.right, depth + 1)
            if left is None or right is None:
                return None
            return left + right
        return None

    def returned(self, name: str, index: int | None, depth: int) -> Located | None:
        """The strings a function of this file returns (its ``index``-th value when it returns
        several), read in its own names: TransformerEngine setup.py:115-142 builds
        ``install_reqs`` and ``test_reqs`` from literal lists and returns both. What its
        ``.extend``/``.append`` calls add from other calls is not seen."""
        function = self.functions.get(name)
        if function is None:
            return None
        local = dict(self.env)
        _bind(function.body, local)
        _grown(function, local)
        found: list[Located | None] = []
        for node in ast.walk(function):
            if isinstance(node, ast.Return) and node.value is not None:
                picked = _element(node.value, index) if index is not None else node.value
                outer, self.env = self.env, local
                try:
                    found.append(None if picked is None else self.strings(picked, depth + 1))
                finally:
                    self.env = outer
        return self.either(found) if found else None

    def either(self, choices: list[Located | None]) -> Located | None:
        """The strings of any of ``choices`` (the values a name may hold, the two sides of a
        conditional expression); those not in every choice are marked ``partial``."""
        if any(choice is None for choice in choices):
            return None
        known = [c for c in choices if c is not None]
        out: Located = []
        for value, line in (found for choice in known for found in choice):
            if not all(value in (v for v, _ in choice) for choice in known):
                self.partial.add(line)
            if (value, line) not in out:
                out.append((value, line))
        return out

    def computed(self, keyword: str, node: ast.expr) -> None:
        """A value the scan cannot see without running the script: say so, and read the
        requirements file it names, if it names one."""
        shown = ast.unparse(node)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        self.findings.append(
            self.file.finding(
                "note",
                f"{keyword} is computed when setup.py runs ({shown}); not executed, not read",
                node.lineno,
            )
        )
        scope: list[ast.AST] = [node]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            function = self.functions.get(node.func.id)
            if function is not None:
                scope.append(function)
        base = self.file.rel.rpartition("/")[0]
        for part in scope:
            for inner in ast.walk(part):
                value = inner.value if isinstance(inner, ast.Constant) else None
                if isinstance(value, str) and _REQUIREMENTS_FILE.fullmatch(value):
                    self.includes.append(f"{base}/{value}" if base else value)

    def dependency_list(
        self, keyword: str, node: ast.expr, hard: bool, why: str | None, feature: str = ""
    ) -> None:
        values = self.strings(node)
        if values is None:
            self.computed(keyword, node)
            return
        for value, line in values:
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
                self.dependency_list(name, value, hard, why)
            elif name == "extras_require":
                self.extras(value)

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


def _element(node: ast.expr, index: int) -> ast.expr | None:
    """The ``index``-th value of a returned tuple or list, also through a comprehension over
    a literal list (``[remove_dups(r) for r in [install_reqs, test_reqs]]``), whose function
    is taken to keep what it is given."""
    if isinstance(node, ast.ListComp) and len(node.generators) == 1:
        node = node.generators[0].iter
    if isinstance(node, (ast.Tuple, ast.List)) and 0 <= index < len(node.elts):
        return node.elts[index]
    return None


def _grown(function: ast.FunctionDef, env: dict[str, list[ast.expr]]) -> None:
    """Literal lists a function's ``name.extend([...])``/``name.append("...")`` add to a
    list it built, as one more value the name holds besides the list (``BinOp`` of both)."""
    for node in ast.walk(function):
        call = node.value if isinstance(node, ast.Expr) else None
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)):
            continue
        owner, method = call.func.value, call.func.attr
        if not isinstance(owner, ast.Name) or owner.id not in env or len(call.args) != 1:
            continue
        added = call.args[0]
        if method == "append" and isinstance(added, ast.Constant):
            added = ast.List(elts=[added], ctx=ast.Load())
        if method in ("append", "extend") and isinstance(added, (ast.List, ast.Tuple)):
            env[owner.id] = [ast.BinOp(left=v, op=ast.Add(), right=added) for v in env[owner.id]]


def _bind(body: list[ast.stmt], env: dict[str, list[ast.expr]]) -> None:
    """The values each module-level name may hold after ``body``: the last assignment, or
    after an ``if``/``else`` that assigns it, any branch's (flash-attention setup.py:751-761
    binds ``install_requires`` to one literal list per backend). A tuple assigned from a call
    binds each name to its part of what the call returns (``install_requires, test_requires =
    setup_requirements()``)."""
    for node in body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value:
            env[node.target.id] = [node.value]
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                env[target.id] = [node.value]
            elif isinstance(target, ast.Tuple) and isinstance(node.value, ast.Call):
                for index, element in enumerate(target.elts):
                    if isinstance(element, ast.Name):
                        part = ast.Subscript(value=node.value, slice=ast.Constant(index))
                        env[element.id] = [part]
        elif isinstance(node, ast.If):
            branches = []
            for branch in (node.body, node.orelse):
                inner = dict(env)
                _bind(branch, inner)
                branches.append(inner)
            for name in {*branches[0], *branches[1]}:
                held: list[ast.expr] = []
                for value in (v for b in branches for v in b.get(name, ())):
                    if not any(value is h for h in held):
                        held.append(value)
                env[name] = held


def _called_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _version_guard(node: ast.If) -> str | None:
    """``if sys.version_info < (3, 8): raise ...`` as the Python spec it enforces."""
    test = node.test
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return None
    left, right = test.left, test.comparators[0]
    if not (isinstance(left, ast.Attribute) and left.attr == "version_info"):
        return None
    if not isinstance(right, ast.Tuple) or not all(
        isinstance(e, ast.Constant) and isinstance(e.value, int) for e in right.elts
    ):
        return None
    version = ".".join(str(e.value) for e in right.elts if isinstance(e, ast.Constant))
    if python_outcome(node.body) != "fail":
        return None
    flipped: dict[type[ast.cmpop], str] = {ast.Lt: ">=", ast.LtE: ">", ast.GtE: "<", ast.Gt: "<="}
    operator = flipped.get(type(test.ops[0]))
    return f"{operator}{version}" if operator else None


def _message(node: ast.Raise) -> str | None:
    exc: Union[ast.expr, None] = node.exc
    if isinstance(exc, ast.Call) and exc.args:
        first = exc.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value
        if isinstance(first, ast.JoinedStr):
            return "".join(
                part.value
                if isinstance(part, ast.Constant) and isinstance(part.value, str)
                else " "
                for part in first.values
            )
    return None


def _linked(reader: _Reader, tree: ast.Module) -> dict[str, tuple[int, str]]:
    """The toolkit each linked library comes from, first place named: ``-l`` flags in any
    string, names in ``libraries=[...]``."""
    linked: dict[str, tuple[int, str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "libraries":
            for name, line in reader.strings(node.value) or []:
                known = provider(name)
                if known is not None:
                    linked.setdefault(known[0], (line, f"libraries: {name} ({known[1]})"))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            for subject, why, flag in linked_in(node.value):
                linked.setdefault(subject, (node.lineno, f"links {flag} ({why})"))
    return linked


def extract_setup_py(file: SourceFile) -> Extraction:
    """What ``setup.py`` states, read from its syntax tree."""
    try:
        tree = ast.parse(file.text, filename=file.ref)
    except (SyntaxError, ValueError) as error:
        line = getattr(error, "lineno", None)
        return Extraction(findings=(file.finding("invalid", f"not valid Python: {error}", line),))
    except (MemoryError, RecursionError):  # CPython's parser stack overflows on deep nesting
        return Extraction(findings=(file.finding("invalid", "too deeply nested to parse"),))
    reader = _Reader(file, tree)
    reader.requirements.extend(
        [*python_vocabulary(file, tree), *os_classifiers(file), *setup_tools(file, tree)]
    )
    archs = _architectures(reader, tree)
    toolkits: dict[str, list[int]] = {}
    extensions = {k: v for b in backends.registered() for k, v in b.vocabulary.extensions.items()}
    standards: tuple[str, int] | None = None
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _called_name(node) == "setup":
            reader.setup_call(node)
        elif isinstance(node, ast.Call) and _called_name(node) in extensions:
            toolkits.setdefault(extensions[_called_name(node)], []).append(node.lineno)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
            )
            for name in names:
                root = name.split(".")[0]
                imported = _BUILD_IMPORTS.get(root) or (root if root in frameworks() else None)
                if imported is not None:
                    toolkits.setdefault(imported, []).append(node.lineno)
        elif isinstance(node, ast.If):
            spec = _version_guard(node)
            if spec is not None:
                reader.add("python", spec, node.lineno, ast.unparse(node.test))
        elif isinstance(node, ast.Raise):
            message = _message(node)
            if message:
                for mention in read_line(message, required=True):
                    if mention.spec:
                        reader.add(
                            mention.subject,
                            mention.spec,
                            node.lineno,
                            mention.text,
                            confidence=mention.confidence,
                        )
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            standard = _STD.search(node.value)
            if standard and standards is None:
                standards = (standard.group(1), node.lineno)
    for subject, (line, words) in sorted(_linked(reader, tree).items(), key=lambda i: i[1]):
        reader.add(subject, "", line, words, confidence="medium")
    optional = _optional_lines(tree)
    firsts = {s: min(ls, key=lambda n: (n in optional, n)) for s, ls in toolkits.items()}
    for subject, line in sorted(firsts.items(), key=lambda item: item[1]):
        builds = subject in {b.vocabulary.toolkit_subject for b in backends.registered()}
        words = "setup.py builds with it" if builds else "setup.py imports it"
        reader.add(subject, "", line, words, confidence="medium")
    if standards is not None:
        reader.add("cxx_standard", f">={standards[0]}", standards[1], f"-std=c++{standards[0]}",
                   confidence="medium")  # fmt: skip
    for target, found in archs.items():
        lowest = lowest_architecture(found)
        if lowest is not None:
            spec, line, names = lowest
            words = f"builds for {target.label} architectures " + ", ".join(names)
            reader.add(target.subject, spec, line, words, confidence="medium")
    return Extraction(
        requirements=tuple(
            msgspec.structs.replace(r, hard=False) if r.source.line in optional else r
            for r in reader.requirements
        ),
        findings=tuple(reader.findings),
        provides=tuple(reader.provides),
        includes=tuple(reader.includes),
    )


_SUPPORTED = lazyre.compile(
    r"^_?(?:SUPPORTED|VALID|ALLOWED)_(?:\w+_)?(?:ARCHS?|ARCHITECTURES|CAPABILITIES|SMS?)$",
    re.IGNORECASE,
)
"""A name for the device architectures a build supports (``SUPPORTED_ARCHS = {"8.0", "8.6",
"9.0"}``, SageAttention setup.py:48): the oldest is the least the device must be. A list of CPU
architectures or of other words parses as no device architecture and is not read."""


def _architectures(reader: _Reader, tree: ast.Module) -> dict[Targets, list[tuple[str, int]]]:
    """The device architectures the script builds for: named by compiler flags in its
    strings (``sm_80``), or listed as the supported ones (``_SUPPORTED``)."""
    archs: dict[Targets, list[tuple[str, int]]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            for target, arch in flagged(node.value):
                archs.setdefault(target, []).append((arch, node.lineno))
        elif isinstance(node, ast.Assign) and targets() and _supported_list(node):
            found = [(listed(v), line) for v, line in reader.strings(node.value) or []]
            if found and all(len(names) == 1 for names, _ in found):
                archs.setdefault(targets()[0], []).extend((n[0], line) for n, line in found)
    return archs


def _supported_list(node: ast.Assign) -> bool:
    return any(isinstance(t, ast.Name) and _SUPPORTED.match(t.id) for t in node.targets)


def _optional_lines(tree: ast.Module) -> frozenset[int]:
    """The lines of branches taken only when an optional build flag is given (``if
    "--cuda_ext" in sys.argv:``, ``if has_flag("--cudnn_gbn", "APEX_CUDNN_GBN"):``): what
    they need is what that optional extension needs, soft for the repo."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and any(
            isinstance(c, ast.Constant) and isinstance(c.value, str) and c.value.startswith("--")
            for c in ast.walk(node.test)
        ):
            for statement in node.body:
                end = statement.end_lineno or statement.lineno
                lines.update(range(statement.lineno, end + 1))
    return frozenset(lines)
