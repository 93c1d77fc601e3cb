"""A script the guide has its reader create is the user's input, not a script the repo lacks
(outsider11 #15). The guide lines are real, trimmed to what decides:
vllm-project/vllm-ascend@5e390744 (zzhx1's snapshot) docs/source/quick_start.md:128-154,
docs/source/tutorials/models/Qwen3-VL-Reranker.md:36 and
uv-xiao/cuda-kernel-uv@2fe491e1 chapters/07_triton/QUICKSTART.md:58-60."""

from __future__ import annotations

from pathlib import Path

from bringup.plan.stepneeds import as_written
from bringup.scan.guidecreated import created_by_guide
from bringup.scan.repo import scan_repo

QUICK_START = """\
Create and run a simple inference test. The `example.py` can be like:

<!-- tests/e2e/doctest/001-quickstart-test.sh should be considered updating as well -->

```python
from vllm import LLM, SamplingParams

prompts = [
    "Hello, my name is",
]
llm = LLM(model="Qwen/Qwen3-0.6B")
outputs = llm.generate(prompts)
```

Then run:

```bash
python example.py
```
"""


def test_a_file_the_guide_says_can_be_like_is_created_by_the_reader() -> None:
    line = QUICK_START.splitlines().index("python example.py") + 1
    assert created_by_guide("example.py", QUICK_START, line) == 1


def test_save_this_as_and_create_a_file_named_are_instructions_to_create() -> None:
    triton = "**Save this as `first_kernel.py` and run:**\n```bash\npython first_kernel.py\n```\n"
    assert created_by_guide("first_kernel.py", triton, 3) == 1
    reranker = (
        "The Qwen3-VL-Reranker model requires a specific chat template for proper formatting. "
        "Create a file named `qwen3_vl_reranker.jinja` with the following content:\n"
    )
    assert created_by_guide("qwen3_vl_reranker.jinja", reranker + "x\n", 2) == 1


def test_a_script_the_guide_only_runs_is_not_one_it_creates() -> None:
    guide = (
        "Create a virtual environment and run `python train.py`:\n```bash\npython train.py\n```\n"
    )
    assert created_by_guide("train.py", guide, 3) is None
    assert created_by_guide("example.py", "Run the example:\npython example.py\n", 2) is None
    far = "Create `example.py` as below.\n" + "text\n" * 60 + "python example.py\n"
    assert created_by_guide("example.py", far, 62) is None


def test_the_scan_asks_the_user_for_the_file_instead_of_calling_it_missing(tmp_path: Path) -> None:
    repo = tmp_path / "quick"
    repo.mkdir()
    (repo / "README.md").write_text("# quick\n\n" + QUICK_START, encoding="utf-8")
    (step,) = [s for s in scan_repo(repo, "quick").component.steps if "example.py" in s.argv]
    assert step.needs.missing == ()
    assert step.needs.inputs == ("example.py (a file to create, as README.md:3 shows)",)
    reason = as_written(step)
    assert reason is not None
    assert reason.kind == "input"
