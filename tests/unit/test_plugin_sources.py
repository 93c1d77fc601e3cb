"""Sources and fixes that fit the failure (outsider19 D18): a name MindSpeed lacks cites a
MindSpeed version table, not torch_npu's README; a bin package built for another chip leads
with the package's build for the device (the thread's fix: the -310p image). The logs are
outsider 19's (tests/data/outsider38/logs, each with its thread in README.md there)."""

from __future__ import annotations

from pathlib import Path

from bringup.triage import explain_text
from bringup.triage.explain import scan_log
from bringup.triage.fallback import diagnose
from cpuclock import cpu_seconds

LOGS = Path(__file__).parent.parent / "data" / "outsider38" / "logs"
TORCH_NPU_TABLE = "https://github.com/Ascend/pytorch/blob/master/README.md"
# https://github.com/flashserve/flash-linear-attention-npu/issues/321 (triage_sixth 24, as in
# test_triage_classes.py): fla_npu reads torch_npu.ops, which the torch_npu 2.10 dev build no
# longer exposes
FLA_NPU_OPS = """\
Traceback (most recent call last):
  File "<string>", line 1, in <module>
  File "/opt/conda/lib/python3.12/site-packages/torch_npu/_init/core/_exports.py", line 88, in __getattr__
    return _lazy_import_api(name)
  File "/opt/conda/lib/python3.12/site-packages/torch_npu/_init/core/_exports.py", line 78, in _lazy_import_api
    raise AttributeError(
AttributeError: module 'torch_npu' has no attribute 'ops'. Did you mean: 'os'?
"""  # noqa: E501


def test_a_name_mindspeed_lacks_cites_mindspeeds_table() -> None:
    # Ascend/MindSpeed-LLM#7: "cannot import name 'HcclOpModeSetFeature' from
    # 'mindspeed.features_manager'"
    log = (LOGS / "L2-mindspeed-llm-7-HcclOpModeSetFeature.log").read_text(encoding="utf-8")
    first = explain_text(log)[0]
    assert first.signature_id == "class.install.npu-api-missing-in-installed-plugin"
    assert first.source == (
        "https://github.com/Ascend/MindSpeed-LLM/blob/master/docs/zh/release_notes.md"
    )


def test_a_name_torch_npu_lacks_keeps_its_table() -> None:
    # the same rule on a name torch_npu lacks
    (first, *_) = diagnose(scan_log(FLA_NPU_OPS).findings)
    assert first.signature_id == "class.install.npu-api-missing-in-installed-plugin"
    assert first.source == TORCH_NPU_TABLE


def test_a_bin_package_for_another_chip_leads_with_the_devices_build() -> None:
    # vllm-project/vllm-ascend#2725: a 910B1 build on an Atlas 300I Duo (Ascend310P3)
    log = (LOGS / "L1-vllm-ascend-2725-socversion-910B1-on-310P3.log").read_text(encoding="utf-8")
    first = explain_text(log)[0]
    assert first.signature_id == "ascend.install.soc-version-mismatch"
    assert first.fix.startswith("Use the build of the package that ships these binaries made for")
    assert "-310p image" in first.fix


def test_a_long_word_after_a_quote_is_read_once() -> None:
    # reread41 M3a: the quoted module's pattern had two adjacent unbounded runs of word
    # characters, so a message with a quote and a long word after it took seconds (10 s at 60 KB)
    hostile = FLA_NPU_OPS.replace("'ops'. Did you mean: 'os'?", "ops '" + "x" * 100_000)
    start = cpu_seconds()
    (first, *_) = diagnose(scan_log(hostile).findings)
    assert cpu_seconds() - start < 2.0
    assert first.signature_id == "class.install.npu-api-missing-in-installed-plugin"
    assert first.source == TORCH_NPU_TABLE
