"""What a library's own package imports, and the device it puts its work on: needs its
manifests may not state (``package_lines``; the device calls are read by ``devicecalls``).

A Python package whose modules say ``import torch`` at the top needs torch to be imported at
all, whether or not its ``requirements.txt`` lists it (TransferQueue's ``transfer_queue/
client.py`` imports torch; its requirements leave torch to the user). Only the repo's main
package is read, the top-level package named after the repo, or after its distribution
where the root builds no native library first (ascend-transformer-boost's root CMake builds
the C++ library; its ``torch_atb`` distribution is an optional Python API), and only
imports written at column 0: an import indented under ``try``, ``if`` or a function is
optional or lazy, not a need. Sub-packages are left out: a vision model or a
data-augmentation module under ``ascendspeed/`` imports einops or
Pillow for that feature alone. So is a module that runs as a script (``if __name__ ==
"__main__":``): it is a command of its own, what it imports is what that command needs
(ModelTC/LightX2V lightx2v/api_server.py:7 ``import uvicorn`` serves the package;
Ascend/AgentSDK agentic_rl/start.py:27 ``import hydra`` launches training).

An import name is a distribution only through ``_DISTRIBUTIONS``: ``zmq`` is installed as
``pyzmq``, and a name this table does not know (a vendored module, a sibling package) says
nothing we can cite as a PyPI need. The standard library is not in it. Reading stays cheap:
the modules directly in one package, at most ``_MAX_MODULES``, each up to its first
``moduletexts.MAX_BYTES``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

from bringup import backends, lazyre
from bringup.model import Requirement, Source, file_source
from bringup.scan.devicecalls import FALLBACK_WORDS, device_calls
from bringup.scan.entries import is_file
from bringup.scan.moduletexts import module_text
from bringup.scan.pgbackend import backend_needs
from bringup.scan.reading import read_text
from bringup.scan.tritonkernels import TRITON_GPUS, other_target, triton_kernels
from bringup.subjects import python_subject

_IMPORT = lazyre.compile(
    r"^(?:import|from)\s+([A-Za-z_]\w*)((?:\s*\.\s*\w+)*)(?:\s+import\s+\(?([\w \t,]*))?"
)
"""An import at column 0: its top name, the dotted rest, and for ``from X import a, b`` the
names it imports on that line (group 3)."""
_MAIN_BLOCK = lazyre.compile(r"^if\s+__name__\s*==\s*['\"]__main__['\"]", re.MULTILINE)
_DISTRIBUTIONS = {
    **{
        name: name
        for name in [
            "torch",
            "torchvision",
            "torchaudio",
            "torch_npu",
            "numpy",
            "scipy",
            "pandas",
            "transformers",
            "accelerate",
            "datasets",
            "safetensors",
            "sentencepiece",
            "tokenizers",
            "einops",
            "triton",
            "deepspeed",
            "ray",
            "tensordict",
            "omegaconf",
            "msgspec",
            "psutil",
            "tqdm",
            "packaging",
            "requests",
            "regex",
            "pydantic",
            "fastapi",
            "uvicorn",
            "aiohttp",
            "matplotlib",
            "h5py",
            "onnx",
            "onnxruntime",
            "tensorboard",
            "wandb",
            "peft",
            "timm",
            "mindspore",
            "sympy",
            "networkx",
            "click",
            "rich",
            "pybind11",
            "vllm",
            "sglang",
            "xformers",
            "bitsandbytes",
            "jieba",
            "nltk",
            "tiktoken",
            "cloudpickle",
            "filelock",
            "modelscope",
            "numba",
            "tabulate",
            "toml",
            "einx",
            "jsonlines",
            "pyarrow",
            "zstandard",
            "lmdb",
        ]
    },
    "yaml": "PyYAML",
    "cv2": "opencv-python",
    "PIL": "Pillow",
    "sklearn": "scikit-learn",
    "zmq": "pyzmq",
    "hydra": "hydra-core",
    "jinja2": "Jinja2",
    "megatron.core": "megatron-core",
    "flash_attn": "flash-attn",
    "huggingface_hub": "huggingface-hub",
    "prometheus_client": "prometheus-client",
    "google": "",
}
"""Import names whose distribution is certain (``""``: a namespace of many distributions)."""
_ONE_PART = {"megatron": "megatron.core"}
"""Import names whose distribution ships one sub-package only: megatron-core packs
``megatron.core`` alone (NVIDIA/Megatron-LM@d086a2e3 pyproject.toml:9-10 ``include =
["megatron.core", "megatron.core.*"]``, :17 ``name = "megatron-core"``), so ``import
megatron`` / ``from megatron.model import ...`` need Megatron-LM's source tree, which no PyPI
distribution is (Ascend/Megatron-LM@57f9d1c bugfix.py:186,205 beside README.md:57-62's clone
of NVIDIA/Megatron-LM at a commit; outsider23 D3: was pypi:megatron-core)."""

_ASCEND_TRITON = "triton.backends.ascend"
"""A module that imports Triton's Ascend backend (``import triton.backends.ascend.runtime``,
ZyEng-Art/flash_attn_npu@aa59cd6 flash_attention_forward.py:17) imports the ``triton`` that
triton-ascend installs, not upstream Triton's distribution."""

