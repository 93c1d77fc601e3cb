"""left33/outsider14 D2: a library whose own package puts its work on a GPU with no fallback
(``.cuda()``, ``.to("cuda")``, ``torch.device("cuda")``, ``device="cuda"``) was "runs here" on
a host with none. Python's reading of the module (``scan.devicecalls``) finds the calls; a
choice (``if``/conditional/``try``), a device-moving method and a package that falls back say
nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.scan.devicecalls import device_calls
from bringup.scan.pkgimports import package_devices

# ThibaultGROUEIX/ChamferDistancePytorch@364c03c unit_test.py:14-16
CHAMFER = """def test_chamfer(distChamfer, dim):
    points1 = torch.rand(4, 100, dim).cuda()
    points2 = torch.rand(4, 200, dim, requires_grad=True).cuda()
"""
# mit-han-lab/torchsparse@385f5ce torchsparse/tensor.py:78-86 (a wrapper's device methods)
TORCHSPARSE = """class SparseTensor:
    def cpu(self):
        self.coords = self.coords.cpu()
        self.feats = self.feats.cpu()
        return self

    def cuda(self):
        self.coords = self.coords.cuda()
        self.feats = self.feats.cuda()
        return self
"""
# Project-MONAI/research-contributions ICON/icon_registration/config.py:1-6
MONAI = """import torch

if torch.cuda.is_available():
    device = torch.device("cuda")
else:
    device = torch.device("cpu")
"""
HOST = (
    Path(__file__).resolve().parents[1]
    / "fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver"
)


def test_the_calls_that_put_work_on_a_device_are_read_from_the_code() -> None:
    assert device_calls(CHAMFER) == [("gpu", 2), ("gpu", 3)]
    assert device_calls('x = y.to("cuda:0")\nm = torch.device("npu")\nz = f(device="cuda")\n') == [
        ("gpu", 1),
        ("npu", 2),
        ("gpu", 3),
    ]
    # words are not calls: a comment, a string, a default value, a name
    words = '# x.cuda()\ns = "model.cuda()"\ndef f(device="cuda"):\n    return 1\n'
    assert device_calls(words) == []


@pytest.mark.parametrize("text", [TORCHSPARSE, MONAI, "x = a.cuda() if gpu else a\n"])
def test_a_choice_or_a_device_moving_method_is_no_need(text: str) -> None:
    assert device_calls(text) == []


def _package(tmp_path: Path, text: str) -> Path:
    repo = tmp_path / "cham"
    (repo / "cham").mkdir(parents=True)
    (repo / "cham" / "__init__.py").write_text("import torch\n")
    (repo / "cham" / "dist.py").write_text("import torch\n\n\n" + CHAMFER + text)
    (repo / "setup.py").write_text('from setuptools import setup\nsetup(name="cham")\n')
    return repo


def test_a_package_that_puts_its_work_on_a_gpu_needs_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = _package(tmp_path, "")
    (need,) = package_devices(repo, ".", "cham", [])
    assert (need.subject, need.spec, need.hard) == ("gpu_count", ">=1", True)
    assert (need.source.ref, need.source.line) == ("cham/dist.py", 5)
    code = main(["check", str(repo), "--snapshot", str(HOST)])
    out = " ".join(capsys.readouterr().out.split())
    assert code == 1
    assert "needs other hardware" in out
    assert "cham/dist.py:5" in out


def test_a_package_with_a_fallback_anywhere_needs_nothing(tmp_path: Path) -> None:
    repo = _package(tmp_path, "\n\ndef where():\n    return torch.cuda.is_available()\n")
    assert package_devices(repo, ".", "cham", []) == []


def test_the_step_a_test_files_device_blocks_says_where_it_is_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """outsider14 D2: ``pytest .`` skipped for "needs 1 GPU" with no word of which line asks
    for it; the test file's first ``.cuda()`` is shown beside the need."""
    repo = tmp_path / "chamfer"
    repo.mkdir()
    head = "import torch, time\n" + "\n" * 12  # unit_test.py:1, the test at 14
    (repo / "unit_test.py").write_text(head + CHAMFER)
    (repo / "README.md").write_text("# Chamfer\n\n```\npytest .\n```\n")
    assert main(["scan", str(repo)]) == 0
    assert "needs 1 GPU (unit_test.py:15)" in capsys.readouterr().out
    main(["check", str(repo), "--snapshot", str(HOST), "--details", "chamfer"])
    out = " ".join(capsys.readouterr().out.split())
    assert "needs 1 GPU (unit_test.py:15); this machine has 0" in out


@pytest.mark.parametrize(
    "text",
    [
        "x = " + "-" * 20_000 + "1\ny = torch.zeros(1).cuda()\n",  # CPython: MemoryError
        "print 'python 2'\nmodel.cuda()\n",
        "x = 1\0\nmodel.cuda()\n",
    ],
)
def test_a_module_the_parser_cannot_read_says_nothing(text: str) -> None:
    """review34: a deep expression within the 64 KB read made ``ast.parse`` raise MemoryError,
    and ``bringup scan`` ended "this is a bug in bringup"."""
    assert device_calls(text) == []


def test_a_modules_invalid_escapes_are_not_warned_of() -> None:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert device_calls('import re\nDIGITS = re.compile("\\d+")\nm = M().cuda()\n') == [
            ("gpu", 3)
        ]
