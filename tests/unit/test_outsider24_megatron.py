"""Megatron-DeepSpeed's needs (outsider24 D2: "runs here after installing flash_attn" on a host
with no GPU): the requirements file its setup.py reads, the distributions its package imports,
the GPU its tests call with no fallback, and flash-attn as the option it is.

Lines from microsoft/Megatron-DeepSpeed@f4157bea69f3df8c6cb66f2ebcda66ba03d1288e, paths beside
each."""

from __future__ import annotations

from pathlib import Path

from bringup.model import Step, file_source
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.pkgimports import main_package
from bringup.scan.scopes import REPO, Scopes
from bringup.scan.setup_py import extract_setup_py
from bringup.scan.stepfiles import StepFiles, device_of_tests

# setup.py:40-47 and :51-52 (the setup call cut to its first keyword and install_requires, :105)
SETUP = """import os
import setuptools

def req_file(filename, folder="megatron/core"):
    with open(os.path.join(folder, filename), encoding='utf-8') as f:
        content = f.readlines()
    # you may also want to remove whitespace characters
    # Example: `\\n` at the end of each line
    return [x.strip() for x in content]

install_requires = req_file("requirements.txt")

setuptools.setup(
    name="megatron_core",
    install_requires=install_requires,
)
"""
# README.md:238-249
README = """## FlashAttention

Usage: `--use-flash-attn`. Support attention head dimensions at most 128.

[FlashAttention](https://github.com/HazyResearch/flash-attention) is a fast and
memory-efficient algorithm to compute exact attention. It speeds up model
training and reduces memory requirement.

To install FlashAttention:
```sh
pip install flash-attn
```
"""
# tests/transformer/test_core_attention.py:34 (in its test function, cut to the call)
CUDA_TEST = "def test_cpu_forward(core_attention):\n    core_attention.cuda()\n"


def test_the_requirements_file_setup_py_opens_is_its_install_requires() -> None:
    found = extract_setup_py(SourceFile(ref="setup.py", rel="setup.py", text=SETUP))
    assert "megatron/core/requirements.txt" in found.includes
    assert found.include_places == (("megatron/core/requirements.txt", 11),)


def test_a_file_the_package_reads_is_the_package_s_whatever_its_folder() -> None:
    files = ["setup.py", "megatron/core/README.md", "megatron/core/requirements.txt"]
    rel = "megatron/core/requirements.txt"
    assert Scopes(files, {"setup.py": SETUP}).of(rel) == "megatron/core"
    owned = Scopes(files, {"setup.py": SETUP}, owned={rel: "setup.py"})
    assert owned.of(rel) == REPO


def test_the_main_package_of_a_fork_is_named_by_the_repo_s_first_word(tmp_path: Path) -> None:
    # constructed: the repo's top-level package folders, as in its checkout
    for name in ("megatron", "tasks", "tools"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text("", encoding="utf-8")
    assert main_package(tmp_path, "Megatron-DeepSpeed", []) == "megatron"
    assert main_package(tmp_path, "DeepSpeed-Megatron", []) == ""


def test_a_pytest_folder_holding_a_cuda_call_with_no_fallback_needs_a_gpu() -> None:
    step = Step(
        name="pytest tests/transformer",
        kind="test",
        argv=("python", "-m", "pytest", "tests/transformer"),
        source=file_source("tests/transformer/test_core_attention.py"),
    )
    files = {"tests/transformer/test_core_attention.py": CUDA_TEST}
    (needing,) = device_of_tests([step], StepFiles(files, files.get))
    assert (needing.needs.devices, needing.needs.device_kind) == (1, "gpu")
    guarded = {k: "if torch.cuda.is_available():\n" + v for k, v in files.items()}
    (free,) = device_of_tests([step], StepFiles(guarded, guarded.get))
    assert free.needs.devices == 0
    # PaddlePaddle/PaddleMIX@6afaf05d ppdiffusers/tests/models/test_models_unet_2d.py:154, with a
    # constructed call below it: a test that skips where the device is missing runs on a CPU
    line = '    @unittest.skipIf(paddle_device != "cuda", "This test is supposed to run on GPU")\n'
    skipping = {k: line + v for k, v in files.items()}
    (cpu,) = device_of_tests([step], StepFiles(skipping, skipping.get))
    assert cpu.needs.devices == 0


def test_a_section_opened_by_its_flag_installs_for_that_option() -> None:
    found = extract_docs(SourceFile(ref="README.md", rel="README.md", text=README))
    assert [(r.subject, r.feature) for r in found.requirements] == [
        ("pypi:flash-attn", "option:--use-flash-attn")
    ]
