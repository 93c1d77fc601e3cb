"""A run whose script compiles CUDA kernels as it starts, through the repo's modules it
imports, needs the toolkit and a GPU; a script that pip-installs the repo's CUDA extension
folders needs the toolkit (outsider9 #6). The lines are ashawkey/torch-ngp@
b6e080468925f0bb44827b4f8f0ed08291dcf8a9's, at the paths and lines beside them."""

from __future__ import annotations

from bringup.model import Requirement, Step, file_source
from bringup.scan.extraction import Extraction
from bringup.scan.stepfiles import StepFiles, placed
from bringup.scan.steps_found import toolkit_folders

FILES = {
    # main_nerf.py:80-87, the network chosen by an option
    "main_nerf.py": (
        "    if opt.ff:\n"
        "        from nerf.network_ff import NeRFNetwork\n"
        "    else:\n"
        "        from nerf.network import NeRFNetwork\n"
    ),
    "nerf/network.py": "from encoding import get_encoder\nfrom .renderer import NeRFRenderer\n",
    "nerf/renderer.py": "import torch.nn.functional as F\n\nimport raymarching\n",  # :7-9
    "encoding.py": "import torch\n",
    "raymarching/__init__.py": "from .raymarching import *",
    # raymarching/raymarching.py:9-12
    "raymarching/raymarching.py": (
        "try:\n    import _raymarching as _backend\nexcept ImportError:\n"
        "    from .backend import _backend\n"
    ),
    # raymarching/backend.py:2 and :31-37
    "raymarching/backend.py": (
        "from torch.utils.cpp_extension import load\n"
        "_backend = load(name='_raymarching',\n"
        "                extra_cflags=c_flags,\n"
        "                extra_cuda_cflags=nvcc_flags,\n"
        "                sources=[os.path.join(_src_path, 'src', f) for f in [\n"
        "                    'raymarching.cu',\n"
        "                    'bindings.cpp',\n"
        "                ]],\n"
    ),
    # scripts/llff2nerf.py: no kernels (constructed: its imports only)
    "scripts/llff2nerf.py": "import os\nimport numpy as np\n",
    # scripts/install_ext.sh:1-3
    "scripts/install_ext.sh": "pip install ./raymarching\n\npip install ./gridencoder\n",
}


def _run(*argv: str) -> Step:
    return Step(name="r", kind="run", argv=argv, source=file_source("readme.md", 107))


def test_a_script_that_compiles_cuda_kernels_at_start_needs_the_toolkit_and_a_gpu() -> None:
    (step,) = placed(
        [_run("python", "main_nerf.py", "data/fox")], StepFiles(frozenset(FILES), FILES.get)
    )
    assert (step.needs.toolkit, step.needs.devices, step.needs.device_kind) == (True, 1, "gpu")


def test_a_script_that_compiles_nothing_needs_nothing() -> None:
    (step,) = placed(
        [_run("python", "scripts/llff2nerf.py")], StepFiles(frozenset(FILES), FILES.get)
    )
    assert (step.needs.toolkit, step.needs.devices) == (False, 0)


def test_a_script_installing_a_cuda_extension_folder_needs_the_toolkit() -> None:
    # raymarching/setup.py:3,47-50: a CUDAExtension of raymarching.cu (its cuda need)
    setup = Requirement(
        subject="cuda", spec="", component="", source=file_source("raymarching/setup.py", 47)
    )
    extracted = [
        ("raymarching/setup.py", Extraction(requirements=(setup,))),
        ("scripts/install_ext.sh", Extraction()),
    ]
    found = toolkit_folders(extracted, FILES)
    assert found == {"raymarching": "gpu", "scripts/install_ext.sh": "gpu"}
    assert toolkit_folders(extracted[1:], FILES) == {}


def test_a_pip_install_spelled_with_quotes_is_still_read() -> None:
    # the shell takes quotes and backslashes out of a word: the skip of scripts that hold no
    # ``pip install`` (read again only when they may) must not skip this one (constructed
    # from scripts/install_ext.sh:1)
    setup = Requirement(
        subject="cuda", spec="", component="", source=file_source("raymarching/setup.py", 47)
    )
    texts = {"scripts/install_ext.sh": "\"p\"ip ins'tall' ./raymarching\n"}
    extracted = [
        ("raymarching/setup.py", Extraction(requirements=(setup,))),
        ("scripts/install_ext.sh", Extraction()),
    ]
    assert toolkit_folders(extracted, texts)["scripts/install_ext.sh"] == "gpu"
    texts = {"scripts/install_ext.sh": "echo ./raymarching\n"}
    assert "scripts/install_ext.sh" not in toolkit_folders(extracted, texts)


def test_the_modules_scripts_share_are_read_once_for_the_checkout() -> None:
    reads: list[str] = []

    def read(rel: str) -> str | None:
        reads.append(rel)
        return FILES.get(rel)

    kept = StepFiles(frozenset(FILES), read)
    steps = [_run("python", "main_nerf.py"), _run("python", "scripts/llff2nerf.py")]
    first = placed(steps, kept, "readme.md")
    again = placed(steps, kept, "docs/usage.md")
    assert [s.needs.toolkit for s in first] == [s.needs.toolkit for s in again] == [True, False]
    assert reads.count("nerf/network.py") == 1
