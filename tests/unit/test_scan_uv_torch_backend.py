"""uv's PyTorch backend variable names the CUDA build the repo installs (outsider O5 D9).

Source: axolotl-ai-cloud/axolotl@067b021c8b87a9e5e380b9173c704cf7340e30f5 README.md:105-116
(the export is at README.md:112).
"""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo

# axolotl README.md:105-116
_AXOLOTL_INSTALL = """### Installation

```bash
# install uv if you don't already have it installed (restart shell after)
curl -LsSf https://astral.sh/uv/install.sh | sh

# change depending on system
export UV_TORCH_BACKEND=cu130

# create a new virtual environment
uv venv --python 3.12
source .venv/bin/activate
```
"""


def test_the_exported_uv_torch_backend_is_the_repos_cuda(tmp_path: Path) -> None:
    """Constructed tree: the README holds the real install block alone."""
    (tmp_path / "README.md").write_text(_AXOLOTL_INSTALL, encoding="utf-8")
    component = scan_repo(tmp_path, "axolotl").component
    (cuda,) = [r for r in component.requirements if r.subject == "cuda"]
    assert cuda.spec == "==13.0.*"
    assert not cuda.hard  # one build among several ("change depending on system")
    assert cuda.source.line == 8
