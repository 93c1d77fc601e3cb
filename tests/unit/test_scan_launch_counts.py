"""A shell script a step runs needs a device per process its launcher starts per node:
msrun's ``--local_worker_num`` (or ``--worker_num``) and ``mpirun -np`` as torchrun's
``--nproc_per_node`` (outsider9 #4)."""

from __future__ import annotations

from bringup.model import Step, file_source
from bringup.scan.scriptneeds import with_script_needs

# mindspore-lab/mindrlhf@3c9ec063cc6f4915e94c6d886b46a53f1c2859f6 scripts/msrun_launcher.sh
# :18-19 and :100-101
MSRUN = """WORKER_NUM=8
LOCAL_WORKER=8
  MSRUN_CMD="msrun --worker_num=$WORKER_NUM \\
   --local_worker_num=$LOCAL_WORKER \\
"""


def _devices(text: str) -> int:
    step = Step(name="r", kind="run", argv=("bash", "x.sh"), source=file_source("README.md", 1))
    return with_script_needs(step, "x.sh", text).needs.devices


def test_msrun_and_mpirun_counts_are_devices() -> None:
    assert _devices(MSRUN) == 8
    # constructed: a multi-node launch, 8 per node of 16
    assert _devices("msrun --worker_num=16 --local_worker_num=8 train.py\n") == 8
    assert _devices("mpirun --allow-run-as-root -np 4 python train.py\n") == 4
    assert _devices("python train.py\n") == 0
