"""A process group the repo's own package starts on HCCL is a need of HCCL, part of CANN
(outsider 17 D2's rest)."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.pgbackend import backend_needs
from bringup.scan.pkgimports import package_lines

# Ascend/pytorch@65043f2b test/distributed/_fault_mode_cases/error_discontinuous_tensor.py:1-12
DISCONTINUOUS = """import os
import torch
import torch.distributed as dist
import torch_npu


def discontinuous_tensor():
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = "29500"
    os.environ["HCCL_WHITELIST_DISABLE"] = "1"
    backend = "hccl"
    dist.init_process_group(backend)
"""


def test_a_module_that_starts_hccl_needs_cann(tmp_path: Path) -> None:
    package = tmp_path / "faultcases"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "discontinuous.py").write_text(DISCONTINUOUS, encoding="utf-8")
    needs = [r for r in package_lines(tmp_path, "", "faultcases", []) if r.subject == "cann"]
    assert [(r.source.ref, r.source.line) for r in needs] == [("faultcases/discontinuous.py", 12)]
    assert needs[0].text == 'init_process_group(backend="hccl"): HCCL, part of CANN'


def test_a_choice_of_backends_or_another_backend_says_nothing() -> None:
    gloo = DISCONTINUOUS.replace('"hccl"', '"gloo"')
    chosen = DISCONTINUOUS + '    dist.init_process_group("gloo")\n'
    assert backend_needs([("a.py", gloo), ("b.py", chosen)], "", "r") == []
    # the literal keyword form is read as well
    keyword = DISCONTINUOUS.replace(
        "init_process_group(backend)", 'init_process_group(backend="hccl")'
    )
    assert [r.source.line for r in backend_needs([("c.py", keyword)], "", "r")] == [12]
