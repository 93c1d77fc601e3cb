"""The driver an environment uses (issue 11, item 4): a script or guide that sets up a path
into the driver's install folder (``export LD_LIBRARY_PATH=/usr/local/Ascend/driver/lib64``,
``ASCEND_DRIVER_HOME=/usr/local/Ascend/driver``) loads the driver's libraries, an unversioned
need of the driver. Real lines, quoted with repository, commit, file and line."""

from __future__ import annotations

from bringup.scan.extraction import SourceFile
from bringup.scan.shell import extract_shell

WORKLOAD = "Ascend/workload_analysis@d9f2a11afb02af80ea7354af0089e3123451bd3b"
VISION = "Ascend/VisionSDK@f156edcfb5705c8c1eb3370b191ead102c453ec6"


def _script_drivers(rel: str, text: str) -> list[tuple[str, int | None]]:
    found = extract_shell(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return [(r.subject, r.source.line) for r in found if r.subject.endswith("_driver")]


def test_an_environment_naming_the_drivers_folder_uses_the_driver() -> None:
    # VISION build_all.sh:39, the repo's build script: the driver's libraries on the path
    line = (
        "export LD_LIBRARY_PATH=/usr/local/Ascend/driver/lib64:/usr/local/Ascend/driver/lib64/"
        "common:/usr/local/Ascend/driver/lib64/driver:$LD_LIBRARY_PATH\n"
    )
    assert _script_drivers("build_all.sh", "#!/bin/bash\n" + line) == [("ascend_driver", 2)]
    # WORKLOAD op_modeling/set_env.sh:1-3, a part's script (only its environment lines are
    # read): the toolkit's home beside the driver's, each its own
    text = (
        "# !/usr/bin/env bash\nASCEND_HOME=/usr/local/Ascend/ascend-toolkit/latest\n"
        "ASCEND_DRIVER_HOME=/usr/local/Ascend/driver\n"
    )
    assert _script_drivers("op_modeling/set_env.sh", text) == [("ascend_driver", 3)]


def test_the_toolkits_folder_is_no_driver() -> None:
    # WORKLOAD op_modeling/set_env.sh:2 alone: the toolkit's home under /usr/local/Ascend
    text = "ASCEND_HOME=/usr/local/Ascend/ascend-toolkit/latest\n"
    assert _script_drivers("op_modeling/set_env.sh", text) == []
    # a folder whose name only begins with the driver's (constructed) is another folder
    text = "export LD_LIBRARY_PATH=/usr/local/Ascend/driver_backup/lib64:$LD_LIBRARY_PATH\n"
    assert _script_drivers("build.sh", text) == []
