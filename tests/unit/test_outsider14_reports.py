"""Outsider O14's pasted-report defects: what a report's framing says is no fact, and an error
names what the user gave, not an option the user did not."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main
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
    unread = [f.reason for f in snapshot.facts if f.key == UNREAD]
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
