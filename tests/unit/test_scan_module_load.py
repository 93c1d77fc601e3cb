"""``module load <name>/<release>`` (Environment Modules, Lmod) on an HPC cluster names the
toolkit a quick start runs with (session-23 outside tester, D9: the scan said verl's own files
name no CUDA and borrowed one from a Dockerfile).

Source: montehoover/verl@9c46ae818ca42f47e1bf6e481c7da314e9c4663e README.md:13-17."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile

_README = """# verl

1. Setup environment.
   ```
   module load cuda/12.8.1
   module load cudnn/v9.10.2
   conda create -n verl python=3.12
   conda activate verl
   ```
"""  # the heading and list item lines are constructed; the block is README.md:13-17


def test_a_loaded_module_states_its_release() -> None:
    found = extract_docs(SourceFile(ref="README.md", rel="README.md", text=_README)).requirements
    named = {(r.subject, r.spec, r.hard, r.source.line) for r in found}
    assert ("cuda", "==12.8.1", False, 5) in named
    assert ("cudnn", "==9.10.2", False, 6) in named


def test_a_module_that_is_no_subject_states_nothing() -> None:
    text = _README.replace("cudnn/v9.10.2", "anaconda3/2023.09")  # constructed
    found = extract_docs(SourceFile(ref="README.md", rel="README.md", text=text)).requirements
    assert not [r for r in found if r.source.line == 6]
