"""A process that glibc's heap check aborted, with no other words, is placed in the install
layer (two native builds in one process out of step), not read as the job's operation."""

from __future__ import annotations

from bringup.triage.explain import explain_text

# https://github.com/flashserve/flash-linear-attention-npu/issues/310 (the reporter's run of
# python3 test.py, as posted); the maintainer traced it to libcust_opapi.so loaded RTLD_GLOBAL
# beside CANN's libopapi.so.
FLA_NPU_310 = """\
# python3 test.py

double free or corruption (!prev)
Aborted (core dumped)
"""

# https://github.com/vllm-project/vllm-ascend/issues/5609 (the import as posted).
VLLM_ASCEND_5609 = """\
python -c "from mooncake.store import MooncakeDistributedStore"
corrupted size vs. prev_size
Aborted (core dumped)
"""


def test_a_heap_check_abort_alone_is_placed_in_install() -> None:
    found = explain_text(FLA_NPU_310)
    assert [(d.signature_id, d.layer, d.confidence) for d in found[:1]] == [
        ("evidence.install.heap-corruption", "install", "low")
    ]


def test_the_import_it_aborted_in_still_names_the_packages() -> None:
    found = explain_text(VLLM_ASCEND_5609)
    assert [d.signature_id for d in found[:1]] == ["evidence.install.packages"]


def test_a_bare_abort_stays_unplaced() -> None:
    found = explain_text("# python3 test.py\n\nAborted (core dumped)\n")
    assert [d.signature_id for d in found[:1]] == ["evidence.operator.unnamed"]
