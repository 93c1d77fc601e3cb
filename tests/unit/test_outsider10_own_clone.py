"""outsider10 #4: easyr1-npu's own script, run from the folder its guide cloned the repo into,
was "a script the repo does not have"; ``--chips 0,1`` was read as one NPU; "Docker" in its
hard prerequisites list was missed. Real lines from zhshgmail/easyr1-npu@28fc2d6e
ONBOARDING.md:13-20, :45."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.commands import parse_commands
from bringup.scan.extraction import SourceFile
from bringup.scan.hosttools import host_tool_item
from bringup.scan.repo import scan_repo
from bringup.scan.stepkinds import command_needs, launched_count

# ONBOARDING.md:11-20 (the heading and the block of "Path v1")
PATH_V1 = """## Path v1 — fastest, most-tested

```bash
docker pull quay.nju.edu.cn/ascend/verl:verl-8.5.0-a3-ubuntu22.04-py3.11-latest
git clone -b ascend-port https://github.com/zhshgmail/EasyR1.git
git clone https://github.com/zhshgmail/easyr1-npu.git
NPU_USER=<your-workspace-owner> \\
  bash easyr1-npu/src/scripts/run-npu-container.sh \\
    --chips 0,1 \\
    --image quay.nju.edu.cn/ascend/verl:verl-8.5.0-a3-ubuntu22.04-py3.11-latest \\
    --live-source ./EasyR1 \\
    -- bash /opt/easyr1/examples/qwen2_0_5b_math_grpo_npu_smoke.sh
```
"""
# ONBOARDING.md:45, an item of "## Hard prerequisites (both paths)"
DOCKER_ITEM = "Docker\uff0c支持 `--privileged` + `--ipc=host`"


def _repo(root: Path, name: str) -> Path:
    repo = root / name
    (repo / "src/scripts").mkdir(parents=True)
    (repo / "src/scripts/run-npu-container.sh").write_text('#!/bin/bash\ndocker run "$@"\n')
    (repo / "README.md").write_text("# easyr1-npu\n\n" + PATH_V1)
    return repo


def test_a_script_run_from_above_a_clone_of_the_repo_is_its_own(tmp_path: Path) -> None:
    component = scan_repo(_repo(tmp_path, "easyr1-npu"), "easyr1-npu").component
    [step] = [s for s in component.steps if "--chips" in s.argv]
    assert step.argv[:2] == ("bash", "src/scripts/run-npu-container.sh")
    assert step.needs.missing == ()
    assert (step.needs.devices, step.needs.device_kind) == (2, "npu")


def test_another_folder_above_the_script_is_still_missing(tmp_path: Path) -> None:
    # the same guide in a checkout of another name that is not the clone's: not the repo's own
    component = scan_repo(_repo(tmp_path, "other"), "other").component
    [step] = [s for s in component.steps if "--chips" in s.argv]
    assert step.needs.missing == ("easyr1-npu/src/scripts/run-npu-container.sh",)


def test_a_device_list_counts_its_ids() -> None:
    argv = ("bash", "run.sh", "--chips", "0,1")
    assert launched_count(argv) == 2
    assert launched_count(("python", "x.py", "--devices=0,1,2,3")) == 4  # constructed
    assert launched_count(("python", "x.py", "--devices", "0")) is None  # a count or an id
    (command,) = parse_commands("bash easyr1-npu/src/scripts/run-npu-container.sh --chips 0,1")
    assert command_needs(command).devices == 2


def test_a_container_engine_in_a_prerequisites_list_is_a_need() -> None:
    file = SourceFile(ref="ONBOARDING.md", rel="ONBOARDING.md", text="")
    [need] = host_tool_item(file, 45, DOCKER_ITEM, "Hard prerequisites (both paths)")
    assert (need.subject, need.spec, need.hard) == ("system_package", "docker", True)


def test_a_container_engine_for_the_container_route_is_no_need() -> None:
    # ai-dynamo/nixl benchmark/nixlbench/README.md:66, under "### Software Requirements"
    file = SourceFile(ref="README.md", rel="README.md", text="")
    item = "**Docker**: Version 20.10+ (for container builds)"
    assert host_tool_item(file, 66, item, "Software Requirements") == []
