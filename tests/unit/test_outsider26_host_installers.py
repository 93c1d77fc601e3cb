"""outsider26 #3: vendor installers a guide runs through a shell (``bash Ascend-hdk-*-npu-
driver_*.run --full --force``) became ordinary repo steps that ``up --yes`` would run, after the
pip installs they must precede; the ``./X.run`` form was already no step. What they install
stays a requirement the plan places as a host action (the driver, the firmware, CANN)."""

from __future__ import annotations

from bringup.model import file_source
from bringup.scan.commandneeds import requirements_of
from bringup.scan.commands import parse_commands
from bringup.scan.extraction import SourceFile
from bringup.scan.stepkinds import step_kind, system_level
from bringup.scan.steps import steps_from_commands

# shanshuo/MindSpeed-MM@dc326082efa915ff35ae4b57f9d2baf1c5788466
# docs/user-guide/installation.md:60-61,71-76,88-89
MM_GUIDE = """bash Ascend-hdk-*-npu-driver_*.run --full --force
bash Ascend-hdk-*-npu-firmware_*.run --full
bash Ascend-cann-toolkit_8.1.RC1_linux-aarch64.run --install
bash Ascend-cann-kernels-*_8.1.RC1_linux-aarch64.run --install
source /usr/local/Ascend/ascend-toolkit/set_env.sh # 安装nnal包需要source环境变量
bash Ascend-cann-nnal_8.1.RC1_linux-aarch64.run --install
pip install torch-2.1.0-cp310-cp310*.whl
pip install torch_npu-2.1.0*-cp310-cp310*.whl
"""


def _steps(text: str) -> list[str]:
    file = SourceFile(ref="README.md", rel="README.md", text=text)
    return [" ".join(s.argv) for s in steps_from_commands(file, parse_commands(text))]


def test_a_run_package_through_a_shell_is_no_step() -> None:
    steps = _steps(MM_GUIDE)
    assert not [s for s in steps if ".run" in s], steps
    # the pip installs of the same guide stay steps (the case that stays)
    assert len([s for s in steps if s.startswith("pip install")]) == 2, steps


def test_the_shell_form_is_read_as_the_direct_one() -> None:
    assert system_level(("bash", "Ascend-hdk-*-npu-driver_*.run", "--full", "--force"))
    assert system_level(("sh", "-x", "./Ascend-cann-nnal_8.1.RC1_linux-aarch64.run"))
    # a shell running an ordinary script of the repo is still a step
    # (momo609/mindspeed@7e624cf19f9a tests_extend/example: ``bash ./train_distributed.sh``)
    assert not system_level(("bash", "./train_distributed.sh"))
    assert step_kind(("bash", "./train_distributed.sh")) is not None


def test_what_the_installers_install_stays_a_requirement() -> None:
    found: set[str] = set()
    for command in parse_commands(MM_GUIDE):
        source = file_source("docs/user-guide/installation.md", 60)
        found |= {r.subject for r in requirements_of(command, source, hard=True)}
    assert {"ascend_driver", "ascend_firmware", "cann"} <= found, found
