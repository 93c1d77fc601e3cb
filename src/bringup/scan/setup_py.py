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
import io
import re
import tokenize
from typing import Union

import msgspec

from bringup import backends, lazyre
from bringup.model import Requirement
from bringup.scan.architectures import Targets, flagged, listed, lowest_architecture, targets
from bringup.scan.buildguards import build_devices, required_names
from bringup.scan.cmake_standard import STD_DRAFTS, STD_FLAG
from bringup.scan.devicecode import DEVICE_CODE_ONLY, device_code_only
from bringup.scan.devices import stated_floors
from bringup.scan.extensionstd import setup_standard
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.fstrings import Message, message
from bringup.scan.linked import linked_in, provider
from bringup.scan.mention import Mention
from bringup.scan.outcomes import python_outcome
from bringup.scan.prose import read_line
from bringup.scan.pyguards import python_vocabulary
from bringup.scan.pynodes import nodes
from bringup.scan.pyruns import build_script_tools, device_probes
from bringup.scan.setup_reader import Reader
from bringup.scan.setupinstalls import setup_installs
from bringup.scan.trove import os_classifiers
from bringup.subjects import frameworks

BUILD_IMPORTS = {
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
_STD = lazyre.compile(STD_FLAG)


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


def _message(node: ast.Raise) -> Message | None:
    """The words of ``raise X("...")``'s first argument, a string or an f-string."""
    exc: Union[ast.expr, None] = node.exc
    if isinstance(exc, ast.Call) and exc.args:
        return message(exc.args[0])
    return None


def _linked(reader: Reader, tree: ast.Module) -> dict[str, tuple[int, str]]:
    """The toolkit each linked library comes from, first place named: ``-l`` flags in any
    string, names in ``libraries=[...]``."""
    linked: dict[str, tuple[int, str]] = {}
    for node in nodes(tree):
        if isinstance(node, ast.keyword) and node.arg == "libraries":
            for name, line in reader.strings(node.value) or []:
                known = provider(name)
                if known is not None:
                    linked.setdefault(known[0], (line, f"libraries: {name} ({known[1]})"))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            for subject, why, flag in linked_in(node.value):
                linked.setdefault(subject, (node.lineno, f"links {flag} ({why})"))
    return linked


def _chosen_builders(
    file: SourceFile, tree: ast.Module, extensions: dict[str, str], built: set[str]
) -> list[Requirement]:
    """The toolkits whose extension builder or home the script names but never calls
    (``Extension = CppExtension if suffix == 'cpu' else CUDAExtension``, ``WITH_CUDA =
    CUDA_HOME is not None``, rusty1s/pytorch_scatter@648dda3c setup.py:19,95), less those
    ``built`` by a call: the build uses the toolkit where it finds it and goes on without
    (soft), cited where first named; one named in a condition whose other branch fails
    (``buildguards``) is needed (hard), cited there."""
    called = {id(node.func) for node in nodes(tree) if isinstance(node, ast.Call)}
    needed = required_names(tree)
    first: dict[str, tuple[bool, int]] = {}
    for node in nodes(tree):
        if isinstance(node, ast.Name) and node.id in extensions and id(node) not in called:
            subject = extensions[node.id]
            place = (id(node) not in needed, node.lineno)
            first[subject] = min(first.get(subject, place), place)
    return [
        file.requirement(subject, "", line, text=_CHOSEN[optional], confidence="medium",
                         hard=not optional)
        for subject, (optional, line) in sorted(first.items(), key=lambda item: item[1][1])
        if subject not in built
    ]  # fmt: skip


_CHOSEN = {
    True: "setup.py builds with it where it is there",
    False: "setup.py stops without it (the other branch of its condition fails)",
}


def extract_setup_py(file: SourceFile) -> Extraction:
    """What ``setup.py`` states, read from its syntax tree."""
    try:
        tree = ast.parse(file.text, filename=file.ref)
    except (SyntaxError, ValueError) as error:
        line = getattr(error, "lineno", None)
        return Extraction(findings=(file.finding("invalid", f"not valid Python: {error}", line),))
    except (MemoryError, RecursionError):  # CPython's parser stack overflows on deep nesting
        return Extraction(findings=(file.finding("invalid", "too deeply nested to parse"),))
    reader = Reader(file, tree)
    reader.requirements.extend(
        [
            *python_vocabulary(file, tree),
            *os_classifiers(file),
            *build_script_tools(file, tree),
            *device_probes(file, tree),
            *build_devices(file, tree),
        ]
    )
    archs = _architectures(reader, tree)
    for line, mention in _comment_floors(file.text):
        reader.add(mention.subject, mention.spec, line, mention.text, confidence="medium")
    toolkits: dict[str, list[int]] = {}
    extensions = {k: v for b in backends.registered() for k, v in b.vocabulary.extensions.items()}
    standards: tuple[str, int] | None = None
    for node in nodes(tree):
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
                imported = BUILD_IMPORTS.get(root) or (root if root in frameworks() else None)
                if imported is not None:
                    toolkits.setdefault(imported, []).append(node.lineno)
        elif isinstance(node, ast.If):
            spec = _version_guard(node)
            if spec is not None:
                reader.add("python", spec, node.lineno, ast.unparse(node.test))
        elif isinstance(node, ast.Raise):
            said = _message(node)
            if said is not None and said.words:
                for mention in read_line(said.words, required=True):
                    if mention.spec:
                        reader.add(
                            mention.subject,
                            mention.spec,
                            node.lineno,
                            said.shown(mention.text),
                            confidence=mention.confidence,
                        )
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            standard = _STD.search(node.value)
            if standard and standards is None:
                standards = (STD_DRAFTS.get(standard.group(1), standard.group(1)), node.lineno)
    _unpassed_list(reader, tree)
    for subject, (line, words) in sorted(_linked(reader, tree).items(), key=lambda i: i[1]):
        reader.add(subject, "", line, words, confidence="medium")
    optional = _optional_lines(tree)
    firsts = {s: min(ls, key=lambda n: (n in optional, n)) for s, ls in toolkits.items()}
    for subject, line in sorted(firsts.items(), key=lambda item: item[1]):
        words = _toolkit_words(subject, tree, extensions)
        reader.add(subject, "", line, words, confidence="medium")
    if standards is not None:
        reader.requirements.append(setup_standard(file, tree, *standards))
    for target, found in archs.items():
        lowest = lowest_architecture(found)
        if lowest is not None:
            spec, line, names = lowest
            words = f"builds for {target.label} architectures " + ", ".join(names)
            reader.add(target.subject, spec, line, words, confidence="medium")
    return Extraction(
        requirements=tuple(
            msgspec.structs.replace(r, hard=False) if r.source.line in optional else r
            for r in [
                *reader.requirements,
                *_chosen_builders(file, tree, extensions, set(toolkits)),
            ]
        ),
        findings=(*reader.findings, *setup_installs(file, tree)),
        provides=tuple(reader.provides),
        includes=tuple(reader.includes),
        include_places=tuple(reader.installs),
    )


_LIST_NAMES = frozenset({"requirements", "install_requires", "required_packages"})
"""Names a setup script gives the list of what the package installs with."""


def _unpassed_list(reader: Reader, tree: ast.Module) -> None:
    """The literal list a top-level name for the package's requirements holds, when no
    ``setup()`` is given ``install_requires``: the script states the distributions, though
    it never hands them to setuptools (OpenGVLab/DCNv4@4b848f7 DCNv4_op/setup.py:21
    ``requirements = ["torch", "torchvision"]``: torchvision was missed, outsider18 D18)."""
    calls = [n for n in nodes(tree) if isinstance(n, ast.Call) and _called_name(n) == "setup"]
    if any(k.arg == "install_requires" for call in calls for k in call.keywords):
        return
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.List)):
            continue
        named = [t.id for t in node.targets if isinstance(t, ast.Name)]
        if named and named[0].lower() in _LIST_NAMES:
            reader.dependency_list("install_requires", node.value, True, f"listed in {named[0]}")


