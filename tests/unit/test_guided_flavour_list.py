"""A flavour list the install guide installs is the install's own (outsider22b #8): InternEvo's
doc/en/install.md runs ``pip install -r requirements/torch.txt`` as a step of the install, yet
the scan filed requirements/torch.txt as the optional feature ``extra:torch`` and kept only the
prose "Pytorch >= 2.1.0", so the plan took torch 2.14.0 where the repo pins 2.1.0+cu118."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo

# InternLM/InternEvo@c628a8c87411258e90c50f6a49f6a5e1f507ddb8 doc/en/install.md:41-48
GUIDE = """## Installation

It is recommended to build a Python-3.10 virtual environment using conda and install the \
required dependencies based on the `requirements/` files:
```bash
conda create --name internevo python=3.10 -y
conda activate internevo
cd InternEvo
pip install -r requirements/torch.txt
pip install -r requirements/runtime.txt
```
"""
# the same commit's requirements/torch.txt:1-2 and requirements/runtime.txt:1
TORCH = "--extra-index-url https://download.pytorch.org/whl/cu118\ntorch==2.1.0+cu118\n"
RUNTIME = "transformers<4.30.0\n"


def _repo(tmp_path: Path, guide: str, lists: dict[str, str]) -> Path:
    root = tmp_path / "InternEvo"
    (root / "doc" / "en").mkdir(parents=True)
    (root / "requirements").mkdir()
    (root / "doc" / "en" / "install.md").write_text(guide, encoding="utf-8")
    for name, text in lists.items():
        (root / "requirements" / name).write_text(text, encoding="utf-8")
    return root


def _torch(root: Path) -> list[tuple[str, str]]:
    component = scan_repo(root, "InternEvo").component
    return [(r.spec, r.feature or "") for r in component.requirements if r.subject == "torch"]


def test_the_one_flavour_list_a_guide_installs_is_the_repos(tmp_path: Path) -> None:
    root = _repo(tmp_path, GUIDE, {"torch.txt": TORCH, "runtime.txt": RUNTIME})
    assert _torch(root) == [("==2.1.0+cu118", "")]


def test_two_flavours_a_guide_installs_are_ways_to_install(tmp_path: Path) -> None:
    # constructed: the same guide offering a second flavour of the folder
    guide = GUIDE.replace(
        "pip install -r requirements/runtime.txt",
        "pip install -r requirements/runtime.txt\npip install -r requirements/npu.txt",
    )
    lists = {"torch.txt": TORCH, "runtime.txt": RUNTIME, "npu.txt": "torch==2.1.0\n"}
    assert _torch(_repo(tmp_path, guide, lists)) == []


def test_on_an_npu_host_the_cuda_build_label_is_dropped(tmp_path: Path) -> None:
    """torch==2.1.0+cu118 is PyTorch's CUDA 11.8 wheel; a 910B host installs torch 2.1.0
    itself (for torch_npu), so the line asks for the release there, and stays whole on a GPU
    host."""
    from bringup.solve.kinds import for_host

    root = _repo(tmp_path, GUIDE, {"torch.txt": TORCH, "runtime.txt": RUNTIME})
    component = scan_repo(root, "InternEvo").component
    on = {kind: for_host(component, kind) for kind in ("ascend", "cuda")}
    specs = {k: [r.spec for r in c.requirements if r.subject == "torch"] for k, c in on.items()}
    assert specs == {"ascend": ["==2.1.0"], "cuda": ["==2.1.0+cu118"]}
