"""Outsider O9 #2, #8 and #14 on real lines.

#2: a repo that runs on CUDA or on Ascend got one environment with CANN, torch_npu and CUDA
together, and a pasted NVIDIA-only report was still told to install CANN. Such a repo is
planned for the kind of device the host has (else one kind), the other kind's lines left out.
#8: one nvidia-smi paste as ``--snapshot`` and as ``--target`` gave two environments (CUDA
11.8 against 12.6.3): the fixed driver weighed CUDA 12.6.3's own driver recommendation above
the versions, the target's chosen driver with them.
#14: "runs here after installing" with exit 1, because the repo's only step waits on those
installs.

Sources (the outsider's copies are ``git archive HEAD`` of these commits):
hiyouga/LLaMA-Factory@ff6d4d12eeb035d6ce06805a5733dd7b29f2ac30 and
IST-DASLab/marlin@2f6d7c10e124b3c5fa29ff8d77d568bd7af3274c; the pasted report is
https://github.com/NVIDIA/DCGM/issues/232 (tests/data/outsider9, its URL on line 1), the
910B report https://github.com/vllm-project/vllm-ascend/issues/13552.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bringup.cli.main import main
from bringup.scan.repo import scan_repo
from bringup.solve.kinds import host_groups, kinds_needed

DATA = Path(__file__).resolve().parents[1] / "data" / "outsider9"
A10G = DATA / "a10g-dcgm232-nvidia-smi.txt"  # driver 535.247.01, 1 x A10G
NPU = DATA / "910b3-13552-npu-smi.txt"  # 1 x 910B3
STACK = Path(__file__).resolve().parents[1] / "fixtures/repos/two-kinds"  # its SOURCES
NO_DEVICE = (
    Path(__file__).resolve().parents[1]
    / "fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver"
)

# LLaMA-Factory README.md:495-498, 523-530 and 605-607 (blank lines between the parts)
LF_README = """\
| Optional     | Minimum | Recommend |
| ------------ | ------- | --------- |
| CUDA         | 11.6    | 12.2      |
| deepspeed    | 0.10.0  | 0.16.4    |

#### Install from Source

```bash
git clone --depth 1 https://github.com/hiyouga/LlamaFactory.git
cd LlamaFactory
pip install -e .
pip install -r requirements/metrics.txt
```

<details><summary>For Ascend NPU users</summary>

