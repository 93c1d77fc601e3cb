"""A short paste that ends at warnings none of which reads as a failure is placed by the
warnings' own words: they are what its reporter saw go wrong."""

from __future__ import annotations

from bringup.triage.explain import explain_text

# tests/data/triage_thirtythird a07 (tuning), Ascend/msit's ais_bench FAQ: ais_bench's own
# check of its backend's version (version_check: aclruntime missing or 0.0.1), as printed.
AIS_BENCH = (
    "root#  python3 -m ais_bench --model /home/lhb/code/testdata/resnet50/model/"
    "pth_resnet50_bs1.om --loop 2\n"
    "[WARNING] aclruntime version:0.0.1 is lower please update aclruntime follow any one method\n"
    "[WARNING] 1. visit https://gitee.com/ascend/tools/tree/master/ais-bench_workload/tool/"
    "ais_bench to install\n"
)


def test_a_paste_of_version_warnings_is_placed_at_install() -> None:
    found = explain_text(AIS_BENCH)
    assert [(d.signature_id, d.layer, d.confidence) for d in found[:1]] == [
        ("evidence.install.packages", "install", "low")
    ]
    assert found[0].evidence[0].text.startswith("[WARNING] aclruntime version:0.0.1 is lower")
