"""Python distributions a dependency list item of a doc names in code spans, or as the whole
item: a name and its release.

A README's "Base environment" list writes its Python dependencies as code: "+ `python>=3.9`,
`torch>=2.3.0`, `triton>=3.0.0`" and "+ `flash-attn` for benchmarking" (thu-ml/SageAttention
README.md:70,76). The prose reader reads the subjects it knows (Python, torch, the toolkits);
a span holding any other requirement string is a Python distribution the item asks for, at
the version its specifier gives. A bare name counts only when it opens the item (the item is
about it) and is no term the item defines ("- --`full`: full installation mode", an option;
hixl docs/en/build.md:292); one said to be for benchmarks, tests or examples, or optional, is
soft.

Only list items of a requirements section are read (the caller's to check); a span that is a
command, a path, a file, an environment variable or a host tool (``hosttools.HOST_TOOLS``)
names no distribution.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import msgspec

from bringup import backends, lazyre
from bringup.backends.base import Backend
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.heldlines import found_on_held_lines
from bringup.scan.hosttools import HOST_TOOLS, headers_package
from bringup.scan.lowertexts import lower_text
from bringup.scan.osreleases import os_release
from bringup.scan.phrases import read_phrase
from bringup.scan.pkgimports import known_distribution
from bringup.scan.prose_vocabulary import vocabulary
from bringup.scan.pydeps import python_requirement, written_spec
from bringup.subjects import canonical_subject, python_subject

_SPAN = lazyre.compile(r"`([^`\n]{1,120})`")
_REQUIREMENT = lazyre.compile(
    r"(?P<name>[A-Za-z][A-Za-z0-9._-]*[A-Za-z0-9])(?:\[[\w,\s-]+\])?"
    r"(?P<spec>\s*(?:===|==|>=|<=|~=|!=|<|>)\s*v?\d+\.[\w.*+!-]*"
    r"(?:\s*,\s*(?:===|==|>=|<=|~=|!=|<|>)\s*v?\d[\w.*+!-]*)*)?"
)
"""A release has a dot (``3.0.0``): ``num_tokens <= 512`` is an expression."""
_NOT_NAME = lazyre.compile(
    r"^[A-Z0-9_]+$|\.(?i:sh|py|txt|md|json|ya?ml|toml|cfg|so|whl|run|h|hpp|c|cc|cpp|cmake)$"
)
"""An environment variable (``ASCEND_HOME_PATH``, ``CUDA``) or a file (``build.sh``)."""
_SOFT = lazyre.compile(
    r"\bfor\s+(?:the\s+)?(?:benchmark|test|example|demo|profil|evaluat|doc)|\boptional(?:ly)?\b|"
    r"可选|用于(?:测试|性能|基准|评测)",
    re.IGNORECASE,
)


def _compilers(registered: tuple[Backend, ...]) -> dict[str, str]:
    return {name: toolkit for b in registered for name, toolkit in b.vocabulary.compilers.items()}


_toolkits_of_compilers = backends.per_registry(_compilers)


def compiler_toolkit(name: str) -> str | None:
    """The toolkit a backend's compiler comes with (``nvcc`` -> ``cuda``): the compiler's
    release is the toolkit's (nvcc ships in the CUDA toolkit and reports its release)."""
    return _toolkits_of_compilers().get(name.lower())


_INTERPRETER = frozenset({"python", "python3"})
"""The interpreter, not a distribution: "- `python` 3.9-3.12" (hicann/pyasc README.md:65) is
the Python need the prose reader reads from the same item."""


def _distribution(span: str) -> tuple[str, str] | None:
    """``(name, requirement string)`` when ``span`` is a requirement string of a distribution
    the prose reader does not know by name, else None."""
    match = _REQUIREMENT.fullmatch(span.strip())
    if match is None or _NOT_NAME.search(match.group("name")):
        return None
    name = match.group("name")
    if name.lower() in HOST_TOOLS or name.lower() in _INTERPRETER:
        return None
    if vocabulary().subject.search(span):
        return None
    if headers_package(name):  # "`python-dev` (e.g., `apt-get install python-dev`)"
        return None
    spec = written_spec(match.group("spec") or "")
    return name, name + spec


