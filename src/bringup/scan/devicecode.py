"""A ``setup.py`` whose only compiled code is one device backend's: every extension builder it
calls is that backend's (``CUDAExtension`` alone, with no ``CppExtension``/``Extension`` beside
it, none chosen at run time, none called only on a condition). What it builds runs on those
devices alone, so on a host with none the repo builds but cannot run (camenduru/simple-knn@60f461f4
setup.py:24, a ``CUDAExtension`` of ``.cu`` sources: outsider13 D4; daerduoCarey/PyTorchEMD@e5c0feb
setup.py:15). The toolkit line says so in its words (``DEVICE_CODE_ONLY``), which the solver
reads as the repo's route needing the devices (``solve.nodevice``)."""

from __future__ import annotations

import ast
from collections.abc import Mapping, Sequence
from typing import Optional

from bringup.model import Requirement
from bringup.scan.extraction import Finding
from bringup.scan.pynodes import nodes

DEVICE_CODE_ONLY = "setup.py builds device code only with it"
"""The words of a toolkit line whose setup.py builds nothing but that toolkit's extensions."""

DEVICE_PROGRAM = "a program it builds drives the devices through it"
"""The words a toolkit line ends with when a CMake executable links the toolkit's device runtime
(``DEVICE_RUNTIMES``): ``add_executable(main main.cpp)`` … ``target_link_libraries(main
ascendcl stdc++)`` (hu-qi/opt-test@021a3be ACLHelloWorld/src/CMakeLists.txt:37-43), whose
main.cpp:29-35 calls ``aclInit`` and ``aclrtSetDevice``: it builds where the toolkit is, and
runs on an NPU alone (outsider15 D5)."""

DEVICE_RUNTIMES = frozenset({"ascendcl", "cudart", "cudart_static", "cuda::cudart"})
"""Libraries (lower case, as linked) whose API opens and runs a device: AscendCL
(``aclrtSetDevice``) and the CUDA runtime (``cudaSetDevice``); a program linked to one exists to
use the device."""


CPU_TWINS = frozenset({"tikicpulib"})
"""Libraries (lower case, before a ``::`` target suffix) that run a device's kernels on the CPU:
CANN's CPU debug library, with which "Ascend C source builds with GCC into an operator binary that
runs and is debugged on the CPU" (hicann/asc-tools README.md, "cpu debug"). A program linked to
one beside the device runtime is the CPU run of the kernels: hansheng1001/AscendCContest@4904517
01Addcmul/KernelLaunch/MseLossKernelInvocation/cmake/cpu/CMakeLists.txt:21-24 links
``tikicpulib::${ASCEND_PRODUCT_TYPE}`` and ``ascendcl`` into ``${smoke_testcase}_cpu``, the
target ``run.sh -r cpu`` builds; it needs the toolkit, not an NPU (outsider20 D5)."""


def runs_on_cpu(libraries: Sequence[str]) -> bool:
    """Whether a program linking ``libraries`` runs the kernels on the CPU (``CPU_TWINS``)."""
    return any(lib.split("::", 1)[0].lower() in CPU_TWINS for lib in libraries)


def says_device_code(text: Optional[str]) -> bool:
    """Whether a toolkit line's words say the repo's code runs on the devices alone
    (``DEVICE_CODE_ONLY``, ``DEVICE_PROGRAM``): what ``solve.nodevice`` reads, so the line that
    says it stands for the toolkit's other unversioned mentions (``scan.unversioned``)."""
    return text == DEVICE_CODE_ONLY or (text or "").endswith(DEVICE_PROGRAM)


DEVICE_CODE = "device_code"
"""The subject of the note that a device-code line was folded under another line of its
toolkit (``folded_device_code``), followed by the toolkit's subject."""


def folded_device_code(
    before: Sequence[Requirement], after: Sequence[Requirement], component: str
) -> list[Finding]:
    """A note per toolkit whose device-code line (``says_device_code``) the settling folded
    under another of its lines: a README's "CUDA >= 10.0" stands for setup.py's
    CUDAExtension-only build, cited beside it, and what the solver reads of that line was
    lost (outsider19 D1). ``solve.nodevice`` reads the note as it reads the line."""
    said = {r.subject for r in after if r.hard and says_device_code(r.text)}
    notes: dict[str, Finding] = {}
    for line in before:
        if line.hard and says_device_code(line.text) and line.subject not in said:
            notes.setdefault(
                line.subject,
                Finding(
                    kind="note",
                    message=f"{line.text}: what it builds runs on the devices alone",
                    sources=(line.source,),
                    component=component,
                    subject=f"{DEVICE_CODE}.{line.subject}",
                ),
            )
    return list(notes.values())


_NOT_BUILDERS = frozenset({"BuildExtension"})
"""Names ending in ``Extension`` that are build commands, not extensions."""


def _guarded(tree: ast.Module, device: set[str]) -> bool:
    """Whether a device builder is called under a ``try`` or an ``if``: the build goes on
    without it (Ascend/MindSpeed-LLM setup.py:50-76, an ``NpuExtension`` in a ``try`` whose
    ``except`` prints "ops setup failed"), so the package is more than its device code."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Try, ast.If)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Call) and _name(inner) in device:
                    return True
    return False


def _name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def device_code_only(tree: ast.Module, extensions: Mapping[str, str]) -> frozenset[str]:
    """The toolkit subject whose extension builders are the only ones ``tree`` calls or names
    (``extensions``: a backend's builder name -> its toolkit); empty when a host builder
    (``Extension``, ``CppExtension``, ``Pybind11Extension``, ``cythonize``) is called, or when
    a device builder is only named (``Extension = CppExtension if cpu else CUDAExtension``) or
    called only on a condition (``_guarded``)."""
    called: set[str] = set()
    named: set[str] = set()
    for node in nodes(tree):
        if isinstance(node, ast.Call):
            called.add(_name(node))
        elif isinstance(node, ast.Name) and node.id in extensions:
            named.add(node.id)
    builders = {n for n in called if n.endswith("Extension") or n == "cythonize"} - _NOT_BUILDERS
    device = {n for n in builders if n in extensions}
    if not device or builders - device or named - called or _guarded(tree, device):
        return frozenset()
    subjects = {extensions[n] for n in device}
    return frozenset(subjects) if len(subjects) == 1 else frozenset()
