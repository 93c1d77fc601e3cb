"""The devices a repo's own code runs on are a fact of the repo (outsider22b #3, #7).

InternEvo's install guide asks for CUDA and an Ampere GPU, and its code picks an NPU through
torch_npu; torchtune picks ``npu`` the same way. With ``--target 910B:8`` InternEvo was ruled
out as "needs a GPU", and the 910B environment was pinned to a torch no torch_npu row vouches
for, with no torch_npu at all. The code's import now says the repo supports NPUs, and on an NPU
host its torch goes through torch_npu, whose rows choose torch, Python and CANN together.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.scan.devicesupport import supported_devices
from bringup.scan.repo import scan_repo
from bringup.solve.kinds import for_host, host_groups, kinds_needed

# InternLM/InternEvo@c628a8c87411258e90c50f6a49f6a5e1f507ddb8
# internlm/accelerator/abstract_accelerator.py:85-91
INTERNEVO_ACCELERATOR = """import os

def get_accelerator():
    if "INTERNLM_ACCELERATOR" in os.environ:
        accelerator_name = os.environ["INTERNLM_ACCELERATOR"]
        if accelerator_name == "npu":
            try:
                import torch_npu  # noqa # pylint: disable=W0611
            except (ImportError, ModuleNotFoundError):
                raise ValueError("NPU_Accelerator requires torch_npu, which is not installed on \
this system.")
"""
# the same repo's doc/en/install.md:8, its CUDA need
INTERNEVO_CUDA = "## Installation\n\n### Environment Preparation\n- CUDA >= 11.8\n"
# pytorch/torchtune@bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1 torchtune/utils/_device.py:37-44
TORCHTUNE_DEVICE = '''import torch

def is_torch_npu_available() -> bool:
    """Check the availability of NPU"""
    try:
        import torch_npu  # noqa: F401

        return torch.npu.is_available()
    except ImportError:
        return False
'''
# bigorange1024/ascendc@541ca73c1931f5d6d9cf34a18e9ad7f27b3437b5 README.md:78-82
ASCENDC = (
    "## 当前状态\n\n| 项目 | 说明 |\n|------|------|\n"
    "| CANN 社区版 | **9.0.0**\uff08Toolkit + 910-ops\uff09 |\n"
)


def _repo(tmp_path: Path, name: str, package: str, module: str, files: dict[str, str]) -> Path:
    root = tmp_path / name
    (root / package).mkdir(parents=True)
    (root / package / "__init__.py").write_text("", encoding="utf-8")
    (root / package / module).write_text(files.pop("code"), encoding="utf-8")
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def _internevo(tmp_path: Path) -> Path:
    files = {"code": INTERNEVO_ACCELERATOR, "doc/en/install.md": INTERNEVO_CUDA}
    return _repo(tmp_path, "InternEvo", "internlm", "abstract_accelerator.py", files)


def _torchtune(tmp_path: Path) -> Path:
    files = {"code": TORCHTUNE_DEVICE, "requirements.txt": "torch\n"}
    return _repo(tmp_path, "torchtune", "torchtune", "_device.py", files)


def test_an_import_of_torch_npu_in_the_code_is_a_finding_not_a_requirement(
    tmp_path: Path,
) -> None:
    (found,) = supported_devices(_internevo(tmp_path), "InternEvo", "InternEvo")
    assert (found.kind, found.subject) == ("supports", "torch_npu")
    source = found.sources[0]
    assert (source.ref, source.line) == ("InternEvo/internlm/abstract_accelerator.py", 8)
    component = scan_repo(_internevo(tmp_path / "again"), "InternEvo").component
    assert not [r for r in component.requirements if r.subject == "torch_npu"]
    assert "scan.supports.torch_npu" in [f.key for f in component.findings]


def test_a_gpu_guide_and_npu_code_support_either_kind(tmp_path: Path) -> None:
    component = scan_repo(_internevo(tmp_path), "InternEvo").component
    assert set(kinds_needed(component)) == {"cuda", "ascend"}
    groups, apart = host_groups([component], frozenset({"ascend"}))
    assert apart == []
    assert [c.name for g in groups for c in g.components] == ["InternEvo"]


def test_a_repo_that_needs_no_device_still_needs_none(tmp_path: Path) -> None:
    component = scan_repo(_torchtune(tmp_path), "torchtune").component
    assert kinds_needed(component) == {}


def test_on_an_npu_host_torch_goes_through_torch_npu(tmp_path: Path) -> None:
    component = scan_repo(_torchtune(tmp_path), "torchtune").component
    on_npu = for_host(component, "ascend")
    (adapter,) = [r for r in on_npu.requirements if r.subject == "torch_npu"]
    assert adapter.hard
    on_gpu = for_host(component, "cuda")
    assert not [r for r in on_gpu.requirements if r.subject == "torch_npu"]


def test_the_910b_environment_takes_a_torch_a_torch_npu_row_vouches_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ascendc = tmp_path / "ascendc"
    ascendc.mkdir()
    (ascendc / "README.md").write_text(ASCENDC, encoding="utf-8")
    torchtune = _torchtune(tmp_path)
    main(["check", str(ascendc), str(torchtune), "--target", "910B:8", "--json"])
    design = json.loads(capsys.readouterr().out)["data"]["design"]
    (environment,) = design["environments"]
    pins = {p["subject"]: p.get("version") for p in environment["pins"]}
    assert pins["cann"] == "9.0.0"
    assert pins["torch_npu"] is not None
    assert pins["torch"] is not None
    assert pins["torch_npu"].startswith(pins["torch"])
