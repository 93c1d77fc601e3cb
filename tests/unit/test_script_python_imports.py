"""The Python scripts a repo's script runs are read for their imports (outsider20 D7): the
Ascend C sample's run.sh runs ``python3 scripts/gen_data.py`` and ``python3
scripts/verify_result.py``, which import numpy and torch; nothing else in the sample names
them. Lines from hansheng1001/AscendCContest@4904517
01Addcmul/KernelLaunch/MseLossKernelInvocation: run.sh:117-118 and :124-125,
scripts/gen_data.py:1-8, scripts/verify_result.py:1-3."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.commands import commands_of, joined_lines
from bringup.scan.extraction import SourceFile
from bringup.scan.pyscripts import extract_python_script, python_scripts
from bringup.scan.repo import scan_repo

RUN_SH = (
    "#!/bin/bash\n"
    'echo "INFO: compile op on ${RUN_MODE} succeed!"\n'
    "python3 scripts/gen_data.py\n"
    'echo "INFO: execute op on ${RUN_MODE} succeed!"\n'
    "python3 scripts/verify_result.py output/output_out.bin output/golden.bin\n"
)
GEN_DATA = (
    "#!/usr/bin/python3\n"
    "# -*- coding:utf-8 -*-\n"
    "# Copyright 2022-2023 Huawei Technologies Co., Ltd\n"
    "import numpy as np\n"
    "import os\n"
    "\n"
    "import torch\n"
    "import torch.nn as nn\n"
)
VERIFY = "import os\nimport sys\nimport numpy as np\n"


def _needs(requirements: object) -> dict[str, list[str]]:
    return {
        r.subject: [f"{s.ref}:{s.line}" for s in (r.source, *r.also_at)]
        for r in requirements  # type: ignore[attr-defined]
    }


def test_the_scripts_run_sh_runs_are_found_beside_it() -> None:
    commands = commands_of(joined_lines(RUN_SH))
    assert python_scripts("sample/run.sh", commands) == (
        "sample/scripts/gen_data.py",
        "scripts/gen_data.py",
        "sample/scripts/verify_result.py",
        "scripts/verify_result.py",
    )
    # a module run, inline code and a test file are read otherwise or not at all
    others = commands_of(
        joined_lines("python3 -m pytest tests\npython3 -c 'import torch'\npython test_x.py\n")
    )
    assert python_scripts("run.sh", others) == ()


def test_a_scripts_top_level_imports_are_its_needs() -> None:
    found = extract_python_script(SourceFile(ref="gen_data.py", rel="gen_data.py", text=GEN_DATA))
    assert _needs(found.requirements) == {
        "pypi:numpy": ["gen_data.py:4"],
        "torch": ["gen_data.py:7"],
    }
    guarded = "try:\n    import torch\nexcept ImportError:\n    torch = None\n"
    lazy = extract_python_script(SourceFile(ref="x.py", rel="x.py", text=guarded))
    assert lazy.requirements == ()


def test_a_run_sh_of_the_sample_needs_what_its_scripts_import(tmp_path: Path) -> None:
    (tmp_path / "scripts").mkdir()
    (tmp_path / "run.sh").write_text(RUN_SH, encoding="utf-8")
    (tmp_path / "scripts" / "gen_data.py").write_text(GEN_DATA, encoding="utf-8")
    (tmp_path / "scripts" / "verify_result.py").write_text(VERIFY, encoding="utf-8")
    needs = _needs(scan_repo(tmp_path, "sample").component.requirements)
    assert needs["pypi:numpy"] == [
        "sample/scripts/gen_data.py:4",
        "sample/scripts/verify_result.py:3",
    ]
    assert needs["torch"] == ["sample/scripts/gen_data.py:7"]
