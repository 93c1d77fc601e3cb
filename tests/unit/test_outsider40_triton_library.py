"""outsider40 D5, D6, D15, D7: BobMcDear/attorch@67c2772, a library of Triton kernels used
from its checkout (no setup.py). Its GPU need comes from its kernels, not from a README
sentence saying its users need not write CUDA; triton's release from the README's sentence of
dependencies; its package is found whatever the checkout's folder is called; the plan installs
the test runner its one step runs."""

from __future__ import annotations

from pathlib import Path

from bringup.model import file_source
from bringup.model.plan import PlanStep
from bringup.plan.steptools import tool_actions
from bringup.scan.collection import collection
from bringup.scan.depsentence import stated_dependencies
from bringup.scan.extraction import SourceFile
from bringup.scan.pkgimports import main_package, package_lines

README_1 = "# attorch\n"
"""attorch@67c2772 README.md:1."""
README_14 = (
    "In other words, it intends to be a forkable project endowed with a simple, intuitive "
    "design that can serve as an accessible starting point for those who are seeking to "
    "develop custom deep learning operations but are not satisfied with the speed of a pure "
    "PyTorch implementation and do not have the technical expertise or resources to write "
    "CUDA kernels."
)
"""attorch@67c2772 README.md:14 (the end of it), under "## Introduction"."""
README_20 = (
    "The only dependencies of attorch are ```torch==2.4.0``` and ```triton==3.0.0```. Please "
    "install the specified versions of these two libraries and clone this repository to get "
    "started."
)
"""attorch@67c2772 README.md:20, under "## Installation"."""
KERNELS_6_14 = (
    "import triton\nimport triton.language as tl\n\n\n\n\n\n@triton.jit\ndef sigmoid(input):\n"
)
"""attorch@67c2772 attorch/act_kernels.py:6-14 (lines 8-12, a relative import, blank here)."""


def _readme_file(text: str) -> SourceFile:
    return SourceFile(ref="README.md", rel="README.md", text=text)


def test_a_sentence_naming_pinned_dependencies_states_each_pin() -> None:
    found = stated_dependencies(_readme_file(README_20), README_20, 20)
    # torch is the prose reader's (it has words for it); triton is this sentence's
    assert [(r.subject, r.spec, r.source.line, r.hard) for r in found] == [
        ("triton", "==3.0.0", 20, True)
    ]


def test_pins_in_a_sentence_that_calls_them_no_dependencies_state_nothing() -> None:
    line = "The benchmarks were run with ```triton==3.0.0``` on an A100."
    assert stated_dependencies(_readme_file(line), line, 1) == []


def _attorch(root: Path, *, npu: bool = False) -> Path:
    (root / "README.md").write_text(README_1 + "\n## Introduction\n\n" + README_14 + "\n")
    package = root / "attorch"
    package.mkdir()
    (package / "__init__.py").write_text('"""A subset of PyTorch\'s modules."""\n')
    kernels = KERNELS_6_14.replace("import triton.", "import torch_npu\nimport triton.")
    (package / "act_kernels.py").write_text("\n" * 5 + (kernels if npu else KERNELS_6_14))
    return root


def test_a_package_of_triton_kernels_needs_a_gpu(tmp_path: Path) -> None:
    found = package_lines(_attorch(tmp_path), "", "attorch", [])
    gpu = [r for r in found if r.subject == "gpu_count"]
    assert [(r.spec, r.source.ref, r.source.line) for r in gpu] == [
        (">=1", "attorch/act_kernels.py", 13)
    ]
    assert {"triton"} <= {r.subject for r in found}
    # Triton's "Supported Hardware" names both vendors' GPUs (triton-lang/triton@c449ceff
    # README.md, "# Compatibility": "- AMD GPUs (ROCm 6.2+)")
    said = gpu[0].text or ""
    assert "AMD GPUs (ROCm 6.2+)" in said
    assert "NVIDIA GPUs" in said


def test_a_device_call_beside_the_kernels_keeps_the_device_s_words(tmp_path: Path) -> None:
    root = _attorch(tmp_path)
    call = "import torch\n\n\ndef ones():\n    return torch.ones(1, device='cuda')\n"
    (root / "attorch" / "layers.py").write_text(call)
    [gpu] = [r for r in package_lines(root, "", "attorch", []) if r.subject == "gpu_count"]
    assert "Triton" not in (gpu.text or "")


def test_triton_kernels_beside_torch_npu_are_no_gpu_need(tmp_path: Path) -> None:
    found = package_lines(_attorch(tmp_path, npu=True), "", "attorch", [])
    assert "gpu_count" not in {r.subject for r in found}


def test_the_package_is_found_whatever_the_checkout_folder_is_called(tmp_path: Path) -> None:
    root = tmp_path / "kernels"
    root.mkdir()
    _attorch(root)
    assert main_package(root, "kernels", []) == "attorch"
    assert "triton" in {r.subject for r in package_lines(root, "", "kernels", [])}


def test_a_library_used_from_its_checkout_is_no_collection(tmp_path: Path) -> None:
    rels = ["README.md", "tests/test_act_layers.py", "examples/README.md"]
    assert collection(_attorch(tmp_path), rels) is False
    bare = tmp_path / "bare"
    bare.mkdir()
    (bare / "README.md").write_text(README_1)
    assert collection(bare, rels) is True


def test_the_plan_installs_the_test_runner_its_steps_run() -> None:
    step = PlanStep(
        order=1,
        component="attorch",
        name="python -m pytest tests",
        kind="test",
        argv=("python", "-m", "pytest", "tests"),
        status="skip",
        source=file_source("README.md", 89),
        environment=1,
    )
    [action] = tool_actions([step], 1, {"torch", "triton"})
    assert (action.subject, action.argv, action.automatic) == (
        "pytest",
        ("uv", "pip", "install", "pytest"),
        True,
    )
    assert tool_actions([step], 1, {"pytest"}) == []
    assert tool_actions([step], 2, set()) == []
