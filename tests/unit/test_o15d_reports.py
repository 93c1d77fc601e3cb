"""outsider15 D18 and D20(a): what a pasted report says of an installed toolkit, and no more.

- D18: CANN's install-info pasted without its ``path=`` line ("CANN:" then
  ``package_name=Ascend-cann-toolkit`` / ``version=8.2.RC1``,
  https://github.com/vllm-project/vllm-ascend/issues/2534) names no folder: the toolkit is
  "as reported, no path given", never "at" the folder the report file was saved in.
- D20(a): ``dpkg -l '*nvidia*'`` rows of the CUDA toolkit's own packages give its version:
  "nvidia-cuda-tool 9.1.85-4~bpo9 ... NVIDIA CUDA development toolkit", the name cut by dpkg's
  column (https://github.com/NVIDIA/nvidia-docker/issues/809, line 1 of its paste)."""

from __future__ import annotations

from bringup.model.snapshot import REPORTED_PATH
from bringup.probe.importers import import_report

CANN_INFO = """CANN:
package_name=Ascend-cann-toolkit
version=8.2.RC1
"""

DPKG = """\
ii  nvidia-cuda-tool 9.1.85-4~bpo9 amd64         NVIDIA CUDA development toolkit
un  nvidia-current   <none>        <none>        (no description available)
ii  nvidia-driver    390.77-1~bpo9 amd64         NVIDIA metapackage
"""


def test_a_pasted_install_info_without_path_names_no_folder() -> None:
    snapshot = import_report(CANN_INFO, "/home/me/reports/r1.txt")
    toolkits = [t for t in snapshot.toolkits if t.kind == "cann-toolkit"]
    assert [t.version for t in toolkits] == ["8.2.RC1"]
    assert toolkits[0].path == REPORTED_PATH


def test_a_pasted_install_info_with_its_path_keeps_it() -> None:
    text = CANN_INFO + "path=/usr/local/Ascend/ascend-toolkit/8.2.RC1/aarch64-linux\n"
    snapshot = import_report(text, "/home/me/reports/r1.txt")
    toolkit = next(t for t in snapshot.toolkits if t.kind == "cann-toolkit")
    assert toolkit.path == "/usr/local/Ascend/ascend-toolkit/8.2.RC1"


def test_dpkg_rows_give_the_cuda_toolkit_version() -> None:
    snapshot = import_report(DPKG, "r4.txt")
    facts = {f.key: f.value for f in snapshot.facts if f.ok}
    assert facts["cuda.toolkit.active"] == "9.1.85"
    assert facts["nvidia.driver.version"] == "390.77"
    cuda = [t for t in snapshot.toolkits if t.kind.startswith("cuda")]
    assert [(t.version, t.path) for t in cuda] == [("9.1.85", REPORTED_PATH)]


def test_nvidia_repository_toolkit_packages_and_cut_names() -> None:
    for row, version in (
        ("ii  cuda-toolkit-12-2  12.2.2-1  amd64  CUDA Toolkit 12.2 meta-package", "12.2.2"),
        ("ii  cuda-toolkit-12-  12.2.2-1  amd64  CUDA Toolkit 12.2 meta-package", "12.2.2"),
        ("ii  cuda-nvcc-11-8  11.8.89-1  amd64  CUDA nvcc", "11.8.89"),
        ("ii  nvidia-cuda-dev:amd64  11.5.1-1ubuntu1  amd64  NVIDIA CUDA dev files", "11.5.1"),
    ):
        facts = {f.key: f.value for f in import_report(row + "\n", "r.txt").facts if f.ok}
        assert facts.get("cuda.toolkit.active") == version, row


def test_other_cuda_packages_are_no_toolkit() -> None:
    text = "ii  cuda-drivers  535.104.05-1  amd64  CUDA Driver meta-package\n"
    text += "ii  cuda-keyring  1.1-1  all  GPG keyring for the CUDA repository\n"
    facts = {f.key for f in import_report(text, "r.txt").facts if f.ok}
    assert "cuda.toolkit.active" not in facts
