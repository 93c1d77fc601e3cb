"""What a Python build script (``setup.py``) needs besides versions, read from its syntax
tree, never run:

- ``env_var``: ``os.environ["X"]`` read where the script neither sets ``X``
  (``os.environ["X"] = ...``, ``setdefault``) nor tests it (``"X" in os.environ``,
  ``os.environ.get("X")``, ``os.getenv("X")``): the build raises ``KeyError`` without it.
- ``system_package``: ``shutil.which("ninja")`` tested by an ``if`` whose body fails
  (``if shutil.which("ninja") is None: raise RuntimeError(...)``; one that only warns or
  skips leaves an optional part out, see ``scan.outcomes``).
- ``network``: a download while building: ``urlretrieve``/``urlopen``/``requests.get`` or a
  ``git clone``/``wget``/``curl`` argv given to ``subprocess``; ``spec`` is the URL when it is
  written in the call, else the call.
- ``arch`` and ``os``: a platform guard whose branch raises or exits (``if platform.machine()
  not in ("x86_64", "aarch64"): raise``, ``if not sys.platform.startswith("linux"): raise``,
  an ``if``/``elif`` chain over ``platform.system()`` whose ``else`` raises): the values that
  pass, any of which will do. A guard that only excludes (``== "win32"``) names no need
  (read by ``pyplatforms``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

import msgspec

from bringup import backends, lazyre
from bringup.backends.base import Backend
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.fstrings import written
from bringup.scan.outcomes import dotted, python_outcome
from bringup.scan.pyfetches import helper_downloads
from bringup.scan.pynodes import nodes, string_constant
from bringup.scan.pyotheros import other_os_lines
from bringup.scan.pyplatforms import platforms
from bringup.scan.pyunset import unset_stops
from bringup.scan.shellguards import ASKS_TO_SET

_DOWNLOADERS = frozenset({"urlretrieve", "urlopen", "wget.download"})
_HTTP_GETS = frozenset({"requests.get", "httpx.get", "requests.request"})
_SUBPROCESS = frozenset(
    {"run", "call", "check_call", "check_output", "Popen", "system", "getoutput"}
)
_NAMED = lazyre.compile(r"\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b")
_ALWAYS_SET = frozenset({"PATH", "HOME", "USER", "PWD", "SHELL", "LANG", "TERM"})
"""Set in every login environment: reading one is no requirement."""
_FETCH_COMMANDS = (("git", "clone"), ("wget",), ("curl",))
"""Commands that download. Fetching the declared submodules (``git submodule update``) is the
``submodule`` requirements' own action, one per ``.gitmodules`` path, not a ``network`` need
of its own; the ``git`` it runs is (``runtools``)."""


def _environ(node: ast.expr) -> bool:
    return dotted(node) in ("os.environ", "environ")


def _strings(node: ast.AST) -> Iterator[str]:
    for inner in ast.walk(node):
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
            yield inner.value


def _environment(file: SourceFile, tree: ast.Module) -> list[Requirement]:
    handled: set[str] = set()
    reads: dict[str, int] = {}
    for node in nodes(tree):
        if isinstance(node, ast.Subscript) and _environ(node.value):
            key = string_constant(node.slice)
            if key is not None and isinstance(node.ctx, ast.Load):
                reads.setdefault(key, node.lineno)
            elif key is not None:
                handled.add(key)
        elif isinstance(node, ast.Compare) and any(_environ(c) for c in node.comparators):
            handled.update(k for k in [string_constant(node.left)] if k)
        elif isinstance(node, ast.Call) and node.args:
            name = dotted(node.func)
            key = string_constant(node.args[0])
            tests = name in ("os.getenv", "getenv") or name.endswith(("environ.get", "setdefault"))
            if key and tests:
                handled.add(key)
    return [
        file.requirement(
            "env_var", key, line, text=f'os.environ["{key}"]: the build fails when it is unset'
        )
        for key, line in sorted(reads.items(), key=lambda item: item[1])
        if key not in handled and key not in _ALWAYS_SET
    ]


def _tools(file: SourceFile, tree: ast.Module) -> list[Requirement]:
    found: list[Requirement] = []
    for node in nodes(tree):
        if not isinstance(node, ast.If) or python_outcome(node.body) != "fail":
            continue
        for call in ast.walk(node.test):
            if isinstance(call, ast.Call) and dotted(call.func) in ("shutil.which", "which"):
                tool = string_constant(call.args[0]) if call.args else None
                if tool is not None and not tool.startswith("python"):
                    text = f"{ast.unparse(node.test)}: the build stops without it"
                    found.append(file.requirement("system_package", tool, node.lineno, text=text))
    return found


def _fetch_argv(call: ast.Call, commands: tuple[tuple[str, ...], ...] = _FETCH_COMMANDS) -> bool:
    if not call.args:
        return False
    first = call.args[0]
    if isinstance(first, (ast.List, ast.Tuple)):
        words = tuple(w for w in (string_constant(e) for e in first.elts[:3]) if w is not None)
    else:
        text = string_constant(first)
        words = tuple(text.split()[:3]) if text else ()
    return any(words[: len(command)] == command for command in commands)


def _downloads(file: SourceFile, tree: ast.Module) -> list[Requirement]:
    """The downloads the script makes; a call given its URL as a value (a helper's
    ``urlopen(request)``) is the archives the script names (``pyfetches``)."""
    found: list[Requirement] = []
    for node in nodes(tree):
        if not isinstance(node, ast.Call):
            continue
        name = dotted(node.func)
        short = name.rsplit(".", 1)[-1]
        subprocess = (short in _SUBPROCESS and name.startswith(("subprocess.", "os."))) or (
            name in _SUBPROCESS
        )
        if short in _DOWNLOADERS or name in _HTTP_GETS or (subprocess and _fetch_argv(node)):
            urls = [s for s in _strings(node) if s.startswith(("http://", "https://", "git@"))]
            spec = urls[0] if urls else f"{name}(...)"
            text = f"{ast.unparse(node)[:160]}: downloads while building"
            found.append(file.requirement("network", spec, node.lineno, text=text))
    named = helper_downloads(file, tree) if any(r.spec.endswith("(...)") for r in found) else []
    if named:
        found = [r for r in found if not r.spec.endswith("(...)")] + named
    return found


def _asked_for(file: SourceFile, tree: ast.Module) -> list[Requirement]:
    """Variables a failing ``assert``/``raise`` asks the user to set, that the script reads
    ("Please set FLASH_MLA_DISABLE_SM100=1 to disable sm100 compilation", FlashMLA
    setup.py:39, a flag read through ``os.getenv``)."""
    constants = set(_strings(tree))
    switches = _switched(tree)
    found: list[Requirement] = []
    for node in nodes(tree):
        message: ast.expr | None = None
        if isinstance(node, ast.Assert):
            message = node.msg
        elif isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            message = node.exc.args[0]
        words = " ".join(_strings(message)) if message is not None else ""
        if not isinstance(node, ast.stmt) or not words or not ASKS_TO_SET.search(words):
            continue
        for name in dict.fromkeys(_NAMED.findall(words)):
            if name in constants and name not in _ALWAYS_SET and switches.get(id(node)) != name:
                text = f"{words[:160]}: the build stops unless it is set"
                need = _env_need(file, name, node, message, text)
                switch = switches.get(id(node))
                found.append(
                    msgspec.structs.replace(need, feature=f"env:{switch}") if switch else need
                )
    return found


def _env_need(
    file: SourceFile, name: str, node: ast.stmt, message: ast.expr | None, text: str
) -> Requirement:
    """An ``env_var`` a stopping statement states, cited where it starts, and where its
    message stands when that is another line (``raise RuntimeError(`` then the words,
    SageAttention setup.py:124-125)."""
    need = file.requirement("env_var", name, node.lineno, text=text)
    line = message.lineno if message is not None else node.lineno
    return (
        msgspec.structs.replace(need, also_at=(file.source(line),)) if line != node.lineno else need
    )


def _unset_name(test: ast.expr) -> str | None:
    """``X`` of ``X is None`` or ``not X``."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return test.operand.id if isinstance(test.operand, ast.Name) else None
    if isinstance(test, ast.Compare) and isinstance(test.ops[0], ast.Is):
        none = test.comparators[0]
        if (
            isinstance(test.left, ast.Name)
            and isinstance(none, ast.Constant)
            and none.value is None
        ):
            return test.left.id
    return None


def _stop_message(body: list[ast.stmt]) -> ast.expr | None:
    """The first argument of the first ``raise X(...)`` among ``body``."""
    for node in body:
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            return node.exc.args[0]
    return None


def _toolkits(registered: tuple[Backend, ...]) -> dict[str, str]:
    """Each backend's toolkit home variable with the toolkit it points at (``CUDA_HOME``:
    ``cuda``)."""
    return {
        home: backend.vocabulary.toolkit_subject
        for backend in registered
        if backend.vocabulary.toolkit_subject
        for home in backend.vocabulary.home_variables
    }


toolkit_homes = backends.per_registry(_toolkits)


def _home_unfound(file: SourceFile, tree: ast.Module) -> list[Requirement]:
    """The toolkit a script stops without, where it asks its build helper for the toolkit's
    home (``from torch.utils.cpp_extension import CUDA_HOME`` then ``if CUDA_HOME is None:
    raise RuntimeError("Cannot find CUDA_HOME. ...")``, thu-ml/SageAttention@d1a57a54
    setup.py:75-77). The helper finds the toolkit itself (the variable, else ``nvcc`` on the
    path, else ``/usr/local/cuda``): what is needed is the toolkit, never the variable (the
    truth conventions, C2: a read with a fallback is no ``env_var``)."""
    found: list[Requirement] = []
    for node in nodes(tree):
        if not isinstance(node, ast.If) or python_outcome(node.body) != "fail":
            continue
        name = _unset_name(node.test) or ""
        message = _stop_message(node.body)
        words = " ".join(_strings(message)) if message is not None else ""
        toolkit = toolkit_homes().get(name)
        if toolkit and name in words:
            said = written(message) if message is not None else None
            text = f"{ast.unparse(node.test)}: {(said or words)[:160]}"
            found.append(file.requirement(toolkit, "", node.lineno, text=text))
    return found


def _switched(tree: ast.Module) -> dict[int, str]:
    """The statements inside an ``if`` that reads an environment variable, with that
    variable: what they need is the need of the feature it switches on
    (TransformerEngine setup.py:65-68: ``MPI_HOME must be set when compiling with
    NVTE_UB_WITH_MPI=1``). The ``if`` may read it through a name or attribute assigned from
    the read, also one made by a helper that reads the variable it is given (torchao
    setup.py:163-169: ``self.build_kleidi_ai = self._os_bool_var("TORCHAO_BUILD_KLEIDIAI",
    default=False)`` then ``if self.build_kleidi_ai: assert self.build_cpu_aarch64,
    "TORCHAO_BUILD_KLEIDIAI requires TORCHAO_BUILD_CPU_AARCH64 be set"``: one opt-in switch
    asking for another, no need of a build that sets neither)."""
    readers = _env_readers(tree)
    bound: dict[str, str] = {}
    for node in nodes(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            reads = (_read_key(n, readers) for n in ast.walk(node.value))
            key = next((k for k in reads if k), None)
            target = dotted(node.targets[0])
            if key and target:
                bound[target] = key
    inside: dict[int, str] = {}
    for node in nodes(tree):
        if not isinstance(node, ast.If):
            continue
        keys = [
            k
            for n in ast.walk(node.test)
            for k in [_read_key(n, readers) or bound.get(_named_in_test(n), "")]
            if k
        ]
        for statement in node.body if keys else ():
            inside.update((id(n), keys[0]) for n in ast.walk(statement))
    return inside


def _named_in_test(node: ast.AST) -> str:
    """The name or attribute (``self.x``) a test reads, "" for anything else."""
    return dotted(node) if isinstance(node, (ast.Name, ast.Attribute)) else ""


def _env_readers(tree: ast.Module) -> frozenset[str]:
    """The functions that read the environment variable their first parameter names
    (``def _os_bool_var(self, var, default): return os.getenv(var, ...) == "1"``)."""
    found: set[str] = set()
    for node in nodes(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        params = [a.arg for a in node.args.args if a.arg not in ("self", "cls")]
        for call in ast.walk(node):
            if (
                params
                and isinstance(call, ast.Call)
                and call.args
                and isinstance(call.args[0], ast.Name)
                and call.args[0].id == params[0]
                and _env_call(call)
            ):
                found.add(node.name)
    return frozenset(found)


def _env_call(call: ast.Call) -> bool:
    name = dotted(call.func)
    return name in ("os.getenv", "getenv") or name.endswith("environ.get")


def _read_key(node: ast.AST, readers: frozenset[str] = frozenset()) -> str | None:
    """``X`` of ``os.getenv("X", ...)`` or ``os.environ.get("X", ...)``, or of a call to one
    of ``readers`` (``_env_readers``) given ``"X"``."""
    if not isinstance(node, ast.Call) or not node.args:
        return None
    reads = _env_call(node) or dotted(node.func).rsplit(".", 1)[-1] in readers
    return string_constant(node.args[0]) if reads else None


def python_vocabulary(file: SourceFile, tree: ast.Module) -> list[Requirement]:
    """The ``env_var``, ``system_package``, ``network``, ``arch`` and ``os`` requirements of a
    build script, but those of a branch taken on another OS only (``pyotheros``)."""
    found = (
        _environment(file, tree)
        + _asked_for(file, tree)
        + unset_stops(file, tree)
        + _home_unfound(file, tree)
        + _tools(file, tree)
        + _downloads(file, tree)
        + platforms(file, tree)
    )
    elsewhere = other_os_lines(tree)
    return [need for need in found if need.source.line not in elsewhere]
