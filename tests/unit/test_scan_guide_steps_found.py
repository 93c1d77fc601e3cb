"""Steps a guide gives outside a plain code block, and steps it gives for another OS: the
repo's own install after a clone of its renamed repository, scripts a sentence says to run,
and a Windows section folded under ``<details>`` (outsider9 #11)."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile


def _steps(folder: str, text: str) -> list[tuple[int | None, tuple[str, ...], str]]:
    file = SourceFile(ref=f"/repos/{folder}/README.md", rel="README.md", text=text)
    return [(s.source.line, s.argv, s.cwd) for s in extract_docs(file).steps]


# hiyouga/LLaMA-Factory@ff6d4d12eeb035d6ce06805a5733dd7b29f2ac30 README.md:519-530
_INSTALL = """### Installation

> [!IMPORTANT]
> Installation is mandatory.

#### Install from Source

```bash
git clone --depth 1 https://github.com/hiyouga/LlamaFactory.git
cd LlamaFactory
pip install -e .
pip install -r requirements/metrics.txt
```
"""


def test_a_clone_of_the_renamed_repo_runs_at_the_checkouts_top() -> None:
    assert _steps("LLaMA-Factory", _INSTALL) == [
        (11, ("pip", "install", "-e", "."), "."),
        (12, ("pip", "install", "-r", "requirements/metrics.txt"), "."),
    ]


def test_a_clone_of_another_repo_is_its_own_folder() -> None:
    # the same guide read in a checkout of some other repo: LlamaFactory is a clone's folder
    assert {cwd for _, _, cwd in _steps("other-repo", _INSTALL)} == {"LlamaFactory"}


# hiyouga/LLaMA-Factory@ff6d4d12 README.md:561, 575-583, 590
_WINDOWS = """<details><summary>For Windows users</summary>

#### Install BitsAndBytes

To enable Quantized LoRA (QLoRA) on Windows, you need to install bitsandbytes.

For most users, it is recommended to install the latest official release:

```bash
pip install bitsandbytes
```

</details>

#### Install Flash

```bash
pip install bitsandbytes
```
"""


def test_a_step_folded_under_a_windows_summary_is_no_linux_step() -> None:
    # the second block (constructed) is past </details>: a step again
    assert _steps("LLaMA-Factory", _WINDOWS) == [(18, ("pip", "install", "bitsandbytes"), ".")]


def test_scripts_a_sentence_says_to_run_are_steps() -> None:
    # IST-DASLab/marlin@2f6d7c10e124b3c5fa29ff8d77d568bd7af3274c README.md:91
    line = (
        "Correctness tests can be executed via `python test.py` and benchmarks via "
        "`python bench.py`. Please note that in order"
    )
    assert _steps("marlin", f"## Usage:\n\n{line}\n") == [
        (3, ("python", "test.py"), "."),
        (3, ("python", "bench.py"), "."),
    ]


def test_a_quoted_command_no_sentence_runs_is_no_step() -> None:
    # hiyouga/LLaMA-Factory@ff6d4d12 README.md:532 (an install: a need, not a step) and a
    # constructed mention of a script
    text = (
        "Optional dependencies available: `metrics`, `deepspeed`. Install with: "
        "`pip install -e . && pip install -r requirements/metrics.txt`\n\n"
        "The kernel is in `python marlin/__init__.py`.\n"
    )
    assert _steps("LLaMA-Factory", text) == []
