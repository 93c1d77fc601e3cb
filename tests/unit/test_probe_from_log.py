"""A failure log given to ``probe --from`` (outsider24 D13) is told as a log, with the command
that reads logs; a text that is neither a report nor a log keeps the list of what is read."""

from __future__ import annotations

from bringup.probe.importers import import_report

# https://github.com/axolotl-ai-cloud/axolotl/issues/1157, as outsider24 kept it
# (logs/L4_axolotl-1157_flash_attn_undefined_symbol.log:3-6)
AXOLOTL = (
    "accelerate launch -m axolotl.cli.train examples/openllama-3b/qlora.yml\n"
    "    import flash_attn_2_cuda as flash_attn_cuda\n"
    "ImportError: /home/phoenix/anaconda3/envs/axo/lib/python3.11/site-packages/"
    "flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so: "
    "undefined symbol: _ZN3c104cuda9SetDeviceEi\n"
)

# https://github.com/hiyouga/LlamaFactory/pull/975 (comment by shirwy), as outsider24 kept it
# (logs/L5_llamafactory-pr975_hccl_notify_timeout.log:3, cut after its first sentence)
HCCL = "EI0002: The wait execution of the Notify register times out.\n"


def _reason(text: str) -> str:
    return next(f.reason or "" for f in import_report(text, "x.log").facts if f.key == "report")


def test_a_failure_log_is_told_as_a_log() -> None:
    assert "line 3 is a failure: this is a log" in _reason(AXOLOTL)
    assert "use `bringup explain FILE`" in _reason(HCCL)


def test_text_without_a_failure_keeps_what_a_report_holds() -> None:
    # the log's first line alone, no failure in it
    reason = _reason(AXOLOTL.splitlines()[0])
    assert "explain" not in reason
    assert reason.startswith("expected ")
