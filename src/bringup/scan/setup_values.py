"""A bounded static evaluator of ``setup.py`` (``ast``): the values module-level names may
hold and the strings an expression evaluates to, through names, conditional expressions,
sums of lists and the returns of the file's own functions. Apart from ``setup_reader``, which
reads the ``setup(...)`` keywords with it, so that each stays one reader's size."""

from __future__ import annotations

import ast

Located = list[tuple[str, int]]

MAX_EVALUATIONS = 20_000
"""The most expressions one file's reader evaluates (real setup.py files: a few hundred). A
name or a call is evaluated anew wherever it is used, once per value it may hold or per
``return``, so the work multiplies at each level the depth limit allows: 30 ``if``s each
returning ``f() + [...]`` (or rebinding ``x = x + [...]``) took minutes on a 60-line file."""


class ValueReader:
    """The values a ``setup.py``'s module-level names may hold and the strings an expression
    evaluates to, within ``MAX_EVALUATIONS``."""

    def __init__(self, tree: ast.Module) -> None:
        self.env: dict[str, list[ast.expr]] = {}
        _bind(tree.body, self.env)
        self.functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
        self.partial: set[int] = set()
        """Lines of values only some branches give (one side of ``if``/``else``): soft."""
        self.unpacked: list[ast.expr] = []
        """The unknown values a list unpacks (``*parse_requirements("requirements.txt")``):
        computed, as ``dependency_list`` says, beside the list's literal members."""
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
                if isinstance(element, ast.Starred):
                    # ``[..., "numpy", *deps]`` (traveller59/spconv setup.py:56, ``deps`` built
                    # with ``str.format``): the literal members are in the list whatever the
                    # unpacked name adds, when that is unknown (then computed: ``unpacked``)
                    unpacked = self.strings(element.value, depth + 1)
                    if unpacked is None:
                        self.note_unknown(element.value)
                    out.extend(unpacked or [])
                    continue
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
            return self.joined(node, depth)
        default = _environment_default(node)
        return None if default is None else self.strings(default, depth + 1)

    def joined(self, node: ast.BinOp, depth: int) -> Located | None:
        """The strings of ``a + b``. A list joined to one the file computes
        (``install_requires=["setuptools>=40.8.0", "packaging"] + DEPS``,
        ByteDance-Seed/Triton-distributed python/setup.py:1315, ``DEPS`` chosen by platform
        checks) holds its known members whatever the other side adds, as a starred member
        does (``unpacked``), be it written in place, named (``BASE + DEPS``) or itself a sum
        of lists; a string joined to an unknown one is unknown."""
        left, right = self.strings(node.left, depth + 1), self.strings(node.right, depth + 1)
        if left is not None and right is not None:
            return left + right
        for known, side, other in ((left, node.left, node.right), (right, node.right, node.left)):
            if known is not None and self.listed(side, depth + 1):
                self.note_unknown(other)
                return known
        return None

    def listed(self, node: ast.expr, depth: int) -> bool:
        """Whether ``node`` is a list whatever its members: a list or tuple written in place,
        a name bound to lists only, or a sum with a list in it."""
        if depth > 8:
            return False
        if isinstance(node, (ast.List, ast.Tuple)):
            return True
        if isinstance(node, ast.Name) and node.id in self.env:
            return all(self.listed(value, depth + 1) for value in self.env[node.id])
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return self.listed(node.left, depth + 1) or self.listed(node.right, depth + 1)
        return False

    def note_unknown(self, node: ast.expr) -> None:
        """Note a value a list takes in that the file computes (``unpacked``), once."""
        if node not in self.unpacked:
            self.unpacked.append(node)

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

    def calls(self, node: ast.expr, depth: int = 0) -> list[ast.Call]:
        """The calls ``node`` is, or a name it is bound to is (``install_requires =
        req_file("requirements.txt")``, microsoft/Megatron-DeepSpeed@f4157bea setup.py:47)."""
        if isinstance(node, ast.Call):
            return [node]
        if isinstance(node, ast.Name) and depth < 4:
            return [c for v in self.env.get(node.id, ()) for c in self.calls(v, depth + 1)]
        return []

    def bound(self, function: ast.FunctionDef, call: ast.Call) -> dict[str, str]:
        """The string each parameter of ``function`` holds in ``call``: its argument, else
        its default (``def req_file(filename, folder="megatron/core")``)."""
        params = function.args.args
        defaults = function.args.defaults
        pairs = [*zip(params[len(params) - len(defaults) :], defaults), *zip(params, call.args)]
        pairs += [(p, k.value) for k in call.keywords for p in params if p.arg == k.arg]
        held: dict[str, str] = {}
        for param, value in pairs:
            found = self.strings(value)
            if found is not None and len(found) == 1:
                held[param.arg] = found[0][0]
        return held


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


def _environment_default(node: ast.expr) -> ast.expr | None:
    """The default of an environment variable read (``os.environ.get("X", default)``,
    ``os.getenv("X", default)``): what the build uses unless the user sets X.
    ``setup(name=os.environ.get("TRITON_WHEEL_NAME", "triton_dist"))``
    (ByteDance-Seed/Triton-distributed python/setup.py:1309) names the distribution
    ``triton_dist``."""
    if not isinstance(node, ast.Call) or len(node.args) != 2 or node.keywords:
        return None
    func = node.func
    if not isinstance(func, ast.Attribute):
        return None
    owner = func.value
    getenv = func.attr == "getenv" and isinstance(owner, ast.Name) and owner.id == "os"
    environ_get = (
        func.attr == "get"
        and isinstance(owner, ast.Attribute)
        and owner.attr == "environ"
        and isinstance(owner.value, ast.Name)
        and owner.value.id == "os"
    )
    return node.args[1] if getenv or environ_get else None
