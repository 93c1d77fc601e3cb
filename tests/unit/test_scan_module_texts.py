"""A scan's own work on the package modules: each module read once however many readers look
into it (``moduletexts``), and the devices the code runs on read by the scanning process while
its copies read the repo's files (``readahead``'s ``meanwhile``), with the same output."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from typing import Any

import msgspec
import pytest

from bringup.scan import moduletexts, readahead
from bringup.scan.devicesupport import supported_devices
from bringup.scan.extraction import Finding
from bringup.scan.reading import read_text
from bringup.scan.repo import scan_repo

# IDEA-Research/GroundingDINO@856dde20aee659246248e20734ef9ba5214f5e44 requirements.txt:1-6 and
# groundingdino/util/slconfig.py:10-14
GROUNDINGDINO = {
    "requirements.txt": "torch\ntorchvision\ntransformers\naddict\nyapf\ntimm\n",
    "groundingdino/__init__.py": "",
    "groundingdino/util/__init__.py": "",
    "groundingdino/util/slconfig.py": (
        "from argparse import Action\nfrom importlib import import_module\n\n"
        "from addict import Dict\nfrom yapf.yapflib.yapf_api import FormatCode\n"
    ),
}
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
                raise ValueError("NPU_Accelerator requires torch_npu, which is not installed on \\
this system.")
"""
# the same repo's doc/en/install.md:8, its CUDA need
INTERNEVO = {
    "internlm/__init__.py": "",
    "internlm/accelerator/__init__.py": "",
    "internlm/accelerator/abstract_accelerator.py": INTERNEVO_ACCELERATOR,
    "doc/en/install.md": "## Installation\n\n### Environment Preparation\n- CUDA >= 11.8\n",
}


def _repo(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def _scanned(root: Path, forks: int) -> bytes:
    found = scan_repo(root, root.name, forks=forks)
    return msgspec.json.encode([found.component, found.findings, found.provides])


def test_each_package_module_is_read_once_in_a_scan(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GroundingDINO's package is read for the device its code supports (every module), for the
    formatter it imports (every module, yapf being listed) and for its own imports and device
    calls (the modules at its top, twice): each module once."""
    root = _repo(tmp_path / "GroundingDINO", GROUNDINGDINO)
    reads: Counter[str] = Counter()

    def counted(path: Path, *args: Any) -> Any:
        reads[path.relative_to(root).as_posix()] += 1
        return read_text(path, *args)

    monkeypatch.setattr("bringup.scan.moduletexts.read_text", counted)
    component = scan_repo(root, "GroundingDINO").component
    (yapf,) = [r for r in component.requirements if r.subject == "pypi:yapf"]
    assert "GroundingDINO/groundingdino/util/slconfig.py" in [s.ref for s in yapf.also_at]
    assert reads == {
        "groundingdino/__init__.py": 1,
        "groundingdino/util/__init__.py": 1,
        "groundingdino/util/slconfig.py": 1,
    }
    reads.clear()
    scan_repo(root, "GroundingDINO")  # a new scan reads them again: nothing kept between scans
    assert reads["groundingdino/__init__.py"] == 1


def test_outside_a_scan_a_module_is_read_each_time(tmp_path: Path) -> None:
    root = _repo(tmp_path / "GroundingDINO", GROUNDINGDINO)
    module = root / "groundingdino/util/slconfig.py"
    first = moduletexts.module_text(module, "slconfig.py")
    assert first == GROUNDINGDINO["groundingdino/util/slconfig.py"]
    module.write_text("import yapf\n", encoding="utf-8")
    assert moduletexts.module_text(module, "slconfig.py") == "import yapf\n"


@pytest.mark.parametrize("forks", [0, 1])
def test_the_code_s_devices_are_read_here_while_the_copies_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, forks: int
) -> None:
    """With a copy, the devices InternEvo's code runs on are read in this process once the
    copy is forked (so the copy reads more of the files meanwhile); without, at once. The
    finding is the scan's either way, and the output the same."""
    monkeypatch.setattr(readahead, "AT_LEAST", 1)
    root = _repo(tmp_path / "InternEvo", INTERNEVO)
    alone = _scanned(root, 0)
    here, fork, gather = os.getpid(), readahead._fork, readahead._gather
    order: list[str] = []

    def forked(*args: Any) -> Any:
        order.append("fork")
        return fork(*args)

    def gathered(*args: Any) -> None:
        order.append("gathered")
        gather(*args)

    def read_here(*args: Any) -> list[Finding]:
        order.append("devices" if os.getpid() == here else "devices in a copy")
        return supported_devices(*args)

    monkeypatch.setattr(readahead, "_fork", forked)
    monkeypatch.setattr(readahead, "_gather", gathered)
    monkeypatch.setattr("bringup.scan.repo.supported_devices", read_here)
    scanned = scan_repo(root, "InternEvo", forks=forks)
    assert order == (["fork", "devices", "gathered"] if forks else ["devices"])
    assert "scan.supports.torch_npu" in [f.key for f in scanned.component.findings]
    assert _scanned(root, forks) == alone
