"""A job that hid the devices itself and still failed for want of one is its code's defect
(bringup.triage.hiddendevices; issue 15): class.code.project-bug, where the failure happened
(the device's start-up). Without the job's own command hiding them, "no device" stays the
device's.

Lines from the tuning halves of the triage corpora are named by their case file there and the
public source beside them."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

CLASS = "class.code.project-bug"

# tests/data/triage_twentysecond c03, flashinfer-ai/flashinfer#3293: a module-scope device query
# at import, run by the reporter with no device visible
FLASHINFER = (
    "CUDA_VISIBLE_DEVICES= python3 -c \"import flashinfer.gdn_decode; print('Success: import"
    " worked without CUDA devices')\"\n"
    "Traceback (most recent call last):\n"
    '  File "<string>", line 1, in <module>\n'
    '  File "/workspace/flashinfer/flashinfer/gdn_kernels/gdn_decode_bf16_state.py", line 1389,'
    " in <module>\n"
    "    NUM_SMS = torch.cuda.get_device_properties(0).multi_processor_count\n"
    '  File "/opt/conda/envs/py312/lib/python3.12/site-packages/torch/cuda/__init__.py", line'
    " 410, in _lazy_init\n"
    "    torch._C._cuda_init()\n"
    "RuntimeError: No CUDA GPUs are available\n"
)
# tests/data/triage_twentyfifth b09, unslothai/unsloth#8653: the same at unsloth's import, the
# command and the exception pasted in a PR's description
UNSLOTH = (
    '  CUDA_VISIBLE_DEVICES="" UNSLOTH_ALLOW_CPU=1 python3 -c "import unsloth"\n'
    "  RuntimeError: No CUDA GPUs are available\n"
)


@pytest.mark.parametrize("log", [FLASHINFER, UNSLOTH])
def test_no_device_when_the_job_hid_them_is_its_code(log: str) -> None:
    first = explain_text(log)[0]
    assert (first.signature_id, first.layer) == (CLASS, "device_init")
    assert "hid the devices" in first.cause


def test_no_device_without_the_job_hiding_them_is_the_devices() -> None:
    # the same failure with the command run as it is (the variable not set empty)
    log = FLASHINFER.replace("CUDA_VISIBLE_DEVICES= ", "")
    assert explain_text(log)[0].signature_id != CLASS


def test_an_empty_variable_in_a_listing_is_not_the_jobs_command() -> None:
    # constructed: an environment's listing as a launcher left it for a worker given no device
    # (the variable alone on its line, no command after it)
    log = "CUDA_VISIBLE_DEVICES=\n" + FLASHINFER.split("\n", 1)[1]
    assert explain_text(log)[0].signature_id != CLASS
