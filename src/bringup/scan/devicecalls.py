"""A library whose own package puts its work on one kind of device, with no fallback.

``model = Model().cuda()`` in a package module runs on a GPU or not at all (as
``torch.rand(4, 100, dim).cuda()`` in ThibaultGROUEIX/ChamferDistancePytorch@364c03c
unit_test.py:15, its test, outsider14 D2): on a host without one the package imports but
cannot work. Python's own reading of the module (``ast``) tells a call from words: a method
named for a device (``.cuda()``, ``.npu()``), a move to it (``.to("cuda:0")``), a device
object (``torch.device("cuda")``) or a keyword argument (``device="cuda"``). A call under an
``if``, ``try`` or conditional expression is a choice, not a need, and a package that asks
``is_available()`` anywhere, or names the CPU as a device, has a fallback somewhere: it says
nothing. Default values of parameters (``def load(device="cuda")``) are the caller's to
change, and so is a method that moves an object when asked (``def cuda(self)``).
``pkgimports`` reads the repo's main package with it, as for its imports: tests, examples
and scripts are features of their own.
"""

from __future__ import annotations

import ast
import warnings
from collections.abc import Iterator
from typing import Optional

from bringup.scan.devicewords import device_names

FALLBACK_WORDS = ("is_available", "'cpu'", '"cpu"')
"""Words of a package that chooses its device or runs on the CPU too."""
_CHOICES = (ast.If, ast.IfExp, ast.Try, ast.While)


def _device(node: ast.AST, names: dict[str, str]) -> Optional[str]:
    """The device a string constant names (``"cuda"``, ``"npu:0"``), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return names.get(node.value.split(":", 1)[0].strip().lower())
    return None


def _call_device(call: ast.Call, names: dict[str, str]) -> Optional[str]:
    """The device kind ``call`` puts work on (``_device``'s names, the CPU's left out)."""
    func = call.func
    attr = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    method = isinstance(func, ast.Attribute) and attr in names and not call.keywords
    if method and len(call.args) <= 1:  # ``.cuda()``, ``.cuda(0)``, ``.npu(rank)``
        return names[attr]
    if attr in ("to", "device") and call.args:
        return _device(call.args[0], names)
    for keyword in call.keywords:
        if keyword.arg == "device":
            return _device(keyword.value, names)
    return None


def _moves(node: ast.AST, names: dict[str, str]) -> bool:
    """Whether ``node`` defines a method that moves an object to a device when its caller
    asks (a tensor wrapper's ``def cuda(self)`` forwarding ``.cuda()`` to its members,
    mit-han-lab/torchsparse@385f5ce torchsparse/tensor.py:83-86, beside its ``def cpu``)."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    return node.name in names or node.name == "to"


def _unguarded(node: ast.AST, names: dict[str, str], inside: bool) -> Iterator[tuple[str, int]]:
    """(kind, line) of each device call under ``node`` that no choice (``_CHOICES``) holds."""
    for child in ast.iter_child_nodes(node):
        held = inside or isinstance(child, _CHOICES) or _moves(child, names)
        if isinstance(child, ast.Call) and not held:
            kind = _call_device(child, names)
            if kind is not None:
                yield kind, child.lineno
        yield from _unguarded(child, names, held)


def device_calls(text: str) -> list[tuple[str, int]]:
    """(device kind, line) of a module's unguarded device calls; none when it cannot be
    parsed (Python 2, not Python, nested past the parser's limits)."""
    names = {name: kind for name, kind in device_names().items() if kind != "cpu"}
    lowered = text.lower()
    if not any(name in lowered for name in names):
        return []  # no device named: nothing to parse
    try:
        with warnings.catch_warnings():  # a module's invalid escapes are its own business
            warnings.simplefilter("ignore")
            tree = ast.parse(text)
        return list(_unguarded(tree, names, False))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        # MemoryError: CPython's parser on a deep expression (``x = ---…1``, 20 KB)
        return []
