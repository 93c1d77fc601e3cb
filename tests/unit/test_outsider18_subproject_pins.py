"""A repo whose build lies in a folder (no build file at its top) is no collection of its
sub-projects: the example pins their READMEs share stay theirs (outsider18 D2: OpenGVLab/
DCNv4's repo-level ``cuda ==11.3`` and ``python ==3.7.*`` from classification/README.md:19,27);
and a tests folder's list that CI installs is the tests' (outsider18 D16).

Lines from OpenGVLab/DCNv4@4b848f7, paths beside each."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo
from bringup.scan.scopenames import TESTS
from bringup.scan.scopes import Scopes

# DCNv4_op/setup.py:11,36-37,47-48
OP_SETUP = """import torch
if torch.cuda.is_available() and CUDA_HOME is not None:
    extension = CUDAExtension
else:
    raise NotImplementedError('Cuda is not available')
"""
# classification/ops_dcnv3/setup.py:35-36 (the same in detection/ and segmentation/)
MEMBER_SETUP = """import torch
if torch.cuda.is_available() and CUDA_HOME is not None:
    extension = CUDAExtension
"""
# classification/README.md:18-27 (detection/README.md:21-30 the same, its env named dcnv4)
MEMBER_README = """```bash
conda create -n internimage python=3.7 -y
conda activate internimage
```

- Install `CUDA>=10.2` with `cudnn>=7` following
  the [official installation instructions](https://docs.nvidia.com/cuda/cuda-installation-guide-linux/index.html)
- Install `PyTorch>=1.10.0` and `torchvision>=0.9.0` with `CUDA>=10.2`:

For examples, to install torch==1.11 with CUDA==11.3:
"""


def _repo(root: Path) -> None:
    (root / "DCNv4_op").mkdir()
    (root / "DCNv4_op" / "setup.py").write_text(OP_SETUP)
    for member in ("classification", "detection", "segmentation"):
        (root / member / "ops_dcnv3").mkdir(parents=True)
        (root / member / "ops_dcnv3" / "setup.py").write_text(MEMBER_SETUP)
        (root / member / "README.md").write_text(MEMBER_README)


def test_the_sub_projects_pins_stay_theirs_beside_the_repo_s_own_build(tmp_path: Path) -> None:
    _repo(tmp_path)
    component = scan_repo(tmp_path, "DCNv4").component
    own = {(r.subject, r.spec) for r in component.requirements}
    assert ("gpu_count", ">=1") in own
    assert not any(subject == "python" or spec for subject, spec in own if subject != "gpu_count")
    classification = next(s for s in component.scopes if s.name == "classification")
    assert ("python", "==3.7.*") in {(r.subject, r.spec) for r in classification.requirements}


# TensorNVMe (hpcaitech/TensorNVMe@6403388): .github/workflows/build.yml:30 installs the tests'
# list, tests/requirements.txt:1-2, whose transformers tests/test_adam.py:7 imports
BUILD_YML = "      - run: |\n          pip install -r tests/requirements.txt\n"
TESTS_LIST = "pytest\ntransformers\n"


def test_the_tests_list_ci_installs_is_the_tests_own() -> None:
    texts = {
        "setup.py": "from setuptools import setup\nsetup(name='tensornvme')\n",
        ".github/workflows/build.yml": BUILD_YML,
        "tests/requirements.txt": TESTS_LIST,
    }
    scopes = Scopes(texts, {"setup.py": texts["setup.py"]}, texts=texts)
    assert scopes.of("tests/requirements.txt") == TESTS