def _toolkit_words(subject: str, tree: ast.Module, extensions: dict[str, str]) -> str:
    """How the script needs ``subject``: builds with it (its extensions alone: device code
    only), or imports it."""
    if subject in device_code_only(tree, extensions):
        return DEVICE_CODE_ONLY
    builds = subject in {b.vocabulary.toolkit_subject for b in backends.registered()}
    return "setup.py builds with it" if builds else "setup.py imports it"


def _comment_floors(text: str) -> list[tuple[int, Mention]]:
    """The device floors the script's comments state (``stated_floors``), by line."""
    found: list[tuple[int, Mention]] = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT:
                found.extend((token.start[0], m) for m in stated_floors(token.string.lstrip("#")))
    except (tokenize.TokenError, SyntaxError):
        return found
    return found


_SUPPORTED = lazyre.compile(
    r"^_?(?:SUPPORTED|VALID|ALLOWED)_(?:\w+_)?(?:ARCHS?|ARCHITECTURES|CAPABILITIES|SMS?)$",
    re.IGNORECASE,
)
"""A name for the device architectures a build supports (``SUPPORTED_ARCHS = {"8.0", "8.6",
"9.0"}``, SageAttention setup.py:48): the oldest is the least the device must be. A list of CPU
architectures or of other words parses as no device architecture and is not read."""


_BARE_NAME = lazyre.compile(r"^(?:sm|compute)_\d{2,3}a?$")
"""A string that is one architecture's name and nothing else: a compiler argument only after
an option (``["-arch", "sm_80"]``); else a name the script looks for ("9.0a": ("9.0a", "9a",
"sm_90a", "compute_90a"), the spellings torch-harmonics setup.py:81 accepts in
TORCH_CUDA_ARCH_LIST, NVIDIA/torch-harmonics@9e9fa53), no target of the build."""


def _option_values(tree: ast.Module) -> set[int]:
    """The ids of the strings that follow an option string (``"-arch"``) in a list."""
    found: set[int] = set()
    for node in nodes(tree):
        if isinstance(node, (ast.List, ast.Tuple)):
            for before, item in zip(node.elts, node.elts[1:]):
                if isinstance(before, ast.Constant) and str(before.value).startswith("-"):
                    found.add(id(item))
    return found


def _architectures(reader: Reader, tree: ast.Module) -> dict[Targets, list[tuple[str, int]]]:
    """The device architectures the script builds for: named by compiler flags in its
    strings (``sm_80``; a bare name only as an option's value, ``_BARE_NAME``), or listed as
    the supported ones (``_SUPPORTED``)."""
    archs: dict[Targets, list[tuple[str, int]]] = {}
    values = _option_values(tree)
    for node in nodes(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if _BARE_NAME.match(node.value) and id(node) not in values:
                continue
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
    for node in nodes(tree):
        if isinstance(node, ast.If) and any(
            isinstance(c, ast.Constant) and isinstance(c.value, str) and c.value.startswith("--")
            for c in ast.walk(node.test)
        ):
            for statement in node.body:
                end = statement.end_lineno or statement.lineno
                lines.update(range(statement.lineno, end + 1))
    return frozenset(lines)
