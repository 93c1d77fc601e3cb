"""outsider17 D4: a repo of scripts, no package and no manifest, whose README is a title
(ZyEng-Art/flash_attn_npu@aa59cd6 README.md:1): its modules at the top were not read, so torch
and torch_npu, which flash_attention_forward.py:14-19 imports, were missed. Those modules are
the repo's code; upstream Triton is not what ``import triton`` beside Triton's Ascend backend
needs."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.pkgimports import package_lines
from bringup.scan.repo import scan_repo

FORWARD_14_19 = """import torch
import torch_npu  # noqa: F401
import triton
import triton.backends.ascend.runtime  # noqa: F401
import triton.language as tl
import triton.language.extra.cann.extension as extension
"""
"""ZyEng-Art/flash_attn_npu@aa59cd6 flash_attention_forward.py:14-19."""


def _repo(root: Path) -> Path:
    (root / "README.md").write_text("# flash_attn_npu\n")
    (root / "flash_attention_forward.py").write_text(
        FORWARD_14_19 + '\nif __name__ == "__main__":\n    pass\n'
    )
    return root


def test_the_modules_at_the_top_of_a_repo_of_scripts_are_its_code(tmp_path: Path) -> None:
    found = package_lines(_repo(tmp_path), "", "flash_attn_npu", [])
    assert {r.subject: r.source.line for r in found} == {
        "torch": 1,
        "torch_npu": 2,
        "triton_ascend": 3,
    }


def test_a_repo_with_a_package_or_a_native_build_keeps_its_scripts_apart(tmp_path: Path) -> None:
    (_repo(tmp_path) / "CMakeLists.txt").write_text("project(x)\n")
    assert package_lines(tmp_path, "", "flash_attn_npu", []) == []


def test_the_scan_of_a_repo_of_scripts_needs_what_they_import(tmp_path: Path) -> None:
    scanned = scan_repo(_repo(tmp_path), str(tmp_path), name="flash_attn_npu").component
    assert {"torch", "torch_npu"} <= {r.subject for r in scanned.requirements}
