"""outsider17 D10: ``pip install git+https://github.com/ashawkey/cubvh --no-build-isolation``
(ashawkey/cubvh@7855c00 readme.md:10) builds the repo's own setup.py ``CUDAExtension``
(setup.py:3, 110-118) from its URL, yet ``check`` said it runs "now" on a host without CUDA:
it needs the toolkit as ``pip install .`` of the checkout does."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo

SETUP = """import os
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    ext_modules=[
        CUDAExtension(
            name="_cubvh",
            sources=[
                os.path.join("src", "bvh.cu"),
            ],
        ),
    ],
    cmdclass={"build_ext": BuildExtension},
)
"""
"""ashawkey/cubvh@7855c00 setup.py:1,3,110-116 and its cmdclass, shortened."""
README_10 = "pip install git+https://github.com/ashawkey/cubvh --no-build-isolation"
"""ashawkey/cubvh@7855c00 readme.md:10."""


def test_an_install_of_the_repo_from_its_url_builds_with_the_toolkit(tmp_path: Path) -> None:
    root = tmp_path / "ashawkey+cubvh"
    root.mkdir()
    (root / "setup.py").write_text(SETUP)
    (root / "pyproject.toml").write_text('[project]\nname = "cubvh"\n')  # pyproject.toml:10-11
    (root / "readme.md").write_text(f"# cuBVH\n\n### Install\n\n```bash\n{README_10}\n```\n")
    steps = scan_repo(root, str(root), name=root.name).component.steps
    (step,) = [s for s in steps if "git+https://github.com/ashawkey/cubvh" in s.argv]
    assert step.needs.toolkit
    assert step.needs.device_kind == "gpu"
