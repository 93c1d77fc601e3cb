"""Outsider O14's pasted-report defects: what a report's framing says is no fact, and an error
names what the user gave, not an option the user did not."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.model import keys
from bringup.probe.importers import UNREAD, import_report

# https://github.com/a0s/nvidia-smi-exporter/issues/1: the head of an `nvidia-smi -q -x` paste.
NVSMI_XML = """\
<?xml version="1.0" ?>
<!DOCTYPE nvidia_smi_log SYSTEM "nvsmi_device_v10.dtd">
<nvidia_smi_log>
        <timestamp>Fri Sep 27 11:00:44 2019</timestamp>
        <driver_version>418.56</driver_version>
        <cuda_version>10.1</cuda_version>
        <attached_gpus>1</attached_gpus>
"""


def test_an_xml_declaration_is_no_unread_fact() -> None:
    # O14 D19: `<?xml version="1.0" ?>` was listed as a version the readers did not use.
    snapshot = import_report(NVSMI_XML, "nvsmi.xml")
    unread = [f.reason or "" for f in snapshot.facts if f.key == UNREAD]
    assert not [r for r in unread if r.startswith("<?xml")]
    assert not [r for r in unread if r.startswith("<!DOCTYPE")]


def test_diff_of_a_file_that_is_no_report_names_diff_not_snapshot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # O14 D18: `bringup diff /etc/passwd now` said "--snapshot: no host facts ...", an option
    # the user did not give.
    passwd = tmp_path / "passwd"
    passwd.write_text("root:x:0:0:root:/root:/bin/bash\n", encoding="utf-8")
    assert main(["diff", str(passwd), str(passwd)]) == 2
    err = capsys.readouterr().err
    assert f"{passwd}: diff: no host facts could be read" in err
    assert "--snapshot" not in err


# https://github.com/pytorch/pytorch/pull/44106 (a ROCm build's collect_env, the tester's P6)
ROCM_COLLECT_ENV = """\
PyTorch version: 1.7.0a0+9ddd3df
Is debug build: False
CUDA used to build PyTorch: N/A
ROCM used to build PyTorch: 3.7.20315-077bcfa0

Is CUDA available: True
CUDA runtime version: N/A
GPU models and configuration: Device 66a1
HIP runtime version: 3.18.2
MIOpen runtime version: 2.6.0
"""
# https://github.com/pytorch/pytorch/issues/150168 (a CPU build's: the ROCm fields say N/A)
CPU_COLLECT_ENV = """\
PyTorch version: 2.6.0+cpu
Is debug build: False
CUDA used to build PyTorch: None
ROCM used to build PyTorch: N/A
HIP runtime version: N/A
MIOpen runtime version: N/A
"""


def test_the_rocm_torch_was_built_with_is_not_torchs_version() -> None:
    # O14 D6: "ROCM used to build PyTorch: 3.7.20315" was read as package.torch 3.7.20315.
    facts = import_report(ROCM_COLLECT_ENV, "rocm.txt").facts
    torch = {str(f.value) for f in facts if f.key == "python.package.torch" and f.ok}
    assert torch == {"1.7.0a0+9ddd3df"}
    stated = {f.key: str(f.value) for f in facts if f.ok}
    assert stated[keys.TORCH_ROCM] == "3.7.20315"
    cpu = import_report(CPU_COLLECT_ENV, "cpu.txt").facts
    rocm = next(f for f in cpu if f.key == keys.TORCH_ROCM)
    assert not rocm.ok
    assert not [f for f in cpu if f.key == "python.package.torch" and f.source.line == 4]