TEST_DIRS = frozenset({"test", "tests", "testing", "unittest", "unittests", "ut", "st"})
_MAX_MODULES = 400


def _key(name: str) -> str:
    return re.sub(r"[-_.]+", "", name).lower()


def imported_distribution(module: str) -> str:
    """The distribution ``import module`` needs (``yaml`` -> ``PyYAML``), or "" when the
    table does not know it (the standard library, a sibling package)."""
    return _DISTRIBUTIONS.get(module, "")


def known_distribution(name: str) -> bool:
    """Whether ``name`` is a distribution ``_DISTRIBUTIONS`` names (``pybind11``, ``PyYAML``)."""
    key = _key(name)
    return bool(key) and any(_key(d) == key for d in _DISTRIBUTIONS.values() if d)


def top_packages(root: Path) -> list[str]:
    """The Python packages at the top of the repo (a directory holding ``__init__.py``), tests
    aside: the repo's own code, so a distribution of that name it states is itself
    (Ascend-msopgen docs/zh/release_notes/release_notes.md:9 "| msOpGen | 26.0.0 |" beside
    its msopgen/ package)."""
    try:
        with os.scandir(root) as scan:
            return sorted(
                e.name
                for e in scan
                if e.is_dir(follow_symlinks=False)
                and e.name.lower() not in TEST_DIRS
                and not e.name.startswith(".")
                and os.path.isfile(os.path.join(e.path, "__init__.py"))
            )
    except OSError:
        return []


def main_package(root: Path, component: str, provides: list[str]) -> str:
    """The top-level package directory that is the repo's library, or ``""``: the one named
    after the repo or its distribution, else after the first word of the repo's name (a
    fork named for what it adds: microsoft/Megatron-DeepSpeed's ``megatron/``, whose
    setup.py computes its distribution's name), else after its README's title."""
    packages = top_packages(root)
    if not packages:
        return ""
    native = os.path.isfile(root / "CMakeLists.txt")
    named = () if native else provides
    wanted = {_key(component), *(_key(p.split(":", 1)[-1]) for p in named)}
    first = _key(re.split(r"[-_.]", component, maxsplit=1)[0])
    found = next((p for p in packages if _key(p) in wanted), "") or next(
        (p for p in packages if _key(p) == first), ""
    )
    if found:
        return found
    title = readme_title(root)
    return next((p for p in packages if _key(p) in title), "")


_README_NAMES = ("README.md", "README.rst", "README")
_TITLE_MARKS = lazyre.compile(r"<[^<>]{0,200}>|[#=*_`]")
_BADGES = lazyre.compile(
    r"^(?:\s*\[?!\[[^\]]{0,200}\]\([^()\s]{0,500}\)(?:\]\([^()\s]{0,500}\))?)+\s*$"
)
"""A line of badges or images only, no title (reread41 L4): ``[![PyPI](https://img.shields.io/
pypi/v/spatial-correlation-sampler.svg)](https://pypi.org/project/spatial-correlation-sampler/)``,
ClementPinard/Pytorch-Correlation-extension@f00f0cd README.md:2."""


