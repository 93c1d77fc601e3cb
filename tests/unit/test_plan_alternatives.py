"""``up`` plans one of a guide's alternatives: a build flagged for another platform beside
the plain build is that platform's route; a ``pip install ./`` in a folder of the checkout
that holds no package runs what the repo does not have (outsider 25, D7)."""

from __future__ import annotations

import msgspec

from bringup.model.resolution import Environment, Pin
from bringup.model.source import file_source
from bringup.plan.routes import other_route
from bringup.report.reason_wording import reason_text
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.stepfiles import StepFiles, placed

# hao-ai-lab/FastVideo@2f3d4074 fastvideo-kernel/README.md:41-65 (the build's two routes),
# after as many empty lines as put them at their numbers
_KERNEL = "\n" * 40 + (
    "## Installation\n"
    "\n"
    "### Standard Installation (Local Development)\n"
    "This will automatically detect your GPU architecture. If an NVIDIA Hopper (H100/sm_90a)"
    " GPU is detected, ThunderKittens kernels will be enabled. Otherwise, they will be skipped,"
    " and the package will use Triton fallbacks at runtime.\n"
    "\n"
    "Before installation, set CUDA toolchain paths:\n"
    "\n"
    "```bash\n"
    "export CUDA_HOME=/usr/local/cuda\n"
    "export CUDACXX=$CUDA_HOME/bin/nvcc\n"
    "```\n"
    "\n"
    "```bash\n"
    "git submodule update --init --recursive\n"
    "cd fastvideo-kernel\n"
    "./build.sh\n"
    "```\n"
    "\n"
    "### Rocm Build\n"
    "If you are in a rocm environment without the compilation toolchaine of CUDA.\n"
    "\n"
    "```bash\n"
    "cd fastvideo-kernel\n"
    "./build.sh --rocm\n"
    "```\n"
)


def _environment(subject: str, version: str) -> Environment:
    # constructed: an environment that pins one toolkit
    pin = Pin(subject=subject, version=version, origin="index", source=file_source("x", 1))
    return Environment(index=1, components=("fastvideo",), pins=(pin,))


def _builds() -> list:  # type: ignore[type-arg]
    rel = "fastvideo-kernel/README.md"
    steps = extract_docs(SourceFile(ref=rel, rel=rel, text=_KERNEL)).steps
    return [s for s in steps if s.argv[0] == "./build.sh"]


def test_the_rocm_build_is_another_platforms_route_on_cuda() -> None:
    builds = _builds()
    assert [(s.source.line, s.argv) for s in builds] == [
        (56, ("./build.sh",)),
        (64, ("./build.sh", "--rocm")),
    ]
    reasons = [other_route(s, _environment("cuda", "12.9.1"), builds) for s in builds]
    assert reasons[0] is None
    assert reasons[1] is not None
    assert reason_text(reasons[1]) == (
        "builds for another platform (--rocm): another route, up does not run it"
    )


def test_the_rocm_build_is_the_route_where_rocm_is_pinned() -> None:
    builds = _builds()
    rocm = _environment("rocm", "6.4")
    assert other_route(builds[1], rocm, builds) is None
    # and the plain build is then the other route (review 25b, M4): one install, not two
    reason = other_route(builds[0], rocm, builds)
    assert reason is not None
    assert reason_text(reason) == (
        "its guide builds with --rocm (line 64) for the environment's rocm:"
        " another route, up does not run it"
    )
    # constructed: an environment that pins CUDA too may take the plain build
    both = msgspec.structs.replace(rocm, pins=(*rocm.pins, *_environment("cuda", "12.9").pins))
    assert other_route(builds[0], both, builds) is None
    # alone, a flagged build is the repo's only way: no alternative to pick
    assert other_route(builds[1], _environment("cuda", "12.9.1"), builds[1:]) is None


# OpenGVLab/InternVL@2410d1db INSTALLATION.md:59-65, the optional apex install: the guide
# clones apex but never goes into it; after as many empty lines as put them at their numbers
_APEX = "\n" * 58 + (
    "- Install `apex` (optional, for `segmentation`):\n"
    "\n"
    "  ```bash\n"
    "  git clone https://github.com/NVIDIA/apex.git\n"
    "  git checkout 2386a912164b0c5cfcd8be7a2b890fbac5607c82"
    "  # https://github.com/NVIDIA/apex/issues/1735\n"
    "  pip install -v --disable-pip-version-check --no-cache-dir --no-build-isolation"
    ' --config-settings "--build-option=--cpp_ext" --config-settings'
    ' "--build-option=--cuda_ext" ./\n'
    "  ```\n"
)


