"""The C++ standard a torch extension is compiled at, told apart from the repo's other targets.

A ``-std=c++NN`` flag sets the standard of what it compiles, exactly: torch's headers refuse
one older than they need (all.h ``#error C++17 or later compatible compiler is required to use
PyTorch.``, kb torch_cxx.toml), and ``torch.utils.cpp_extension`` puts its own ``-std`` before
the extension's flags, so the extension's wins. Read for the whole repo, one extension's flag
conflicted with the repo's other targets: deepseek-ai/DeepGEMM setup.py:28 ``-std=c++17`` for
its torch extension beside CMakeLists.txt:20 ``set(CMAKE_CXX_STANDARD 20)`` for its kernels
(left42). So a standard is marked as the torch extension's (``Requirement.extension_of``) only
where the file says which target it compiles:

- a setup.py whose every extension is built by ``torch.utils.cpp_extension`` (or torch_npu's):
  MightyChaos/dqtorch@707e615f setup.py:8 ``'-O3', '-std=c++14',`` for its ``CUDAExtension``;
- a CMake standard set on a target that links ``${TORCH_LIBRARIES}``, or set for the whole
  folder (``CMAKE_CXX_STANDARD``, ``add_compile_options``) where a target there links torch and
  sets none of its own: rusty1s/pytorch_cluster@01a51d47 CMakeLists.txt:3
  ``set(CMAKE_CXX_STANDARD 14)`` and :24 ``target_link_libraries(${PROJECT_NAME} PRIVATE
  ${TORCH_LIBRARIES} Python3::Python)``, which "doesn't work for PyTorch 2.2.2 ... unless C++17
  is used" (rusty1s/pytorch_cluster#229); the libtorch example's ``set_property(TARGET
  example-app PROPERTY CXX_STANDARD 14)`` failing the same way (pytorch/pytorch#103371).
"""

from __future__ import annotations

import ast
import bisect
from collections.abc import Sequence

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.cmake_standard import STD_FLAG
from bringup.scan.cmakelex import CMakeCommand
from bringup.scan.extraction import SourceFile
from bringup.scan.pynodes import nodes

TORCH = "torch"
_STD_FLAG = lazyre.compile(STD_FLAG)
_BUILDER_MODULES = frozenset({"torch.utils.cpp_extension", "torch_npu.utils.cpp_extension"})
_BUILDER_PARENTS = frozenset({"torch.utils", "torch_npu.utils"})
_NOT_BUILDERS = frozenset({"BuildExtension"})


def _is_builder(value: ast.expr, builders: set[str], modules: set[str]) -> bool:
    if isinstance(value, ast.IfExp):
        return all(_is_builder(v, builders, modules) for v in (value.body, value.orelse))
    if isinstance(value, ast.Name):
        return value.id in builders
    return isinstance(value, ast.Attribute) and ast.unparse(value.value) in modules


def _bound_names(tree: ast.Module) -> tuple[set[str], set[str]]:
    """The names the script binds to torch's extension builders (``CUDAExtension``, or a name
    only ever given one: ``Extension = CppExtension if ... else CUDAExtension`` as
    ClementPinard/Pytorch-Correlation-extension@04f877da setup.py:27-31 chooses it) and to the
    module holding them (``cpp_extension``, ``torch.utils.cpp_extension``)."""
    builders: set[str] = set()
    modules: set[str] = set()
    foreign: set[str] = set()
    given: dict[str, list[ast.expr]] = {}
    for node in nodes(tree):
        if isinstance(node, ast.ImportFrom) and node.module in _BUILDER_MODULES:
            builders.update(a.asname or a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module in _BUILDER_PARENTS:
            modules.update(a.asname or a.name for a in node.names if a.name == "cpp_extension")
        elif isinstance(node, ast.ImportFrom):
            foreign.update(a.asname or a.name for a in node.names)
        elif isinstance(node, ast.Import):
            modules.update(a.asname or a.name for a in node.names if a.name in _BUILDER_MODULES)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    given.setdefault(target.id, []).append(node.value)
    for name, values in given.items():
        if name not in foreign and all(_is_builder(v, builders, modules) for v in values):
            builders.add(name)
    return builders, modules


def torch_extensions_only(tree: ast.Module) -> bool:
    """Whether every extension the setup script builds is one of torch's (and it builds one):
    then its ``-std`` flags are that extension's standard."""
    builders, modules = _bound_names(tree)
    found = False
    for node in nodes(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if not (name.endswith("Extension") or name == "cythonize") or name in _NOT_BUILDERS:
            continue
        if not _is_builder(func, builders, modules):
            return False
        found = True
    return found


def setup_standard(file: SourceFile, tree: ast.Module, standard: str, line: int) -> Requirement:
    """The C++ standard setup.py's ``-std=c++NN`` at ``line`` states: the repo's floor, and its
    torch extensions' own where they are all it builds and it names no other standard."""
    stated = file.requirement(
        "cxx_standard", f">={standard}", line, text=f"-std=c++{standard}", confidence="medium"
    )
    if len({m.group(1) for m in _STD_FLAG.finditer(file.text)}) > 1:
        return stated  # the script picks among standards (by platform, by torch release)
    return (
        msgspec.structs.replace(stated, extension_of=TORCH)
        if torch_extensions_only(tree)
        else stated
    )


_TORCH_LIBRARY = lazyre.compile(
    r"\$\{TORCH_LIBRARIES\}|^(?:torch|torch_cpu|torch_cuda|Torch::\w+)$"
)
"""What a ``target_link_libraries`` names when it links torch's C++ library: the variable
``find_package(Torch)`` sets (TorchConfig.cmake: ``TORCH_LIBRARIES -- Libraries to link
against``) or its imported targets."""
_TARGET_COMMANDS = frozenset(
    {"set_target_properties", "target_compile_features", "target_compile_options"}
)


def _targets(command: CMakeCommand) -> tuple[str, ...]:
    """The targets a command sets a standard for; empty for the whole folder."""
    name, args, _ = command
    if name in _TARGET_COMMANDS:
        return args[:1]
    if name == "set_property" and args[:1] == ("TARGET",):
        ends = [n for n, a in enumerate(args) if a in ("PROPERTY", "APPEND", "APPEND_STRING")]
        return args[1 : ends[0] if ends else len(args)]
    return ()


def torch_target_standards(
    commands: Sequence[CMakeCommand], requirements: Sequence[Requirement]
) -> list[Requirement]:
    """``requirements``, each C++ standard the file sets for a target that links torch (or
    for the folder of one that sets none of its own) marked as torch's extension's."""
    linked = {
        c.args[0]
        for c in commands
        if c.name == "target_link_libraries" and any(_TORCH_LIBRARY.search(a) for a in c.args[1:])
    }
    standards = [r for r in requirements if r.subject == "cxx_standard"]
    if not linked or not standards:
        return list(requirements)
    starts = [c.line for c in commands]

    def targets(requirement: Requirement) -> tuple[str, ...]:
        at = bisect.bisect_right(starts, requirement.source.line or 0) - 1
        return _targets(commands[at]) if at >= 0 else ()

    own = {t for r in standards for t in targets(r)}
    folder = bool(linked - own)
    marked = {id(r) for r in standards if linked & set(targets(r)) or (folder and not targets(r))}
    return [
        msgspec.structs.replace(r, extension_of=TORCH) if id(r) in marked else r
        for r in requirements
    ]
