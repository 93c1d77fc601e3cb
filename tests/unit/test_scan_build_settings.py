"""A setting a guide exports before it builds the source in the same block (``envsetup.
build_settings``): real guides' blocks, each with its public repository, commit, path and
lines."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from scan_needs import source_file

# NVIDIA/torch-harmonics @ 9e9fa5373bc66add241638ef7a481da2e5c80d32 README.md:122-127
TORCH_HARMONICS = """If CUDA devices are not detected automatically (e.g. inside a container), set the `TORCH_HARMONICS_BUILD_CUDA_EXTENSION` flag. Set `TORCH_CUDA_ARCH_LIST` to only the architectures you need to reduce compilation time:

```bash
export TORCH_HARMONICS_BUILD_CUDA_EXTENSION=1
export TORCH_CUDA_ARCH_LIST="8.0 8.6 9.0a 10.0a+PTX"
pip install --no-build-isolation -e .
```
"""  # noqa: E501

# huawei-csl/pytorch-tcuscan @ ddcd5cef186e23ea433766ebaf7e40acce2ec91d README.md:143-154
TCUSCAN = """## Getting started

```bash
export CMAKE_GENERATOR="Unix Makefiles"
pip install -v https://github.com/huawei-csl/pytorch-tcuscan.git --extra-index-url https://download.pytorch.org/whl/cpu
```

Or clone the repository and run:
```bash
export CMAKE_GENERATOR="Unix Makefiles"
pip install -v . --extra-index-url https://download.pytorch.org/whl/cpu
```
"""

# thu-ml/SageAttention @ d1a57a546c3d395b1ffcbeecc66d81db76f3b4b5 README.md:87-93
SAGE_ATTENTION = """**Or** you can compile from source:
```
git clone https://github.com/thu-ml/SageAttention.git
cd SageAttention 
export EXT_PARALLEL=4 NVCC_APPEND_FLAGS="--threads 8" MAX_JOBS=32 # Optional
python setup.py install
```
"""  # noqa: W291


def _settings(rel: str, text: str) -> list[tuple[str, int | None, bool]]:
    found = extract_docs(source_file(rel, text)).requirements
    return [(r.spec, r.source.line, r.hard) for r in found if r.subject == "env_var"]


def test_a_setting_exported_before_the_build_is_a_soft_need_of_it() -> None:
    found = _settings("README.md", TORCH_HARMONICS)
    assert ("TORCH_HARMONICS_BUILD_CUDA_EXTENSION", 4, False) in found
    # the GPU list is the architecture reader's, stated once
    assert [spec for spec, _, _ in found].count("TORCH_CUDA_ARCH_LIST") == 1


def test_a_build_of_the_checkout_or_its_repository_is_a_build() -> None:
    assert _settings("README.md", TCUSCAN) == [
        ("CMAKE_GENERATOR", 4, False),
        ("CMAKE_GENERATOR", 10, False),
    ]


def test_a_setting_with_no_build_after_it_or_called_optional_is_none() -> None:
    assert _settings("README.md", SAGE_ATTENTION) == []
    # constructed from the lines above: the install of a released package builds nothing
    released = TCUSCAN.replace("https://github.com/huawei-csl/pytorch-tcuscan.git", "tcuscan")
    assert _settings("README.md", released.split("Or clone", 1)[0]) == []
