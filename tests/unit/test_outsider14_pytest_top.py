"""outsider14 D2 (the scan's side): ``python -m pytest .`` run at the top of
ThibaultGROUEIX/ChamferDistancePytorch@364c03c4 collects unit_test.py, whose tests put their
tensors on the GPU with ``.cuda()`` and no ``is_available()`` fallback anywhere
(unit_test.py:1,14-16 below); the step "needed nothing" because the folder ``.`` matched no
file. The top folder is every file's."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo

UNIT_TEST = """import torch, time

def test_chamfer(distChamfer, dim):
    points1 = torch.rand(4, 100, dim).cuda()
    points2 = torch.rand(4, 200, dim, requires_grad=True).cuda()
"""


def test_pytest_of_the_top_folder_reads_the_files_it_collects(tmp_path: Path) -> None:
    repo = tmp_path / "chamfer"
    repo.mkdir()
    (repo / "unit_test.py").write_text(UNIT_TEST)
    steps = [s for s in scan_repo(repo, "chamfer").component.steps if s.kind == "test"]
    assert [(s.argv[-1], s.needs.devices, s.needs.device_kind) for s in steps] == [(".", 1, "gpu")]


def test_with_a_fallback_the_same_step_needs_nothing(tmp_path: Path) -> None:
    repo = tmp_path / "chamfer"
    repo.mkdir()
    guarded = UNIT_TEST.replace(
        "def test_chamfer",
        "DEVICE = 'cuda' if torch.cuda.is_available() else 'cpu'\n\ndef test_chamfer",
    )
    (repo / "unit_test.py").write_text(guarded)
    steps = [s for s in scan_repo(repo, "chamfer").component.steps if s.kind == "test"]
    assert [s.needs.devices for s in steps] == [0]
