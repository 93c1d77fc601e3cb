"""The lines of a pasted report that say how a program was built, not what the host has.

A report states the build of the binaries it describes beside the host's own facts, and the
two look alike: mmengine's ``collect_env`` (lmdeploy's ``check_env``, the OpenMMLab tools)
prints the host's ``GCC: gcc (Ubuntu 9.4.0-1ubuntu1~20.04.2) 9.4.0`` and then PyTorch's
``torch.__config__.show()``::

    PyTorch compiling details: PyTorch built with:
      - GCC 10.2
      - CUDA Runtime 11.3
      - CuDNN 8.2

(InternLM/lmdeploy#2585, open-mmlab/mmdetection#4659), then ``MMCV Compiler: GCC 7.3`` and
``MMCV CUDA Compiler: 11.3``, the compilers mmcv's wheel was built with; llama-box's version
banner says ``compiler : cc (Ubuntu 11.4.0-2ubuntu1~18.04) 11.4.0`` over ``target :
aarch64-linux-gnu`` (gpustack/llama-box#31), llama.cpp's ``built with cc (...) 11.4.0 for
x86_64-linux-gnu``, ds_report's ``deepspeed wheel compiled w. ...... torch 2.0, cuda 11.7``,
``paddle.version.show()``'s record of the package's own build (``full_version: 2.5.1``, ``cuda:
11.7``, ``cudnn: 8.4.1``: PaddlePaddle/Paddle@a2e8b9e6 setup.py, "the cuda version of package").
Read as the host's, they gave a second gcc that contradicts the first and that ``diff`` showed.

So these lines are set aside before the line readers see them: a ``... built with:`` block's
items, a ``<product> compiler:`` field (not a language's: ``C++ compiler``, ``CUDA compiler``
are the host's), a package's version record (a run of ``name: value`` lines that names the
package's ``full_version`` or ``commit`` and its ``cudnn``), a ``compiler:`` field of a
banner that names its build ``target``, and the words after "built with", "compiled with/by"
on a line (what comes before them is kept: ``torch 2.1.0 built with CUDA 12.1`` still states
torch). One build fact is the host's concern and is kept, in the form collect_env gives it:
the ``CUDA Runtime`` of PyTorch's block is ``CUDA used to build PyTorch`` (the CUDA the
installed torch needs, not the toolkit's). Lines keep their numbers."""

from __future__ import annotations

from bringup import lazyre

_BLOCK = lazyre.compile(r"(?i)\bbuilt with:\s*$")
"""A block header: ``PyTorch built with:``, ``PyTorch compiling details: PyTorch built with:``."""
_ITEM = lazyre.compile(r"^(?:\s+\S|\s*[-*]\s)")
"""A block's item: indented, or a bullet (a paste that lost the indentation)."""
_TORCH = lazyre.compile(r"(?i)\bpytorch built with:")
_CUDA_RUNTIME = lazyre.compile(r"^\s*[-*]?\s*CUDA Runtime\s+(\d+(?:\.\d+)+)\s*$")
_PHRASE = lazyre.compile(r"(?i)\b(?:built|compiled)\s+(?:with|by|using|w\.)(?=\s|$)")
"""What follows names the build's tools: ``built with cc``, ``compiled w. torch 2.0``."""
_FIRST_PERSON = lazyre.compile(r"(?i)\b(?:I|we)\b|我")
"""The writer's own build on the host ("I compiled with gcc 9.4"): the host's, kept."""
_COMPILER_FIELD = lazyre.compile(
    r"(?i)(?:^|\s)(?P<owner>(?:[\w.+/-]+\s+){0,3}?)compiler(?:\s+version)?\s*[:：]"
)
_LANGUAGES = frozenset(
    {"c", "c++", "cxx", "cpp", "cuda", "hip", "fortran", "host", "system", "default", "gnu"}
)
"""Words that name a language's or the host's compiler (``C++ compiler version: 7.5.0``)."""
_TARGET = lazyre.compile(r"(?i)^\s*target\s*[:：]\s*[\w.]+-[\w.]+-[\w.]+\s*$")
"""A banner's build target, a GNU triple (``target : aarch64-linux-gnu``)."""
_LETTER = lazyre.compile(r"[A-Za-z]")
_NEAR = 3
_RECORD_ROW = lazyre.compile(r"^\s*(?:#\s*)?([a-z][a-z0-9_]*):\s*\S")
"""A row of a version record as Python's ``print(name + ':', value)`` writes it."""
_RECORD_NAMES = (frozenset({"full_version", "commit"}), frozenset({"cudnn"}))
"""A run of rows that holds one name of each set is a package's record of its build."""


def set_aside_builds(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """``lines`` without what they say of a build (see the module); a PyTorch block's
    ``CUDA Runtime`` rewritten as collect_env's ``CUDA used to build PyTorch``."""
    kept: list[tuple[int, str]] = []
    torch_block: bool | None = None  # None: not in a block
    records = _version_records(lines)
    for position, (number, line) in enumerate(lines):
        if position in records:
            continue
        if torch_block is not None and line.strip() and _ITEM.match(line):
            runtime = _CUDA_RUNTIME.match(line) if torch_block else None
            if runtime is not None:
                kept.append((number, f"CUDA used to build PyTorch: {runtime.group(1)}"))
            continue
        torch_block = None
        if _BLOCK.search(line) and not _FIRST_PERSON.search(line):
            torch_block = _TORCH.search(line) is not None
            continue
        if _compiler_field(line) or _banner_compiler(lines, position):
            continue
        phrase = _PHRASE.search(line)
        if phrase is not None and not _FIRST_PERSON.search(line[: phrase.start()]):
            before = line[: phrase.start()].rstrip(" ,;(")
            if before.strip():
                kept.append((number, before))
            continue
        kept.append((number, line))
    return kept


def _version_records(lines: list[tuple[int, str]]) -> set[int]:
    """The positions of the rows of each package version record (see the module)."""
    found: set[int] = set()
    run: list[int] = []
    names: set[str] = set()
    for position, (_, line) in enumerate([*lines, (0, "")]):
        row = _RECORD_ROW.match(line) if len(line) < 400 else None
        if row is not None:
            run.append(position)
            names.add(row.group(1))
            continue
        if all(names & wanted for wanted in _RECORD_NAMES):
            found.update(run)
        run, names = [], set()
    return found


def _compiler_field(line: str) -> bool:
    """``MMCV Compiler: GCC 7.3``, ``MMCV CUDA Compiler: 11.3``: a named product's compiler."""
    field = _COMPILER_FIELD.search(line) if len(line) < 400 else None
    if field is None:
        return False
    owner = [word.lower() for word in field.group("owner").split() if _LETTER.search(word)]
    return bool(owner) and not all(word in _LANGUAGES for word in owner)


def _banner_compiler(lines: list[tuple[int, str]], position: int) -> bool:
    """``compiler : cc (...) 11.4.0`` in a banner that also gives its ``target`` triple."""
    line = lines[position][1]
    if not line.lstrip().lower().startswith("compiler") or _COMPILER_FIELD.search(line) is None:
        return False
    near = lines[max(position - _NEAR, 0) : position + _NEAR + 1]
    return any(_TARGET.match(other) for _, other in near)