def readme_title(root: Path) -> frozenset[str]:
    """The keys the top README's first line names the project by (all of it, its first word),
    empty when it has none: a checkout's folder may be called anything ("kernels/", a
    copy of BobMcDear/attorch@67c2772, whose README.md:1 is "# attorch", lost its package's
    imports: outsider40 D15), its README's title is the project's own; a line of badges
    before it is none. Read as the scan reads a file (``reading.read_text``: a regular file
    only; a FIFO's ``open`` waited forever)."""
    for name in _README_NAMES:
        head, _ = read_text(root / name, name, limit=2000)
        if head is None:
            continue
        titled = (t for t in head.splitlines() if not _BADGES.match(t))
        line = next((t for t in titled if _TITLE_MARKS.sub("", t).strip()), "")
        words = _TITLE_MARKS.sub("", line).split()
        return frozenset(k for k in (_key("".join(words)), _key(words[0]) if words else "") if k)
    return frozenset()


def _modules(folder: Path) -> list[Path]:
    """The modules directly in the package (what ``import package`` can load), not its
    sub-packages: those are often features of their own (a vision model, a data loader)."""
    try:
        with os.scandir(folder) as scan:
            names = sorted(e.name for e in scan if is_file(e))
    except OSError:
        return []
    kept = [n for n in names if n.endswith(".py") and not n.startswith("test_")]
    return [folder / n for n in kept[:_MAX_MODULES] if n != "conftest.py"]


def module_texts(root: Path, package: str) -> Iterator[tuple[str, str]]:
    """(path from ``root``, text) of each module of ``package`` (``_modules``) that is not run
    as a script (``_MAIN_BLOCK``)."""
    for path in _modules(root / package):
        rel = path.relative_to(root).as_posix()
        text = module_text(path, rel)
        if text is not None and not _MAIN_BLOCK.search(text):
            yield rel, text


