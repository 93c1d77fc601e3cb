"""A repo that needs a distribution that runs on NVIDIA GPUs only (flash-attn, pynvml) needs a
GPU, as one that needs torch_npu needs an NPU (outsider22b #3): OpenRLHF's requirements.txt asks
for ``flash-attn==2.8.3`` and ``pynvml>=12.0.0`` and has no NPU code, yet ``--target 910B:8``
planned it, flash_attn pinned, into the CANN 9.0.0 environment."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo
from bringup.solve.kinds import host_groups, kinds_needed

# OpenRLHF/OpenRLHF@3c3be6234e0cb353e76bb8019947db9dfe99fca7 requirements.txt:7 and :18
FLASH_ATTN = "flash-attn==2.8.3\n"
PYNVML = "pynvml>=12.0.0\n"


def _repo(tmp_path: Path, name: str, lines: str) -> Path:
    root = tmp_path / name
    root.mkdir()
    (root / "requirements.txt").write_text(lines, encoding="utf-8")
    return root


def test_flash_attn_and_pynvml_tie_a_repo_to_gpus(tmp_path: Path) -> None:
    for name, line in (("flash", FLASH_ATTN), ("nvml", PYNVML)):
        component = scan_repo(_repo(tmp_path, name, line), name).component
        assert set(kinds_needed(component)) == {"cuda"}, name


def test_on_an_npu_target_such_a_repo_is_set_apart(tmp_path: Path) -> None:
    gpu = scan_repo(_repo(tmp_path, "OpenRLHF", FLASH_ATTN + PYNVML), "OpenRLHF").component
    # constructed: a repo that needs only torch, which runs on either kind
    plain = scan_repo(_repo(tmp_path, "plain", "torch>=2.1\n"), "plain").component
    groups, apart = host_groups([gpu, plain], frozenset({"ascend"}))
    assert [c.name for g in groups for c in g.components] == ["plain"]
    ((component, kind, line),) = apart
    assert (component.name, kind, line.source.line) == ("OpenRLHF", "cuda", 1)
