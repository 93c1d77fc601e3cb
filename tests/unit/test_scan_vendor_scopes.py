"""A vendor's own folder speaks for that vendor, never for the repo (outsider O5, D11).

Source: FlagOpen/FlagPerf@1b5a030398ab719e406f77877eb34c9599b17fd2 (paths and lines below).
"""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo
from bringup.scan.scopes import REPO, Scopes

# FlagPerf: the per-vendor layouts of operation/vendors/, base/vendors/ and training/
_FLAGPERF_FILES = [
    "base/requirements.txt",
    "training/requirements.txt",
    "operation/vendors/kunlunxin/kunlunxin_monitor.py",
    "operation/vendors/kunlunxin/xpytorch029/xpytorch029_install.sh",
    "operation/vendors/kunlunxin/xpytorch029/Dockerfile",
    "operation/vendors/nvidia/nvidia_monitor.py",
    "base/vendors/ascend/ascend_monitor.py",
    "base/vendors/ascend/README.md",
    "training/ascend/aquila2_7B_container-in_container/config/requirements.txt",
    "training/nvidia/bert-pytorch/config/environment_variables.sh",
    "training/nvidia/bert-pytorch/config/requirements.txt",
    "training/run_benchmarks/run.py",
]


def test_a_script_or_guide_in_a_vendor_folder_is_that_vendors() -> None:
    scopes = Scopes(_FLAGPERF_FILES, {})
    install = "operation/vendors/kunlunxin/xpytorch029/xpytorch029_install.sh"
    assert scopes.of(install) == "operation/vendors/kunlunxin"
    assert scopes.of("base/vendors/ascend/README.md") == "base/vendors/ascend"
    # training/ holds one folder per maker: each is that maker's
    env = "training/nvidia/bert-pytorch/config/environment_variables.sh"
    assert scopes.of(env) == "training/nvidia"
    # the repo's own lists and guide beside them stay the repo's
    assert scopes.of("base/requirements.txt") == REPO
    assert scopes.of("training/requirements.txt") == REPO


def test_a_lone_folder_named_for_a_maker_stays_the_repos() -> None:
    """Constructed layout: one ``ascend/`` folder with no other maker's beside it is not a
    per-vendor layout (a repo for one accelerator keeps its own scripts)."""
    scopes = Scopes(["tools2/ascend/install.sh", "setup.py"], {})
    assert scopes.of("tools2/ascend/install.sh") == REPO


def test_a_vendors_install_script_sets_no_torch_of_the_repo(tmp_path: Path) -> None:
    """Constructed tree, real lines: base/requirements.txt:1-2 and the Kunlunxin install
    script's lines 10-12 (xpytorch029_install.sh:12 imports torch)."""
    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "requirements.txt").write_text("numpy\nschedule\n", encoding="utf-8")
    script = tmp_path / "operation" / "vendors" / "kunlunxin" / "xpytorch029"
    script.mkdir(parents=True)
    (script / "xpytorch029_install.sh").write_text(
        "#!/bin/bash\n\nset -x\n\n# conda env\n"
        "source /root/miniconda/etc/profile.d/conda.sh && conda activate "
        "python38_torch201_cuda\npip install pytest loguru schedule\n\n# xpytorch install\n"
        "wget -q -O xpytorch.run https://bd.bcebos.com/klx-pytorch-ipipe-bd/flagperf/R300_plus/"
        "latest/flaggems/xpytorch-cp38-torch201-ubuntu2004-x64.run && bash xpytorch.run &> "
        "install-xpytorch.log\n"
        "CUDART_DUMMY_REGISTER=1 python -m torch_xmlir --doctor\n"
        'CUDART_DUMMY_REGISTER=1 python -c "import torch; print(torch.rand(2,3).cuda())"\n',
        encoding="utf-8",
    )
    component = scan_repo(tmp_path, "FlagPerf").component
    assert "torch" not in {r.subject for r in component.requirements}
    vendor = {s.name: s for s in component.scopes}["operation/vendors/kunlunxin"]
    assert not vendor.feature
    assert "torch" in {r.subject for r in vendor.requirements}