_TERMS_DEFINED = lazyre.compile(r"(?:\s*(?:,|/|\band\b|\bor\b)\s*`[^`\n]{1,120}`){0,8}\s*[:\uff1a]")
"""An item that opens with terms in code, joined by commas, slashes, "and" or "or", and a
colon after them defines those terms together ("- `cudapath_inc`, `cudapath_lib`: Custom CUDA
paths", build options, ai-dynamo/nixl README.md:162): each is a term, not a distribution."""


_LABEL = lazyre.compile(
    r"\s{1,4}(?:[A-Za-z][\w-]{0,30}\s{1,4}){0,2}[A-Za-z][\w-]{0,30}\s{0,4}[:\uff1a]"
    r"|\s{0,4}[\u4e00-\u9fff]{1,8}\s{0,4}[:\uff1a]"
)
"""A span opening an item, a word or two naming what it is, then a colon: the item labels
that thing ("- `main` branch: actively developed", facebookresearch/pytorch3d README.md:91;
"- `npu-monitor` 使用说明：" over a link to its guide, Ascend-msmonitor README.md:150): the
repo's own branch or tool, not a distribution, unless a release follows the colon."""
_RELEASE_AFTER = lazyre.compile(r"\d+\.\d")

_WHERE_TO_GET = lazyre.compile(r"\s*(?:<?https?://\S+?>?|\[[^\[\]]{0,120}\]\(\S+?\))\s*")
"""What follows the colon is only where to get the term ("- `uv`: https://docs.astral.sh/uv/
getting-started/installation/" under "Prerequisites:", ai-dynamo/nixl README.md:225): a
prerequisite and its link, not a definition."""


def _devices(registered: tuple[Backend, ...]) -> frozenset[str]:
    return frozenset(w for b in registered for w in (b.name, b.device_kind))


_device_words = backends.per_registry(_devices)
"""A backend or device kind named bare ("- `npu` 模式不可用", the npu run mode is unavailable,
bigorange1024/ascendc@541ca73:Cursor-Cloud环境说明.md:16): a device or a run mode, not a
distribution to get from the index."""


def listed_distributions(file: SourceFile, line: int, text: str) -> list[Requirement]:
    """The distributions one dependency list item (``text``, bullet removed) names in code."""
    soft = bool(_SOFT.search(text))
    found: list[Requirement] = []
    for span in _SPAN.finditer(text):
        toolkit = compiler_toolkit(span.group(1).strip())
        if toolkit is not None:  # "`nvcc`    version 12.9+", rapidsai/rmm README.md:56
            phrase = read_phrase(text[span.end() :].strip(), toolkit)
            if phrase is not None:
                need = file.requirement(
                    toolkit, phrase.spec, line, text=text.strip(), confidence="medium"
                )
                found.append(msgspec.structs.replace(need, hard=not soft))
            continue
        named = _distribution(span.group(1))
        if named is None:
            continue
        name, spec_text = named
        opens = not text[: span.start()].strip()
        terms = _TERMS_DEFINED.match(text[span.end() :])
        defined = terms is not None and not _WHERE_TO_GET.fullmatch(
            text[span.end() + terms.end() :]
        )
        label = _LABEL.match(text, span.end())
        labelled = label is not None and not _RELEASE_AFTER.search(text, label.end())
        if spec_text == name and (
            not opens or defined or labelled or name.lower() in _device_words()
        ):
            continue
        requirement, _ = python_requirement(
            spec_text, file.source(line), hard=not soft, confidence="medium", why="listed"
        )
        if requirement is not None:
            found.append(requirement)
    return found


