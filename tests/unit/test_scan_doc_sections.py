"""Markdown read as a document (markdown-it-py): code blocks in example sections are not
steps.

Lines from deepseek-ai/DeepEP dd758caf451848bd150e1046af3d0a73e5fff38d README.md:86-106 and
Ascend/MindSpeed 028de58ca629d035185b00ff7d1eb7eff4f7fd48
tests_extend/system_tests/mixtral/README.md:34-43.
"""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.markdown import Fence, Heading, markdown_blocks

_DEEPEP = """### Development

```bash
# Build and make symbolic links for SO files
python setup.py build
# You may modify the specific SO names according to your own platform
ln -s build/lib.linux-x86_64-cpython-38/deep_ep_cpp.cpython-38-x86_64-linux-gnu.so

# Run test cases
python tests/elastic/test_ep.py
```

### Installation

```bash
python setup.py install
```
"""

_MIXTRAL = """### 模型训练

#### 1. 准备数据集

下载 Mixtral-8x7B [数据集](https://huggingface.co/datasets/tatsu-lab/alpaca)

```shell
# 下载数据
cd ./dataset
wget https://huggingface.co/datasets/tatsu-lab/alpaca/resolve/main/data/train-00000-of-00001-a09b74b3ef9c3b56.parquet
cd ..
pip install pyarrow==14.0.1
```
"""


def _read(text: str) -> Extraction:
    return extract_docs(SourceFile(ref="README.md", rel="README.md", text=text))


def test_a_comment_in_a_fence_is_not_a_heading() -> None:
    blocks = markdown_blocks(_DEEPEP)
    assert blocks[0] == Heading("Development", 1, 3)
    assert blocks[2] == Fence(3, 10, 11, "bash")
    assert 3 not in blocks  # "# Build and make symbolic links" is inside the fence
    assert blocks[12] == Heading("Installation", 13, 3)


def test_build_and_install_sections_give_steps() -> None:
    argvs = [" ".join(step.argv) for step in _read(_DEEPEP).steps]
    assert "python setup.py build" in argvs
    assert "python setup.py install" in argvs


def test_a_dataset_section_gives_requirements_but_no_steps() -> None:
    found = _read(_MIXTRAL)
    assert not found.steps
    # the pip pin at line 12 (added to the real block) is still what the section needs
    assert [(r.subject, r.spec, r.source.line) for r in found.requirements] == [
        ("pypi:pyarrow", "==14.0.1", 12)
    ]
