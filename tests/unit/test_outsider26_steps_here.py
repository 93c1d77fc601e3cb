"""outsider26 #8: MindSpeed steps that cannot run on the tester's x86_64 CPU host were counted
"runs here now": a script whose own lines need 8 NPUs and three paths filled in, ``pip install
-e MindSpeed`` from the folder the guide cloned into (the checkout has no MindSpeed/), and two
aarch64 wheels (#3: a package file for another arch is not planned on this arch). Fixture:
tests/fixtures/repos/outsider26b/mindspeed (its SOURCE.md: momo609/mindspeed@7e624cf1)."""

from __future__ import annotations

from pathlib import Path

from bringup.model import Step, file_source
from bringup.model.resolution import HostValue, Resolution
from bringup.model.source import Source
from bringup.plan.wheelarch import other_arch, wheel_arches
from bringup.scan import scan_stack
from bringup.scan.localpaths import with_local_paths
from bringup.scan.scriptneeds import with_script_needs

ROOT = Path(__file__).resolve().parents[2]
MINDSPEED = ROOT / "tests/fixtures/repos/outsider26b/mindspeed"
SCRIPT = "tests_extend/example/train_distributed.sh"
AARCH64 = "torch-2.7.1-cp310-cp310-manylinux_2_28_aarch64.whl"  # docs/zh/install_guide.md:74


def _steps() -> dict[str, Step]:
    (component,) = scan_stack([str(MINDSPEED)]).components
    return {" ".join(s.argv): s for s in component.steps}


def test_the_scan_reads_what_each_step_takes_from_outside_the_checkout() -> None:
    steps = _steps()
    script = steps["bash ./train_distributed.sh"]
    assert script.needs.devices == 8
    assert script.needs.device_kind == "npu"
    assert [i.split(" ")[0] for i in script.needs.inputs] == [
        "VOCAB_FILE",
        "MERGE_FILE",
        "DATA_PATH",
    ]
    assert steps["pip install -e MindSpeed"].needs.missing == ("MindSpeed",)
    assert steps[f"pip3 install {AARCH64}"].needs.missing == (AARCH64,)


def _host(arch: str) -> Resolution:
    return Resolution(
        host=(
            HostValue(
                subject="arch", source=Source(kind="command", ref="uname -m"), values=(arch,)
            ),
        )
    )


def test_a_wheel_of_another_arch_is_for_another_machine() -> None:
    step = Step(
        name="i", kind="install", argv=("pip3", "install", AARCH64), source=file_source("d.md", 74)
    )
    assert wheel_arches(step.argv) == {"aarch64"}
    reason = other_arch(step, _host("x86_64"))
    assert reason is not None
    assert (reason.kind, reason.subject, reason.need) == ("platform", "arch", "aarch64")
    # the case that stays: on an aarch64 host the same wheel is this machine's
    assert other_arch(step, _host("aarch64")) is None


def test_what_the_checkout_has_stays_runnable() -> None:
    """The cases that stay: an editable install of a folder the checkout has, a wheel by
    URL, and a script that sets no placeholder and launches no devices."""
    source = file_source("README.md", 1)
    editable = Step(name="e", kind="install", argv=("pip", "install", "-e", "pkg"), source=source)
    assert with_local_paths(editable, {"pkg/__init__.py"}).needs.missing == ()
    url = "https://download.pytorch.org/whl/cpu/torch-2.7.1%2Bcpu-cp310-cp310-manylinux_2_28_x86_64.whl"
    by_url = Step(name="u", kind="install", argv=("pip", "install", url), source=source)
    assert with_local_paths(by_url, set()).needs.missing == ()
    run = Step(name="r", kind="run", argv=("bash", "run.sh"), source=source)
    text = "#!/bin/bash\nCKPT_DIR=${HOME}/ckpt\npython train.py --save $CKPT_DIR\n"  # constructed
    assert with_script_needs(run, "run.sh", text) is run
