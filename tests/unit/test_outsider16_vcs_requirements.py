"""pip's VCS and direct-reference requirement forms are requirements: a named distribution from a
URL, installed from it (``name @ URL``), never dropped as "invalid" (outsider16 D1: an
environment made without taming-transformers and CLIP "passed")."""

from __future__ import annotations

from bringup.model.requirements import Component
from bringup.model.resolution import Environment, Pin
from bringup.model.snapshot import Snapshot
from bringup.model.source import Source
from bringup.run.environments import environment_spec
from bringup.scan.conda_env import extract_conda_env
from bringup.scan.extraction import SourceFile
from bringup.scan.requirements_txt import extract_requirements_txt

# CompVis/stable-diffusion@21f890f9da3cfbeaba8e2ac3c425ee9e998d5229 environment.yaml:12,29-31
SD_ENV = """name: ldm
dependencies:
  - python=3.8
  - pip:
    - -e git+https://github.com/CompVis/taming-transformers.git@master#egg=taming-transformers
    - -e git+https://github.com/openai/CLIP.git@main#egg=clip
    - -e .
"""
TAMING = "git+https://github.com/CompVis/taming-transformers.git@master"
CLIP = "git+https://github.com/openai/CLIP.git@main"
SD_FILE = SourceFile(ref="environment.yaml", rel="environment.yaml", text=SD_ENV)


def _python(found: object) -> dict[str, str]:
    requirements = found.requirements  # type: ignore[attr-defined]
    return {r.subject: r.direct for r in requirements if r.subject.startswith("pypi:")}


def test_editable_vcs_entries_of_a_conda_pip_list_are_requirements() -> None:
    found = extract_conda_env(SD_FILE)
    assert _python(found) == {
        "pypi:taming-transformers": f"taming-transformers @ {TAMING}",
        "pypi:clip": f"clip @ {CLIP}",
    }
    assert not [f for f in found.findings if f.kind == "invalid"]
    notes = [f.message for f in found.findings]
    assert "editable install: ." in notes  # the repo itself, as a requirements file says it
    # pip clones them with git, over the network
    assert {r.spec for r in found.requirements if r.subject == "system_package"} == {"git"}


def test_the_same_forms_in_a_requirements_file() -> None:
    # the same lines as a requirements file, and PEP 508's direct reference and a bare URL
    # (the form of huawei-csl/gdn-tri-inverse@d12ad042 pyproject.toml:24)
    text = (
        "-e git+https://github.com/CompVis/taming-transformers.git@master#egg=taming-transformers\n"
        "--editable=git+https://github.com/openai/CLIP.git@main#egg=clip\n"
        "pto_kernels @ git+https://github.com/huawei-csl/pto-kernels.git\n"
        "-e .\n"
    )
    found = extract_requirements_txt(
        SourceFile(ref="requirements.txt", rel="requirements.txt", text=text)
    )
    assert _python(found) == {
        "pypi:taming-transformers": f"taming-transformers @ {TAMING}",
        "pypi:clip": f"clip @ {CLIP}",
        "pypi:pto-kernels": "pto_kernels @ git+https://github.com/huawei-csl/pto-kernels.git",
    }


def test_a_bare_url_keeps_its_subdirectory_and_is_installed_unnamed() -> None:
    # ashawkey/torch-ngp@b6e080468925f0bb44827b4f8f0ed08291dcf8a9 environment.yml:27: the name
    # guessed from the repository (tiny-cuda-nn) is not the distribution's (tinycudann)
    url = "git+https://github.com/NVlabs/tiny-cuda-nn/#subdirectory=bindings/torch"
    text = f"name: torch-ngp\ndependencies:\n  - pip:\n    - {url}\n"
    found = extract_conda_env(SourceFile(ref="environment.yml", rel="environment.yml", text=text))
    assert _python(found) == {"pypi:tiny-cuda-nn": url}


def test_the_environment_installs_them_from_their_url() -> None:
    found = extract_conda_env(SD_FILE)
    source = Source(kind="file", ref="environment.yaml", line=29)
    component = Component(name="sd", path=".", role="other", requirements=found.requirements)
    environment = Environment(
        index=1,
        components=("sd",),
        pins=(
            Pin(subject="python", version="3.8.18", origin="installed", source=source),
            Pin(subject="taming-transformers", version="", origin="index", source=source),
            Pin(subject="clip", version="", origin="index", source=source),
        ),
    )
    spec = environment_spec(environment, Snapshot(taken_at="t", origin="replay"), (), [component])
    assert f"taming-transformers @ {TAMING}" in spec.requirements
    assert f"clip @ {CLIP}" in spec.requirements
    assert "clip" not in spec.requirements  # PyPI's clip is another project


def test_a_path_of_the_machine_a_list_was_frozen_on_is_installed_by_name() -> None:
    """``pip freeze`` in a conda environment writes a local path for what conda installed
    (conda/conda#11580: ``certifi @ file:///opt/conda/conda-bld/certifi_1655968806487/work/
    certifi``); that path is on the author's machine, and ``uv pip install`` of it failed the
    environment's whole install (review35): it is installed from the index, as before."""
    text = "certifi @ file:///opt/conda/conda-bld/certifi_1655968806487/work/certifi\n"
    text += "mylib @ file:../libs/mylib\n"  # relative: read from wherever the install runs
    found = extract_requirements_txt(
        SourceFile(ref="requirements.txt", rel="requirements.txt", text=text)
    )
    assert _python(found) == {"pypi:certifi": "", "pypi:mylib": ""}
