"""The vendors' FAQ entries (kb/data/faq): each keeps its page at a commit, a layer and the page's
Chinese title; each finds the lines its page shows, ranks above the catch-alls those lines also
match and below an own signature written for the same message."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

import pytest

from bringup.model.diagnosis import Layer
from bringup.triage import explain_text
from bringup.triage.faq import PAGE, faq_signatures, read_faq_file
from bringup.triage.localise import localise
from bringup.triage.signatures import SignatureError

ENTRIES = {signature.id: signature for signature in faq_signatures()}


def test_every_entry_keeps_its_page_at_a_commit_and_a_valid_layer() -> None:
    assert len(ENTRIES) >= 60
    for signature in ENTRIES.values():
        record = signature.record
        assert PAGE.match(record.source), record.id
        assert record.layer in get_args(Layer), record.id
        assert record.title_zh, record.id
        assert signature.tier == "faq", record.id
    pages = {re.sub(r"/blob/[0-9a-f]{40}/", "/", s.record.source) for s in ENTRIES.values()}
    repos = {page.split("/")[4] for page in pages}
    assert len(pages) >= 10
    assert len(repos) >= 8


def test_an_entry_without_a_commit_is_refused(tmp_path: Path) -> None:
    entry = ENTRIES["faq.hccl.heartbeat-lost"].record
    page = re.sub(r"/blob/[0-9a-f]{40}/", "/blob/master/", entry.source)
    text = f"""[[signature]]
id = "faq.hccl.heartbeat-lost"
title = "t"
title_zh = "t"
layer = "communication"
kind = "environment"
patterns = ['ExceptionType:\\[Heartbeat Lost Occurred\\]']
cause = "c"
fix = "f"
source = "{page}"
"""
    (tmp_path / "a.toml").write_text(text, encoding="utf-8")
    with pytest.raises(SignatureError, match="at a commit"):
        read_faq_file(tmp_path / "a.toml")


# The line each page shows (its source beside it) and the entry it must be explained as first:
# no own signature names these messages.
PAGE_LINES = [
    (
        # Ascend/pytorch@9e73e708ab9350d203475609f36f8a43f6a0c2ab:
        # docs/zh/installation_guide/faq.md:19
        "/usr/bin/ld: warning: libgfortran-b6d57c85.so.5.0.0, needed by /usr/local/python3.8.5/"
        "lib/python3.8/site-packages/torch/lib/../../torch.libs/libopenblasp-r0-56e95da7.3.24.so,"
        " not found (try using     -rpath or -rpath-link)",
        "faq.torch-npu.libtorch-openblas-gfortran",
        "build",
    ),
    (
        # hicann/hccl@09300b70df9a031339f08e5f2ca06d7bf294d009:
        # docs/zh/user_guide/fault_diagnosis/task_exec_stage.md:83
        "[ERROR]HCCL(1219039,all_reduce_test):2025-10-23-21:05:09.859.568[task_exception_handler"
        ".cc:610] [1219039][TaskExecStage][HeartbeatAbnormal]Cluster Exception Location[IP/ID]:"
        "[127.10.0.1/1], Arrival Time:[Thu Oct 23 21:03:19 2025], ExceptionType:[Stuck Occurred],"
        " Possible Reason:1.Host process is stuck, 2.Device task is stuck",
        "faq.hccl.rank-stuck",
        "communication",
    ),
    (
        # hicann/hccl@09300b70df9a031339f08e5f2ca06d7bf294d009:
        # docs/zh/user_guide/fault_diagnosis/rank_table_load_fail.md:54
        "[ERROR] HCCP(166192,eExecutor):2025-01-21-16:59:39.962.565 [ra_host.c:480]tid:167056,"
        "ra_rdev_init_check_ip(480) : [check][ip]fail, ret(129) the IP address(127.10.0.0) in the"
        " ranktable is inconsistent with the IP address(127.10.0.1) of the network adapter, please"
        " make sure they're consistent. num(2)",
        "faq.hccl.ranktable-device-ip-mismatch",
        "communication",
    ),
    (
        # hicann/runtime@681ef7610df13c8128982901142a2c869ddbb53e:
        # docs/zh/FAQ/aclrtMalloc内存申请失败常见原因.md:11
        "aclrtMalloc failed, ret = 207001, size=10485760",
        "faq.runtime.device-malloc-failed",
        "memory",
    ),
]


@pytest.mark.parametrize(("line", "entry", "layer"), PAGE_LINES)
def test_a_line_its_page_shows_is_explained_as_its_entry(line: str, entry: str, layer: str) -> None:
    top = explain_text(line + "\n")[0]
    assert (top.signature_id, top.layer) == (entry, layer)
    assert top.source == ENTRIES[entry].record.source


def test_the_entry_ranks_above_the_catch_all_its_lines_also_match() -> None:
    # Ascend/pytorch@9e73e708ab9350d203475609f36f8a43f6a0c2ab:
    # docs/zh/user_guide/troubleshooting/troubleshooting_cases/operator_called_error.md:17-18
    log = (
        "RuntimeError: call aclnnArange failed, detail:EZ9999: Inner Error!\n"
        "EZ9999: [PID: 775] 2025-02-16-12:18:25.258.321 Cannot find bin of op Range, integral"
        " key 0/1/|int64/ND/int64/ND/int64/ND/int64/ND/.\n"
    )
    ranked = [d.signature_id for d in explain_text(log)]
    assert ranked[:2] == ["faq.torch-npu.op-binary-not-found", "ascend.runtime.cann-inner-error"]


def test_an_own_signature_for_the_same_message_ranks_first() -> None:
    # Ascend/pytorch@9e73e708ab9350d203475609f36f8a43f6a0c2ab:docs/zh/installation_guide/faq.md:241
    line = "ImportError: libhccl.so: cannot open shared object file: No such file or directory\n"
    assert ENTRIES["faq.torch-npu.libhccl-not-found"].record.patterns
    top = explain_text(line)[0]
    assert top.signature_id == "ascend.install.cann-lib-missing"


def test_an_entry_is_told_in_its_pages_chinese() -> None:
    line = PAGE_LINES[1][0] + "\n"
    (told,) = localise(explain_text(line)[:1], "zh")
    record = ENTRIES["faq.hccl.rank-stuck"].record
    assert (told.title, told.cause) == (record.title_zh, record.cause_zh)
