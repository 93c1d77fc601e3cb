# ruff: noqa: E501  (real lines of vllm-project/vllm-ascend, kept whole)
"""A guide that clones the repo and enters the clone runs its next lines at the checkout's
root; making a virtual environment is ``up``'s own work, no step (outsider23 D22: the
documented ``pip install -e .`` of vllm-ascend was lost, a bare ``cmake`` planned instead)."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile

ROOT = "/src/vllm-ascend"
# zzhx1/vllm-ascend@5e3907448c53a8d48a89b06635427b83ccfc7756 docs/source/installation.md:84-91,
# at their line numbers after the heading ``_steps`` puts first
VENV = "\n" * 82 + (
    "```bash\n"
    "# Create a virtual environment.\n"
    "python -m venv vllm-ascend-env\n"
    "source vllm-ascend-env/bin/activate\n"
    "\n"
    "# Install required Python packages.\n"
    "python -m pip install --upgrade pip\n"
    "pip3 install attrs numpy decorator sympy cffi pyyaml pathlib2 psutil protobuf scipy requests absl-py wheel typing_extensions\n"
    "\n"
)
# the same commit, docs/source/installation.md:212-227 (a MyST block with substitutions)
FROM_SOURCE = "\n" * 210 + (
    "```{code-block} bash\n"
    "   :substitutions:\n"
    "\n"
    "# Install vLLM.\n"
    "git clone --depth 1 --branch |vllm_version| https://github.com/vllm-project/vllm\n"
    "cd vllm\n"
    "VLLM_TARGET_DEVICE=empty pip install -e .\n"
    "cd ..\n"
    "\n"
    "# Install vLLM Ascend.\n"
    "git clone --depth 1 --branch |vllm_ascend_version| https://github.com/vllm-project/vllm-ascend.git\n"
    "cd vllm-ascend\n"
    "git submodule update --init --recursive\n"
    "pip install -e .\n"
    "cd ..\n"
    "```\n"
)


def _steps(text: str, root: str = ROOT) -> list[tuple[int, str, str]]:
    rel = "docs/source/installation.md"
    found = extract_docs(SourceFile(ref=f"{root}/{rel}", rel=rel, text="# Installation\n" + text))
    return [(s.source.line or 0, s.name, s.cwd) for s in found.steps]


def test_the_clone_of_the_repo_is_the_checkout() -> None:
    # vLLM's clone is another project's folder (in_checkout drops it); vllm-ascend's is this one
    assert _steps(FROM_SOURCE) == [
        (218, "pip install -e .", "vllm"),
        (225, "pip install -e .", "."),
    ]


def test_a_clone_of_another_name_is_its_own_folder() -> None:
    assert _steps(FROM_SOURCE, "/src/vllm-ascend-fork")[-1] == (
        225,
        "pip install -e .",
        "vllm-ascend",
    )


def test_making_a_virtual_environment_is_no_step() -> None:
    assert [(line, name.split()[:3]) for line, name, _ in _steps(VENV)] == [
        (90, ["python", "-m", "pip"]),
        (91, ["pip3", "install", "attrs"]),
    ]