_PLAIN_ITEM = lazyre.compile(
    r"(?P<name>[A-Za-z][A-Za-z0-9._-]{0,60})(?:\s{1,4}|(?<=[A-Za-z]))v?"
    r"(?P<release>\d{1,6}(?:\.\d{1,6}){1,4})"
    r"(?P<floor>\+|\s{0,4}(?:or|及)\s{0,4}(?:later|newer|above|higher|以上))?"
    r"\s{0,4}(?:[(\uff08](?P<note>[^()\uff08\uff09]{0,200})[)\uff09])?\s{0,4}[.;\u3002\uff1b]?"
)
"""A prerequisites item that is a name, its release and maybe a note: "CUTLASS 4.0 or higher
(could be cloned by Git submodule)" (deepseek-ai/DeepGEMM README.md:37), "TensorFlow 1.15.0"
(Ascend/tensorflow tf_adapter/README.md:25). A release glued to the name follows a letter:
the name keeps its own digits only before a space ("pybind11 2.10.3"), so "cuda12.1" is
cuda 12.1, not a "cuda1" at 2.1. Every gap is bounded and the name stops at the first space,
so a long item is read once."""


def listed_release(file: SourceFile, line: int, text: str) -> list[Requirement]:
    """What one requirements list item (``text``, bullet removed) names with its release and
    nothing else, when no reader knows the name: a host tool is ``hosttools``', a toolkit,
    framework or OS the prose reader's. "4.0 or higher" is a floor, a bare release the one
    the item asks for.

    The item does not say whether it names a Python distribution or a library or tool the
    machine provides ("CUTLASS 4.0 or higher", a C++ template library, DeepGEMM README.md:37).
    A distribution the scan knows by name (``pkgimports.known_distribution``: "pybind11
    2.10.3") is one; any other name is a ``system_package`` keeping the item's words as its
    text, until the repo shows it is a distribution (``python_listed``)."""
    item = _PLAIN_ITEM.fullmatch(text.strip())
    if item is None or os_release(text.strip()) is not None:
        return []
    name, release = item.group("name"), item.group("release")
    spec = f">={release}" if item.group("floor") else f"=={release}"
    soft = bool(_SOFT.search(item.group("note") or ""))
    toolkit = compiler_toolkit(name)
    if toolkit is not None:  # "`nvcc 11.5+`", NVIDIA/cuCollections README.md:60
        need = file.requirement(toolkit, spec, line, text=text.strip(), confidence="medium")
        return [msgspec.structs.replace(need, hard=not soft)]
    # a toolkit's name in lower case ("cuda12.1" in a 环境要求 list) is still the toolkit
    known = vocabulary().subject
    if name.lower() in HOST_TOOLS or known.search(name) or known.search(name.upper()):
        return []
    if not known_distribution(name):
        need = file.requirement(
            "system_package", name.lower() + spec, line, text=text.strip(), confidence="medium"
        )
        return [msgspec.structs.replace(need, hard=not soft)]
    requirement, _ = python_requirement(
        name + spec, file.source(line), hard=not soft, confidence="medium", why="listed"
    )
    return [requirement] if requirement is not None else []


_RELEASE_SPEC = lazyre.compile(r"(?P<name>[a-z][a-z0-9._-]{0,60})(?P<spec>(?:==|>=)[\d.]{1,40})")


def _imported_or_installed(name: str) -> re.Pattern[str]:
    """A line importing ``name`` in Python (``from tensorflow.python import ops``, not Java's
    ``import java.util.List;``) or a pip install naming it (``pip3 install
    tensorflow-cpu==1.15``); ``-``, ``_`` and ``.`` are one separator in a distribution's
    name. Every gap is bounded. Python's keywords are lower case (prose's "Import CUTLASS
    headers" imports nothing), and the install ends at a comment or the next command (``pip
    install ninja  # CUTLASS is cloned``, ``pip install -e . && go build``)."""
    words = r"[-_.]".join(re.escape(part) for part in re.split(r"[-_.]+", name))
    return re.compile(
        rf"^[ \t>]{{0,16}}(?:(?-i:import)[ \t]{{1,8}}{words}(?!\w)[\w.]{{0,200}}(?:[ \t,#]|$)|"
        rf"(?-i:from)[ \t]{{1,8}}{words}(?!\w)[\w.]{{0,200}}[ \t]{{1,8}}(?-i:import)\b)|"
        rf"\bpip3?[ \t]{{1,8}}install\b[^\n#;&|]{{0,200}}?(?<![\w.-]){words}(?![\w])",
        re.IGNORECASE | re.MULTILINE,
    )


