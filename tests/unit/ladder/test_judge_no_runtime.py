"""A rung whose interpreter has no torch (or no device runtime) tested nothing: BLOCKED, not FAIL
with the rung program's own traceback (outsider test 22 item 17).

The evidence is what the CPU device rung printed on the build host, recorded on 2026-12-04 with
``bringup ladder --python /usr/bin/python3 --json`` (a Debian 12 Python without torch); its
paths are the worktree's.
"""

from __future__ import annotations

from typing import Any

from bringup.cli.ladder import summary
from bringup.ladder.judge import judge
from bringup.ladder.model import LadderResult, RungResult
from bringup.ladder.run import backend_rungs, missing_runtime

RECORDED: dict[str, Any] = {
    "device": "cpu",
    "error": {
        "message": "No module named 'torch'",
        "phase": "runtime",
        "traceback": (
            "Traceback (most recent call last):\n"
            '  File "/work/wt/hfact/src/bringup/ladder/programs/torch_rungs.py", line 62, in main\n'
            "    RUNGS[args.rung](args, evidence)\n"
            '  File "/work/wt/hfact/src/bringup/ladder/programs/rung_device.py", line 26, in'
            " run_device\n"
            "    torch = load_runtime(args, evidence)\n"
            '  File "/work/wt/hfact/src/bringup/ladder/programs/rung_common.py", line 32, in'
            " load_runtime\n"
            "    import torch\n"
            "ModuleNotFoundError: No module named 'torch'\n"
        ),
        "type": "ModuleNotFoundError",
    },
    "level": "quick",
    "phase": "runtime",
    "rung": "device",
}


def rung(backend: str, rung_id: str = "device-init") -> Any:
    return next(r for r in backend_rungs(backend) if r.id == rung_id)


def with_message(message: str) -> dict[str, Any]:
    return {**RECORDED, "error": {**RECORDED["error"], "message": message}}


def test_no_torch_blocks_the_rung_and_names_the_way_out() -> None:
    verdict = judge(rung("cpu"), RECORDED)
    assert (verdict.verdict, verdict.phase) == ("BLOCKED", "runtime")
    assert "no torch in this Python" in verdict.reason
    assert "--python PATH or --env DIR" in verdict.reason
    assert verdict.error_text == ""  # no frames of bringup's rung program


def test_no_device_runtime_blocks_the_device_backends_rung() -> None:
    # constructed: the same evidence where torch imported and the Ascend operators rung's
    # --runtime module (torch_npu) did not (its device rung asks npu-smi first)
    verdict = judge(rung("ascend", "operators"), with_message("No module named 'torch_npu'"))
    assert (verdict.verdict, "no torch_npu" in verdict.reason) == ("BLOCKED", True)


def test_a_module_torch_needs_is_still_a_failure() -> None:
    # constructed: torch is there but fails to import one of its own dependencies
    verdict = judge(rung("cpu"), with_message("No module named 'typing_extensions'"))
    assert verdict.verdict == "FAIL"


def test_the_summary_says_nothing_was_tested() -> None:
    blocked = judge(rung("cpu"), RECORDED)
    result = LadderResult(
        backend="cpu",
        level="quick",
        python="/usr/bin/python3",
        results=(
            RungResult(
                rung="device-init",
                title="device",
                layer="device_init",
                verdict=blocked.verdict,
                reason=blocked.reason,
                phase=blocked.phase,
                evidence=RECORDED,
            ),
        ),
        failed_layer=None,
    )
    assert summary(result).startswith("ladder cpu: nothing was tested: device-init: no torch")
    assert missing_runtime(result) == "torch"