def _imports(text: str) -> list[tuple[str, int]]:
    """(the name ``_DISTRIBUTIONS`` knows the import by, its line) per import at column 0."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        matched = _IMPORT.match(line) if line[:1] in ("i", "f") else None
        if matched is not None:
            imported = (matched.group(3) or "").split(",")
            found.append((_part(matched.group(1), matched.group(2), imported), number))
    return found


def _part(name: str, dotted: str, imported: Sequence[str] = ()) -> str:
    """``name``, or for a distribution of one sub-package (``_ONE_PART``) that sub-package
    when the import is inside it, else "" (none to cite). ``imported``: the names a ``from``
    import takes, a sub-package among them: ``from megatron import core`` imports
    ``megatron.core`` (reread43: was none, the sub-package no distribution's)."""
    part = _ONE_PART.get(name)
    if part is None:
        return name
    module = name + re.sub(r"\s+", "", dotted)
    inside = (module, *(f"{module}.{n.split()[0]}" for n in imported if n.split()))
    return part if any(m == part or m.startswith(part + ".") for m in inside) else ""


class _Package(NamedTuple):
    """The main package: its folder's name, its modules (``module_texts``) and how its files
    are cited (the repo's path shown, with its slash)."""

    name: str
    modules: list[tuple[str, str]]
    prefix: str


def _main_modules(root: Path, shown: str, component: str, provides: list[str]) -> _Package | None:
    prefix = "" if shown in ("", ".") else f"{shown.rstrip('/')}/"
    package = main_package(root, component, provides)
    if not package:
        scripts = list(top_scripts(root))
        return _Package("", scripts, prefix) if scripts else None
    return _Package(package, list(module_texts(root, package)), prefix)


_NOT_THE_CODE = frozenset({"setup.py", "conftest.py", "noxfile.py", "fabfile.py", "tasks.py"})
"""Modules at a repo's top that build, test or automate it: not its code (``setup.py``'s
imports are its build's, read by ``setup_py``)."""
_NATIVE_BUILDS = ("CMakeLists.txt", "Makefile", "meson.build", "configure", "BUILD", "WORKSPACE")


def top_scripts(root: Path) -> Iterator[tuple[str, str]]:
    """(path, text) of each module at the top of a repo that is its Python code there, with
    no package and no native build at its top: a repo of scripts (ZyEng-Art/flash_attn_npu
    @aa59cd6, whose README is a title and whose flash_attention_forward.py:14-15 imports
    torch and torch_npu; outsider17 D4). Its scripts are its commands, so the ones run as a
    script (``_MAIN_BLOCK``) count too."""
    if top_packages(root) or any(os.path.isfile(root / name) for name in _NATIVE_BUILDS):
        return
    for path in _modules(root):
        text = module_text(path, path.name) if path.name not in _NOT_THE_CODE else None
        if text is not None:
            yield path.name, text


def package_imports(
    root: Path, shown: str, component: str, provides: list[str]
) -> list[Requirement]:
    """An unversioned need per distribution the main package imports unconditionally,
    cited at its first import, the next few places in ``also_at``."""
    package = _main_modules(root, shown, component, provides)
    return _imports_needed(root, package, component) if package else []


def _imports_needed(root: Path, main: _Package, component: str) -> list[Requirement]:
    package, prefix = main.name, main.prefix
    places: dict[str, list[Source]] = {}
    for rel, text in main.modules:
        ascend = _ASCEND_TRITON in text
        for name, line in _imports(text):
            distribution = (
                "triton-ascend" if ascend and name == "triton" else _DISTRIBUTIONS.get(name)
            )
            top = name.split(".", 1)[0]
            if not distribution or top == package or os.path.exists(root / top):
                continue
            places.setdefault(distribution, []).append(file_source(f"{prefix}{rel}", line))
    return [
        Requirement(
            subject=python_subject(distribution),
            spec="",
            component=component,
            source=sources[0],
            confidence="medium",
            text=f"import of {distribution} in the package {package}"
            if package
            else f"import of {distribution} in a module at the repo's top",
            also_at=tuple(sources[1:4]),
        )
        for distribution, sources in places.items()
    ]


def package_devices(
    root: Path, shown: str, component: str, provides: list[str]
) -> list[Requirement]:
    """A hard need of one device of the kind the main package's modules all put their work on
    (``device_calls``), cited at the first call, the next few in ``also_at``; none when the
    package has a fallback (``FALLBACK_WORDS``) or names two kinds."""
    package = _main_modules(root, shown, component, provides)
    return _device_needed(package, component) if package else []


def _device_needed(main: _Package, component: str) -> list[Requirement]:
    package, prefix = main.name, main.prefix
    found: list[tuple[str, str, int]] = []
    kernels = 0
    gpu_kernels = not other_target([text for _rel, text in main.modules])
    for rel, text in main.modules:
        if any(word in text for word in FALLBACK_WORDS):
            return []
        found += [(kind, rel, line) for kind, line in device_calls(text)]
        if gpu_kernels:
            lines = triton_kernels(text)
            found += [("gpu", rel, line) for line in lines]
            kernels += len(lines)
    kinds = {kind for kind, _rel, _line in found}
    subject = backends.count_subject(kinds.pop()) if len(kinds) == 1 else None
    if subject is None:
        return []
    sources = [file_source(f"{prefix}{rel}", line) for _kind, rel, line in found]
    who = f"package {package}" if package else "modules at its top"
    text = f"the {who} puts its work on the device with no fallback"
    if kernels == len(found):  # only its Triton kernels say so: Triton's GPUs, either vendor
        text = f"the {who} defines Triton kernels, which run on {TRITON_GPUS}"
    return [
        Requirement(
            subject=subject,
            spec=">=1",
            component=component,
            source=sources[0],
            confidence="medium",
            text=text,
            also_at=tuple(sources[1:4]),
        )
    ]


def package_lines(root: Path, shown: str, component: str, provides: list[str]) -> list[Requirement]:
    """What the main package's own modules need: the distributions they import
    (``pkgimports``), the device they put work on (``package_devices``) and the collectives
    library their process group starts on (``pgbackend``), its modules read once for all."""
    package = _main_modules(root, shown, component, provides)
    if package is None:
        return []
    return [
        *_imports_needed(root, package, component),
        *_device_needed(package, component),
        *backend_needs(package.modules, package.prefix, component),
    ]
