"""An architecture list a guide has its reader set is the reader's choice: neither a floor (a
build script's list stays a floor: test_scan_files.test_shell_script) nor an ``env_var`` (the
build fills the list from the GPUs it sees; truth conventions C2). Each case keeps only
the lines it needs, with the public repository, path, lines and commit."""

from __future__ import annotations

import pytest

from bringup.scan.docs import extract_docs
from scan_needs import source_file

# NVIDIA/MinkowskiEngine @ 02fc608b, README.md:285-291.
MINKOWSKI_README = """### Specifying CUDA architecture list

In some cases, you need to explicitly specify which compute capability your GPU uses. The default list might not contain your architecture.

```bash
export TORCH_CUDA_ARCH_LIST="5.2 6.0 6.1 7.0 7.5 8.0 8.6+PTX"; python setup.py install --force_cuda
```
"""  # noqa: E501
# mit-han-lab/torchsparse @ 385f5ce8, docs/FAQ.md:26-28 (a list item's code block, its
# indentation removed).
TORCHSPARSE_FAQ = """```bash
TORCH_CUDA_ARCH_LIST="7.0;7.5" pip install --upgrade git+https://github.com/mit-han-lab/torchsparse.git
```
"""


@pytest.mark.parametrize(
    ("rel", "text", "line"),
    [("README.md", MINKOWSKI_README, 6), ("docs/install.md", TORCHSPARSE_FAQ, 2)],
)
def test_a_guides_architecture_list_is_no_need(rel: str, text: str, line: int) -> None:
    found = extract_docs(source_file(rel, text)).requirements
    assert [
        (r.subject, r.spec) for r in found if r.subject in ("env_var", "compute_capability")
    ] == []
    # the build the block runs is still read from the same line
    assert any(s.source.line == line for s in extract_docs(source_file(rel, text)).steps)
