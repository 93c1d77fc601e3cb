"""torch_cuda.toml's rows for torch 1.6-1.11 (their Python from the Linux wheels on PyPI,
their CUDA builds from https://pytorch.org/get-started/previous-versions/): a CUDA toolkit
pinned beside an old torch follows the builds it was published for, not the newest release
(outsider15 D3), and a torch no wheel of which exists for the host's Python gets a Python that
has one."""

from __future__ import annotations

import msgspec
import pytest

from bringup.cli.main import main
from bringup.kb import load_knowledge_base
from bringup.model import Component, Requirement, file_source
from bringup.model.resolution import Resolution
from bringup.model.snapshot import Toolkit
from bringup.model.source import command_source
from bringup.solve import SolveOptions, knowledge_catalogue, solve
from solve_inputs import host


def _req(subject: str, spec: str, path: str, line: int) -> Requirement:
    return Requirement(subject=subject, spec=spec, component="repo", source=file_source(path, line))


def _solve(*requirements: Requirement, pythons: tuple[str, ...], cuda: str = "") -> Resolution:
    snapshot = host(pythons=pythons)
    if cuda:
        toolkit = Toolkit(
            kind="cuda",
            version=cuda,
            path="/usr/local/cuda",
            source=command_source(["nvcc", "--version"]),
        )
        snapshot = msgspec.structs.replace(snapshot, toolkits=(*snapshot.toolkits, toolkit))
    repo = Component(name="repo", path="repo", role="other", requirements=requirements)
    kb = load_knowledge_base()
    return solve([repo], snapshot, kb.rules(chips=()), knowledge_catalogue(kb), SolveOptions())


def test_an_installed_cuda_13_is_not_pinned_beside_torch_1_7_1() -> None:
    # NVlabs/stylegan2-ada-pytorch@d72cc7d041b42ec8e806021a205ed9349f87c6a4 README.md:65-66
    # "64-bit Python 3.7 and PyTorch 1.7.1", "CUDA toolkit 11.0 or later"; the host of
    # outsider15's report has CUDA 13.0.88, which was pinned
    resolution = _solve(
        _req("python", "==3.7.*", "README.md", 65),
        _req("torch", "==1.7.1", "README.md", 65),
        _req("cuda", ">=11.0", "README.md", 66),
        pythons=("3.7.16",),
        cuda="13.0.88",
    )
    (env,) = resolution.environments
    cuda = env.pin("cuda")
    assert cuda is not None
    assert cuda.version.startswith("11.0.")
    assert not cuda.installed
    (verdict,) = resolution.verdicts
    assert not [o for o in verdict.obstacles if o.kind == "unchecked"]


def test_torch_1_11_gets_a_python_its_wheels_exist_for() -> None:
    # rbrtwlz/fastai_object_detection@8935053b setup.py:12 `install_requires = ['torch==1.11.0'`
    # on a host whose only Python is 3.11.7: torch 1.11.0's Linux wheels stop at cp310
    resolution = _solve(_req("torch", "==1.11.0", "setup.py", 12), pythons=("3.11.7",))
    (env,) = resolution.environments
    python = env.pin("python")
    assert python is not None
    assert python.version.split(".")[:2] == ["3", "10"]
    (verdict,) = resolution.verdicts
    assert verdict.status == "runs_after"


def test_kb_why_names_torch_1_7s_builds(capsys: pytest.CaptureFixture[str]) -> None:
    # outsider15 D3: `kb why torch==1.7.1 cuda==13.0` said UNKNOWN (no row covered the pair)
    assert main(["kb", "why", "torch==1.7.1", "cuda==13.0"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("INCOMPATIBLE: torch==1.7.1 with cuda==13.0")
    assert "(torch-1.7-cuda/cuda)" in out
    # torch 1.10 checks an extension's toolkit major (BuildExtension._check_cuda_version)
    assert main(["kb", "why", "torch==1.10.2", "cuda==12.1"]) == 1
    assert "(torch-1.10-cuda-major/cuda)" in capsys.readouterr().out
    assert main(["kb", "why", "torch==1.9.0", "cuda==11.1"]) == 0