def test_a_pip_install_of_a_folder_with_no_package_runs_what_the_repo_lacks() -> None:
    rel = "INSTALLATION.md"
    steps = extract_docs(SourceFile(ref=rel, rel=rel, text=_APEX)).steps
    pips = [s for s in steps if s.argv[0] == "pip"]
    assert [s.source.line for s in pips] == [64]
    files = {"INSTALLATION.md": _APEX, "requirements.txt": "-r requirements/internvl_chat.txt\n"}
    scripts = frozenset({"segmentation/train.py", "internvl_chat/setup.py"})
    found = placed(pips, StepFiles(scripts, files.get))
    assert found[0].needs.missing == ("setup.py",)
    # the same command where the folder holds a package (constructed: a setup.py at the top)
    found = placed(
        pips, StepFiles(scripts, {**files, "setup.py": "from setuptools import setup\n"}.get)
    )
    assert found[0].needs.missing == ()


def test_an_index_pin_of_one_release_excludes_the_guides_other_release() -> None:
    # OpenGVLab/InternVL@2410d1db INSTALLATION.md:40 beside internvl_chat_gpt_oss/
    # requirements.txt:42 ``flash_attn==2.8.2``, the index pin of the outsider's plan
    # (constructed: the environment, as the solver pins an index package)
    rel = "INSTALLATION.md"
    text = "\n" * 38 + "```bash\npip install flash-attn==2.3.6 --no-build-isolation\n```\n"
    step = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).steps[0]
    pin = Pin(subject="flash_attn", version="==2.8.2", origin="index", source=file_source("x", 1))
    environment = Environment(index=1, components=("internvl",), pins=(pin,))
    reason = other_route(step, environment, [step])
    assert reason is not None
    assert reason_text(reason) == (
        "its guide installs pypi:flash-attn == 2.3.6 (line 40); the environment holds 2.8.2:"
        " another guide's route, up does not run it"
    )
    # a range the index resolves may hold the guide's release: not judged
    ranged = Environment(
        index=1, components=("internvl",), pins=(msgspec.structs.replace(pin, version=">=2"),)
    )
    assert other_route(step, ranged, [step]) is None


# A sub-project's guide means its own folder or the sub-project's root (review 25b, H1):
# mindspore-ai/akg (scan_eval21 checkout) akg_agents/reproduce/README.md:30, and
# NVIDIA/Fuser@81c4b22f examples/sinh_extension/README.md:14; after as many empty lines as put
# them at their numbers
_AKG = "\n" * 28 + "```bash\npip install -e ./ --no-build-isolation\n```\n"
_SINH = "\n" * 12 + "```\npip install --no-build-isolation .\n```\n"


def _pips(rel: str, text: str) -> list:  # type: ignore[type-arg]
    return list(extract_docs(SourceFile(ref=rel, rel=rel, text=text)).steps)


def test_a_sub_projects_guide_installs_the_package_above_it() -> None:
    rel = "akg_agents/reproduce/README.md"
    pips = _pips(rel, _AKG)
    assert [(s.source.line, s.argv[:3]) for s in pips] == [(30, ("pip", "install", "-e"))]
    scripts = frozenset({"akg_agents/setup.py", "akg_agents/reproduce/run.py"})
    files = {rel: _AKG, "akg_agents/setup.py": "from setuptools import setup\n"}
    assert placed(pips, StepFiles(scripts, files.get), rel)[0].needs.missing == ()
    # the same with no build file above the guide (constructed): the package is missing
    found = placed(pips, StepFiles(scripts, {rel: _AKG}.get), rel)
    assert found[0].needs.missing == ("akg_agents/reproduce/setup.py",)


def test_a_guide_installs_its_own_folder() -> None:
    rel = "examples/sinh_extension/README.md"
    pips = _pips(rel, _SINH)
    assert [s.source.line for s in pips] == [14]
    scripts = frozenset({"examples/sinh_extension/setup.py", "setup.py"})
    files = {"examples/sinh_extension/pyproject.toml": "[build-system]\n"}
    assert placed(pips, StepFiles(scripts, files.get), rel)[0].needs.missing == ()
