"""A README's Python usage block that moves the model to a GPU is its example's need, not the
repo's (``scan/docdevices``): voidful/TextRL@dc8568e4 README.md:336-351, "## Usage" /
"### Initialize agent and environment", ends its block with ``model = model.cuda()``
(:350). The repo's verdict reads no GPU need from it; the feature ``task:usage examples``
has one, cited there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.scan.docdevices import EXAMPLES, example_devices
from bringup.scan.extraction import SourceFile

USAGE = """## Usage

### Initialize agent and environment

```python
import torch
from textrl import TextRLEnv, TextRLActor, train_agent_with_evaluation
from transformers import AutoModelForCausalLM, AutoTokenizer

checkpoint = "bigscience/bloomz-7b1-mt"

tokenizer = AutoTokenizer.from_pretrained(checkpoint)
model = AutoModelForCausalLM.from_pretrained(checkpoint, torch_dtype="auto", device_map="auto")

model = model.cuda()
```
"""
README = "\n" * 335 + USAGE  # the excerpt at its own lines


def _file(text: str) -> SourceFile:
    return SourceFile(ref="README.md", rel="README.md", text=text)


def test_the_usage_blocks_cuda_call_is_the_examples_need() -> None:
    (need,) = example_devices(_file(README))
    assert (need.subject, need.spec, need.feature) == ("gpu_count", ">=1", EXAMPLES)
    assert (need.source.ref, need.source.line) == ("README.md", 350)


def test_a_block_that_chooses_its_device_or_is_no_python_says_nothing() -> None:
    # constructed from :350: the move under a check of the device, and the block as shell
    guarded = README.replace(
        "model = model.cuda()", "if torch.cuda.is_available():\n    model = model.cuda()"
    )
    assert example_devices(_file(guarded)) == []
    assert example_devices(_file(README.replace("```python", "```bash"))) == []


def test_the_repos_verdict_needs_no_gpu_for_its_example(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "TextRL"
    repo.mkdir()
    (repo / "README.md").write_text(README)
    main(["scan", str(repo), "--json"])
    (component,) = json.loads(capsys.readouterr().out)["data"]["components"]
    assert not [r for r in component.get("requirements", []) if r["subject"] == "gpu_count"]
    (scope,) = [s for s in component["scopes"] if s["name"] == EXAMPLES]
    assert [r["subject"] for r in scope["requirements"]] == ["gpu_count"]