To install LlamaFactory on Ascend NPU devices, please use Python 3.12 and install the extra \
dependencies with `pip install -r requirements/npu.txt`. Additionally, you need to install the \
**Ascend CANN Toolkit and Kernels**.
"""
# LLaMA-Factory pyproject.toml:1-11
LF_PYPROJECT = """\
[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[project]
name = "llamafactory"
dynamic = ["version"]
description = "Unified Efficient Fine-Tuning of 100+ LLMs"
readme = "README.md"
license = "Apache-2.0"
requires-python = ">=3.11.0"
"""
LF_FILES = {
    "README.md": LF_README,
    "pyproject.toml": LF_PYPROJECT,
    # LLaMA-Factory requirements/npu.txt:1-5 and requirements/metrics.txt:1-3
    "requirements/npu.txt": (
        "torch==2.10.0\ntorch-npu==2.10.0.post2\ntorchvision==0.25.0\ntorchaudio==2.10.0\n"
        "decorator\n"
    ),
    "requirements/metrics.txt": "nltk\njieba\nrouge-chinese\n",
}

# marlin README.md:62-66 and 74-80; setup.py:1-16 as it is
MARLIN_README = """\
## Requirements:

* CUDA >= 11.8 (in particular also for the `nvcc` compiler, the version of which should match \
with torch)
* NVIDIA GPU with compute capability >= 8.0 (Ampere or Ada, Marlin is not yet optimized for Hopper)
* `torch>=2.0.0`

## Usage:

If all requirements are met, it should be possible to install Marlin by calling

```
pip install .
```
"""
MARLIN_SETUP = """\
from setuptools import setup
from torch.utils import cpp_extension

setup(
    name='marlin',
    version='0.1.1',
    author='Elias Frantar',
    author_email='elias.frantar@ist.ac.at',
    description='Highly optimized FP16xINT4 CUDA matmul kernel.',
    install_requires=['numpy', 'torch'],
    packages=['marlin'],
    ext_modules=[cpp_extension.CUDAExtension(
        'marlin_cuda', ['marlin/marlin_cuda.cpp', 'marlin/marlin_cuda_kernel.cu']
    )],
    cmdclass={'build_ext': cpp_extension.BuildExtension},
)
"""


def _repo(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def _llamafactory(tmp_path: Path) -> Path:
    return _repo(tmp_path / "LLaMA-Factory", LF_FILES)


def _marlin(tmp_path: Path) -> Path:
    return _repo(tmp_path / "marlin", {"README.md": MARLIN_README, "setup.py": MARLIN_SETUP})


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    code = main([*argv, "--json"])
    return code, json.loads(capsys.readouterr().out)["data"]


def _pins(environment: dict[str, Any]) -> dict[str, str]:
    return {pin["subject"]: pin["version"] for pin in environment.get("pins", ())}


def test_an_optional_cuda_version_beside_an_npu_route_supports_either_kind(
    tmp_path: Path,
) -> None:
    """A CUDA version under "Optional" is no passing mention: the repo runs on a GPU too."""
    component = scan_repo(_llamafactory(tmp_path), "LLaMA-Factory").component
    assert set(kinds_needed(component)) == {"ascend", "cuda"}


@pytest.mark.parametrize(
    ("host", "kept", "left_out"),
    [
        (A10G, set(), {"cann", "torch_npu"}),
        (NPU, {"cann", "torch_npu"}, {"cuda"}),
        (NO_DEVICE, {"cann", "torch_npu"}, {"cuda"}),
    ],
    ids=["nvidia-paste", "npu-paste", "no-accelerator"],
)
def test_a_repo_for_cuda_or_ascend_gets_one_kinds_environment(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    host: Path,
    kept: set[str],
    left_out: set[str],
) -> None:
    """On the A10G paste the NPU route's CANN and torch_npu are not planned (nor on a host
    with neither kind is the union: it gets the first kind's route, Ascend's)."""
    repo = str(_llamafactory(tmp_path))
    _code, data = _json(capsys, "check", repo, "--snapshot", str(host))
    for environments in (data["design"]["environments"], data["resolution"]["environments"]):
        (environment,) = environments
        pins = set(_pins(environment))
        assert kept <= pins
        assert not pins & left_out, pins
    (other,) = data["design"]["other_kinds"]
    assert other["reason"]["need"] == ("npu" if host == A10G else "gpu")


def test_a_snapshot_and_a_target_of_one_report_give_one_environment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Driver 535 meets CUDA 12.x's hard floor (525.60.13) and misses CUDA 12.6.3's own
    driver (560.35.05, a recommendation): both ways of reading the paste take CUDA 12.x."""
    repo = str(_marlin(tmp_path))
    _code, here = _json(capsys, "check", repo, "--snapshot", str(A10G))
    _code, target = _json(capsys, "check", repo, "--target", str(A10G))
    (on_host,) = here["resolution"]["environments"]
    (on_target,) = target["design"]["environments"]
    wanted = {"cuda", "torch", "python"}
    here_pins = {k: v for k, v in _pins(on_host).items() if k in wanted}
    assert here_pins == {k: v for k, v in _pins(on_target).items() if k in wanted}
    assert here_pins["cuda"].startswith("12.")


def test_a_step_that_waits_only_on_the_listed_installs_exits_as_its_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """marlin's only step, ``pip install .`` (a CUDAExtension), waits for the CUDA toolkit the
    verdict lists: "runs here after installing" exits 0, as a repo whose steps need no
    toolkit does."""
    repo = str(_marlin(tmp_path))
    code, data = _json(capsys, "check", repo, "--snapshot", str(A10G))
    (verdict,) = data["resolution"]["verdicts"]
    assert verdict["status"] == "runs_after"
    (step,) = data["plan"]["steps"]
    assert (step["status"], step["reason"]["kind"]) == ("blocked", "install")
    assert code == 0
    assert main(["check", repo, "--snapshot", str(A10G)]) == 0


def test_a_repo_for_either_kind_is_grouped_for_the_machines_kind(tmp_path: Path) -> None:
    """``host_groups`` without a target: the union of two kinds was one group of no kind;
    now the machine's kind where the repo supports it, else its first kind, even beside a
    repo that needs the other kind alone."""
    either = scan_repo(_llamafactory(tmp_path), "LLaMA-Factory").component
    npu_only = scan_repo(STACK / "vllm-ascend", "vllm-ascend").component
    (group,), _apart = host_groups([either], frozenset())
    assert group.kind == "ascend"
    (group,), _apart = host_groups([either], frozenset(), frozenset({"cuda"}))
    assert group.kind == "cuda"
    groups, _apart = host_groups([npu_only, either], frozenset(), frozenset({"cuda"}))
    assert [(g.kind, [c.name for c in g.components]) for g in groups] == [
        ("ascend", ["vllm-ascend"]),
        ("cuda", ["LLaMA-Factory"]),
    ]
    groups, _apart = host_groups([npu_only, either], frozenset())
    assert [(g.kind, [c.name for c in g.components]) for g in groups] == [
        ("ascend", ["vllm-ascend", "LLaMA-Factory"])
    ]