def _shown(name: str, bodies: list[tuple[str, str]]) -> bool:
    """Whether a body imports or pip-installs ``name``; the regex runs only on the bodies
    that hold the name's first word at all (a substring test, ~100x cheaper per body), and
    in an ASCII body only on the lines that hold it (``heldlines``: a match is one line's,
    and its case-folded name is the word lower-cased)."""
    pattern = _imported_or_installed(name)
    first = re.split(r"[-_.]+", name)[0]
    return any(
        first in lowered
        and (
            found_on_held_lines(pattern, body, first, lowered)
            if body.isascii() and name.isascii()
            else pattern.search(body) is not None
        )
        for body, lowered in bodies
    )


def python_listed(requirements: list[Requirement], texts: Iterable[str]) -> list[Requirement]:
    """``requirements`` with each listed release the repo shows to be a Python distribution
    named as one: another requirement of the repo names the distribution (its requirements
    file, manifest or setup script), or a file the scan read imports it or pip-installs it
    (Ascend/tensorflow lists "TensorFlow 1.15.0", tf_adapter/README.md:25; its tests say
    ``import tensorflow``, its install guide ``pip3 install tensorflow-cpu==1.15``). A name
    the repo shows nowhere stays a library or tool of the machine."""
    listed = [
        (index, named)
        for index, r in enumerate(requirements)
        if r.subject == "system_package"
        and r.confidence == "medium"
        and _PLAIN_ITEM.fullmatch(r.text or "") is not None
        and (named := _RELEASE_SPEC.fullmatch(r.spec)) is not None
    ]
    if not listed:
        return requirements
    named_elsewhere = {r.subject for r in requirements if r.subject != "system_package"}
    bodies: list[tuple[str, str]] | None = None  # lower-cased at the first name looked for
    out = list(requirements)
    for index, named in listed:
        name, spec = named.group("name"), named.group("spec")
        if python_subject(name) not in named_elsewhere:
            if bodies is None:
                bodies = [(body, lower_text(body)) for body in texts]
            if not _shown(name, bodies):
                continue
        was = requirements[index]
        out[index] = msgspec.structs.replace(was, subject=python_subject(name), spec=spec)
    return out


_VARIANT_BUILDS = frozenset(
    {"makefile", "gnumakefile", "cmakelists.txt", "setup.py", "meson.build"}
)


def variant_build(rel: str) -> bool:
    """Whether ``rel`` is a build file in a folder of the repo (``nccl_graphs/Makefile``): that
    folder builds a variant of its own. A folder that holds no build (``kernels/cupy/``
    beside "- `cupy`" in the README) names no variant (review31)."""
    parts = rel.split("/")
    return len(parts) > 1 and parts[-1].lower() in _VARIANT_BUILDS


def folder_named(requirement: Requirement, folders: frozenset[str]) -> bool:
    """Whether a distribution a list item only names (``listed``, no release) is a folder of
    the repo with a build of its own (``variant_build``): "`nccl_graphs` requires NCCL
    2.15.1, CUDA 11.7" under Requirements (NVIDIA/multi-gpu-programming-models@9a600f5
    README.md:26) is the repo's variant in ``nccl_graphs/``, and what the item asks is that
    variant's, not a package of that name."""
    return (
        not requirement.spec
        and (requirement.text or "").startswith("listed: ")
        and canonical_subject(requirement.subject) in folders
    )
