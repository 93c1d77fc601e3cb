"""Where a build's downloads are stated, as real repos state them (issue 11's vocabulary): a
Makefile target's recipe, a dependency list in a skipped third_party folder, a CMake file's
include, a go.mod replace by another module; and a guide's sentence that states none. Each
case keeps only the lines it needs, with the public repository, commit, path and lines."""

from __future__ import annotations

from bringup.scan.makefile import extract_makefile
from scan_needs import source_file

# Algebraic-Programming/pytorch-hccl-tests @ 37930e8a17183976a78e35de7fe29e1cb29715c1
# Makefile:97-105 (the NPU wheels' target is no conventional one: the npu feature's).
HCCL_TESTS_MAKEFILE = """install-npu-arm: clean ## Install packages for Ascend/NPU backend testing (aarch64)
\twget https://repo.huaweicloud.com/kunpeng/archive/Ascend/PyTorch/torch-1.11.0-cp37-cp37m-linux_aarch64.whl
\tpip install .

install: clean ## install the package to the active Python's site-packages
\tpip install torch==1.11.0+cpu torchvision==0.12.0+cpu -f https://download.pytorch.org/whl/torch_stable.html
\tpip install .
"""  # noqa: E501


def test_a_makefile_install_target_s_download_is_a_network_need() -> None:
    found = extract_makefile(source_file("Makefile", HCCL_TESTS_MAKEFILE)).requirements
    network = [(r.spec, r.source.line) for r in found if r.subject == "network"]
    assert network == [("https://download.pytorch.org/whl/torch_stable.html", 6)]
